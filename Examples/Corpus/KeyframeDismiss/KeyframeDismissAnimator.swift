import AnimatorKit

// An interruptible dismissal: one UIViewPropertyAnimator whose animations are keyframes
// (the screen sinks back, then drops off the bottom), handed out by
// interruptibleAnimator(using:); a UIPercentDrivenInteractiveTransition subclass with a
// pan scrubs it, finishing when the finger flicks down or has gone a third of the way.
// Only the import differs from the iOS source, and the recognizer's target-action is a
// closure.

final class KeyframeDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval = 0.5
    private var animator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let animator = animator {
            return animator
        }
        let containerView = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)!
        if let toView = transitionContext.view(forKey: .to), toView.superview == nil {
            containerView.insertSubview(toView, belowSubview: fromView)
        }
        let drop = containerView.bounds.height
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), curve: .linear) {
            UIView.animateKeyframes(withDuration: 0, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    fromView.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    fromView.transform = CGAffineTransform(translationX: 0, y: drop).scaledBy(x: 0.9, y: 0.9)
                }
            })
        }
        animator.addCompletion { position in
            if position != .end {
                fromView.transform = .identity
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        self.animator = animator
        return animator
    }

    func animationEnded(_ transitionCompleted: Bool) {
        animator = nil
    }
}

final class PanDismissInteractionController: UIPercentDrivenInteractiveTransition {
    private var shouldFinish = false

    init(view: UIView) {
        super.init()
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            self?.handlePan(recognizer)
        }
        view.addGestureRecognizer(pan)
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let height = pan.view?.bounds.height ?? 844
        let progress = min(max(pan.translation(in: pan.view).y / (height / 2), 0), 1)
        switch pan.state {
        case .changed:
            shouldFinish = progress > 1.0 / 3.0
            update(progress)
        case .ended:
            let flickedDown = pan.velocity(in: pan.view).y > 500
            if shouldFinish || flickedDown { finish() } else { cancel() }
        case .cancelled:
            cancel()
        default:
            break
        }
    }
}
