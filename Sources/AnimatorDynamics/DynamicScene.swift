/// What acts on a world's bodies: UIKit's behaviors, as values.
public struct DynamicScene: Sendable {
    /// UIGravityBehavior's.
    public var gravities: [Gravity] = []
    /// UIPushBehavior's; instantaneous ones act on the next step.
    public var pushes: [Push] = []
    /// UIAttachmentBehavior's.
    public var attachments: [Attachment] = []
    /// UISnapBehavior's.
    public var snaps: [Snap] = []
    /// UICollisionBehavior's.
    public var collisions: [CollisionGroup] = []

    /// Nothing acting.
    public init() {}

    /// Whether anything acts at all.
    public var isEmpty: Bool {
        gravities.isEmpty && pushes.isEmpty && attachments.isEmpty && snaps.isEmpty && collisions.isEmpty
    }
}
