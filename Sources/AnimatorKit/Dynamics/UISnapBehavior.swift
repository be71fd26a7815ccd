import AnimatorDynamics
import Foundation

/// UIKit's UISnapBehavior: the item pulled to `snapPoint` and turned upright by a damped
/// spring of 2 Hz whose damping ratio is 1 − 0.8 × `damping`, so `damping` runs from no
/// overshoot (0) to a few visible oscillations (1); it settles in about half a second.
open class UISnapBehavior: UIDynamicBehavior {
    private let item: any UIDynamicItem

    /// Where the item's center goes.
    open var snapPoint: CGPoint { didSet { dynamicAnimator?.behaviorsChanged() } }
    /// 0 (least oscillation) to 1 (most); 0.5 by default.
    open var damping: CGFloat = 0.5 { didSet { dynamicAnimator?.behaviorsChanged() } }

    /// `item` snapped to `point`.
    public init(item: any UIDynamicItem, snapTo point: CGPoint) {
        self.item = item
        snapPoint = point
        super.init()
    }

    override var ownItems: [any UIDynamicItem] { [item] }

    override func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {
        scene.snaps.append(Snap(body: animator.body(for: item), point: Vector2(snapPoint.x, snapPoint.y), damping: damping))
    }
}
