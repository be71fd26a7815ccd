import AnimatorKit

// Swipe down to dismiss: the presented screen slides down off the screen, driven by a
// UIPercentDrivenInteractiveTransition subclass whose pan recognizer turns the finger's
// travel into percent, finishing past halfway and cancelling short of it. Only the import
// differs from the iOS source, and the recognizer's target-action is a closure.

final class SwipeDismissAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval = 0.4

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        if let toView = transitionContext.view(forKey: .to), toView.superview == nil {
            containerView.insertSubview(toView, belowSubview: fromView)
        }
        let originalFrame = fromView.frame
        let finalFrame = originalFrame.offsetBy(dx: 0, dy: containerView.bounds.height)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
                       animations: {
            fromView.frame = finalFrame
        }, completion: { _ in
            // Cancelled: the screen stays, back where it was.
            if transitionContext.transitionWasCancelled { fromView.frame = originalFrame }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
    var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController?

    init(viewController: UIViewController) {
        self.viewController = viewController
        super.init()
        prepareGestureRecognizer(in: viewController.view)
    }

    private func prepareGestureRecognizer(in view: UIView) {
        let gesture = UIPanGestureRecognizer { [weak self] recognizer in
            self?.handleGesture(recognizer)
        }
        view.addGestureRecognizer(gesture)
    }

    func handleGesture(_ gestureRecognizer: UIPanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view?.superview)
        var progress = translation.y / 400
        progress = CGFloat(fminf(fmaxf(Float(progress), 0.0), 1.0))

        switch gestureRecognizer.state {
        case .began:
            interactionInProgress = true
        case .changed:
            shouldCompleteTransition = progress > 0.5
            update(progress)
        case .cancelled:
            interactionInProgress = false
            cancel()
        case .ended:
            interactionInProgress = false
            if shouldCompleteTransition {
                finish()
            } else {
                cancel()
            }
        default:
            break
        }
    }
}
