import AnimatorABI
import Foundation

/// UIViewController, as transition code meets it: a context's view controllers (their
/// view, their title, the view controllers around them on the host's screen:
/// `navigationController`, `tabBarController`, `presentingViewController`,
/// `presentedViewController`), the two a presentation controller is made for, and view
/// controllers a plugin makes itself (`init()`, `init(nibName:bundle:)`, a subclass with
/// `loadView` and `viewDidLoad`).
///
/// A context's view controller is one object for its screen, as on iOS: every
/// `viewController(forKey:)` for the same screen, and the presentation controller's
/// `presentedViewController`, give back the same object (on hosts from ABI 1.8).
open class UIViewController: NSObject, UIContentContainer {
    private var loadedView: UIView? {
        didSet {
            if oldValue?.controller === self { oldValue?.controller = nil }
            loadedView?.controller = self
            // Laid out once before it shows, as UIKit lays out a view controller's view.
            loadedView?.setNeedsLayout()
        }
    }
    /// Its title (a context's view controllers have the screen's name); also its
    /// navigation item's, as in UIKit.
    open var title: String? {
        didSet {
            madeNavigationItem?.title = title
            (parent as? UINavigationController)?.childTitleChanged(self)
        }
    }

    private var madeNavigationItem: UINavigationItem?

    /// navigationItem: what a navigation bar shows for it, made on first use with its title.
    public var navigationItem: UINavigationItem {
        if let madeNavigationItem { return madeNavigationItem }
        let item = UINavigationItem()
        item.title = title
        madeNavigationItem = item
        return item
    }

    /// The title a navigation bar shows: the navigation item's, else its own.
    var barTitle: String? { madeNavigationItem?.title ?? title }
    /// The side of the transition it was last given for, nil for one made by the plugin.
    var side: UITransitionContextViewKey?
    /// The transition it was last given for (a stale context once that transition ended).
    var context: TransitionContext?
    /// The custom presentation that shows it, once a presentation controller was made for
    /// it (UIKit's `presentationController` of a `.custom` presentation).
    public internal(set) weak var presentationController: UIPresentationController?
    /// The custom presentation it shows another view controller in, as the presenter.
    weak var presentingController: UIPresentationController?

