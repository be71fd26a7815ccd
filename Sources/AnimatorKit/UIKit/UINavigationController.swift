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

    init(_ found: ah_related_view_controller, host: UnsafePointer<ah_host>) {
        navigationBar = UINavigationBar(handle: found.bar, host: host)
        isNavigationBarHidden = found.bar_hidden
        stackCount = Int(found.child_count)
        super.init(view: UIView.wrapping(found.view, host: host), side: nil, context: nil)
    }

    /// NSCoding: there are no archived view controllers here; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }
}
