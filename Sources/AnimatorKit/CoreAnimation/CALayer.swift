import AnimatorABI

/// Core Animation's CALayer, reached through the host: a handle on a layer of the host's
/// engine. Setting a property changes the model at once; a standalone layer animates the
/// change implicitly, a view's layer only inside UIView animations.
///
/// Open for subclassing as Core Animation's is: `init()`, `init(layer:)`,
/// `action(forKey:)` (asked for every change of a standalone layer of your class),
/// `layoutSublayers()` (after `setNeedsLayout()` or a size change), `display()` and
/// `draw(in:)` (after `setNeedsDisplay()`, at the end of the host's call).
open class CALayer {
    private(set) var link = HostLink(host: CALayer.inert)
    /// The host's handle on the layer.
    public private(set) var handle: ah_layer = 0
    /// What `contents`, `contentsGravity`, `contentsRect`, `contentsCenter` and `contentsScale` were set to
    /// (the host keeps the pixels; these answer the getters).
    var contentsImage: UIImage?
    var storedGravity = CALayerContentsGravity.resize
    var storedContentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var storedContentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// contentsScale: image pixels per point of the contents (default 1; UIImageView
    /// sets its image's scale).
    public var contentsScale: CGFloat = 1 {
        didSet { if let image = contentsImage { contents = image } }
    }

    /// A wrapper of a layer the host has (a view's, one the host gave), of this class.
    convenience init(link: HostLink, handle: ah_layer) {
        self.init(sharing: CALayerSharing(link: link, handle: handle, model: nil))
    }

    /// Creates a standalone layer (inside a host call) of this class: a shape layer for
    /// CAShapeLayer and its subclasses, a gradient layer for CAGradientLayer's.
    public init() {
        if let sharing = CALayerSharing.take(for: type(of: self)) {
            adopt(sharing)
        } else if let made = type(of: self).makeHostLayer() {
            (link, handle) = made
            adoptOverrides()
        }
    }

    /// init(layer:): what Core Animation calls to make the presentation copy of `layer`
    /// (override it to copy your stored properties from `layer`, as there; `@Managed`
    /// properties need no copying). Called by your code, a new layer of the class.
    public init(layer: Any) {
        if let sharing = CALayerSharing.take(for: type(of: self)) {
            adopt(sharing)
        } else if let made = type(of: self).makeHostLayer() {
            (link, handle) = made
            adoptOverrides()
        }
    }

    /// A second object of this class on a layer the host already has: what `presentation()`
    /// (through `init(layer:)` with the model layer) and a view of your `layerClass` make.
    /// Not for your code: you cannot make a `CALayerSharing`. A subclass that declares
    /// initializers of its own inherits this one by overriding both `init()` and
    /// `init(layer:)`, as Core Animation needs too.
    public required convenience init(sharing: CALayerSharing) {
        sharing.offer(to: Self.self)
        self.init(layer: sharing.model ?? sharing)
    }

    /// Takes the host layer `sharing` names.
    private func adopt(_ sharing: CALayerSharing) {
        (link, handle) = (sharing.link, sharing.handle)
        isPresentation = sharing.isPresentation
    }

    /// The host layer a new object of this class stands for; nil outside a host call.
    class func makeHostLayer() -> (HostLink, ah_layer)? {
        guard let link = HostLink.current, link.hasEngine else { return nil }
        var handle: ah_layer = 0
        guard link.check(link.table.layer_create(link.host, &handle), "CALayer()") else { return nil }
        return (link, handle)
    }

    /// The SDK's own layer classes: their objects answer no action of their own.
    private static let ownClasses: Set<ObjectIdentifier> = [ObjectIdentifier(CALayer.self), ObjectIdentifier(CAShapeLayer.self),
                                                           ObjectIdentifier(CAGradientLayer.self)]

    /// Whether this object is of a class of the plugin's (a subclass it wrote).
    var isPluginSubclass: Bool { !Self.ownClasses.contains(ObjectIdentifier(type(of: self))) }