    /// A view controller whose view `loadView` makes when it is first asked for. A
    /// convenience initializer, as in UIKit (whose designated ones are
    /// `init(nibName:bundle:)` and `init?(coder:)`): a subclass declares its own `init()`
    /// without `override` and calls `super.init(nibName: nil, bundle: nil)`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// init(nibName:bundle:): there are no nibs here; both must be nil or are ignored
    /// (the host's log says so), and the view comes from `loadView`.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
        if let nibNameOrNil, let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "UIViewController(nibName: \(nibNameOrNil)): there are no nibs here; loadView makes its view")
        }
    }

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A view controller for a screen of the host's (its view, the side and context it was
    /// given for). Convenience, so that every designated initializer is public and a
    /// subclass in the app's module inherits `init()` as in UIKit.
    convenience init(view: UIView?, side: UITransitionContextViewKey?, context: TransitionContext?) {
        self.init(nibName: nil, bundle: nil)
        adopt(view: view, side: side, context: context)
    }

    /// Takes on a host screen's view and the side and context it was given for.
    func adopt(view: UIView?, side: UITransitionContextViewKey?, context: TransitionContext?) {
        self.side = side
        self.context = context
        loadedView = view
    }

    /// The view controller's view, made by `loadView` (then `viewDidLoad`) on first use.
    /// Views are made inside host calls: ask for it in `make`, a hook or animateTransition.
    public var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = UIView(frame: UIScreen.main.bounds) }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether the view was made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// viewIfLoaded: the view if it was made, without making it.
    public var viewIfLoaded: UIView? { loadedView }

    /// viewWillLayoutSubviews(): called as its view is about to lay out its subviews
    /// (before the view's `layoutSubviews()`).
    open func viewWillLayoutSubviews() {}

    /// viewDidLayoutSubviews(): called once its view has laid out its subviews.
    open func viewDidLayoutSubviews() {}

    /// Makes the view: the default makes a plain view the screen's size. Override it to set
    /// `view` to your own (do not call super then).
    open func loadView() {
        loadedView = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once after `loadView`.
    open func viewDidLoad() {}

    /// viewWillAppear(_:): the view is about to be shown (a screen of the library's, or one
    /// it presented or pushed: the host calls the four in UIKit's order around each
    /// transition, balanced when one is cancelled).
    open func viewWillAppear(_ animated: Bool) {}

    /// viewDidAppear(_:): the view is shown.
    open func viewDidAppear(_ animated: Bool) {}

    /// viewWillDisappear(_:): the view is about to leave.
    open func viewWillDisappear(_ animated: Bool) {}

    /// viewDidDisappear(_:): the view left.
    open func viewDidDisappear(_ animated: Bool) {}

    /// Whether an appearance transition begun with `beginAppearanceTransition` is appearing
    /// (nil: none under way).
    private var appearing: (isAppearing: Bool, animated: Bool)?

    /// beginAppearanceTransition(_:animated:): a container forwarding appearance to a child
    /// it manages itself calls viewWillAppear (appearing) or viewWillDisappear now (and
    /// this view controller's own children hear it after it, as below).
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        appearing = (isAppearing, animated)
        receiveAppearance(UInt32(isAppearing ? AH_APPEARANCE_WILL_APPEAR : AH_APPEARANCE_WILL_DISAPPEAR), animated: animated)
    }

    /// endAppearanceTransition(): calls viewDidAppear or viewDidDisappear to match the
    /// begin; without a begin, nothing (as UIKit does).
    public func endAppearanceTransition() {
        guard let (isAppearing, animated) = appearing else { return }
        appearing = nil
        receiveAppearance(UInt32(isAppearing ? AH_APPEARANCE_DID_APPEAR : AH_APPEARANCE_DID_DISAPPEAR), animated: animated)
    }

    /// One appearance callback (the host's ah_appearance, or a container's begin and end):
    /// this view controller's, then, when it forwards them
    /// (`shouldAutomaticallyForwardAppearanceMethods`), each child's whose view is in its
    /// view, in the order they were added.
    func receiveAppearance(_ kind: UInt32, animated: Bool) {
        switch Int(kind) {
        case AH_APPEARANCE_WILL_APPEAR: viewWillAppear(animated)
        case AH_APPEARANCE_DID_APPEAR:
            viewDidAppear(animated)
            // A tab of the run's own tab bar controller shows: the selection follows.
            if let tabs = parent as? UITabBarController, tabs.isRunsTabs,
               let index = tabs.viewControllers?.firstIndex(where: { $0 === self }) {
                tabs.runsTabChanged(to: index)
            }
        case AH_APPEARANCE_WILL_DISAPPEAR: viewWillDisappear(animated)
        case AH_APPEARANCE_DID_DISAPPEAR: viewDidDisappear(animated)
        default: return
        }
        guard shouldAutomaticallyForwardAppearanceMethods, let own = viewIfLoaded else { return }
        for child in children {
            guard let view = child.viewIfLoaded, view.isDescendant(of: own) else { continue }
            child.receiveAppearance(kind, animated: animated)
        }
    }

    // MARK: Children

    /// children: the view controllers `addChild` added, in order.
    public private(set) var children: [UIViewController] = []
    /// parent: the container whose child it is (held weakly, as UIKit holds it).
    public private(set) weak var parent: UIViewController?

    /// addChild(_:): makes `childController` a child (after removing it from another
    /// parent), calling its `willMove(toParent:)` first, as UIKit does; the container adds
    /// the child's view to its own and then calls the child's `didMove(toParent:)`. Adding
    /// a view controller to itself is refused (UIKit raises) and logged.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self else {
            if let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING), "addChild: a view controller cannot be its own child")
            }
            return
        }
        if childController.parent === self { return }
        if let old = childController.parent { old.children.removeAll { $0 === childController } }
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// removeFromParent(): takes it out of its parent's children and calls its
    /// `didMove(toParent: nil)`, as UIKit does (the container calls `willMove(toParent:
    /// nil)` before and removes the view itself). Nothing without a parent.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// viewWillTransition(to:with:): the window is about to change size (UIContentContainer):
    /// the host calls it on the screens the library brought when a run turns the device
    /// (`run --rotate`, a flow's "rotate" step). The default tells its children, as UIKit
    /// does; give the coordinator what goes along (alongside animations, completions).
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// show(_:sender:): shows `vc` where this view controller's container shows things: its
    /// navigation controller pushes it, a split view controller shows it (its
    /// `show(_:sender:)`); otherwise it is presented, as UIKit does.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let split = enclosingSplitViewController { return split.show(vc, sender: sender) }
        if let navigation = navigationController { return navigation.pushViewController(vc, animated: true) }
        present(vc, animated: true)
    }

    /// showDetailViewController(_:sender:): shows `vc` as a split view controller's detail
    /// (its `showDetailViewController(_:sender:)`), or else presents it, as UIKit does.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if let split = enclosingSplitViewController { return split.showDetailViewController(vc, sender: sender) }
        present(vc, animated: true)
    }

    /// splitViewController: the nearest split view controller it is in.
    public var splitViewController: UISplitViewController? {
        var cursor: UIViewController? = self
        while let current = cursor {
            if let split = current as? UISplitViewController { return split }
            cursor = current.parent
        }
        return nil
    }

    /// The split view controller above this one (not itself).
    private var enclosingSplitViewController: UISplitViewController? {
        var cursor = parent
        while let current = cursor {
            if let split = current as? UISplitViewController { return split }
            cursor = current.parent
        }
        return nil
    }

    /// willTransition(to:with:): the traits are about to change: a turn of the device that
    /// changes a size class (an iPhone on its side is compact tall), called before
    /// viewWillTransition(to:with:). The default tells its children, as UIKit does.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    /// traitCollectionDidChange(_:): the traits changed (after a turn that changed a size
    /// class); `previousTraitCollection` is what they were. The default tells its children
    /// and its view's tree, as UIKit does.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        for child in children { child.traitCollectionDidChange(previousTraitCollection) }
        viewIfLoaded?.tellTraitCollectionChanged(previousTraitCollection, stoppingAtControllers: true)
    }

    /// willMove(toParent:): called before it is added to or removed from a container.
    open func willMove(toParent parent: UIViewController?) {}

    /// didMove(toParent:): called after it was added to or removed from a container.
    open func didMove(toParent parent: UIViewController?) {}

    /// shouldAutomaticallyForwardAppearanceMethods: whether its appearance callbacks go on
    /// to its children (true, as in UIKit; a container that returns false calls its
    /// children's `beginAppearanceTransition` and `endAppearanceTransition` itself).
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// awakeFromNib(): UIKit calls it on view controllers loaded from a storyboard; here
    /// they are made in code, so it is never called.
    open func awakeFromNib() {}

    /// prepare(for:sender:): a segue's source hears it before the segue performs, when
    /// storyboards perform segues; there are none here, so it is never called.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Makes the view now if it was not made yet.
    public func loadViewIfNeeded() {
        _ = view
    }

    /// transitionCoordinator: the coordinator of the transition this view controller (or
    /// its container) is in: a change of the window's size while one runs, or a transition
    /// (nil for one the plugin made and never gave to a presentation).
    public var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        if let sizeCoordinator { return sizeCoordinator }
        // A child's is its container's, as in UIKit.
        return context.map(HostTransitionCoordinator.init) ?? parent?.transitionCoordinator
    }

    /// isBeingPresented: true while the presentation that shows it runs.
    public var isBeingPresented: Bool { inTransition(.present, side: .to) }
    /// isBeingDismissed: true while its dismissal runs.
    public var isBeingDismissed: Bool { inTransition(.dismiss, side: .from) }
    /// isMovingToParent: true while the push that brings it runs.
    public var isMovingToParent: Bool { inTransition(.push, side: .to) }
    /// isMovingFromParent: true while the pop that takes it away runs.
    public var isMovingFromParent: Bool { inTransition(.pop, side: .from) }

    /// Whether the transition it was last given for is under way, doing `operation`, with
    /// it on `side` (a finished transition's context is stale and answers no operation).
    private func inTransition(_ operation: Operations, side expected: UITransitionContextViewKey) -> Bool {
        guard let context, side == expected else { return false }
        return context.operation == operation
    }

    /// The host's view controller related to this one, when it was given by a context.
    private func related(_ relation: Int32) -> ah_related_view_controller? {
        guard let context, let side = side?.side, context.host.pointee.abi.minor >= 6 else { return nil }
        return context.related(side: side, relation: relation)
    }

    /// The navigation controller whose stack holds it (during a push or pop, both sides');
    /// in a tap handler, the one its push and pop go to (the host checks the screen is in one).
    open var navigationController: UINavigationController? {
        // The nearest navigation controller the app made that holds it, as UIKit finds it.
        var ancestor = parent
        while let current = ancestor {
            if let own = current as? UINavigationController, own.isOwn { return own }
            ancestor = current.parent
        }
        if let scope = TapScope.current, let view = viewIfLoaded { return UINavigationController(requestsFrom: view, scope: scope) }
        // A child's is its container's, as in UIKit.
        guard let context, let found = related(Int32(AH_RELATION_NAVIGATION_CONTROLLER)) else { return parent?.navigationController }
        return UINavigationController(found, host: context.host, transition: context, side: side?.side)
    }

    /// The tab bar controller whose tabs hold it (the app's own, brought as "tabs", first);
    /// in a tap handler, the one whose `selectedIndex` it sets.
    open var tabBarController: UITabBarController? {
        if let own = self as? UITabBarController, own.isRunsTabs { return nil }
        if let tabs = parent as? UITabBarController, tabs.isRunsTabs { return tabs }
        if let scope = TapScope.current, let view = viewIfLoaded { return UITabBarController(requestsFrom: view, scope: scope) }
        guard let context, let found = related(Int32(AH_RELATION_TAB_BAR_CONTROLLER)) else { return parent?.tabBarController }
        return UITabBarController(found, host: context.host, transition: context, side: side?.side)
    }

    /// supportedInterfaceOrientations: the orientations it supports (UIKit's default: all
    /// on an iPad, all but upside down on an iPhone). When the device turns, the host asks
    /// the view controller UIKit asks (the window's root, or the screen presented full
    /// screen over it); one that leaves the new orientation out keeps the interface as it is.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        UITraitCollection.current.userInterfaceIdiom == .pad ? .all : .allButUpsideDown
    }
    /// shouldAutorotate (deprecated in iOS 16; kept: the host asks
    /// `supportedInterfaceOrientations`).
    open var shouldAutorotate: Bool { true }
    /// preferredInterfaceOrientationForPresentation: kept (presentations keep the
    /// orientation the device is held in).
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }

    /// preferredStatusBarStyle: what it wants the status bar drawn in while it decides
    /// (UIKit's `.default`). The host draws the bar as the view controller UIKit asks wants
    /// it: the root, or one presented full screen over it (or otherwise, capturing it); a
    /// navigation controller's shown bar decides for its screens, a tab bar controller's
    /// selected tab for it.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// prefersStatusBarHidden: whether it wants the status bar hidden (UIKit's false).
    open var prefersStatusBarHidden: Bool { false }
    /// preferredStatusBarUpdateAnimation (kept: the host shows a change at once).
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// childForStatusBarStyle: a child whose style counts instead (nil: its own).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// childForStatusBarHidden: a child whose visibility counts instead (nil: its own).
    open var childForStatusBarHidden: UIViewController? { nil }
    /// modalPresentationCapturesStatusBarAppearance: presented other than full screen, it
    /// still decides the status bar (UIKit's false).
    open var modalPresentationCapturesStatusBarAppearance = false

    /// setNeedsStatusBarAppearanceUpdate(): tells the host the preferences above changed;
    /// the status bar follows at once when this screen decides it.
    public func setNeedsStatusBarAppearanceUpdate() {
        reportStatusBar()
    }

    /// modalPresentationStyle: how `present` shows it (UIKit's default `.automatic`, a page
    /// sheet). The host draws fullScreen, pageSheet, overFullScreen and custom.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic

    /// transitioningDelegate: asked, instead of the export's delegate, for the animator, the
    /// interaction controller and the presentation controller when this view controller is
    /// presented or dismissed (held weakly, as UIKit holds it).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?

    /// present(_:animated:completion:): from a tap handler, asks the host to present
    /// `viewControllerToPresent` (its view loaded now, its title and
    /// `modalPresentationStyle` with it); the transitioning delegate decides the animator as
    /// on iOS, and `completion` runs when the presentation ends. Elsewhere the host's log
    /// says nothing was presented: the host's script starts transitions.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let scope = TapScope.current, let source = viewIfLoaded else {
            if let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                               "present(_:animated:) outside a tap handler: nothing was presented (transitions start "
                               + "from a tap here: animator-host run --tap X,Y)")
            }
            return
        }
        scope.request(UInt32(AH_OP_PRESENT), source: source, screen: viewControllerToPresent,
                      style: viewControllerToPresent.modalPresentationStyle, animated: flag, completion: completion)
    }

    /// The view controller that presented it: during a presentation, the presented side's
    /// is the presenting side (UIKit links them when the presentation starts).
    open var presentingViewController: UIViewController? {
        if let controller = presentationController { return controller.presentingViewController }
        guard let context, let found = related(Int32(AH_RELATION_PRESENTING)) else { return nil }
        return UIViewController.object(for: UIView.wrapping(found.view, host: context.host))
    }

    /// The view controller it presented (during a dismissal, the one going away).
    open var presentedViewController: UIViewController? {
        if let controller = presentingController { return controller.presentedViewController }
        guard let context, let found = related(Int32(AH_RELATION_PRESENTED)) else { return nil }
        return UIViewController.object(for: UIView.wrapping(found.view, host: context.host))
    }

    /// dismiss(animated:completion:): dismisses the view controller this one presented,
    /// or this one if it presented none, as UIKit does. The host runs the dismissal (with
    /// the animator its routes pick) when the call comes from a tap handler (the app's
    /// screen's, or a presentation's gesture recognizers'); a call during that view controller's dismissal (a
    /// gesture handler's `.began` of an interactive dismissal the host started) is that
    /// dismissal, and `completion` runs when it ends. Anywhere else the host's log says
    /// it was not done: the host's script, not plugin code, starts transitions.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        // In a tap handler of the app's screen (not a presentation controller's tap).
        if let scope = TapScope.current, let source = viewIfLoaded {
            scope.request(UInt32(AH_OP_DISMISS), source: source, animated: flag, completion: completion)
            return
        }
        guard let controller = presentingController ?? presentationController else {
            if let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                               "dismiss(animated:): \(title ?? "this view controller") is not presented by a presentation "
                               + "controller the plugin made; nothing was dismissed")
            }
            return
        }
        controller.requestDismissal(completion: completion)
    }

    /// The coordinator of a change of the window's size this screen hears, while it runs.
    var sizeCoordinator: SizeTransitionCoordinator?

    /// preferredContentSize: the size it prefers for its content (zero: none).
    open var preferredContentSize: CGSize = .zero

    /// The address this copy of AnimatorKit keeps its view controller objects under, on
    /// their views' layers (layer_set_object's key).
    private static var objectKey: UnsafeRawPointer { UnsafeRawPointer(bitPattern: objectKeyAddress)! }
    private static let objectKeyAddress = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The view controller object kept for `view`, or nil (none is made).
    static func kept(for view: UIView) -> UIViewController? {
        let link = view.layer.link
        guard view.layer.handle != 0, link.hasObjects else { return nil }
        var object: UnsafeMutableRawPointer?
        guard link.table.layer_object(link.host, view.layer.handle, objectKey, &object) == ah_status(AH_OK),
              let object else { return nil }
        return Unmanaged<UIViewController>.fromOpaque(object).takeUnretainedValue()
    }

    /// Keeps `controller` with the host as the view controller of `view` (its own view):
    /// contexts then give back this object for the screen.
    static func keep(_ controller: UIViewController, for view: UIView) {
        let link = view.layer.link
        guard view.layer.handle != 0, link.hasObjects else { return }
        let retained = Unmanaged.passRetained(controller)
        let kept = link.check(link.table.layer_set_object(link.host, view.layer.handle, objectKey, retained.toOpaque(), { object in
            if let object { Unmanaged<UIViewController>.fromOpaque(object).release() }
        }), "UIViewController")
        if !kept { retained.release() }
    }

    /// The view controller object for a screen whose own view is `view`: the one kept for
    /// it with the host, or a new one kept from now on.
    static func object(for view: UIView, side: UITransitionContextViewKey? = nil,
                       context: TransitionContext? = nil) -> UIViewController {
        let link = view.layer.link
        guard view.layer.handle != 0, link.hasObjects else {
            return UIViewController(view: view, side: side, context: context)
        }
        var object: UnsafeMutableRawPointer?
        if link.table.layer_object(link.host, view.layer.handle, objectKey, &object) == ah_status(AH_OK), let object {
            let found = Unmanaged<UIViewController>.fromOpaque(object).takeUnretainedValue()
            if let context {
                found.context = context
                found.side = side
            }
            return found
        }
        let made = UIViewController(view: view, side: side, context: context)
        keep(made, for: view)
        return made
    }
}
