import AnimatorABI
import Foundation

/// The coordinator viewWillTransition(to:with:) receives when the window changes size (a
/// rotation, a resize): its alongside animations run inside the change's animation, its
/// completions after it, as UIKit runs them. One per receiver and change; the host drives
/// it through the three phases of `ah_size_change`.
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    /// The change, as the host described it.
    let change: ah_size_change
    /// The size of the receiver's view before the change (its subviews are resized from it).
    let oldSize: CGSize
    /// The traits before the change, when it changes a size class (traitCollectionDidChange
    /// follows at its end).
    var previousTraits: UITraitCollection?
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var ran = false

    init(change: ah_size_change, oldSize: CGSize) {
        self.change = change
        self.oldSize = oldSize
    }

    /// The window's size after the change.
    var size: CGSize { CGSize(width: change.to.width, height: change.to.height) }

    var isAnimated: Bool { change.duration > 0 }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var percentComplete: CGFloat { ran ? 1 : 0 }
    /// The window, whose size changes.
    var containerView: UIView { UIApplication.shared.keyWindow ?? UIView() }
    /// transitionDuration: how long the change animates.
    var transitionDuration: TimeInterval { change.duration }
    /// targetTransform: a rotation by the interface's turn (−π/2 to landscape), or identity.
    var targetTransform: CGAffineTransform {
        change.rotation == 0 ? .identity : CGAffineTransform(rotationAngle: change.rotation)
    }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !ran || completion != nil else { return false }
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// A size change is never interactive: the handler is never called.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void) {}

    /// The `.animate` phase: the alongside animations, in the order they were given.
    func runAlongside() {
        let blocks = alongside
        alongside = []
        for block in blocks { block(self) }
        ran = true
    }

    /// The `.did` phase: the completions.
    func complete() {
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
    }
}
