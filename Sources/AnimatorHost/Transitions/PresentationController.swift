import AnimatorEngine

/// UIPresentationController: manages a custom presentation (modalPresentationStyle
/// `.custom`) from the moment it begins until the presented screen is dismissed. Subclass
/// it and override the hooks, as in UIKit; the runtime calls them at UIKit's moments:
///
/// - `presentationTransitionWillBegin()` after the will-appear callbacks and before
///   animateTransition (the coordinator is available on both screens), and
///   `presentationTransitionDidEnd(_:)` when the presentation completed or was cancelled;
/// - `dismissalTransitionWillBegin()` / `dismissalTransitionDidEnd(_:)` likewise;
/// - `containerViewWillLayoutSubviews()` / `containerViewDidLayoutSubviews()` when the
///   container lays out, after animateTransition of a presentation.
///
/// `frameOfPresentedViewInContainerView` is the to-view's final frame;
/// `presentedView` is what the transition context's view(forKey: .to) (presenting) and
/// view(forKey: .from) (dismissing) return: the presented screen's view or a wrapper.
open class PresentationController {
    /// The screen being presented.
    public let presentedViewController: ViewController
    /// The screen presenting it.
    public let presentingViewController: ViewController
    /// The container of the transitions, once the presentation began.
    public internal(set) var containerView: View?
    /// The transition in progress (presentation or dismissal), while one runs.
    var currentTransition: TransitionState?

    /// Creates a presentation controller for a presentation.
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// Where the presented view ends up in the container (default: the whole container).
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// The view animated in and out: the presented screen's view by default.
    open var presentedView: View { presentedViewController.view }

    /// Whether the presenting view leaves the screen when the presentation completes
    /// (false by default: a custom presentation keeps it).
    open var shouldRemovePresentersView: Bool { false }

    /// The presentation transition is about to begin.
    open func presentationTransitionWillBegin() {}

    /// The presentation transition ended: `completed` is false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// The dismissal transition is about to begin.
    open func dismissalTransitionWillBegin() {}

    /// The dismissal transition ended: `completed` is false when it was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// containerViewWillLayoutSubviews(): the container is about to lay out its subviews.
    /// The runtime lays the container out once as a presentation begins, after the
    /// animator's animateTransition and before the first frame, as UIKit's layout pass
    /// follows it (the window does not change size during a run).
    open func containerViewWillLayoutSubviews() {}

    /// containerViewDidLayoutSubviews(): the container laid out its subviews.
    open func containerViewDidLayoutSubviews() {}

    /// viewWillTransition(to:with:) and what follows it, phase by phase (`SizeChange`): the
    /// window changes size while the presentation is shown. The runtime itself sets the
    /// container's new bounds and the presented view's frame (from
    /// `frameOfPresentedViewInContainerView`) in the `.animate` phase, just before it.
    open func sizeChange(_ change: SizeChange) {}

    /// A tap at `point` (in the container's coordinates) while the presented screen is
    /// shown: whether it asks for the dismissal, as a tap gesture recognizer on a dimming
    /// view would (default: no).
    open func handleTap(at point: Point) -> Bool { false }
}
