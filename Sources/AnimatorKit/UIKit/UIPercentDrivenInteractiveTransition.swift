import AnimatorABI

/// UIKit's UIViewControllerInteractiveTransitioning: an interaction controller. Return
/// one from the export's `interactionController` closure (a transitioning delegate's
/// interactionControllerForPresentation/Dismissal); the host then calls
/// `startInteractiveTransition` instead of the animator's `animateTransition` when a
/// gesture drives the transition, and the gesture's samples reach the gesture
/// recognizers attached while it starts.
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    /// Sets the transition going under the controller's control.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    /// How fast the rest plays when the interaction ends (default 1).
    var completionSpeed: CGFloat { get }
    /// The curve of the rest (default easeInOut).
    var completionCurve: UIView.AnimationCurve { get }
    /// Whether the transition starts under interactive control (default true).
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// UIKit's UIPercentDrivenInteractiveTransition: drives the animator's own animations by
/// percent. `startInteractiveTransition` has the host freeze the container's time and
/// runs the animator's `animateTransition`; `update(_:)` shows the animations at that
/// share of the duration; `finish()` and `cancel()` play the rest forwards or backwards
/// at `completionSpeed` on `completionCurve`, then the animator's completions end the
/// transition as usual. An animator that adopts `InterruptibleTransitioning` is scrubbed
/// through its `interruptibleAnimator(using:)` instead (keyframes inside it follow). Subclass
/// it as on iOS and attach gesture recognizers in the subclass (with closures for handlers).
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// How fast the rest plays after finish() or cancel() (1: at the animations' speed).
    open var completionSpeed: CGFloat = 1
    /// The curve of the rest.
    open var completionCurve = UIView.AnimationCurve.easeInOut
    /// Always true here: a driven transition starts under interactive control.
    open var wantsInteractiveStart = true
    /// The share of the transition shown (update's last value, or where a completion is).
    public private(set) var percentComplete: CGFloat = 0
    /// The transition's duration (the animator's answer).
    public private(set) var duration: CGFloat = 0

    /// The animator this controller drives (set by the SDK before it starts).
    weak var animator: (any UIViewControllerAnimatedTransitioning)?
    private var context: TransitionContext?

    public override init() {
        super.init()
    }

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext.hostContext else { return }
        self.context = context
        duration = animator?.transitionDuration(using: transitionContext) ?? 0
        percentComplete = 0
        // An animator with interruptibleAnimator(using:) is scrubbed through its property
        // animator (iOS 10's way); others through the container's time.
        if let interruptible = animator as? InterruptibleTransitioning,
           let propertyAnimator = interruptible.interruptibleAnimator(using: transitionContext) as? UIViewPropertyAnimator {
            interruptibleAnimator = propertyAnimator
            context.drivePercent(completionSpeed: completionSpeed, curve: completionCurve, animator: propertyAnimator)
            return
        }
        context.drivePercent(completionSpeed: completionSpeed, curve: completionCurve)
        animator?.animateTransition(using: transitionContext)
    }

    /// The property animator scrubbed, kept alive while the transition runs.
    private var interruptibleAnimator: UIViewPropertyAnimator?

    /// Shows the transition at `percentComplete` (0...1) of its duration.
    open func update(_ percentComplete: CGFloat) {
        let percent = min(max(percentComplete.isFinite ? percentComplete : 0, 0), 1)
        self.percentComplete = percent
        context?.updateInteractiveTransition(percent)
    }

    /// Plays the rest forwards: the transition completes.
    open func finish() {
        context?.finishInteractiveTransition()
    }

    /// Plays back to the start: the transition is cancelled.
    open func cancel() {
        context?.cancelInteractiveTransition()
    }

    /// Stops a finish or cancel where it is; interactive again.
    open func pause() {
        context?.pauseInteractiveTransition()
    }
}
