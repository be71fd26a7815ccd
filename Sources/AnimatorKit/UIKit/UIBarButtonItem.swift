import Foundation

/// UIBarButtonItem: a button of a navigation bar or toolbar, kept with its title, image
/// and action (the host's bars draw no items; the action is UIKit's closure form).
open class UIBarButtonItem: NSObject {
    /// UIBarButtonItem.Style.
    public enum Style: Int, Sendable {
        case plain, bordered, done
    }

    /// UIBarButtonItem.SystemItem.
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks,
             search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, pageCurl, close
    }

    /// The title.
    open var title: String?
    /// The image.
    open var image: UIImage?
    /// The style.
    open var style = Style.plain
    /// The system item it was made as, if any.
    public let systemItem: SystemItem?
    /// What a tap does (UIKit's closure form of target-action).
    open var primaryAction: UIAction?
    /// A view shown instead of the button.
    open var customView: UIView?
    /// Whether it is enabled.
    open var isEnabled = true
    /// The tint.
    open var tintColor: UIColor?
    /// The width of a fixed space.
    open var width: CGFloat = 0

    /// An item titled `title` with `style`, running `action` when tapped (iOS 14's form).
    public init(title: String?, style: Style = .plain, primaryAction: UIAction? = nil) {
        self.title = title
        self.style = style
        self.primaryAction = primaryAction
        systemItem = nil
        super.init()
    }

    /// An item showing `image`.
    public init(image: UIImage?, style: Style = .plain, primaryAction: UIAction? = nil) {
        self.image = image
        self.style = style
        self.primaryAction = primaryAction
        systemItem = nil
        super.init()
    }

    /// A system item.
    public init(barButtonSystemItem systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        super.init()
    }

    /// An item showing `customView`.
    public init(customView: UIView) {
        self.customView = customView
        systemItem = nil
        super.init()
    }

    /// A plain item.
    public override init() {
        systemItem = nil
        super.init()
    }
}
