/// Why the sandbox itself could not do its work (a child that could not be started, a
/// pipe that could not be made): not a plugin's fault.
public struct SandboxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line reason.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
