import AnimatorKit

// Seed 004's "elastic pop", which the article describes as built on CGAffineTransform but
// shows no code for; this design is ours: the presented view pops up from 30 % past its
// size (110 %), back under it (95 %) and settles (100 %) in keyframes of a half, a quarter
// and a quarter of the time, fading in over the first half; the dismissal swells to 110 %
// and then shrinks to 30 % while it fades out. Only the import differs from the iOS source.

final class ElasticPopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var isPresenting = true
    var duration: TimeInterval = 0.5

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        if isPresenting {
            guard let toVC = transitionContext.viewController(forKey: .to), let toView = toVC.view else {
                transitionContext.completeTransition(false)
                return
            }
            toView.frame = transitionContext.finalFrame(for: toVC)
            toView.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
            toView.alpha = 0
            containerView.addSubview(toView)
            UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeLinear, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    toView.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
                    toView.alpha = 1
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) {
                    toView.transform = CGAffineTransform(scaleX: 0.95, y: 0.95)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) {
                    toView.transform = .identity
                }
            }, completion: { _ in
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
            UIView.animateKeyframes(withDuration: duration, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.3) {
                    fromView.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.7) {
                    fromView.transform = CGAffineTransform(scaleX: 0.3, y: 0.3)
                    fromView.alpha = 0
                }
            }, completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                if !cancelled {
                    fromView.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            })
        }
    }
}
