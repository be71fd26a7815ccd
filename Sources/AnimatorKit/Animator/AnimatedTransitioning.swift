/// The protocol a Swift animator implements: UIKit's UIViewControllerAnimatedTransitioning,
/// plus a static description of the animator and an initializer from its parameters.
///
/// ```swift
/// final class FadeAnimator: UIViewControllerAnimatedTransitioning {
///     static let descriptor = AnimatorDescriptor(id: "com.example.fade", name: "fade", ...)
///     let duration: Double
///     init(parameters: ParameterValues) { duration = parameters.number("duration") }
///     func transitionDuration(using transitionContext: TransitionContext?) -> Double { duration }
///     func animateTransition(using transitionContext: TransitionContext) { ... }
/// }
/// ```
public protocol AnimatedTransitioning: AnyObject {
    /// What the animator says about itself: id, name, operations, parameters.
    static var descriptor: AnimatorDescriptor { get }

    /// Creates an instance for one or more transitions.
    ///
    /// - Parameter parameters: one checked value for every parameter of `descriptor`.
    init(parameters: ParameterValues)

    /// The duration of the transition, in seconds.
    ///
    /// - Parameter transitionContext: the transition asked about.
    /// - Returns: a finite, non-negative number of seconds.
    func transitionDuration(using transitionContext: TransitionContext?) -> Double

    /// Sets up the transition's views and animations, and completes the transition.
    ///
    /// - Parameter transitionContext: the transition to animate.
    func animateTransition(using transitionContext: TransitionContext)

    /// Called once the transition has completed.
    ///
    /// - Parameter transitionCompleted: false when the transition was cancelled.
    func animationEnded(_ transitionCompleted: Bool)
}

extension AnimatedTransitioning {
    /// Does nothing: animationEnded is optional, as in UIKit.
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// UIKit's name for ``AnimatedTransitioning``, so an animator reads like its iOS original.
public typealias UIViewControllerAnimatedTransitioning = AnimatedTransitioning
