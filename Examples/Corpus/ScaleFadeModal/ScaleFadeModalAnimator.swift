import AnimatorKit

// A modal "pop in" as countless tutorials write it: the presented view fades in while it
// scales up from 80 %, on easeOut; dismissing reverses it. One instance serves both ways;
// the delegate sets `presenting` before handing it out. Only the import differs from the
// iOS source.

final class ScaleFadeModalAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let duration: TimeInterval
    var presenting: Bool = true

    init(duration: TimeInterval) {
        self.duration = duration
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let controller = transitionContext.viewController(forKey: key), let view = controller.view else {
            transitionContext.completeTransition(false)
            return
        }
        if presenting {
            view.frame = transitionContext.finalFrame(for: controller)
            view.alpha = 0
            view.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
            container.addSubview(view)
        } else if let toView = transitionContext.view(forKey: .to) {
            container.insertSubview(toView, belowSubview: view)
        }
        UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut], animations: {
            view.alpha = self.presenting ? 1 : 0
            view.transform = self.presenting ? .identity : CGAffineTransform(scaleX: 0.8, y: 0.8)
        }) { _ in
            let success = !transitionContext.transitionWasCancelled
            if !self.presenting && success {
                view.removeFromSuperview()
            }
            transitionContext.completeTransition(success)
        }
    }
}
