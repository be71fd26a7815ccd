import AnimatorABI

/// A value for a key path (what CABasicAnimation's fromValue/toValue hold).
public enum CAValue: Equatable, @unchecked Sendable {
    case number(CGFloat)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case color(UIColor)
    case transform(CATransform3D)
    /// A path (a shape layer's `path`); it goes to the host as a path handle.
    case path(CGPath)

    /// The C value; a path is sent as a handle made with `link` and handed to `keep`
    /// (the caller releases it after the call), or as no path without a host.
    func cValue(link: HostLink?, keep: (ah_path) -> Void) -> ah_value {
        guard case .path(let path) = self else { return cValue }
        var value = ah_value()
        value.type = ah_value_type(AH_VALUE_PATH)
        value.path = AH_NULL_HANDLE
        guard let link, link.hasShapes, !path.elements.isEmpty else { return value }
        var handle: ah_path = AH_NULL_HANDLE
        if link.check(link.table.path_create(link.host, path.elements, UInt32(path.elements.count), &handle), "path") {
            value.path = handle
            keep(handle)
        }
        return value
    }

    var cValue: ah_value {
        var value = ah_value()
        switch self {
        case .number(let n):
            value.type = ah_value_type(AH_VALUE_NUMBER)
            value.number = n
        case .point(let p):
            value.type = ah_value_type(AH_VALUE_POINT)
            value.point = ah_point(x: p.x, y: p.y)
        case .size(let s):
            value.type = ah_value_type(AH_VALUE_SIZE)
            value.size = ah_size(width: s.width, height: s.height)
        case .rect(let r):
            value.type = ah_value_type(AH_VALUE_RECT)
            value.rect = ah_rect(origin: ah_point(x: r.origin.x, y: r.origin.y),
                                 size: ah_size(width: r.size.width, height: r.size.height))
        case .color(let c):
            value.type = ah_value_type(AH_VALUE_COLOR)
            value.color = ah_color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        case .transform(let t):
            value.type = ah_value_type(AH_VALUE_TRANSFORM)
            value.transform = t
        case .path:
            value.type = ah_value_type(AH_VALUE_PATH)
            value.path = AH_NULL_HANDLE
        }
        return value
    }

    /// A plain value as UIKit code gives it to fromValue, toValue, byValue and values: a
    /// number (Double, CGFloat, Float, Int, Bool), a CGPoint, CGSize, CGRect, a color
    /// (UIColor or its cgColor), a CATransform3D or a CGAffineTransform, a CGPath (or a
    /// UIBezierPath), or a CAValue.
    /// Nil for anything else.
    public init?(any value: Any) {
        switch value {
        case let v as CAValue: self = v
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as NSValue:
            guard let geometry = v.geometry else { return nil }
            self = geometry
        case let v as CGFloat: self = .number(v)
        case let v as Double: self = .number(v)
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        case let v as Bool: self = .number(v ? 1 : 0)
        case let v as CGPoint: self = .point(v)
        case let v as CGSize: self = .size(v)
        case let v as CGRect: self = .rect(v)
        case let v as UIColor: self = .color(v)
        case let v as CATransform3D: self = .transform(v)
        case let v as CGAffineTransform: self = .transform(v.transform3D)
        case let v as CGPath: self = .path(v)
        case let v as UIBezierPath: self = .path(v.cgPath)
        default: return nil
        }
    }

    init?(_ c: ah_value) {
        switch Int(c.type) {
        case AH_VALUE_NUMBER: self = .number(c.number)
        case AH_VALUE_POINT: self = .point(CGPoint(x: c.point.x, y: c.point.y))
        case AH_VALUE_SIZE: self = .size(CGSize(width: c.size.width, height: c.size.height))
        case AH_VALUE_RECT:
            self = .rect(CGRect(x: c.rect.origin.x, y: c.rect.origin.y, width: c.rect.size.width, height: c.rect.size.height))
        case AH_VALUE_COLOR: self = .color(UIColor(red: c.color.red, green: c.color.green, blue: c.color.blue, alpha: c.color.alpha))
        case AH_VALUE_TRANSFORM: self = .transform(c.transform)
        default: return nil
        }
    }

    /// A value the host gave, paths read through `link` (and their handles released unless
    /// the host keeps them: `releasing` false).
    init?(_ c: ah_value, link: HostLink, releasing: Bool = true) {
        guard Int(c.type) == AH_VALUE_PATH else {
            self.init(c)
            return
        }
        guard c.path != AH_NULL_HANDLE else {
            self = .path(CGPath(elements: []))
            return
        }
        defer { if releasing { _ = link.table.path_release(link.host, c.path) } }
        var count: UInt32 = 0
        guard link.check(link.table.path_elements(link.host, c.path, nil, 0, &count), "path") else { return nil }
        var elements = [ah_path_element](repeating: ah_path_element(), count: Int(count))
        guard link.check(link.table.path_elements(link.host, c.path, &elements, count, &count), "path") else { return nil }
        self = .path(CGPath(elements: elements))
    }

    public static func == (lhs: CAValue, rhs: CAValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return a == b
        case (.point(let a), .point(let b)): return a == b
        case (.size(let a), .size(let b)): return a == b
        case (.rect(let a), .rect(let b)): return a == b
        case (.color(let a), .color(let b)): return a == b
        case (.transform(let a), .transform(let b)):
            return withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
        case (.path(let a), .path(let b)): return a == b
        default: return false
        }
    }
}

extension ah_transform3d: @retroactive @unchecked Sendable {}
