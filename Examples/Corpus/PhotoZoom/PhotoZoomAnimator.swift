import AnimatorKit

/// The photo zoom: a snapshot of the tapped photo grows from its place in the grid to its
/// place on the photo page while the page fades in (push), and shrinks back (pop).
final class PhotoZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var duration: TimeInterval = 0.4
    var operation: UINavigationController.Operation = .push

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let pushing = operation == .push
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let grid = (pushing ? fromVC : toVC) as? PhotoGridViewController,
              let page = (pushing ? toVC : fromVC) as? PhotoViewController,
              let toView = transitionContext.view(forKey: .to),
              let fromView = transitionContext.view(forKey: .from) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        let container = transitionContext.containerView
        toView.frame = transitionContext.finalFrame(for: toVC)
        if pushing {
            toView.alpha = 0
            container.addSubview(toView)
        } else {
            container.insertSubview(toView, belowSubview: fromView)
        }
        let cell = grid.selectedPhotoView
        let cellFrame = cell.convert(cell.bounds, to: container)
        let photoFrame = page.photoView.convert(page.photoView.bounds, to: container)
        guard let zoom = (pushing ? cell : page.photoView).snapshotView(afterScreenUpdates: false) else {
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            return
        }
        zoom.frame = pushing ? cellFrame : photoFrame
        container.addSubview(zoom)
        cell.isHidden = true
        page.photoView.isHidden = true
        UIView.animate(withDuration: duration, delay: 0, options: .curveEaseInOut, animations: {
            zoom.frame = pushing ? photoFrame : cellFrame
            if pushing { toView.alpha = 1 } else { fromView.alpha = 0 }
        }, completion: { _ in
            cell.isHidden = false
            page.photoView.isHidden = false
            zoom.removeFromSuperview()
            // Cancelled (a pan let go too early): the screen that was coming leaves again, and
            // the page, faded in the block's model values, shows again (a cancel plays the
            // animation back but leaves the values the block set).
            if transitionContext.transitionWasCancelled {
                toView.removeFromSuperview()
                fromView.alpha = 1
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
