/// UIPopoverPresentationController: the presentation controller of a `.popover`
/// presentation. The host draws no popovers (`.popover` is not one of the styles it shows),
/// so a view controller's `popoverPresentationController` is nil, as UIKit's is for every
/// presentation that is not a popover; code that configures a popover when there is one
/// (`vc.popoverPresentationController?.sourceView = ...`) reads as on an iPhone.
open class UIPopoverPresentationController: UIPresentationController {
    /// The view the popover points at.
    open var sourceView: UIView?
    /// The rectangle in `sourceView` it points at.
    open var sourceRect = CGRect.zero
}

/// UIPopoverPresentationControllerDelegate: a popover's delegate (its adaptation is
/// UIAdaptivePresentationControllerDelegate's), for delegates that adopt it beside the
/// others.
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {}

extension UIViewController {
    /// popoverPresentationController: nil, as in UIKit for a presentation that is not a
    /// popover (the host draws none).
    public var popoverPresentationController: UIPopoverPresentationController? { nil }
}
