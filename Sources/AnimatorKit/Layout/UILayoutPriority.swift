/// UIKit's UILayoutPriority: 1...1000, 1000 required.
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral {
    /// The value, 1...1000 (outside, the solver clamps it).
    public var rawValue: Float
    /// A priority of `rawValue`.
    public init(rawValue: Float) { self.rawValue = rawValue }
    /// A priority of `rawValue` (UILayoutPriority(999)).
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    /// A priority written as a number (`priority = 999`).
    public init(floatLiteral value: Float) { rawValue = value }
    /// A priority written as a whole number.
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000.
    public static let required = UILayoutPriority(1000)
    /// 750.
    public static let defaultHigh = UILayoutPriority(750)
    /// 250.
    public static let defaultLow = UILayoutPriority(250)
    /// 50.
    public static let fittingSizeLevel = UILayoutPriority(50)
    /// 510 (dragging a split view divider).
    public static let dragThatCanResizeScene = UILayoutPriority(510)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    /// A priority `rhs` above (`.defaultHigh + 1`).
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    /// A priority `rhs` below (`.required - 1`).
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }
}