    /// A subclass's layer is asked its `action(forKey:)` for every change, as Core
    /// Animation asks it.
    private func adoptOverrides() {
        guard isPluginSubclass, link.hasEngine, handle != 0 else { return }
        let (link, handle) = (self.link, self.handle)
        ActionLookupBox(host: link.host, lookup: { [weak self] _, key in self?.action(forKey: key) })
            .give(link, "CALayer subclass") { answer, box, release in
                link.table.layer_set_delegate(link.host, handle, answer, box, release)
            }
    }

    /// action(forKey:): what runs when `event` changes: by default the delegate's answer,
    /// else nil (the layer's `actions`, then the implicit animation). Override to answer
    /// with an animation, `NSNull()` for none, or nil.
    open func action(forKey event: String) -> CAAction? {
        delegateObject?.action(for: self, forKey: event)
    }

    /// layoutSublayers(): override to place sublayers; runs at the end of the host's call
    /// after `setNeedsLayout()` or a change of the bounds' size.
    open func layoutSublayers() {}

    /// setNeedsLayout(): `layoutSublayers()` runs at the end of this host call.
    public func setNeedsLayout() { LayerPass.layoutDue(self) }

    /// layoutIfNeeded(): runs `layoutSublayers()` now if it is due.
    public func layoutIfNeeded() { LayerPass.layoutNow(self) }

    /// display(): by default `draw(in:)` into a context of the bounds, whose drawing (if
    /// any) becomes the contents. Override to set `contents` (or a shape layer's path)
    /// yourself.
    open func display() { LayerPass.drawContents(of: self) }

    /// draw(in:): override to draw the layer's contents with Core Graphics (the delegate's
    /// `draw(_:in:)` by default).
    open func draw(in context: CGContext) { delegateObject?.draw(self, in: context) }

    /// setNeedsDisplay(): `display()` runs at the end of this host call.
    public func setNeedsDisplay() { LayerPass.displayDue(self) }

    /// displayIfNeeded(): runs `display()` now if it is due.
    public func displayIfNeeded() { LayerPass.displayNow(self) }

    /// Whether a change of the bounds' size asks for display.
    public var needsDisplayOnBoundsChange = false

    /// needsDisplay(forKey:): override to answer true for the keys whose changes call for
    /// `display()`: a change of one makes the layer due for display, and while an animation
    /// of one runs the layer displays again at every frame of the screen, reading the
    /// values of the moment (its getters, your `@Managed` ones included, and its
    /// `presentation()` read what is shown), then once more at the end.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Whether the layer's contents are what `draw(in:)` drew.
    var showsDrawing = false
    /// The layer's own values where the host cannot keep them beside the layer.
    var ownValues: ManagedValues?

    /// A table that answers nothing, for objects made outside any host call.
    nonisolated(unsafe) static let inert: UnsafePointer<ah_host> = {
        let table = UnsafeMutablePointer<ah_host>.allocate(capacity: 1)
        table.initialize(to: ah_host())
        table.pointee.log = { _, _, _ in }
        return UnsafePointer(table)
    }()

    /// Whether this object shows presentation values (`presentation()`).
    var isPresentation = false
    /// What `actions` was set to.
    var actionTable: [String: any CAAction]?
    /// What `shadowPath`, `shouldRasterize` and `rasterizationScale` were set to.
    var storedShadowPath: CGPath?
    var storedRasterize: (Bool, CGFloat) = (false, 1)
    /// What `delegate` was set to (weakly, as Core Animation holds it).
    weak var delegateObject: CALayerDelegate?
    /// The layer's own timing as set through this object (speed, timeOffset, beginTime).
    var timing = (beginTime: 0.0, speed: 1.0, timeOffset: 0.0)

    /// While an action delegate is asked about a change: its key and the value before it
    /// (Core Animation asks before the layer takes the new value).
    var pendingChange: (key: String, old: CAValue)?

