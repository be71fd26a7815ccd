/// `@Managed`: a property of your CALayer subclass that Core Animation keeps and animates,
/// where iOS code writes `@NSManaged` (which Swift on Linux compiles but cannot link):
///
///     final class ProgressLayer: CALayer {
///         @Managed var progress: CGFloat
///         override class func needsDisplay(forKey key: String) -> Bool {
///             key == "progress" || super.needsDisplay(forKey: key)
///         }
///         override func draw(in context: CGContext) { ... progress ... }
///     }
///
/// As with `@NSManaged` there: the value is kept with the layer (every object on it, a
/// `presentation()` included, sees it; `value(forKey: "progress")` and `setValue(_:forKey:)`
/// reach it); a change asks `action(forKey: "progress")`, and the animation given, or a
/// `CABasicAnimation(keyPath: "progress")` added, animates it; the presentation layer reads
/// the value of the moment; and when `needsDisplay(forKey:)` says so, the layer displays
/// again at every frame while it animates (its presentation, as Core Animation draws), and
/// once more at the end. Numbers, points, sizes, rectangles, colors and transforms animate;
/// other values change at once. The key is the property's name.
@propertyWrapper
public struct Managed<Value> {
    /// The value before any is set: the one written, else Core Animation's zero.
    let initial: Value?
    /// The property's name, found the first time it is used.
    var key: String?

    /// A managed property starting at `wrappedValue`.
    public init(wrappedValue: Value) {
        initial = wrappedValue
    }

    /// A managed property written without a value, as `@NSManaged` ones are: it starts at
    /// zero (numbers, points, sizes, rectangles, the identity transform, false) or nil;
    /// give any other kind a value (`@Managed var tint = UIColor.red`).
    public init() {
        initial = nil
    }

    /// Only reachable through the layer (`_enclosingInstance`).
    @available(*, unavailable, message: "@Managed is for properties of CALayer subclasses")
    public var wrappedValue: Value {
        get { fatalError("@Managed is for properties of CALayer subclasses") }
        set { fatalError("@Managed is for properties of CALayer subclasses") }
    }

    /// The property on `layer`: its presentation value on a presentation layer, else its
    /// model value.
    public static subscript<Layer: CALayer>(_enclosingInstance layer: Layer,
                                            wrapped wrapped: ReferenceWritableKeyPath<Layer, Value>,
                                            storage storage: ReferenceWritableKeyPath<Layer, Managed<Value>>) -> Value {
        get {
            let key = layer[keyPath: storage].name(storage)
            let initial = layer[keyPath: storage].initialValue(key)
            return ManagedValue.converted(layer.managedValue(forKey: key), like: initial)
        }
        set {
            layer.setManagedValue(newValue, forKey: layer[keyPath: storage].name(storage))
        }
    }

    /// The value before any is set.
    private func initialValue(_ key: String) -> Value {
        if let initial { return initial }
        if let zero = (Value.self as? any ManagedZero.Type)?.managedZero as? Value { return zero }
        fatalError("@Managed var \(key): a \(Value.self) has no zero: give it a value where it is declared")
    }

    /// The property's name: the storage's (`_radius`) without its underscore.
    private mutating func name<Layer>(_ storage: ReferenceWritableKeyPath<Layer, Managed<Value>>) -> String {
        if let key { return key }
        var text = String(describing: storage)
        if let dot = text.lastIndex(of: ".") { text = String(text[text.index(after: dot)...]) }
        if text.hasPrefix("_") { text.removeFirst() }
        key = text
        return text
    }
}

/// The kinds a `@Managed` property written without a value starts at zero of.
protocol ManagedZero {
    /// Core Animation's start for the kind.
    static var managedZero: Any { get }
}

extension CGFloat: ManagedZero { static var managedZero: Any { CGFloat(0) } }
extension Double: ManagedZero { static var managedZero: Any { 0.0 } }
extension Float: ManagedZero { static var managedZero: Any { Float(0) } }
extension Int: ManagedZero { static var managedZero: Any { 0 } }
extension Bool: ManagedZero { static var managedZero: Any { false } }
extension CGPoint: ManagedZero { static var managedZero: Any { CGPoint.zero } }
extension CGSize: ManagedZero { static var managedZero: Any { CGSize.zero } }
extension CGRect: ManagedZero { static var managedZero: Any { CGRect.zero } }
extension CATransform3D: ManagedZero { static var managedZero: Any { CATransform3DIdentity } }
extension Optional: ManagedZero { static var managedZero: Any { Optional<Wrapped>.none as Any } }

/// Conversions between what a managed property holds and the host's values.
enum ManagedValue {
    /// `value` as the property's type, `like` its initial value: a number read back from
    /// the host becomes the property's own kind of number; anything else that is not a
    /// `Value` gives `like`.
    static func converted<Value>(_ value: Any?, like initial: Value) -> Value {
        guard let value else { return initial }
        if let same = value as? Value { return same }
        if let number = value as? CGFloat {
            switch initial {
            case is Double: if let v = Double(number) as? Value { return v }
            case is Float: if let v = Float(number) as? Value { return v }
            case is Int: if let v = Int(number.rounded()) as? Value { return v }
            case is CGFloat?: if let v = Optional(number) as? Value { return v }
            case is Double?: if let v = Optional(Double(number)) as? Value { return v }
            default: break
            }
        }
        return initial
    }

    /// The standalone layer's property that carries an animated value of this kind.
    static func carrier(for value: CAValue) -> String? {
        switch value {
        case .number: return "zPosition"
        case .point: return "position"
        case .size: return "bounds.size"
        case .rect: return "bounds"
        case .color: return "backgroundColor"
        case .transform: return "transform"
        case .path: return nil
        }
    }
}
