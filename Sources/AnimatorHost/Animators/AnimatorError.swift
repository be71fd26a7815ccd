import AnimatorABI
import Glibc

/// Why an animator could not be created or gave an unusable answer.
public struct AnimatorError: Error, Equatable, CustomStringConvertible {
    /// The animator's id (or what the user asked for).
    public var animator: String
    /// Why, in one line.
    public var reason: String

    /// Creates an error.
    public init(animator: String, reason: String) {
        self.animator = animator
        self.reason = reason
    }

    public var description: String { "\(animator): \(reason)" }
}
