import AnimatorABI
import Foundation

/// UITabBar: the bar across the bottom of a tab bar controller.
public final class UITabBar: UIView {}

/// UITabBarController, as a transition's view controller sees it: its view and its bar.
open class UITabBarController: UIViewController {
    /// The tab bar.
    public let tabBar: UITabBar
    /// How many tabs it has.
    public let tabCount: Int

    init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>) {
        tabBar = UITabBar(handle: found.bar, host: host)
        tabCount = Int(found.child_count)
        super.init(view: UIView.wrapping(found.view, host: host), side: nil, context: nil)
    }

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }
}
