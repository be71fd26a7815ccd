/// A snapshot manifest, golden file or case that cannot be used: where, and why.
public struct SnapshotError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file, JSON path or case the problem is in.
    public var place: String
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(_ place: String, _ reason: String) {
        self.place = place
        self.reason = reason
    }

    public var description: String { "\(place): \(reason)" }
}
