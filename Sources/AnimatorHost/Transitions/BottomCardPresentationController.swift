import AnimatorEngine

/// Seed 004's bottom card (after Apple's custom presentation sample): the presented
/// screen rises as a card of `height` points at the bottom of the screen, in a wrapper
/// with a shadow (opacity 0.44, radius 13, offset (0, −6)) around a view with rounded top
/// corners (the rounded view reaches `cornerRadius` below the wrapper, so its bottom
/// corners are off screen); a black dimming view behind it fades from 0 to 0.5 alongside
/// the presentation and back to 0 alongside the dismissal; a tap on the dimming view
/// dismisses.
public final class BottomCardPresentationController: PresentationController {
    /// The card's height.
    public let height: Double
    /// The radius of the card's top corners.
    public let cornerRadius: Double
    /// The dimming view, once the presentation began.
    public private(set) var dimmingView: View?
    /// The wrapper with the shadow: the presentedView.
    private var wrapper: View?

    /// Creates a bottom card presentation.
    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController,
                height: Double = 300, cornerRadius: Double = 16) {
        self.height = height
        self.cornerRadius = cornerRadius
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let cardHeight = min(height, bounds.size.height)
        return Rect(x: 0, y: bounds.size.height - cardHeight, width: bounds.size.width, height: cardHeight)
    }

    public override var presentedView: View { wrapper ?? presentedViewController.view }

    public override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        let engine = container.engine
        let frame = frameOfPresentedViewInContainerView
        let wrapper = engine.makeView(frame: frame, name: "card shadow")
        wrapper.layer.shadowOpacity = 0.44
        wrapper.layer.shadowRadius = 13
        wrapper.layer.shadowOffset = Size(width: 0, height: -6)
        let rounded = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width,
                                                  height: frame.size.height + cornerRadius), name: "card corners")
        rounded.layer.cornerRadius = cornerRadius
        rounded.layer.masksToBounds = true
        presentedViewController.view.frame = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        try? rounded.addSubview(presentedViewController.view)
        try? wrapper.addSubview(rounded)
        self.wrapper = wrapper

        let dimming = engine.makeView(frame: container.bounds, name: "dimming")
        dimming.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        dimming.alpha = 0
        try? container.addSubview(dimming)
        dimmingView = dimming
        presentingViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dimming.alpha = 0.5 })
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        guard !completed else { return }
        dimmingView?.removeFromSuperview()
        dimmingView = nil
        wrapper = nil
    }

    public override func dismissalTransitionWillBegin() {
        guard let dimming = dimmingView else { return }
        presentingViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dimming.alpha = 0 })
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else { return }
        dimmingView?.removeFromSuperview()
        dimmingView = nil
    }

    /// A tap on the dimming view dismisses (dimmingViewTapped: in the seed).
    override public func handleTap(at point: Point) -> Bool {
        isDismissingTap(at: point)
    }

    /// A tap at `point` (window coordinates): whether it lands on the dimming view, which
    /// asks for the dismissal (dimmingViewTapped: in the seed).
    public func isDismissingTap(at point: Point) -> Bool {
        guard let dimming = dimmingView, let window = rootView(of: dimming) else { return false }
        return window.hitTest(point) == dimming
    }

    private func rootView(of view: View) -> View? {
        var cursor = view
        while let parent = cursor.superview { cursor = parent }
        return cursor
    }
}
