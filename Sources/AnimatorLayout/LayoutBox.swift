/// A view's frame as four variables of a solver (in coordinates the whole tree shares),
/// and what Auto Layout's attributes stand for on it: the one mapping the SDK's layout pass
/// and the host's (for C plugins) both solve with.
public struct LayoutBox: Sendable {
    public let x: LayoutVariable
    public let y: LayoutVariable
    public let width: LayoutVariable
    public let height: LayoutVariable

    /// Four new variables of `solver`.
    public init(_ solver: ConstraintSolver) {
        x = solver.makeVariable()
        y = solver.makeVariable()
        width = solver.makeVariable()
        height = solver.makeVariable()
    }

    /// Insets from the box's edges (a safe area's).
    public struct Insets: Sendable {
        public var top, left, bottom, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
        }
    }

    /// UIKit's layout margin, in points.
    public static let margin = 8.0

    /// The expression for NSLayoutConstraint.Attribute's raw value `attribute` (1 left … 10
    /// centerY, 11/12 the baselines as bottom/top, 13–20 the margin attributes), of the box
    /// less `insets`; leading and trailing follow the layout direction. Nil for
    /// notAnAttribute or an unknown value.
    public func expression(for attribute: Int, insets: Insets = Insets(), rightToLeft: Bool = false) -> LinearExpression? {
        let left: LinearExpression = x + insets.left
        let top: LinearExpression = y + insets.top
        let right: LinearExpression = (x + width) - insets.right
        let bottom: LinearExpression = (y + height) - insets.bottom
        let centerX: LinearExpression = (x.expression + width * 0.5) + (insets.left - insets.right) / 2
        let centerY: LinearExpression = (y.expression + height * 0.5) + (insets.top - insets.bottom) / 2
        let m = Self.margin
        switch attribute {
        case 1: return left
        case 2: return right
        case 3, 12: return top
        case 4, 11: return bottom
        case 5: return rightToLeft ? right : left
        case 6: return rightToLeft ? left : right
        case 7: return width - (insets.left + insets.right)
        case 8: return height - (insets.top + insets.bottom)
        case 9, 19: return centerX
        case 10, 20: return centerY
        case 13: return left + m
        case 14: return right - m
        case 15: return top + m
        case 16: return bottom - m
        case 17: return rightToLeft ? right - m : left + m
        case 18: return rightToLeft ? left + m : right - m
        default: return nil
        }
    }

    /// A label's size estimated without fonts (so layouts are the same on every machine):
    /// 0.55 em a character of its longest line shown, 1.2 em a line, rounded up; `lines` 0
    /// shows every line of `text`, n at most n.
    public static func estimatedTextSize(_ text: String, pointSize: Double, lines: Int) -> (width: Double, height: Double) {
        guard !text.isEmpty else { return (0, 0) }
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shown = lines == 0 ? all.count : min(all.count, max(lines, 1))
        let longest = all.prefix(shown).map(\.count).max() ?? 0
        return ((Double(longest) * 0.55 * pointSize).rounded(.up), (Double(shown) * 1.2 * pointSize).rounded(.up))
    }
}
