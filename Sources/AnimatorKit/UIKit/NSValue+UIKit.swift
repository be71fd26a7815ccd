import Foundation

/// UIKit's additions to NSValue: geometry boxed for key-value coding and collections.
extension NSValue {
    /// NSValue(cgRect:).
    public convenience init(cgRect: CGRect) { self.init(rect: cgRect) }
    /// NSValue(cgPoint:).
    public convenience init(cgPoint: CGPoint) { self.init(point: cgPoint) }
    /// NSValue(cgSize:).
    public convenience init(cgSize: CGSize) { self.init(size: cgSize) }
    /// The boxed rectangle.
    public var cgRectValue: CGRect { rectValue }
    /// The boxed point.
    public var cgPointValue: CGPoint { pointValue }
    /// The boxed size.
    public var cgSizeValue: CGSize { sizeValue }

    /// The value as the engine takes it, when it boxes a rectangle, a point or a size.
    var geometry: CAValue? {
        switch String(cString: objCType) {
        case let type where type.hasPrefix("{CGRect"): return .rect(rectValue)
        case let type where type.hasPrefix("{CGPoint"): return .point(pointValue)
        case let type where type.hasPrefix("{CGSize"): return .size(sizeValue)
        default: return nil
        }
    }
}

extension CAValue {
    /// The value as key-value coding hands it out: numbers as NSNumber, geometry as
    /// NSValue, colors, transforms and paths as themselves.
    var boxed: Any {
        switch self {
        case .number(let n): return NSNumber(value: Double(n))
        case .point(let p): return NSValue(cgPoint: p)
        case .size(let s): return NSValue(cgSize: s)
        case .rect(let r): return NSValue(cgRect: r)
        case .color(let c): return c
        case .transform(let t): return t
        case .path(let p): return p
        }
    }
}