    func get(_ key: String) -> CAValue? {
        guard link.hasEngine else { return nil }
        if let pending = pendingChange, pending.key == key, !isPresentation { return pending.old }
        var value = ah_value()
        if isPresentation {
            var now = 0.0
            _ = link.table.current_time(link.host, &now)
            guard link.check(link.table.layer_presentation(link.host, handle, now, key, &value),
                             "presentation \(key)") else { return nil }
        } else {
            guard link.check(link.table.layer_get(link.host, handle, key, &value), "get \(key)") else { return nil }
        }
        return CAValue(value, link: link)
    }

    func set(_ key: String, _ value: CAValue) {
        guard link.hasEngine else { return }
        var made: ah_path = AH_NULL_HANDLE
        var c = value.cValue(link: link) { made = $0 }
        defer { if made != AH_NULL_HANDLE { _ = link.table.path_release(link.host, made) } }
        link.check(link.table.layer_set(link.host, handle, key, &c), "set \(key)")
    }

    func number(_ key: String) -> CGFloat {
        if case .number(let n)? = get(key) { return n }
        return 0
    }

    open var bounds: CGRect {
        get { if case .rect(let r)? = get("bounds") { return r }; return .zero }
        set {
            guard isPluginSubclass || needsDisplayOnBoundsChange else { return set("bounds", .rect(newValue)) }
            let old = bounds.size
            set("bounds", .rect(newValue))
            if newValue.size != old { sizeChanged() }
        }
    }

    /// The bounds' size changed: a subclass lays out again, and displays if it asked to.
    private func sizeChanged() {
        if isPluginSubclass { setNeedsLayout() }
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
    }
    public var position: CGPoint {
        get { if case .point(let p)? = get("position") { return p }; return .zero }
        set { set("position", .point(newValue)) }
    }
    public var anchorPoint: CGPoint {
        get { if case .point(let p)? = get("anchorPoint") { return p }; return CGPoint(x: 0.5, y: 0.5) }
        set { set("anchorPoint", .point(newValue)) }
    }
    open var frame: CGRect {
        get { if case .rect(let r)? = get("frame") { return r }; return .zero }
        set {
            guard isPluginSubclass || needsDisplayOnBoundsChange else { return set("frame", .rect(newValue)) }
            let old = bounds.size
            set("frame", .rect(newValue))
            if bounds.size != old { sizeChanged() }
        }
    }
    public var transform: CATransform3D {
        get { if case .transform(let t)? = get("transform") { return t }; return CATransform3DIdentity }
        set { set("transform", .transform(newValue)) }
    }
    public var opacity: Float {
        get { Float(number("opacity")) }
        set { set("opacity", .number(CGFloat(newValue))) }
    }
    public var isHidden: Bool {
        get { number("hidden") != 0 }
        set { set("hidden", .number(newValue ? 1 : 0)) }
    }
    public var backgroundColor: UIColor? {
        get { if case .color(let c)? = get("backgroundColor") { return c }; return nil }
        set { set("backgroundColor", .color(newValue ?? .clear)) }
    }
    public var cornerRadius: CGFloat {
        get { number("cornerRadius") }
        set { set("cornerRadius", .number(newValue)) }
    }
    /// cornerCurve (iOS 13): circular corners, or continuous ones (Apple's squircle, whose
    /// curve starts 1.53 × the radius from the corner).
    public var cornerCurve = CALayerCornerCurve.circular {
        didSet {
            guard link.hasDrawing else { return }
            set("cornerCurve", .number(cornerCurve == .continuous ? 1 : 0))
        }
    }
    /// maskedCorners: the corners `cornerRadius` rounds (all four by default); not
    /// animatable. Sheets round their top corners only:
    /// `[.layerMinXMinYCorner, .layerMaxXMinYCorner]`.
    public var maskedCorners: CACornerMask {
        get { CACornerMask(rawValue: UInt(max(number("maskedCorners"), 0))) }
        set { set("maskedCorners", .number(CGFloat(newValue.rawValue & 0b1111))) }
    }
    public var masksToBounds: Bool {
        get { number("masksToBounds") != 0 }
        set { set("masksToBounds", .number(newValue ? 1 : 0)) }
    }
    public var borderWidth: CGFloat {
        get { number("borderWidth") }
        set { set("borderWidth", .number(newValue)) }
    }
    public var borderColor: UIColor {
        get { if case .color(let c)? = get("borderColor") { return c }; return .black }
        set { set("borderColor", .color(newValue)) }
    }
    public var shadowOpacity: Float {
        get { Float(number("shadowOpacity")) }
        set { set("shadowOpacity", .number(CGFloat(newValue))) }
    }
    public var shadowRadius: CGFloat {
        get { number("shadowRadius") }
        set { set("shadowRadius", .number(newValue)) }
    }
    public var shadowOffset: CGSize {
        get { if case .size(let s)? = get("shadowOffset") { return s }; return .zero }
        set { set("shadowOffset", .size(newValue)) }
    }
    /// shadowColor (opaque black by default; nil, as in Core Animation, draws no shadow:
    /// a transparent color, read back as nil).
    public var shadowColor: UIColor? {
        get {
            guard case .color(let c)? = get("shadowColor") else { return .black }
            return c.alpha == 0 ? nil : c
        }
        set { set("shadowColor", .color(newValue ?? UIColor(red: 0, green: 0, blue: 0, alpha: 0))) }
    }
    public var zPosition: CGFloat {
        get { number("zPosition") }
        set { set("zPosition", .number(newValue)) }
    }

