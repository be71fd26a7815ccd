import AnimatorKit

// Seed 000's pinch to pop: a UIPercentDrivenInteractiveTransition subclass whose pinch
// recognizer turns the fingers closing into percent (1 − scale / startScale), finishing
// when the pinch was fast or past 30 %, else cancelling. The pop itself shrinks and fades
// the top screen away over the one below. Written in Swift as a port of the seed's
// Objective-C; only the import differs from an iOS source, and the recognizer's
// target-action is a closure.

final class PinchPopAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval = 0.5

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromView = transitionContext.view(forKey: .from),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        transitionContext.containerView.insertSubview(toView, belowSubview: fromView)
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
                       animations: {
            fromView.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
            fromView.alpha = 0
        }, completion: { _ in
            let cancelled = transitionContext.transitionWasCancelled
            fromView.transform = .identity
            fromView.alpha = 1
            if cancelled { toView.removeFromSuperview() }
            transitionContext.completeTransition(!cancelled)
        })
    }
}

final class PinchInteractionController: UIPercentDrivenInteractiveTransition {
    private(set) var interactive = false
    private var startScale: CGFloat = 1

    init(view: UIView) {
        super.init()
        let pinch = UIPinchGestureRecognizer { [weak self] recognizer in
            self?.handlePinch(recognizer)
        }
        view.addGestureRecognizer(pinch)
    }

    func handlePinch(_ pinch: UIPinchGestureRecognizer) {
        let scale = pinch.scale
        switch pinch.state {
        case .began:
            startScale = scale
            interactive = true
        case .changed:
            let percent = 1.0 - scale / startScale
            update(percent < 0.0 ? 0.0 : percent)
        case .ended, .cancelled:
            let percent = 1.0 - scale / startScale
            let cancelled = pinch.velocity < 5.0 && percent <= 0.3
            if cancelled { cancel() } else { finish() }
            interactive = false
        default:
            break
        }
    }
}
