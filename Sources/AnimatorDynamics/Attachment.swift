/// UIAttachmentBehavior: a body's point held at `length` from an anchor point or from
/// another body's point, rigidly (frequency 0, a rod) or by a spring of `frequency` Hz and
/// damping ratio `damping`.
public struct Attachment: Sendable {
    /// What the body is attached to.
    public enum Target: Sendable {
        /// A point of the reference view.
        case anchor(Vector2)
        /// Another body's point, `offset` from its center in its own coordinates.
        case body(BodyID, offset: Vector2)
    }

    /// The attached body.
    public var body: BodyID
    /// The attached point, from the body's center in its own coordinates.
    public var offset: Vector2
    /// What it hangs from.
    public var target: Target
    /// The distance kept between the two points.
    public var length: Double
    /// Hz of the spring's undamped oscillation; 0 for a rigid attachment.
    public var frequency: Double
    /// The spring's damping ratio (0: none, 1: critical).
    public var damping: Double

    /// An attachment; UIKit's default is rigid at the length the points have when made.
    public init(body: BodyID, offset: Vector2 = .zero, target: Target, length: Double,
                frequency: Double = 0, damping: Double = 0) {
        self.body = body
        self.offset = offset
        self.target = target
        self.length = length
        self.frequency = frequency
        self.damping = damping
    }
}
