import AnimatorKit

// A navigation push done the Core Animation way: a CATransition of type push on the
// container's layer, with the view swap inside one transaction whose completion block ends
// the transition. Only the import differs from the iOS source.

class CATransitionPushAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var isPush = true
    var duration: TimeInterval = 0.35

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to),
              let toVC = transitionContext.viewController(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        toView.frame = transitionContext.finalFrame(for: toVC)

        CATransaction.begin()
        CATransaction.setCompletionBlock {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        let transition = CATransition()
        transition.duration = transitionDuration(using: transitionContext)
        transition.type = .push
        transition.subtype = isPush ? .fromRight : .fromLeft
        transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        containerView.layer.add(transition, forKey: kCATransition)
        containerView.addSubview(toView)
        fromView.removeFromSuperview()
        CATransaction.commit()
    }
}
