/// UIKit's UIViewControllerAnimatedTransitioning: what every animator implements, with
/// UIKit's signatures, so an animator written for iOS compiles unchanged.
///
/// ```swift
/// final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
///     var duration: TimeInterval = 0.3
///     func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
///         duration
///     }
///     func animateTransition(using transitionContext: UIViewControllerContextTransitioning) { ... }
/// }
/// ```
///
/// What the host needs besides (id, name, operations, parameters) is declared where the
/// library exports the animator: ``AnimatorExport``.
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    /// The duration of the transition, in seconds.
    ///
    /// - Parameter transitionContext: the transition asked about.
    /// - Returns: a finite, non-negative number of seconds.
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval

    /// Sets up the transition's views and animations, and completes the transition.
    ///
    /// - Parameter transitionContext: the transition to animate.
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)

    /// Called once the transition has completed.
    ///
    /// - Parameter transitionCompleted: false when the transition was cancelled.
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    /// Does nothing: animationEnded is optional, as in UIKit.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// An animator that describes itself and is made from its parameters: the bundled
/// animators' style. Export it with `AnimatorLibrary.entry(ZoomAnimator.self)`.
public protocol AnimatedTransitioning: UIViewControllerAnimatedTransitioning {
    /// What the animator says about itself: id, name, operations, parameters.
    static var descriptor: AnimatorDescriptor { get }

    /// Creates an instance for one or more transitions.
    ///
    /// - Parameter parameters: one checked value for every parameter of `descriptor`.
    init(parameters: ParameterValues)
}
