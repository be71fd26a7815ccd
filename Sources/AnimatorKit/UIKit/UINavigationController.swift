import AnimatorABI
import Foundation

/// UINavigationBar: the bar across the top of a navigation controller (a view of the
/// host's screen: hiding or moving it shows; or the bar of a navigation controller the app
/// made, drawn as the host draws its own).
public final class UINavigationBar: UIView {
    /// Whether the bar is translucent (kept).
    public var isTranslucent = true
    /// barTintColor: the bar's background (nil: the system's bar color).
    public var barTintColor: UIColor? {
        didSet { if let barTintColor { backgroundColor = barTintColor } }
    }
    /// prefersLargeTitles (kept: the bar shows standard titles).
    public var prefersLargeTitles = false
    /// The title, for a navigation controller the app made.
    let titleLabel = UILabel()
}

/// UINavigationController: the host's navigation controller as a transition's view
/// controller sees it (its view, its bar, its stack), or one the app makes
/// (`init(rootViewController:)`, a subclass) to present or to bring as a screen: its bar
/// drawn as the host draws its own (the system's bar color, the top view controller's
/// title in 17-point semibold, a hairline), the top view controller's view below it, the
/// stack its children. Pushes and pops inside one the app made are shown without a
/// transition (the host's transitions run between the run's screens).
open class UINavigationController: UIViewController {
    /// The navigation bar.
    public var navigationBar: UINavigationBar {
        if let hostBar { return hostBar }
        if let ownBar { return ownBar }
        let bar = UINavigationBar(frame: .zero)
        ownBar = bar
        return bar
    }
    /// isNavigationBarHidden: whether the bar is hidden (setting it hides the bar of one
    /// the app made; the host's is not hidden from plugin code).
    open var isNavigationBarHidden: Bool {
        get { barHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    /// How many view controllers the stack holds (during a push or pop, the new stack's).
    public var stackCount: Int { ownStack?.count ?? hostStackCount }

    private var hostBar: UINavigationBar?
    private var ownBar: UINavigationBar?
    private var barHidden = false
    private var hostStackCount = 0
    /// The stack of a navigation controller the app made, bottom first (nil: the host's).
    private var ownStack: [UIViewController]? = []
    /// The navigation controller's delegate. Kept for the app's code: the host asks the
    /// delegate the library's export names.
    public weak var delegate: UINavigationControllerDelegate?

    /// The tap being handled, for a navigation controller made in a tap handler.
    private var scope: TapScope?
    /// The view of the screen that asks, in a tap handler.
    private var requester: UIView?

    /// The push or pop under way, for a navigation controller a context gave.
    private var transition: TransitionContext?
    /// The side of that transition whose navigation controller this is.
    private var transitionSide: UInt32?

    /// The host's navigation controller a context names. (Convenience, as every
    /// initializer of the host's: a subclass in the app's module inherits UIKit's
    /// convenience initializers.)
    convenience init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>, transition: TransitionContext? = nil,
                     side: UInt32? = nil) {
        self.init(nibName: nil, bundle: nil)
        ownStack = nil
        hostBar = UINavigationBar(handle: found.bar, host: host)
        barHidden = found.bar_hidden
        hostStackCount = Int(found.child_count)
        self.transition = transition
        transitionSide = side
        adopt(view: UIView.wrapping(found.view, host: host), side: nil, context: nil)
    }

    /// viewControllers: the stack, bottom first (during a push or pop, the new stack, as
    /// UIKit shows it), each the one object of its screen (ABI 1.11; a navigation
    /// controller reached in a tap handler does not read its stack: empty).
    open var viewControllers: [UIViewController] {
        get {
            if let ownStack { return ownStack }
            guard let transition, let transitionSide else { return [] }
            return transition.relatedChildren(side: transitionSide, relation: Int32(AH_RELATION_NAVIGATION_CONTROLLER),
                                              count: stackCount)
        }
        set { setViewControllers(newValue, animated: false) }
    }

    /// init(rootViewController:): a navigation controller of the app's own, showing
    /// `rootViewController` under its bar.
    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    /// init(nibName:bundle:): a navigation controller of the app's own with an empty
    /// stack (a subclass sets its view controllers).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// init(navigationBarClass:toolbarClass:): as `init(nibName: nil, bundle: nil)` (the
    /// bar is always a `UINavigationBar` here).
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        self.init(nibName: nil, bundle: nil)
    }

