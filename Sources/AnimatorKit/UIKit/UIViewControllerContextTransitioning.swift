import AnimatorABI

/// UIKit's UIModalPresentationStyle, with its raw values.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet = 1, formSheet = 2, currentContext = 3, custom = 4, overFullScreen = 5,
         overCurrentContext = 6, popover = 7, none = -1, automatic = -2
}

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
