/// A contact that began or ended during a step: what UICollisionBehaviorDelegate hears.
public struct ContactEvent: Sendable, Equatable {
    /// What the body touches.
    public enum Other: Hashable, Sendable {
        /// Another body of the group.
        case body(BodyID)
        /// A boundary, by the identifier it was given.
        case boundary(Int)
    }

    /// Which `CollisionGroup` of the scene (its index).
    public var group: Int
    /// The body (the lower-numbered one of two bodies).
    public var body: BodyID
    /// What it touches.
    public var other: Other
    /// true when the contact began, false when it ended.
    public var began: Bool
    /// Where, in the reference view's coordinates (at the beginning; the last point at the end).
    public var point: Vector2

    /// An event.
    public init(group: Int, body: BodyID, other: Other, began: Bool, point: Vector2) {
        self.group = group
        self.body = body
        self.other = other
        self.began = began
        self.point = point
    }
}
