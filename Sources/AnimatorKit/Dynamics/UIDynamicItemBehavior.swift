import AnimatorDynamics
import Foundation

/// UIKit's UIDynamicItemBehavior: the material of its items (elasticity, friction, density,
/// resistance, rotation) and their velocities.
open class UIDynamicItemBehavior: UIDynamicBehavior {
    private var list: DynamicItemList

    /// Properties for `items`.
    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    /// The items it describes.
    open var items: [any UIDynamicItem] { list.items }
    /// Adds an item.
    open func addItem(_ item: any UIDynamicItem) { list.add(item); dynamicAnimator?.behaviorsChanged() }
    /// Removes an item.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item); dynamicAnimator?.behaviorsChanged() }

    /// The share of normal speed a collision gives back (0 to 1; default 0).
    open var elasticity: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Coulomb friction at contacts (default 0).
    open var friction: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Mass per area: a 100 × 100 point item of density 1 has mass 1 (default 1).
    open var density: CGFloat = 1 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Linear velocity damping, per second (default 0).
    open var resistance: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Angular velocity damping, per second (default 0).
    open var angularResistance: CGFloat = 0 { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Whether the items turn (default true).
    open var allowsRotation = true { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Anchored items collide but never move (default false).
    open var isAnchored = false { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// Kept for code that sets it; the host has no field behaviors.
    open var charge: CGFloat = 0

    /// Adds to `item`'s velocity (points/s).
    open func addLinearVelocity(_ velocity: CGPoint, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else { return }
        animator.changeBody(of: item) { $0.velocity += Vector2(velocity.x, velocity.y) }
    }

    /// `item`'s velocity (points/s); zero outside an animator.
    open func linearVelocity(for item: any UIDynamicItem) -> CGPoint {
        guard let body = dynamicAnimator?.existingBody(of: item) else { return .zero }
        return CGPoint(x: body.velocity.x, y: body.velocity.y)
    }

    /// Adds to `item`'s turn rate (radians/s).
    open func addAngularVelocity(_ velocity: CGFloat, for item: any UIDynamicItem) {
        guard let animator = dynamicAnimator else { return }
        animator.changeBody(of: item) { $0.angularVelocity += velocity }
    }

    /// `item`'s turn rate (radians/s).
    open func angularVelocity(for item: any UIDynamicItem) -> CGFloat {
        dynamicAnimator?.existingBody(of: item)?.angularVelocity ?? 0
    }

    override var ownItems: [any UIDynamicItem] { list.items }

    /// Gives its items its material (before each step).
    func applyMaterial(in animator: UIDynamicAnimator) {
        for item in list.items {
            animator.changeBody(of: item, wake: false) { body in
                if body.density != density { body.density = density }
                body.elasticity = elasticity
                body.friction = friction
                body.resistance = resistance
                body.angularResistance = angularResistance
                if body.allowsRotation != allowsRotation { body.allowsRotation = allowsRotation }
                if body.isAnchored != isAnchored { body.isAnchored = isAnchored }
            }
        }
    }
}
