import AnimatorABI

/// CAPropertyAnimation: an animation of one key path.
public class CAPropertyAnimation: CAAnimation {
    /// The key path animated ("opacity", "position.x", "transform.rotation.z"...).
    public var keyPath: String?

    /// Creates an animation of `keyPath`.
    public init(keyPath: String?) {
        self.keyPath = keyPath
    }

    /// Creates an animation with no key path yet: an action's takes the changed key's.
    public convenience override init() {
        self.init(keyPath: nil)
    }

    /// copy(): the same key path and settings.
    public override func copy() -> Any {
        let copy = CAPropertyAnimation(keyPath: keyPath)
        copyTiming(into: copy)
        return copy
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.key_path = keyPath.map { storage.keep($0) }
    }
}

/// CABasicAnimation: from, to, by, given as UIKit code gives them (`0.0`, a CGPoint,
/// `UIColor.red.cgColor`, a CATransform3D...: see `CAValue(any:)`).
public class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    /// copy(): the same key path, values and settings.
    public override func copy() -> Any {
        let copy = CABasicAnimation(keyPath: keyPath)
        copyValues(into: copy)
        return copy
    }

    /// Copies the key path, values and timing into `copy`.
    func copyValues(into copy: CABasicAnimation) {
        copyTiming(into: copy)
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        super.fill(&d, &storage)
        d.kind = ah_animation_kind(AH_ANIMATION_BASIC)
        if let from = Self.converted(fromValue, "fromValue") { d.from = storage.keep(storage.cValue(from)) }
        if let to = Self.converted(toValue, "toValue") { d.to = storage.keep(storage.cValue(to)) }
        if let by = Self.converted(byValue, "byValue") { d.by = storage.keep(storage.cValue(by)) }
    }

    /// A plain value as a CAValue; one the host cannot animate is logged and left out.
    static func converted(_ value: Any?, _ what: String) -> CAValue? {
        guard let value else { return nil }
        if let converted = CAValue(any: value) { return converted }
        if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR),
                           "\(what): a \(type(of: value)) is not a value animator-host animates (numbers, CGPoint, CGSize, "
                           + "CGRect, colors, CATransform3D, CGAffineTransform, CGPath)")
        }
        return nil
    }
}
