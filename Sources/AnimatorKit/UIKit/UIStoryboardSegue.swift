import AnimatorABI

/// UIStoryboardSegue, for the custom segues libraries ship (a subclass whose `perform()`
/// sets the destination's transitioning delegate and presents it): made in code with
/// `init(identifier:source:destination:)` and performed with `perform()`. There are no
/// storyboards here, so nothing makes a segue for you.
open class UIStoryboardSegue {
    /// The segue's identifier.
    public let identifier: String?
    /// The view controller the segue starts from.
    public let source: UIViewController
    /// The view controller it shows.
    public let destination: UIViewController
    private let performHandler: (() -> Void)?

    /// A segue from `source` to `destination`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        performHandler = nil
    }

    /// A segue whose `perform()` runs `performHandler`.
    public init(identifier: String?, source: UIViewController, destination: UIViewController,
                performHandler: @escaping () -> Void) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
        self.performHandler = performHandler
    }

    /// perform(): runs the handler given at creation; a subclass overrides it to show
    /// `destination` (UIKit's base class does nothing else).
    open func perform() {
        performHandler?()
    }
}

extension UIViewController {
    /// performSegue(withIdentifier:sender:): segues come from storyboards, and there are
    /// none here: logged, nothing happens. Make the segue in code and call its `perform()`.
    public func performSegue(withIdentifier identifier: String, sender: Any?) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                       "performSegue(withIdentifier: \(identifier)): there are no storyboards here; make the segue in code "
                       + "(UIStoryboardSegue(identifier:source:destination:)) and call its perform()")
    }
}
