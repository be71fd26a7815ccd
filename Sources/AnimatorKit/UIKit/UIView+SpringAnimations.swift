import Foundation

extension UIView {
    /// UIView.animate(springDuration:bounce:initialSpringVelocity:delay:options:animations:completion:)
    /// (iOS 17): the block's changes animated on a spring given by its perceptual duration and
    /// bounce (`UISpringTimingParameters(duration:bounce:initialVelocity:)`), running until
    /// the spring settles; the completion hears whether it ran to its end.
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                               initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
                               options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let timing = UISpringTimingParameters(duration: duration, bounce: bounce,
                                              initialVelocity: CGVector(dx: velocity, dy: velocity))
        let animator = UIViewPropertyAnimator(duration: 0, timingParameters: timing)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion { completion($0 == .end) } }
        animator.startAnimation(afterDelay: delay)
    }
}
