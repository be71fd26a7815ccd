/// How the two sides of a constraint relate (NSLayoutConstraint.Relation).
public enum LayoutRelation: Sendable, Equatable {
    case lessThanOrEqual, equal, greaterThanOrEqual
}

/// A priority, as UIKit's UILayoutPriority: 1...1000, 1000 required. An optional
/// constraint's priority weighs what breaking it costs.
public struct LayoutPriority: Sendable, Equatable, Comparable, Hashable {
    /// The value, 1...1000.
    public let value: Float

    /// A priority of `value`, clamped into 1...1000.
    public init(_ value: Float) {
        self.value = value.isNaN ? 1000 : min(max(value, 1), 1000)
    }

    /// 1000: must hold.
    public static let required = LayoutPriority(1000)
    /// 750.
    public static let defaultHigh = LayoutPriority(750)
    /// 250.
    public static let defaultLow = LayoutPriority(250)
    /// 50.
    public static let fittingSizeLevel = LayoutPriority(50)

    /// Whether it must hold.
    public var isRequired: Bool { value >= 1000 }

    public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.value < rhs.value }
}

/// A linear constraint `lhs relation rhs` (kept as `lhs − rhs relation 0`) at a priority.
public struct LayoutConstraint: Sendable, Equatable {
    /// lhs − rhs.
    public let expression: LinearExpression
    /// The relation of the expression to zero.
    public let relation: LayoutRelation
    /// Its priority.
    public let priority: LayoutPriority

    /// `lhs relation rhs` at `priority`.
    public init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression,
                priority: LayoutPriority = .required) {
        expression = lhs - rhs
        self.relation = relation
        self.priority = priority
    }

    /// `lhs relation rhs` (a constant) at `priority`.
    public init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: Double, priority: LayoutPriority = .required) {
        self.init(lhs, relation, LinearExpression(constant: rhs), priority: priority)
    }
}
