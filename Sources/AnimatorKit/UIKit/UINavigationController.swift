import AnimatorABI
import Foundation

/// UINavigationBar: the bar across the top of a navigation controller (a view of the
/// host's screen: hiding or moving it shows).
public final class UINavigationBar: UIView {}

/// UINavigationController, as a transition's view controller sees it: its view and its bar.
open class UINavigationController: UIViewController {
    /// The navigation bar.
    public let navigationBar: UINavigationBar
    /// isNavigationBarHidden.
    public let isNavigationBarHidden: Bool
    /// How many view controllers the stack holds (during a push or pop, the new stack's).
    public let stackCount: Int

    /// The tap being handled, for a navigation controller made in a tap handler.
    private let scope: TapScope?
    /// The view of the screen that asks, in a tap handler.
    private let requester: UIView?

    /// The push or pop under way, for a navigation controller a context gave.
    private let transition: TransitionContext?
    /// The side of that transition whose navigation controller this is.
    private let transitionSide: UInt32?

    init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>, transition: TransitionContext? = nil,
         side: UInt32? = nil) {
        navigationBar = UINavigationBar(handle: found.bar, host: host)
        isNavigationBarHidden = found.bar_hidden
        stackCount = Int(found.child_count)
        scope = nil
        requester = nil
        self.transition = transition
        transitionSide = side
        super.init(view: UIView.wrapping(found.view, host: host), side: nil, context: nil)
    }

    /// viewControllers: the stack, bottom first (during a push or pop, the new stack, as
    /// UIKit shows it), each the one object of its screen (ABI 1.11; a navigation
    /// controller reached in a tap handler does not read its stack: empty).
    open var viewControllers: [UIViewController] {
        guard let transition, let transitionSide else { return [] }
        return transition.relatedChildren(side: transitionSide, relation: Int32(AH_RELATION_NAVIGATION_CONTROLLER),
                                          count: stackCount)
    }

    /// topViewController: the top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }

    /// visibleViewController: the top of the stack (what a presentation over it shows is
    /// not counted here).
    open var visibleViewController: UIViewController? { topViewController }

    /// The navigation controller a tap handler's screen asks to push and pop (its bar and
    /// stack are not read here).
    init(requestsFrom view: UIView, scope: TapScope) {
        navigationBar = UINavigationBar(handle: 0, host: scope.host)
        isNavigationBarHidden = false
        stackCount = 0
        self.scope = scope
        requester = view
        transition = nil
        transitionSide = nil
        super.init(view: nil, side: nil, context: nil)
    }

    /// pushViewController(_:animated:): from a tap handler, asks the host to push
    /// `viewController` (its view loaded now, its title with it) with the animator the
    /// navigation delegate gives; elsewhere logged and not done.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard let scope, let requester else { return refused("pushViewController(_:animated:)") }
        scope.request(UInt32(AH_OP_PUSH), source: requester, screen: viewController, animated: animated, completion: nil)
    }

    /// popViewController(animated:): from a tap handler, asks the host to pop the top view
    /// controller; returns nil (the popped one is the host's to name). During a pop (an
    /// edge pan's `.began` handler of the interactive pop the host started) it is that pop
    /// and returns the view controller going away. Elsewhere logged.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        if let transition, transition.operation.contains(.pop) { return transition.viewController(forKey: .from) }
        guard let scope, let requester else {
            refused("popViewController(animated:)")
            return nil
        }
        scope.request(UInt32(AH_OP_POP), source: requester, animated: animated, completion: nil)
        return nil
    }

    private func refused(_ call: String) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                       "\(call) outside a tap handler: nothing happened (transitions start from a tap here: "
                       + "animator-host run --tap X,Y)")
    }

    /// interactivePopGestureRecognizer: the left-edge pan that pops on iOS. Kept for the
    /// app's code (its `isEnabled`, `delegate`); the host's interactive pops are driven by
    /// `--interactive` traces, which it does not gate.
    public private(set) lazy var interactivePopGestureRecognizer: UIGestureRecognizer? = {
        let recognizer = UIScreenEdgePanGestureRecognizer()
        recognizer.edges = .left
        return recognizer
    }()

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }
}
