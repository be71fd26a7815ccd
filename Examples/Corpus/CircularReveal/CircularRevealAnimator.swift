import AnimatorKit

// The circular reveal: the presented screen appears through a circle that grows from
// the tapped point until it covers the screen; dismissal shrinks it back. A shape layer
// is the view's mask and its path is animated, ending the transition from the
// animation's delegate. Only the import differs from the iOS source.

final class CircularRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    enum Mode { case present, dismiss }

    var mode = Mode.present
    var origin = CGPoint(x: 195, y: 422)
    var duration: TimeInterval = 0.5
    private weak var transitionContext: UIViewControllerContextTransitioning?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        let containerView = transitionContext.containerView
        let key: UITransitionContextViewKey = mode == .present ? .to : .from
        guard let revealedView = transitionContext.view(forKey: key) else {
            transitionContext.completeTransition(false)
            return
        }
        if mode == .present {
            if let toVC = transitionContext.viewController(forKey: .to) {
                revealedView.frame = transitionContext.finalFrame(for: toVC)
            }
            containerView.addSubview(revealedView)
        }

        // The circle that covers the whole screen reaches its farthest corner.
        let bounds = containerView.bounds
        let reachX = max(origin.x, bounds.width - origin.x)
        let reachY = max(origin.y, bounds.height - origin.y)
        let radius = sqrt(reachX * reachX + reachY * reachY)
        let dot = UIBezierPath(ovalIn: CGRect(x: origin.x - 1, y: origin.y - 1, width: 2, height: 2))
        let full = UIBezierPath(ovalIn: CGRect(x: origin.x - radius, y: origin.y - radius,
                                               width: radius * 2, height: radius * 2))

        let maskLayer = CAShapeLayer()
        maskLayer.path = (mode == .present ? full : dot).cgPath
        revealedView.layer.mask = maskLayer

        let animation = CABasicAnimation(keyPath: "path")
        animation.fromValue = (mode == .present ? dot : full).cgPath
        animation.toValue = (mode == .present ? full : dot).cgPath
        animation.duration = transitionDuration(using: transitionContext)
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        animation.delegate = self
        maskLayer.add(animation, forKey: "path")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let transitionContext = transitionContext else { return }
        let key: UITransitionContextViewKey = mode == .present ? .to : .from
        transitionContext.view(forKey: key)?.layer.mask = nil
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
}
