/// Why a constraint solver refused a call, in one line.
public struct LayoutError: Error, Equatable, CustomStringConvertible {
    /// The kinds of refusal.
    public enum Kind: Sendable, Equatable {
        /// A required constraint that cannot hold with the required ones already there.
        case unsatisfiable
        /// A constraint or edit variable not in the solver (removed, or never added).
        case unknown
        /// An edit variable added twice, or a required edit strength.
        case invalid
        /// The objective has no bound (a solver fault; the layout is left as it was).
        case unbounded
    }

    /// The kind.
    public let kind: Kind
    /// The one-line reason.
    public let message: String

    public var description: String { message }
}
