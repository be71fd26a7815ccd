import AnimatorABI

/// UIKit's UITransitionContextViewKey: which view of a transition (`.from`, `.to`).
public struct UITransitionContextViewKey: Hashable, Sendable, RawRepresentable {
    /// UIKit's string for the key.
    public let rawValue: String
    /// A key by its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The view of the view controller the transition leaves.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view of the view controller the transition shows.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")

    /// The host's side number (AH_CONTEXT_FROM 0, AH_CONTEXT_TO 1), nil for another key.
    var side: UInt32? { self == .from ? 0 : self == .to ? 1 : nil }
}

/// UIKit's UITransitionContextViewControllerKey: which view controller of a transition.
public struct UITransitionContextViewControllerKey: Hashable, Sendable, RawRepresentable {
    /// UIKit's string for the key.
    public let rawValue: String
    /// A key by its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The view controller the transition leaves.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The view controller the transition shows.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")

    /// The matching view key.
    var viewKey: UITransitionContextViewKey { self == .from ? .from : .to }
}

/// UIKit's UIModalPresentationStyle, with its raw values.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4, overFullScreen = 5,
         overCurrentContext = 6, popover = 7, none = -1, automatic = -2
}

/// UIKit's TimeInterval: seconds.
public typealias TimeInterval = Double

/// UIKit's UIViewControllerContextTransitioning: what an animator is told about a
/// transition and how it ends it. The host's ``TransitionContext`` is the one conforming
/// type; animators take this protocol, as on iOS.
public protocol UIViewControllerContextTransitioning: AnyObject {
    /// Where the transition's views go.
    var containerView: UIView { get }
    /// Whether the transition is animated.
    var isAnimated: Bool { get }
    /// Whether an interaction controller drives it.
    var isInteractive: Bool { get }
    /// Whether it was cancelled (an interaction let go early).
    var transitionWasCancelled: Bool { get }
    /// How the presented view controller is presented (present and dismiss).
    var presentationStyle: UIModalPresentationStyle { get }
    /// The rotation applied during the transition: the identity (the host does not rotate).
    var targetTransform: CGAffineTransform { get }

    /// The view of one side, or nil where UIKit gives nil (the presenting view of a
    /// presentation that keeps it on screen).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    /// The view controller of one side.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// Where a view controller's view is at the start (the zero rect where UIKit has none).
    func initialFrame(for viewController: UIViewController) -> CGRect
    /// Where a view controller's view must be at the end (the zero rect for a view that
    /// will be removed).
    func finalFrame(for viewController: UIViewController) -> CGRect
    /// Ends the transition; call exactly once, with false when it was cancelled.
    func completeTransition(_ didComplete: Bool)
    /// The percent (0...1) an animator that is its own interaction controller shows.
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    /// The interaction is over; the transition will complete.
    func finishInteractiveTransition()
    /// The interaction is over; the transition will go back.
    func cancelInteractiveTransition()
    /// The interaction holds the transition where it is.
    func pauseInteractiveTransition()
}

extension UIViewControllerContextTransitioning {
    /// The host's context behind this one (every context the host gives is one).
    var hostContext: TransitionContext? { self as? TransitionContext }

    /// The operation this transition performs (the host's addition: on iOS the
    /// transitioning delegate knows it).
    public var operation: Operations { hostContext?.operation ?? [] }

    /// The interaction's percent while one drives the transition, else the elapsed share.
    public var percentComplete: Double { hostContext?.percentComplete ?? 0 }

    /// initialFrame of one side by its view key.
    public func initialFrame(forKey key: UITransitionContextViewKey) -> CGRect {
        hostContext?.initialFrame(forKey: key) ?? .zero
    }

    /// finalFrame of one side by its view key.
    public func finalFrame(forKey key: UITransitionContextViewKey) -> CGRect {
        hostContext?.finalFrame(forKey: key) ?? .zero
    }

    /// The transition coordinator's animate(alongsideTransition:completion:) or, with a
    /// view, animateAlongsideTransition(in:animation:completion:).
    @discardableResult
    public func animateAlongside(in view: UIView? = nil, _ animation: (() -> Void)?,
                                 completion: ((_ cancelled: Bool) -> Void)? = nil) -> Bool {
        hostContext?.animateAlongside(in: view, animation, completion: completion) ?? false
    }
}

/// UIKit's NSObject, as the base class animators and delegates are written on. It has no
/// Objective-C runtime behind it: `@objc` and `#selector` do not exist on Linux.
open class NSObject {
    /// Creates the object.
    public init() {}
}

/// Foundation's NSCoder, for the `required init?(coder:)` UIView subclasses write; nothing
/// is ever decoded on Linux.
public final class NSCoder {}

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
        return UIViewController(view: UIView(handle: found.view, host: context.host))
    }

    /// The view controller it presented (during a dismissal, the one going away).
    open var presentedViewController: UIViewController? {
        guard let context, let found = related(Int32(AH_RELATION_PRESENTED)) else { return nil }
        return UIViewController(view: UIView(handle: found.view, host: context.host))
    }

    /// A view controller around a transition's own, with the screen's view.
    init(view: UIView) {
        side = nil
        super.init()
        self.view = view
    }
}

/// UINavigationBar: the bar across the top of a navigation controller (a view of the
/// host's screen: hiding or moving it shows).
public final class UINavigationBar: UIView {}

/// UITabBar: the bar across the bottom of a tab bar controller.
public final class UITabBar: UIView {}

/// UINavigationController, as a transition's view controller sees it: its view and its bar.
open class UINavigationController: UIViewController {
    /// The navigation bar.
    public let navigationBar: UINavigationBar
    /// isNavigationBarHidden.
    public let isNavigationBarHidden: Bool
    /// How many view controllers the stack holds (during a push or pop, the new stack's).
    public let stackCount: Int

    init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>) {
        navigationBar = UINavigationBar(handle: found.bar, host: host)
        isNavigationBarHidden = found.bar_hidden
        stackCount = Int(found.child_count)
        super.init(view: UIView(handle: found.view, host: host))
    }
}

/// UITabBarController, as a transition's view controller sees it: its view and its bar.
open class UITabBarController: UIViewController {
    /// The tab bar.
    public let tabBar: UITabBar
    /// How many tabs it has.
    public let tabCount: Int

    init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>) {
        tabBar = UITabBar(handle: found.bar, host: host)
        tabCount = Int(found.child_count)
        super.init(view: UIView(handle: found.view, host: host))
    }
}
