import AnimatorKit

// Seed 000's modal slide-up, written as an iOS developer writes it: the presented view
// rises from below the screen on UIView's spring (damping 0.8, initial velocity 1.0), so it
// overshoots a little and settles; dismissing slides it back down. Only the import differs
// from the iOS source; its registration is in Registration.swift.

class SpringSlideUpAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var isPresenting = true
    var duration: TimeInterval = 0.6

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        if isPresenting {
            guard let toVC = transitionContext.viewController(forKey: .to),
                  let toView = transitionContext.view(forKey: .to) else {
                transitionContext.completeTransition(false)
                return
            }
            let finalFrame = transitionContext.finalFrame(for: toVC)
            toView.frame = finalFrame.offsetBy(dx: 0, dy: containerView.bounds.height)
            containerView.addSubview(toView)

            UIView.animate(withDuration: transitionDuration(using: transitionContext),
                           delay: 0,
                           usingSpringWithDamping: 0.8,
                           initialSpringVelocity: 1.0,
                           options: [],
                           animations: {
                               toView.frame = finalFrame
                           },
                           completion: { _ in
                               transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                           })
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else {
                transitionContext.completeTransition(false)
                return
            }
            if let toView = transitionContext.view(forKey: .to) {
                containerView.insertSubview(toView, belowSubview: fromView)
            }
            UIView.animate(withDuration: transitionDuration(using: transitionContext),
                           delay: 0,
                           options: .curveEaseIn,
                           animations: {
                               fromView.frame = fromView.frame.offsetBy(dx: 0, dy: containerView.bounds.height)
                           },
                           completion: { _ in
                               let cancelled = transitionContext.transitionWasCancelled
                               if !cancelled {
                                   fromView.removeFromSuperview()
                               }
                               transitionContext.completeTransition(!cancelled)
                           })
        }
    }
}
