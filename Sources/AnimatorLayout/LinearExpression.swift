/// A variable of a layout: a view's left edge, its width... Made by a `ConstraintSolver`,
/// which gives its value after solving.
public struct LayoutVariable: Hashable, Sendable {
    /// Its number in the solver that made it (from 0, in the order they were made).
    public let index: Int
}

/// A linear expression: a sum of variables times coefficients, plus a constant.
public struct LinearExpression: Sendable, Equatable {
    /// The terms, one per variable at most, in the order they came.
    public private(set) var terms: [(variable: LayoutVariable, coefficient: Double)]
    /// The constant.
    public var constant: Double

    /// An expression of `terms` and `constant`; terms of one variable are added together.
    public init(_ terms: [(LayoutVariable, Double)] = [], constant: Double = 0) {
        self.terms = []
        self.constant = constant
        for (variable, coefficient) in terms { add(variable, coefficient) }
    }

    /// Adds `coefficient` × `variable`.
    public mutating func add(_ variable: LayoutVariable, _ coefficient: Double) {
        if let index = terms.firstIndex(where: { $0.variable == variable }) {
            terms[index].coefficient += coefficient
        } else {
            terms.append((variable, coefficient))
        }
    }

    public static func == (lhs: LinearExpression, rhs: LinearExpression) -> Bool {
        lhs.constant == rhs.constant && lhs.terms.count == rhs.terms.count
            && zip(lhs.terms, rhs.terms).allSatisfy { $0.variable == $1.variable && $0.coefficient == $1.coefficient }
    }

    /// The sum of two expressions.
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var sum = lhs
        for term in rhs.terms { sum.add(term.variable, term.coefficient) }
        sum.constant += rhs.constant
        return sum
    }

    /// The difference of two expressions.
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + rhs * -1
    }

    /// The expression scaled.
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms.map { ($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }

    /// The expression plus a constant.
    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var sum = lhs
        sum.constant += rhs
        return sum
    }

    /// The expression minus a constant.
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        lhs + -rhs
    }
}

extension LayoutVariable {
    /// The expression 1 × this variable.
    public var expression: LinearExpression { LinearExpression([(self, 1)]) }

    /// The variable scaled.
    public static func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression { lhs.expression * rhs }
    /// The variable plus a constant.
    public static func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression { lhs.expression + rhs }
    /// The variable minus a constant.
    public static func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression { lhs.expression - rhs }
    /// The sum of two variables.
    public static func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { lhs.expression + rhs.expression }
    /// The difference of two variables.
    public static func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { lhs.expression - rhs.expression }
    /// The expression plus a variable.
    public static func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + rhs.expression }
    /// The expression minus a variable.
    public static func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs - rhs.expression }
}
