import AnimatorABI
import Foundation

/// UITabBar: the bar across the bottom of a tab bar controller.
public final class UITabBar: UIView {}

/// UITabBarController: the host's, as a transition's view controller sees it (its view,
/// its bar, its tabs), or one of the app's own. An app's own, brought as the screen "tabs"
/// (`ScreenProviding`), is the run's tab bar controller: its `viewControllers` are the
/// tabs (the first two are the run's "home" and "settings"), its `delegate` is asked for
/// the tab change's animator and interaction controller before the export's, and the
/// recognizers on its view get an interactive tab change's gesture (a swipe between tabs:
/// its `.began` handler sets `selectedIndex`, as on iOS).
open class UITabBarController: UIViewController {
    /// The tab bar.
    public private(set) lazy var tabBar = UITabBar(frame: .zero)
    /// How many tabs it has.
    public private(set) var tabCount = 0
    /// The tab bar controller's delegate: for the app's own brought as "tabs", asked for
    /// the tab changes before the export's delegate.
    public weak var delegate: UITabBarControllerDelegate?
    /// The tabs of an app's own tab bar controller (`viewControllers` set).
    private var ownTabs: [UIViewController]?
    /// Whether the app's own controller is the run's (brought as "tabs").
    var isRunsTabs = false

    /// The tap being handled, for a tab bar controller made in a tap handler.
    private var scope: TapScope?
    /// The view of the screen that asks, in a tap handler.
    private var requester: UIView?
    /// The transition and side a context gave it for (its tabs are read through them).
    private var transition: TransitionContext?
    private var transitionSide: UInt32?

    /// init(nibName:bundle:): a tab bar controller of the app's own (a subclass's `super`).
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// The host's tab bar controller a context names.
    convenience init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>, transition: TransitionContext? = nil,
                     side: UInt32? = nil) {
        self.init(nibName: nil, bundle: nil)
        tabBar = UITabBar(handle: found.bar, host: host)
        tabCount = Int(found.child_count)
        self.transition = transition
        transitionSide = side
        let covers = Int(found.struct_size) >= MemoryLayout<ah_related_view_controller>.offset(of: \.selected_index)! + 4
        adopt(view: UIView.wrapping(found.view, host: host), side: nil, context: nil)
        selectedTab = covers ? Int(found.selected_index) : nil
    }

    /// The selected tab the host said (ABI 1.11).
    private var selectedTab: Int?

    /// viewControllers: the tabs' view controllers, in order, each the one object of its
    /// screen (ABI 1.11; one reached in a tap handler does not read its tabs: empty).
    /// Setting it makes an app's own tab bar controller (its children, in order).
    open var viewControllers: [UIViewController]? {
        get {
            if let ownTabs { return ownTabs }
            guard let transition, let transitionSide else { return nil }
            return transition.relatedChildren(side: transitionSide, relation: Int32(AH_RELATION_TAB_BAR_CONTROLLER),
                                              count: tabCount)
        }
        set { setViewControllers(newValue, animated: false) }
    }

    /// setViewControllers(_:animated:): the app's own tabs, its children (the selection
    /// stays where it is when it can, else the first tab).
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        for old in ownTabs ?? [] where !(viewControllers ?? []).contains(where: { $0 === old }) { old.removeFromParent() }
        ownTabs = viewControllers ?? []
        for tab in ownTabs ?? [] where tab.parent !== self {
            addChild(tab)
            tab.didMove(toParent: self)
        }
        if !(ownTabs ?? []).indices.contains(storedIndex) { storedIndex = 0 }
    }

    /// selectedViewController: the selected tab's view controller (during a tab switch,
    /// the one it switches from: the host changes the selection when the switch completes).
    /// Setting it selects its tab.
    open var selectedViewController: UIViewController? {
        get {
            if let ownTabs { return ownTabs.indices.contains(storedIndex) ? ownTabs[storedIndex] : nil }
            guard let selectedTab, let tabs = viewControllers, tabs.indices.contains(selectedTab) else { return nil }
            return tabs[selectedTab]
        }
        set {
            guard let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// The tab bar controller a tap handler's screen asks to change tabs.
    convenience init(requestsFrom view: UIView, scope: TapScope) {
        self.init(nibName: nil, bundle: nil)
        tabBar = UITabBar(handle: 0, host: scope.host)
        self.scope = scope
        requester = view
    }

    /// selectedIndex: setting it in a tap handler asks the host to change to that tab
    /// with the animator the tab bar controller's delegate gives; on the run's own tab bar
    /// controller, in the `.began` handler of an interactive tab change's gesture, it is
    /// the change under way. Reading it gives the tab selected (the last index set, 0 before).
    open var selectedIndex: Int {
        get { storedIndex }
        set {
            let old = storedIndex
            storedIndex = newValue
            if let scope, let requester {
                scope.request(UInt32(AH_OP_TAB), source: requester, animated: true, tabIndex: newValue, completion: nil)
            } else if isRunsTabs, newValue != old {
                requestRunsTab(newValue, from: old)
            }
        }
    }
    private var storedIndex = 0

    /// The run's own tab bar controller asked for tab `index`: asked of the host from a
    /// tap handler; the change under way while an interactive change's gesture is handed
    /// to the recognizers (its `.began` handler asks for it); else logged.
    private func requestRunsTab(_ index: Int, from old: Int) {
        let tabs = ownTabs ?? []
        if let scope = TapScope.current, tabs.indices.contains(old), let source = tabs[old].viewIfLoaded {
            scope.request(UInt32(AH_OP_TAB), source: source, animated: true, tabIndex: index, completion: nil)
            return
        }
        if GestureRouter.current != nil { return }
        storedIndex = old
        if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "selectedIndex outside a tap or a tab change's gesture: the host's script starts "
                           + "transitions; the tab stays")
        }
    }

    /// The run's tab change to `index` completed: the selection follows.
    func runsTabChanged(to index: Int) {
        if (ownTabs ?? []).indices.contains(index) { storedIndex = index }
    }

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }
}
