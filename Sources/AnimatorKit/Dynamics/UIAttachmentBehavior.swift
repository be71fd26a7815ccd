import AnimatorDynamics
import Foundation

/// UIKit's UIAttachmentBehavior: an item's point held to an anchor point or to another
/// item's point, at `length`: rigidly (frequency 0, the default: a rod) or by a spring
/// oscillating at `frequency` Hz with damping ratio `damping`.
open class UIAttachmentBehavior: UIDynamicBehavior {
    /// UIAttachmentBehavior.AttachmentType.
    public enum AttachmentType: Int, Sendable {
        /// Between two items.
        case items
        /// Between an item and a point.
        case anchor
    }

    /// The items (one, or two).
    public let items: [any UIDynamicItem]
    /// What kind of attachment.
    public let attachedBehaviorType: AttachmentType
    private let offsets: [UIOffset]

    /// The anchor point (for `.anchor`), in the reference view's coordinates.
    open var anchorPoint: CGPoint { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// The distance kept between the two points; the distance they have when made.
    open var length: CGFloat { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// The spring's frequency in Hz; 0 makes the attachment rigid.
    open var frequency: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// The spring's damping ratio (0: none, 1: critical).
    open var damping: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Kept for code that sets it; the host's attachments turn freely.
    open var frictionTorque: CGFloat = 0
    /// Kept for code that sets it; the host's attachments hold one length.
    open var attachmentRange = UIFloatRange(minimum: -.infinity, maximum: .infinity)

    /// `item`'s center attached to `point`.
    public convenience init(item: any UIDynamicItem, attachedToAnchor point: CGPoint) {
        self.init(item: item, offsetFromCenter: .zero, attachedToAnchor: point)
    }

    /// `item`'s point at `offset` from its center attached to `point`.
    public init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        items = [item]
        attachedBehaviorType = .anchor
        offsets = [offset]
        anchorPoint = point
        let attached = Self.point(of: item, offset)
        length = ((attached.x - point.x) * (attached.x - point.x) + (attached.y - point.y) * (attached.y - point.y)).squareRoot()
        super.init()
    }

    /// Two items' centers attached to each other.
    public convenience init(item: any UIDynamicItem, attachedTo other: any UIDynamicItem) {
        self.init(item: item, offsetFromCenter: .zero, attachedTo: other, offsetFromCenter: .zero)
    }

    /// Two items' points attached to each other.
    public init(item: any UIDynamicItem, offsetFromCenter offset: UIOffset, attachedTo other: any UIDynamicItem,
                offsetFromCenter otherOffset: UIOffset) {
        items = [item, other]
        attachedBehaviorType = .items
        offsets = [offset, otherOffset]
        let a = Self.point(of: item, offset), b = Self.point(of: other, otherOffset)
        anchorPoint = .zero
        length = ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        super.init()
    }

    /// The item's point at `offset` from its center, turned with the item.
    private static func point(of item: any UIDynamicItem, _ offset: UIOffset) -> CGPoint {
        let t = item.transform
        let angle = atan2(t.b, t.a)
        let (s, c) = (sin(angle), cos(angle))
        return CGPoint(x: item.center.x + c * offset.horizontal - s * offset.vertical,
                       y: item.center.y + s * offset.horizontal + c * offset.vertical)
    }

    override var ownItems: [any UIDynamicItem] { items }

    override func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {
        let body = animator.body(for: items[0])
        let offset = Vector2(offsets[0].horizontal, offsets[0].vertical)
        let target: Attachment.Target = attachedBehaviorType == .anchor
            ? .anchor(Vector2(anchorPoint.x, anchorPoint.y))
            : .body(animator.body(for: items[1]), offset: Vector2(offsets[1].horizontal, offsets[1].vertical))
        scene.attachments.append(Attachment(body: body, offset: offset, target: target, length: max(length, 0),
                                            frequency: max(frequency, 0), damping: max(damping, 0)))
    }
}

/// UIKit's UIFloatRange.
public struct UIFloatRange: Equatable, Sendable {
    /// The lower end.
    public var minimum: CGFloat
    /// The upper end.
    public var maximum: CGFloat
    /// A range.
    public init(minimum: CGFloat, maximum: CGFloat) {
        self.minimum = minimum
        self.maximum = maximum
    }
    /// Everything.
    public static let infinite = UIFloatRange(minimum: -.infinity, maximum: .infinity)
    /// Nothing.
    public static let zero = UIFloatRange(minimum: 0, maximum: 0)
}
