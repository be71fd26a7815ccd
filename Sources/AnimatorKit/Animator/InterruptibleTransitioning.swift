/// UIViewControllerAnimatedTransitioning's interruptibleAnimator(using:): adopt it besides
/// `UIViewControllerAnimatedTransitioning` to give the host one property animator for the
/// whole transition. When the host's percent-driven interaction controller drives the
/// transition, it calls this instead of `animateTransition` and scrubs the animator
/// (pauses it, sets fractionComplete, reverses and continues it) rather than the
/// container's time.
///
/// Return the same animator every time for a transition, with its animations added and
/// a completion that calls `completeTransition`. Have `animateTransition` start it for the
/// non-interactive case, as UIKit's documentation advises:
///
///     func animateTransition(using context: UIViewControllerContextTransitioning) {
///         interruptibleAnimator(using: context).startAnimation()
///     }
///
/// An iOS animator that already has the method declares the conformance in its
/// registration file: `extension DismissAnimator: InterruptibleTransitioning {}`. The
/// returned animator must be a `UIViewPropertyAnimator`; the SDK keeps it alive until
/// `animationEnded`.
public protocol InterruptibleTransitioning: AnyObject {
    /// interruptibleAnimator(using:).
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
}

/// UIKit's UIViewAnimatingState.
public typealias UIViewAnimatingState = UIViewPropertyAnimator.State

/// UIKit's UIViewAnimatingPosition.
public typealias UIViewAnimatingPosition = UIViewPropertyAnimator.Position

/// UIKit's UIViewAnimating: an animation that starts, pauses, scrubs and finishes.
/// `UIViewPropertyAnimator` conforms.
public protocol UIViewAnimating: AnyObject {
    /// Inactive, active (running or paused) or stopped.
    var state: UIViewAnimatingState { get }
    /// Whether it is running (not paused).
    var isRunning: Bool { get }
    /// Whether it runs backwards.
    var isReversed: Bool { get set }
    /// How far it is, 0...1.
    var fractionComplete: CGFloat { get set }
    /// Starts the animations.
    func startAnimation()
    /// Starts them after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Pauses them.
    func pauseAnimation()
    /// Stops them where they are (true: no completion; false: stopped, to be finished).
    func stopAnimation(_ withoutFinishing: Bool)
    /// Finishes a stopped animator at a position, running its completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// UIKit's UIViewImplicitlyAnimating: what interruptibleAnimator(using:) returns, an
/// animating object that takes animation blocks and completions.
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds animations that start with the others.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start after `delayFactor` of the remaining time.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a completion.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Continues a paused or stopped animator with new timing.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

/// UIViewControllerTransitioningDelegate's presentationController(forPresented:presenting:
/// source:), answered by the animator: adopt it to make the presentations this animator
/// performs custom presentations managed by a `UIPresentationController` of yours.
public protocol PresentationControllerProviding: AnyObject {
    /// The controller for a presentation about to begin (`transitionContext` answers its
    /// operation only), or nil for none. Return a new controller each time: the host
    /// keeps it until the presented screen is dismissed.
    func presentationController(using transitionContext: UIViewControllerContextTransitioning) -> UIPresentationController?
}

/// The app's own screens: adopt it on the delegate object of a delegate export (or on an
/// animator) to run transitions between view controllers you build, as your app builds
/// them, instead of the host's generated screens. Shared-element transitions then take
/// their geometry from your views, and `viewController(forKey:)` gives back your view
/// controller objects, with their subclass and stored properties.
public protocol ScreenProviding: AnyObject {
    /// The view controller for the host's screen called `name`: "list" (the root: below a
    /// presentation, at the bottom of a navigation stack), "detail" (presented or pushed
    /// over it), "home" and "settings" (a tab bar controller's two tabs), "tabs" (a
    /// `UITabBarController` of your own, whose first two tabs are "home" and "settings"
    /// where you return nil for those: the run's tab bar controller). Return nil to keep
    /// the host's screen. Its view is loaded at once (`loadView`, `viewDidLoad`) and
    /// sized to the window; its `title` goes to the navigation bar.
    func viewController(forScreen name: String) -> UIViewController?
}
