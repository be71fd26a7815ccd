import Foundation

/// UINavigationItem: what a navigation bar shows for a view controller. The host's bar
/// draws the title (`title`, or the view controller's when none was set here) and the
/// back button; the bar button items and the title view are kept for the app's code but
/// not drawn.
open class UINavigationItem: NSObject {
    /// UINavigationItem.LargeTitleDisplayMode.
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never
    }

    /// The title the bar shows (nil: the view controller's `title`).
    open var title: String?
    /// A view shown instead of the title (kept).
    open var titleView: UIView?
    /// A line above the title (kept).
    open var prompt: String?
    /// The item on the leading side (kept).
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    /// The items on the trailing side's edge (kept).
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
    /// The items on the leading side (kept).
    open var leftBarButtonItems: [UIBarButtonItem]?
    /// The items on the trailing side (kept).
    open var rightBarButtonItems: [UIBarButtonItem]?
    /// The item the next view controller's back button shows (kept).
    open var backBarButtonItem: UIBarButtonItem?
    /// The back button's title for the next view controller (kept).
    open var backButtonTitle: String?
    /// Whether the back button is hidden (kept).
    open var hidesBackButton = false
    /// Whether the leading items sit beside the back button (kept).
    open var leftItemsSupplementBackButton = false
    /// How a large title shows (kept: the host's bar has standard titles).
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic

    /// An item titled `title`.
    public init(title: String) {
        self.title = title
        super.init()
    }

    /// An item with no title of its own.
    public override init() {
        super.init()
    }

    /// setHidesBackButton(_:animated:).
    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) {
        self.hidesBackButton = hidesBackButton
    }

    /// setLeftBarButton(_:animated:).
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }

    /// setRightBarButton(_:animated:).
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
}
