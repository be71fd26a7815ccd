import AnimatorABI
import Foundation

/// UITabBar: the bar across the bottom of a tab bar controller.
public final class UITabBar: UIView {}

/// UITabBarController, as a transition's view controller sees it: its view and its bar.
open class UITabBarController: UIViewController {
    /// The tab bar.
    public private(set) lazy var tabBar = UITabBar(frame: .zero)
    /// How many tabs it has.
    public private(set) var tabCount = 0
    /// The tab bar controller's delegate. Kept for the app's code: the host asks the
    /// delegate the library's export names (a tab bar controller of the app's own is not
    /// the run's container).
    public weak var delegate: UITabBarControllerDelegate?

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
    open var viewControllers: [UIViewController]? {
        guard let transition, let transitionSide else { return nil }
        return transition.relatedChildren(side: transitionSide, relation: Int32(AH_RELATION_TAB_BAR_CONTROLLER),
                                          count: tabCount)
    }

    /// selectedViewController: the selected tab's view controller (during a tab switch,
    /// the one it switches from: the host changes the selection when the switch completes).
    open var selectedViewController: UIViewController? {
        guard let selectedTab, let tabs = viewControllers, tabs.indices.contains(selectedTab) else { return nil }
        return tabs[selectedTab]
    }

    /// The tab bar controller a tap handler's screen asks to change tabs.
    convenience init(requestsFrom view: UIView, scope: TapScope) {
        self.init(nibName: nil, bundle: nil)
        tabBar = UITabBar(handle: 0, host: scope.host)
        self.scope = scope
        requester = view
    }

    /// selectedIndex: setting it in a tap handler asks the host to change to that tab
    /// with the animator the tab bar controller's delegate gives (reading it gives the
    /// last index set here, 0 before).
    open var selectedIndex: Int = 0 {
        didSet {
            guard let scope, let requester else { return }
            scope.request(UInt32(AH_OP_TAB), source: requester, animated: true, tabIndex: selectedIndex, completion: nil)
        }
    }

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }
}
