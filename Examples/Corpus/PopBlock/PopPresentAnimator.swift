import AnimatorKit

// A transition built on the pop API (PopAnimationAPI.swift): the presented screen fades in
// over the first 35 % of the time while it pops to 115 % and settles back; the dismissed one
// pops to 110 % while it fades out over the whole time. A CATransaction's completion block
// ends the transition once every animation made inside it has finished.

final class PopPresentAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var isPresenting = true
    var duration: TimeInterval = 0.7

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        CATransaction.begin()
        if isPresenting {
            guard let toVC = transitionContext.viewController(forKey: .to), let toView = toVC.view else {
                transitionContext.completeTransition(false)
                return
            }
            toView.frame = transitionContext.finalFrame(for: toVC)
            toView.alpha = 0
            containerView.addSubview(toView)
            CATransaction.setCompletionBlock {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
            UIView.animate(withDuration: duration * 0.35, delay: 0, options: .curveEaseOut, animations: {
                toView.alpha = 1
            })
            UIView.popAnimate(withDuration: duration) {
                toView.transform = CGAffineTransform(scaleX: 1.15, y: 1.15)
            }
        } else {
            guard let fromView = transitionContext.view(forKey: .from) else {
                transitionContext.completeTransition(false)
                return
            }
            if let toView = transitionContext.view(forKey: .to) {
                containerView.insertSubview(toView, belowSubview: fromView)
            }
            CATransaction.setCompletionBlock {
                let cancelled = transitionContext.transitionWasCancelled
                if !cancelled {
                    fromView.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            }
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn, animations: {
                fromView.alpha = 0
            })
            UIView.popAnimate(withDuration: duration) {
                fromView.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
            }
        }
        CATransaction.commit()
    }
}
