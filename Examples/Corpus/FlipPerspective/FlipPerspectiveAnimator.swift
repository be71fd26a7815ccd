import AnimatorKit

// The card flip: the old screen turns away about its vertical axis, a snapshot of the
// new screen (the size of the card the user tapped) turns in behind it, then grows to
// the full screen. The container's sublayerTransform gives the turn its perspective.
// Keyframes run on a cubic calculation mode. Only the import differs from the iOS source.

final class FlipPerspectiveAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var originFrame = CGRect(x: 40, y: 200, width: 310, height: 200)
    var duration: TimeInterval = 0.6

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let snapshot = toVC.view.snapshotView(afterScreenUpdates: true) else {
            transitionContext.completeTransition(false)
            return
        }
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: toVC)

        snapshot.frame = originFrame
        snapshot.layer.cornerRadius = 20
        snapshot.layer.masksToBounds = true

        containerView.addSubview(toVC.view)
        containerView.addSubview(snapshot)
        toVC.view.isHidden = true

        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        containerView.layer.sublayerTransform = perspective
        snapshot.layer.transform = Self.yRotation(.pi / 2)

        let duration = transitionDuration(using: transitionContext)
        UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeCubic, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 1 / 3) {
                fromVC.view.layer.transform = Self.yRotation(-.pi / 2)
            }
            UIView.addKeyframe(withRelativeStartTime: 1 / 3, relativeDuration: 1 / 3) {
                snapshot.layer.transform = Self.yRotation(0.0)
            }
            UIView.addKeyframe(withRelativeStartTime: 2 / 3, relativeDuration: 1 / 3) {
                snapshot.frame = finalFrame
                snapshot.layer.cornerRadius = 0
            }
        }, completion: { _ in
            toVC.view.isHidden = false
            snapshot.removeFromSuperview()
            fromVC.view.layer.transform = CATransform3DIdentity
            containerView.layer.sublayerTransform = CATransform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    static func yRotation(_ angle: Double) -> CATransform3D {
        CATransform3DMakeRotation(CGFloat(angle), 0.0, 1.0, 0.0)
    }
}
