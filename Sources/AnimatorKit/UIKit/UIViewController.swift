import AnimatorABI

/// A view controller of a transition, as `viewController(forKey:)` gives it: its view,
/// its title (the screen's name) and which side it is on, with the view controllers around
/// it on the host's screen: `navigationController`, `tabBarController`,
/// `presentingViewController`, `presentedViewController`. The host's screens are not view
/// controllers the plugin can push or present.
open class UIViewController: NSObject {
    /// The view controller's view.
    public var view: UIView!
    /// Its title (nil: the host does not pass titles yet).
    public var title: String?
    /// The side of the transition it was given for, nil for one made by the plugin.
    let side: UITransitionContextViewKey?
    /// The transition it was given for.
    private(set) var context: TransitionContext?

    /// A view controller with a new, empty view.
    public override init() {
        side = nil
        super.init()
        view = UIView(frame: .zero)
    }

    init(view: UIView?, side: UITransitionContextViewKey, context: TransitionContext) {
        self.side = side
        self.context = context
        super.init()
        self.view = view
    }

    /// transitionCoordinator: the coordinator of the transition this view controller is in
    /// (nil for one the plugin made).
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        context.map(HostTransitionCoordinator.init)
    }

    /// The host's view controller related to this one, when it was given by a context.
    private func related(_ relation: Int32) -> ah_related_view_controller? {
        guard let context, let side = side?.side, context.host.pointee.abi.minor >= 6 else { return nil }
        var out = ah_related_view_controller()
        out.struct_size = UInt32(MemoryLayout<ah_related_view_controller>.size)
        let status = context.host.pointee.context_related_view_controller(context.host, context.handle, side,
                                                                           ah_relation(relation), &out)
        guard HostLink(host: context.host).check(status, "related view controller"), out.exists else { return nil }
        return out
    }

    /// The navigation controller whose stack holds it (during a push or pop, both sides').
    open var navigationController: UINavigationController? {
        guard let context, let found = related(Int32(AH_RELATION_NAVIGATION_CONTROLLER)) else { return nil }
        return UINavigationController(found, host: context.host)
    }

    /// The tab bar controller whose tabs hold it.
    open var tabBarController: UITabBarController? {
        guard let context, let found = related(Int32(AH_RELATION_TAB_BAR_CONTROLLER)) else { return nil }
        return UITabBarController(found, host: context.host)
    }

    /// The view controller that presented it: during a presentation, the presented side's
    /// is the presenting side (UIKit links them when the presentation starts).
    open var presentingViewController: UIViewController? {
        guard let context, let found = related(Int32(AH_RELATION_PRESENTING)) else { return nil }
        return UIViewController(view: UIView.wrapping(found.view, host: context.host))
    }

    /// The view controller it presented (during a dismissal, the one going away).
    open var presentedViewController: UIViewController? {
        guard let context, let found = related(Int32(AH_RELATION_PRESENTED)) else { return nil }
        return UIViewController(view: UIView.wrapping(found.view, host: context.host))
    }

    /// A view controller around a transition's own, with the screen's view.
    init(view: UIView) {
        side = nil
        super.init()
        self.view = view
    }
}