    /// The transform applied to the sublayers, about the anchor point: perspective for
    /// 3D sublayers (`sublayerTransform.m34 = -1 / 500`).
    public var sublayerTransform: CATransform3D {
        get { if case .transform(let t)? = get("sublayerTransform") { return t }; return CATransform3DIdentity }
        set { set("sublayerTransform", .transform(newValue)) }
    }

    /// Whether the layer shows when it faces away (default true).
    public var isDoubleSided: Bool {
        get { number("doubleSided") != 0 || !link.hasShapes }
        set { set("doubleSided", .number(newValue ? 1 : 0)) }
    }

    /// The transform as an affine transform (CALayer.affineTransform()).
    public func affineTransform() -> CGAffineTransform {
        let t = transform
        return CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
    }

    /// Sets the transform from an affine transform.
    public func setAffineTransform(_ transform: CGAffineTransform) {
        self.transform = transform.transform3D
    }

    /// The layer whose alpha cuts this layer and its sublayers (CALayer.mask): any
    /// layer, a shape layer included; it is drawn in this layer's coordinates.
    public var mask: CALayer? {
        get { maskLayer }
        set {
            guard link.hasShapes else {
                if link.hasEngine {
                    link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "mask: this host is older than ABI 1.5 (no masks)")
                }
                return
            }
            if link.check(link.table.layer_set_mask(link.host, handle, newValue?.handle ?? AH_NULL_HANDLE), "mask") {
                maskLayer = newValue
            }
        }
    }
    private var maskLayer: CALayer?

    /// The layer as it looks now, while animations run (CALayer.presentation()): an
    /// object whose getters read presentation values.
    /// An object of the layer's own class, made as Core Animation makes it: through
    /// `init(layer:)` with this layer, so a subclass's override copies its stored
    /// properties; its `@Managed` properties read their animated values too.
    public func presentation() -> Self? {
        guard link.hasEngine else { return nil }
        return Self(sharing: CALayerSharing(link: link, handle: handle, model: self))
    }

    /// The layer's model values (CALayer.model()): the layer itself.
    public func model() -> CALayer { self }

    /// The value of any key path now (CALayer.value(forKeyPath:)).
    public func value(forKeyPath keyPath: String) -> CAValue? { get(keyPath) }

    /// value(forKey:): a property's value as UIKit code reads it (a CGFloat, CGPoint,
    /// CGSize, CGRect, UIColor, CATransform3D or CGPath), or nil for a key the host does
    /// not know.
    open func value(forKey key: String) -> Any? {
        if CALayer.isManagedKey(key) { return managedValue(forKey: key) }
        switch get(key) {
        case .number(let n)?: return n
        case .point(let p)?: return p
        case .size(let s)?: return s
        case .rect(let r)?: return r
        case .color(let c)?: return c
        case .transform(let t)?: return t
        case .path(let p)?: return p
        case nil: return nil
        }
    }

    /// setValue(_:forKey:).
    open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// Sets any key path (CALayer.setValue(_:forKeyPath:)) to a value given as UIKit code
    /// gives it (a number, CGPoint, CGRect, UIColor, CATransform3D, CGPath, or a `CAValue`);
    /// the change runs its action like a property setter.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if CALayer.isManagedKey(keyPath) { return setManagedValue(value, forKey: keyPath) }
        guard let converted = CABasicAnimation.converted(value, "setValue(_:forKeyPath: \(keyPath))") else { return }
        set(keyPath, converted)
    }

    /// The presentation value of a key path at the host's current time.
    public func presentationValue(forKeyPath keyPath: String) -> CAValue? {
        guard link.hasEngine else { return nil }
        var now = 0.0
        _ = link.table.current_time(link.host, &now)
        var value = ah_value()
        guard link.check(link.table.layer_presentation(link.host, handle, now, keyPath, &value),
                         "presentation \(keyPath)") else { return nil }
        return CAValue(value, link: link)
    }

    /// The layer it is a sublayer of (a handle on it: compare layers by `handle`).
    public var superlayer: CALayer? {
        guard link.hasEngine else { return nil }
        var parent: ah_layer = AH_NULL_HANDLE
        guard link.check(link.table.layer_superlayer(link.host, handle, &parent), "superlayer"), parent != AH_NULL_HANDLE else {
            return nil
        }
        return CALayer(link: link, handle: parent)
    }

    /// Its sublayers, bottom first (handles on them), or nil when it has none.
    public var sublayers: [CALayer]? {
        guard link.hasEngine else { return nil }
        var count: UInt32 = 0
        guard link.check(link.table.layer_sublayer_count(link.host, handle, &count), "sublayers"), count > 0 else { return nil }
        return (0..<count).compactMap { index in
            var child: ah_layer = AH_NULL_HANDLE
            guard link.check(link.table.layer_sublayer_at(link.host, handle, index, &child), "sublayers") else { return nil }
            return CALayer(link: link, handle: child)
        }
    }

    /// Adds a sublayer on top.
    public func addSublayer(_ layer: CALayer) {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_insert(link.host, handle, layer.handle, ah_insert_mode(AH_INSERT_TOP), 0, 0),
                   "addSublayer")
    }

    /// Inserts a sublayer at an index.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_insert(link.host, handle, layer.handle, ah_insert_mode(AH_INSERT_AT_INDEX), index, 0),
                   "insertSublayer(_:at:)")
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_remove_from_superlayer(link.host, handle), "removeFromSuperlayer")
    }

    /// CALayer.add(_:forKey:). The layer keeps a copy (see `animation(forKey:)`).
    public func add(_ animation: CAAnimation, forKey key: String?) {
        guard link.hasEngine else { return }
        if let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath, CALayer.isManagedKey(keyPath) {
            if addManaged(property, keyPath: keyPath, forKey: key), let key, let copy = animation.copy() as? CAAnimation {
                addedAnimations(creating: true)?.byKey[key] = copy
            }
            return
        }
        var added = false
        animation.withDescription(host: link.host) { description in
            added = link.check(link.table.layer_add_animation(link.host, handle, description, key), "add(_:forKey:)")
        }
        if added, let key, let copy = animation.copy() as? CAAnimation {
            addedAnimations(creating: true)?.byKey[key] = copy
        }
        if added, isPluginSubclass, let keyPath = (animation as? CAPropertyAnimation)?.keyPath,
           let top = keyPath.split(separator: ".").first, type(of: self).needsDisplay(forKey: String(top)),
           let values = managedValues(creating: true) {
            redisplay(whileAnimating: keyPath, in: values)
        }
    }

    /// CALayer.animation(forKey:): the copy of the animation added under `key`, while the
    /// layer still runs it (nil once it finished and was removed, was removed, or was
    /// replaced by another without a copy to give). Changing it changes nothing on screen,
    /// as in Core Animation.
    public func animation(forKey key: String) -> CAAnimation? {
        guard let added = addedAnimations(creating: false), let copy = added.byKey[key] else { return nil }
        guard animationKeys().contains(key) else {
            added.byKey[key] = nil
            return nil
        }
        return copy
    }

    /// CALayer.removeAnimation(forKey:).
    public func removeAnimation(forKey key: String) {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_remove_animation(link.host, handle, key), "removeAnimation(forKey:)")
        removeManagedAnimations(forKey: key)
        addedAnimations(creating: false)?.byKey[key] = nil
    }

    /// CALayer.removeAllAnimations().
    public func removeAllAnimations() {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_remove_animation(link.host, handle, nil), "removeAllAnimations")
        removeManagedAnimations(forKey: nil)
        addedAnimations(creating: false)?.byKey.removeAll()
    }

    /// The copies `add(_:forKey:)` kept for this layer, by key.
    final class AddedAnimations: LayerSideObject {
        var byKey: [String: CAAnimation] = [:]
    }

    /// The address this copy of AnimatorKit keeps a layer's added animations under with the
    /// host (layer_set_object's key): a byte allocated once and never freed.
    private static let addedAnimationsKey = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The layer's kept animations, held by the host beside the layer (batch 1.8) so that
    /// every handle on the same layer finds them; made when `creating`.
    private func addedAnimations(creating: Bool) -> AddedAnimations? {
        sideObject(AddedAnimations.self, key: Self.addedAnimationsKey, creating: creating, what: "add(_:forKey:)")
    }

    /// The object of `type` the host keeps beside this layer under `key` (an address this
    /// copy of AnimatorKit owns; batch 1.8), so that every object on the same layer finds
    /// it; made when `creating`. Nil where the host keeps none (an older host, a layer made
    /// outside a host call) or refused (logged as `what`).
    func sideObject<T: LayerSideObject>(_ type: T.Type, key address: UInt, creating: Bool, what: String) -> T? {
        guard handle != AH_NULL_HANDLE, link.hasObjects, let key = UnsafeRawPointer(bitPattern: address) else { return nil }
        var object: UnsafeMutableRawPointer?
        if link.table.layer_object(link.host, handle, key, &object) == ah_status(AH_OK), let object {
            return Unmanaged<LayerSideObject>.fromOpaque(object).takeUnretainedValue() as? T
        }
        guard creating else { return nil }
        let made = T()
        let retained = Unmanaged<LayerSideObject>.passRetained(made)
        guard link.check(link.table.layer_set_object(link.host, handle, key, retained.toOpaque(), { object in
            if let object { Unmanaged<LayerSideObject>.fromOpaque(object).release() }
        }), what) else {
            retained.release()
            return nil
        }
        return made
    }

    /// CALayer.animationKeys().
    public func animationKeys() -> [String] {
        guard link.hasEngine else { return [] }
        var count: UInt32 = 0
        guard link.check(link.table.layer_animation_key_count(link.host, handle, &count), "animationKeys") else { return [] }
        return (0..<count).compactMap { index in
            var key: UnsafePointer<CChar>?
            _ = link.table.layer_animation_key_at(link.host, handle, index, &key)
            return key.map { String(cString: $0) }
        } + managedAnimationKeys()
    }

    /// Pauses (speed 0 at the current local time) or resumes the layer.
    public func setPaused(_ paused: Bool) {
        guard link.hasEngine else { return }  // a layer made outside a host call
        link.check(link.table.layer_set_paused(link.host, handle, paused), "setPaused")
    }
}

/// CACornerMask: which corners a layer's corner radius rounds.
public struct CACornerMask: OptionSet, Sendable {
    /// CACornerMask's bits.
    public let rawValue: UInt
    /// A mask of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top left corner (the minimum x and y).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    /// The top right corner.
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    /// The bottom left corner.
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    /// The bottom right corner.
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// CALayerCornerCurve.
public struct CALayerCornerCurve: Equatable, Hashable, Sendable {
    let name: String
    /// Quarter circles.
    public static let circular = CALayerCornerCurve(name: "circular")
    /// Apple's continuous (squircle) corners.
    public static let continuous = CALayerCornerCurve(name: "continuous")
}
