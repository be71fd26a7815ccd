@testable import AnimatorKit

/// The pull-to-dismiss interaction sheet and pop-up libraries attach to the presented view
/// once it is shown: `dismiss` in `.began`, the percent the pull's share of `distance`,
/// past half finished, else cancelled.
final class SDKPullToDismiss: UIPercentDrivenInteractiveTransition {
    let distance: CGFloat
    var interacting = false
    weak var presented: UIViewController?

    init(distance: CGFloat) {
        self.distance = distance
        super.init()
    }

    func attach(to viewController: UIViewController) {
        presented = viewController
        viewController.view.addGestureRecognizer(UIPanGestureRecognizer { [weak self] in self?.handle($0) })
    }

    func handle(_ pan: UIPanGestureRecognizer) {
        let percent = max(0, min(1, pan.translation(in: pan.view).y / distance))
        switch pan.state {
        case .began:
            interacting = true
            presented?.dismiss(animated: true)
        case .changed: update(percent)
        case .ended, .cancelled:
            interacting = false
            if percent > 0.5 { finish() } else { cancel() }
        default: break
        }
    }
}
