/// A body of a `DynamicWorld`: its index there, from 0 in the order bodies were added.
public struct BodyID: Hashable, Sendable, Comparable {
    /// The index in `DynamicWorld.bodies`.
    public let index: Int

    /// The body at `index`.
    public init(_ index: Int) { self.index = index }

    public static func < (a: BodyID, b: BodyID) -> Bool { a.index < b.index }
}
