/// A request the engine refuses: the clear error returned where UIKit or Core Animation
/// would crash, hang, or silently misbehave.
public struct EngineError: Error, Equatable, CustomStringConvertible {
    /// Why.
    public var reason: String

    /// Creates an error.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
