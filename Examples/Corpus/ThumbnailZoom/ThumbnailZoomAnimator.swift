import AnimatorKit

// The photo-app zoom: a snapshot of the detail screen grows from the thumbnail the user
// tapped to the full screen, then the real view takes its place. The snapshot's picture
// scales with its bounds, as UIKit's does. `originFrame` is what the source view
// controller tells the animator on iOS. Only the import differs from the iOS source.

final class ThumbnailZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var originFrame = CGRect(x: 16, y: 120, width: 72, height: 72)
    var duration: TimeInterval = 0.45

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let containerView = transitionContext.containerView
        guard let toVC = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        let finalFrame = transitionContext.finalFrame(for: toVC)
        toView.frame = finalFrame
        // The new screen is drawn into the snapshot (after its pending updates) and goes
        // into the container only at the end: fading it out now would blank the snapshot.
        guard let snapshot = toView.snapshotView(afterScreenUpdates: true) else {
            containerView.addSubview(toView)
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        snapshot.frame = originFrame
        snapshot.clipsToBounds = true
        snapshot.layer.cornerRadius = 12
        containerView.addSubview(snapshot)

        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
            snapshot.frame = finalFrame
            snapshot.layer.cornerRadius = 0
        }, completion: { _ in
            containerView.addSubview(toView)
            snapshot.removeFromSuperview()
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
