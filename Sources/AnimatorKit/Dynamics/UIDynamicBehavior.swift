import AnimatorDynamics

/// UIKit's UIDynamicBehavior: what acts on items in a dynamic animator. The primitive
/// behaviors (gravity, collision, push, attachment, snap, item properties) subclass it; a
/// behavior of yours composes them with `addChildBehavior` and reacts in `action`.
open class UIDynamicBehavior {
    /// A behavior with no children and no action.
    public init() {}

    /// The behaviors this one is made of.
    open private(set) var childBehaviors: [UIDynamicBehavior] = []

    /// Called after every step of the animator, once the items have moved.
    open var action: (() -> Void)?

    /// The animator it is in, if any.
    open internal(set) weak var dynamicAnimator: UIDynamicAnimator?

    /// Adds a child; it acts while this behavior is in an animator.
    open func addChildBehavior(_ behavior: UIDynamicBehavior) {
        guard !childBehaviors.contains(where: { $0 === behavior }) else { return }
        childBehaviors.append(behavior)
        dynamicAnimator?.behaviorsChanged()
    }

    /// Removes a child.
    open func removeChildBehavior(_ behavior: UIDynamicBehavior) {
        childBehaviors.removeAll { $0 === behavior }
        dynamicAnimator?.behaviorsChanged()
    }

    /// Called as the behavior joins an animator (or leaves it, with nil).
    open func willMove(to dynamicAnimator: UIDynamicAnimator?) {}

    /// What this behavior (not its children) puts into the world's scene.
    func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {}

    /// The items it acts on itself (not its children's).
    var ownItems: [any UIDynamicItem] { [] }

    /// The behavior and its descendants, parents first.
    var tree: [UIDynamicBehavior] { [self] + childBehaviors.flatMap(\.tree) }
}

/// The items of a behavior that keeps a list (gravity, collision, push, item properties).
struct DynamicItemList {
    private(set) var items: [any UIDynamicItem] = []

    init(_ items: [any UIDynamicItem]) {
        for item in items { add(item) }
    }

    mutating func add(_ item: any UIDynamicItem) {
        if !items.contains(where: { $0 === item }) { items.append(item) }
    }

    mutating func remove(_ item: any UIDynamicItem) {
        items.removeAll { $0 === item }
    }
}