    /// setViewControllers(_:animated:): the app's own stack becomes `viewControllers` (its
    /// top shown at once); the host's stack is the host's to change (logged).
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        guard let old = ownStack else { return refused("setViewControllers(_:animated:)") }
        for gone in old where !viewControllers.contains(where: { $0 === gone }) {
            gone.willMove(toParent: nil)
            gone.viewIfLoaded?.removeFromSuperview()
            gone.removeFromParent()
        }
        for added in viewControllers where added.parent !== self { addChild(added) }
        ownStack = viewControllers
        if isViewLoaded { showTop() }
        for added in viewControllers where !old.contains(where: { $0 === added }) { added.didMove(toParent: self) }
    }

    /// setNavigationBarHidden(_:animated:): hides or shows the bar of one the app made
    /// (its top view controller's view then fills the screen).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard ownStack != nil else { return refused("setNavigationBarHidden(_:animated:)") }
        barHidden = hidden
        if isViewLoaded { showTop() }
    }

    /// Builds the view of one the app made: the bar over the top view controller's view.
    open override func loadView() {
        guard ownStack != nil else { return super.loadView() }
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        let bar = navigationBar
        bar.backgroundColor = bar.barTintColor ?? UIColor(rgb: 0xF9F9F9)
        bar.titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        bar.titleLabel.textColor = .label
        bar.titleLabel.textAlignment = .center
        bar.addSubview(bar.titleLabel)
        let hairline = UIView()
        hairline.backgroundColor = .separator
        hairline.tag = Self.hairlineTag
        bar.addSubview(hairline)
        view.addSubview(bar)
        showTop()
    }

    private static let hairlineTag = 0x4e_4156

    /// Lays out the app's own bar and shows its top view controller below it.
    private func showTop() {
        guard let stack = ownStack, let container = viewIfLoaded else { return }
        let width = container.bounds.width, height = container.bounds.height
        let top = HostTraits.read()?.safe_area_top ?? 0
        let barHeight = barHidden ? 0 : top + 44
        let bar = navigationBar
        bar.isHidden = barHidden
        bar.frame = CGRect(x: 0, y: 0, width: width, height: top + 44)
        let titleWidth = min(200, width)
        bar.titleLabel.frame = CGRect(x: (width - titleWidth) / 2, y: top, width: titleWidth, height: 44)
        bar.subviews.first { $0.tag == Self.hairlineTag }?.frame = CGRect(x: 0, y: top + 44 - 0.5, width: width, height: 0.5)
        for child in stack.dropLast() { child.viewIfLoaded?.removeFromSuperview() }
        if let shown = stack.last {
            // Loading the view runs viewDidLoad, where titles are usually set.
            shown.view.frame = CGRect(x: 0, y: barHeight, width: width, height: max(height - barHeight, 0))
            if shown.view.superview !== container { container.insertSubview(shown.view, belowSubview: bar) }
        }
        bar.titleLabel.text = stack.last?.barTitle
    }

    /// Lays its own bar and top view controller out again when its view changed size (a
    /// turn of the device).
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if ownStack != nil { showTop() }
    }

    /// A child's title changed: the bar shows its top's.
    func childTitleChanged(_ child: UIViewController) {
        guard let ownStack, ownStack.last === child, isViewLoaded else { return }
        navigationBar.titleLabel.text = child.barTitle
    }

    /// topViewController: the top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }

    /// visibleViewController: the top of the stack (what a presentation over it shows is
    /// not counted here).
    open var visibleViewController: UIViewController? { topViewController }

    /// The navigation controller a tap handler's screen asks to push and pop (its bar and
    /// stack are not read here).
    convenience init(requestsFrom view: UIView, scope: TapScope) {
        self.init(nibName: nil, bundle: nil)
        ownStack = nil
        hostBar = UINavigationBar(handle: 0, host: scope.host)
        self.scope = scope
        requester = view
    }

    /// pushViewController(_:animated:): from a tap handler, asks the host to push
    /// `viewController` (its view loaded now, its title with it) with the animator the
    /// navigation delegate gives; elsewhere logged and not done.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        if let ownStack { return setViewControllers(ownStack + [viewController], animated: false) }
        guard let scope, let requester else { return refused("pushViewController(_:animated:)") }
        scope.request(UInt32(AH_OP_PUSH), source: requester, screen: viewController, animated: animated, completion: nil)
    }

    /// popViewController(animated:): from a tap handler, asks the host to pop the top view
    /// controller; returns nil (the popped one is the host's to name). During a pop (an
    /// edge pan's `.began` handler of the interactive pop the host started) it is that pop
    /// and returns the view controller going away. Elsewhere logged.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        if let ownStack {
            guard ownStack.count > 1, let top = ownStack.last else { return nil }
            setViewControllers(Array(ownStack.dropLast()), animated: false)
            return top
        }
        if let transition, transition.operation.contains(.pop) { return transition.viewController(forKey: .from) }
        guard let scope, let requester else {
            refused("popViewController(animated:)")
            return nil
        }
        scope.request(UInt32(AH_OP_POP), source: requester, animated: animated, completion: nil)
        return nil
    }

    /// popToViewController(_:animated:): pops every view controller above `viewController`
    /// and returns them, bottom first (nil when it is not in the stack). On the app's own
    /// stack at once; on the host's, from a tap handler, the host pops when
    /// `viewController` is directly below the top (its runs pop one screen), and logs
    /// otherwise.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        if let ownStack {
            guard let index = ownStack.firstIndex(where: { $0 === viewController }) else { return nil }
            let popped = Array(ownStack[(index + 1)...])
            if !popped.isEmpty { setViewControllers(Array(ownStack[...index]), animated: false) }
            return popped
        }
        let stack = viewControllers
        guard let index = stack.firstIndex(where: { $0 === viewController }) else { return nil }
        guard index == stack.count - 2 else {
            if index < stack.count - 1, let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                               "popToViewController(_:animated:): the host's runs pop one screen at a time; nothing was popped")
            }
            return index == stack.count - 1 ? [] : nil
        }
        _ = popViewController(animated: animated)
        return Array(stack[(index + 1)...])
    }

    /// popToRootViewController(animated:): pops everything above the root (as
    /// `popToViewController` with the root).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = viewControllers.first else { return nil }
        return popToViewController(root, animated: animated)
    }

    private func refused(_ call: String) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                       "\(call) on the host's navigation controller outside a tap handler: nothing happened "
                       + "(transitions start from a tap here: animator-host run --tap X,Y)")
    }

    /// Whether the app made it (its stack is its own).
    var isOwn: Bool { ownStack != nil }

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
