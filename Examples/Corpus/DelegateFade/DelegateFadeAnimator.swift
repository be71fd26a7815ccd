import AnimatorKit

// The Core Animation way many tutorials take: explicit CABasicAnimations on the layer
// (opacity and "transform.scale", plain values), the model set to the end value first,
// and the animation's delegate ending the transition in animationDidStop(_:finished:).
// Presenting, the new view fades in from 0 while it grows from 90 %; dismissing, the old
// one fades out while it shrinks to 90 %. Only the import differs from the iOS source.

class DelegateFadeAnimator: NSObject, UIViewControllerAnimatedTransitioning, CAAnimationDelegate {
    var isPresenting = true
    var duration: TimeInterval = 0.4
    private var transitionContext: UIViewControllerContextTransitioning?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        let containerView = transitionContext.containerView
        let key: UITransitionContextViewKey = isPresenting ? .to : .from
        guard let view = transitionContext.view(forKey: key) else {
            transitionContext.completeTransition(false)
            return
        }
        if isPresenting, let toVC = transitionContext.viewController(forKey: .to) {
            view.frame = transitionContext.finalFrame(for: toVC)
            containerView.addSubview(view)
        } else if let toView = transitionContext.view(forKey: .to) {
            containerView.insertSubview(toView, belowSubview: view)
        }

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = isPresenting ? 0.0 : 1.0
        fade.toValue = isPresenting ? 1.0 : 0.0
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = isPresenting ? 0.9 : 1.0
        scale.toValue = isPresenting ? 1.0 : 0.9

        let group = CAAnimationGroup()
        group.animations = [fade, scale]
        group.duration = transitionDuration(using: transitionContext)
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        group.delegate = self

        // The model takes the end values; the animation shows the way there.
        view.layer.opacity = isPresenting ? 1 : 0
        view.layer.transform = isPresenting ? CATransform3DIdentity : CATransform3DMakeScale(0.9, 0.9, 1)
        view.layer.add(group, forKey: "fadeAndScale")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let transitionContext = transitionContext else { return }
        self.transitionContext = nil
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
}
