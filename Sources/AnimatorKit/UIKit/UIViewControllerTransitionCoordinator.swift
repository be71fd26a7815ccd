/// UIKit's UIViewControllerTransitionCoordinatorContext: what code running alongside a
/// transition is told about it.
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether an interaction drives it.
    var isInteractive: Bool { get }
    /// Whether it was cancelled.
    var isCancelled: Bool { get }
    /// The interaction's percent, or the elapsed share.
    var percentComplete: CGFloat { get }
    /// The container of the transition's views.
    var containerView: UIView { get }
    /// The view of one side.
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The view controller of one side.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// targetTransform: the turn the interface makes during a rotation (identity otherwise).
    var targetTransform: CGAffineTransform { get }
}

extension UIViewControllerTransitionCoordinatorContext {
    /// A transition between view controllers turns nothing.
    public var targetTransform: CGAffineTransform { .identity }
}

/// UIKit's UIViewControllerTransitionCoordinator: a view controller's
/// `transitionCoordinator` while a transition runs, for animations that go along with it.
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in the transition's timing (after animateTransition returns) and
    /// `completion` after it.
    ///
    /// - Returns: false when the transition is over or the host refused.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// The same for a view outside the container, whose time follows an interactive
    /// transition.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool

    /// notifyWhenInteractionChanges(_:): `handler` runs each time the transition switches
    /// between interactive and not (a finish, a cancel, a pause), with its state then.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
    /// animate(alongsideTransition:completion:) without a completion, as UIKit code often
    /// calls it.
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    /// notifyWhenInteractionEnds(_:), the older name of `notifyWhenInteractionChanges`.
    public func notifyWhenInteractionEnds(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        notifyWhenInteractionChanges(handler)
    }
}

/// The coordinator of a host transition: its context, answered as UIKit's coordinator does.
final class HostTransitionCoordinator: UIViewControllerTransitionCoordinator {
    let context: TransitionContext

    init(context: TransitionContext) {
        self.context = context
    }

    var isAnimated: Bool { context.isAnimated }
    var isInteractive: Bool { context.isInteractive }
    var isCancelled: Bool { context.transitionWasCancelled }
    var percentComplete: CGFloat { context.percentComplete }
    var containerView: UIView { context.containerView }
    var targetTransform: CGAffineTransform { context.targetTransform }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { context.view(forKey: key) }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        context.viewController(forKey: key)
    }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: nil, animation: animation, completion: completion)
    }

    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        context.animateAlongside(in: view, animation.map { animation in { animation(self) } },
                                 completion: completion.map { completion in { _ in completion(self) } })
    }

    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {
        context.notifyInteractionChanges { handler(self) }
    }
}
