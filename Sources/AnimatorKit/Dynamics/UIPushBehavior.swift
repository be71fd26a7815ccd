import AnimatorDynamics
import Foundation

/// UIKit's UIPushBehavior: a force on its items (continuous) or an impulse given once
/// (instantaneous: `active` turns false once it has acted). A magnitude of 1 accelerates a
/// 100 × 100 point item of density 1 at 100 points/s² (continuous), or changes its
/// velocity by 100 points/s (instantaneous).
open class UIPushBehavior: UIDynamicBehavior {
    /// UIPushBehavior.Mode.
    public enum Mode: Int, Sendable {
        /// A force for as long as the push is active.
        case continuous
        /// An impulse when it becomes active.
        case instantaneous
    }

    private var list: DynamicItemList
    private var offsets: [ObjectIdentifier: UIOffset] = [:]

    /// The mode it was made with.
    public let mode: Mode

    /// A push on `items`; inactive for instantaneous pushes until `active` is set... as in
    /// UIKit, both modes start active.
    public init(items: [any UIDynamicItem], mode: Mode) {
        list = DynamicItemList(items)
        self.mode = mode
        super.init()
    }

    /// The items it pushes.
    open var items: [any UIDynamicItem] { list.items }
    /// Adds an item.
    open func addItem(_ item: any UIDynamicItem) { list.add(item); dynamicAnimator?.behaviorsChanged() }
    /// Removes an item.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item); dynamicAnimator?.behaviorsChanged() }

    /// Whether it acts: set it again to give an instantaneous push once more.
    open var active = true { didSet { if active { dynamicAnimator?.behaviorsChanged() } } }

    /// The force's direction and magnitude (its length).
    open var pushDirection = CGVector.zero { didSet { dynamicAnimator?.behaviorsChanged() } }

    /// The direction's angle, in radians from the x axis (clockwise on the screen).
    open var angle: CGFloat {
        get { pushDirection.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The vector's length.
    open var magnitude: CGFloat {
        get { pushDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Both at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        pushDirection = CGVector(angle: angle, length: magnitude)
    }

    /// Where on `item` the push applies, from its center (a torque when not zero).
    open func setTargetOffsetFromCenter(_ offset: UIOffset, for item: any UIDynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
    }

    /// The offset set for `item` (zero by default).
    open func targetOffsetFromCenter(for item: any UIDynamicItem) -> UIOffset {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    override var ownItems: [any UIDynamicItem] { list.items }

    override func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {
        guard active else { return }
        var bodyOffsets: [BodyID: Vector2] = [:]
        let bodies = list.items.map { item -> BodyID in
            let id = animator.body(for: item)
            if let offset = offsets[ObjectIdentifier(item)] { bodyOffsets[id] = Vector2(offset.horizontal, offset.vertical) }
            return id
        }
        scene.pushes.append(Push(bodies: bodies, mode: mode == .continuous ? .continuous : .instantaneous,
                                 vector: Vector2(pushDirection.dx, pushDirection.dy), offsets: bodyOffsets))
    }

    /// An instantaneous push has acted: it turns inactive, as UIKit's does.
    func didStep() {
        if mode == .instantaneous && active { active = false }
    }
}
