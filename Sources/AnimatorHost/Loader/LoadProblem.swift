import AnimatorSupport

/// A plugin file that could not be used, and why: one line naming the file and the reason.
public struct LoadProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or folder) concerned.
    public var path: String
    /// Why it was refused, in one line.
    public var reason: String

    /// Creates a problem.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// "path: reason".
    public var description: String { "\(path): \(reason)" }

    /// `{"path": ..., "reason": ...}`.
    public var json: JSONValue { .object([("path", .string(path)), ("reason", .string(reason))]) }
}

/// The one-line reason a descriptor was refused, before the file's path is attached.
struct Refusal: Error, Equatable, ExpressibleByStringInterpolation {
    var reason: String

    init(reason: String) {
        self.reason = reason
    }

    init(stringLiteral reason: String) {
        self.reason = reason
    }
}
