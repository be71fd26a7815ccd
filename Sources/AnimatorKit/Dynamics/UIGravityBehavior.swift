import AnimatorDynamics
import Foundation

/// UIKit's UIGravityBehavior: its items accelerate along `gravityDirection`, 1,000
/// points/s² per unit of magnitude, whatever their mass.
open class UIGravityBehavior: UIDynamicBehavior {
    private var list: DynamicItemList

    /// Gravity on `items`, down at magnitude 1.
    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    /// Gravity on no item yet.
    public override convenience init() { self.init(items: []) }

    /// The items it pulls.
    open var items: [any UIDynamicItem] { list.items }
    /// Adds an item.
    open func addItem(_ item: any UIDynamicItem) { list.add(item); dynamicAnimator?.behaviorsChanged() }
    /// Removes an item.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item); dynamicAnimator?.behaviorsChanged() }

    /// The direction and magnitude (its length): (0, 1) by default.
    open var gravityDirection = CGVector(dx: 0, dy: 1) { didSet { dynamicAnimator?.behaviorsChanged() } }

    /// The direction's angle, in radians from the x axis (clockwise on the screen).
    open var angle: CGFloat {
        get { gravityDirection.angle }
        set { setAngle(newValue, magnitude: magnitude) }
    }

    /// The vector's length.
    open var magnitude: CGFloat {
        get { gravityDirection.length }
        set { setAngle(angle, magnitude: newValue) }
    }

    /// Both at once.
    open func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = CGVector(angle: angle, length: magnitude)
    }

    override var ownItems: [any UIDynamicItem] { list.items }

    override func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {
        scene.gravities.append(Gravity(bodies: list.items.map(animator.body(for:)),
                                       direction: Vector2(gravityDirection.dx, gravityDirection.dy)))
    }
}
