/// Identifies a layer within its engine.
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The layer's index in its engine.
    public let rawValue: Int

    /// Creates an id.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "layer \(rawValue)" }
}
