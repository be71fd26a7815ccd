import AnimatorABI
import Foundation

/// UIPresentationController, in UIKit's shape: manages a custom presentation from the
/// moment it begins until the presented view controller is dismissed. Subclass it and
/// override what you need, as on iOS; make it in your transitioning delegate's
/// `presentationController(forPresented:presenting:source:)`.
///
/// The host calls the overrides at UIKit's moments: `presentationTransitionWillBegin()`
/// after the will-appear callbacks and before the animator's animateTransition (the
/// presented view controller's `transitionCoordinator` takes alongside animations),
/// `containerViewWillLayoutSubviews()` and `containerViewDidLayoutSubviews()` in the layout
/// pass after animateTransition, `presentationTransitionDidEnd(_:)` when the presentation
/// completed or was cancelled, and the dismissal's two likewise. `containerView` is set from
/// the moment the presentation is asked for until the dismissal ends.
///
/// A tap in the container reaches the `UITapGestureRecognizer`s of the view under it (a
/// dimming view's), whose handler may call `dismiss(animated:)` on either view controller:
/// the host then dismisses the presented one.
open class UIPresentationController: NSObject {
    private let presented: UIViewController
    /// The presenter given at init, or (given nil) the presentation's own, once it began.
    private var presenter: UIViewController?
    /// The container of the presentation's transitions: set when the presentation is asked
    /// for, nil after the dismissal ended.
    public internal(set) var containerView: UIView?
    /// The adaptive presentation delegate: asked, when the presentation begins in a
    /// horizontally compact environment (an iPhone), for the style to adapt to.
    public weak var delegate: UIAdaptivePresentationControllerDelegate?
    /// The full-screen style the presentation adapted to (its delegate said so where the
    /// width is compact), or nil: your controller's chrome and frame are not used then.
    private(set) var adaptedStyle: UIModalPresentationStyle?
    /// Completions of dismissals asked for, run when the dismissal ends.
    private var dismissalCompletions: [() -> Void] = []
    /// Whether a dismissal was asked for while taps were delivered.
    private var dismissalRequested = false
    /// Whether taps are being delivered (a dismissal asked for now is run by the host).
    private var deliveringTap = false
    /// Whether the dismissal runs.
    private(set) var isDismissing = false

    /// init(presentedViewController:presenting:): the controller for presenting
    /// `presentedViewController` from `presentingViewController` (nil: the source's).
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        presented = presentedViewController
        presenter = presentingViewController
        super.init()
        presented.presentationController = self
        presentingViewController?.presentingController = self
    }

    /// The view controller being presented.
    public var presentedViewController: UIViewController { presented }

    /// The view controller presenting it (given nil at init, the presented one until the
    /// presentation begins and the host names its presenter).
    public var presentingViewController: UIViewController { presenter ?? presented }

    /// presentedView: the view animated on and off screen (the presented view
    /// controller's view by default). Override it to return a view wrapping that one (a
    /// rounded, shadowed card): view(forKey:) gives it to the animators.
    open var presentedView: UIView? { presented.view }

    /// frameOfPresentedViewInContainerView: where the presented view ends up (default:
    /// the whole container); the animator's finalFrame(for:) of the presented side.
    open var frameOfPresentedViewInContainerView: CGRect { containerView?.bounds ?? .zero }

    /// shouldRemovePresentersView (default false: the presenting view stays visible).
    open var shouldRemovePresentersView: Bool { false }

    /// shouldPresentInFullscreen (default true). Kept for UIKit's shape; the host's
    /// presentations always cover the window.
    open var shouldPresentInFullscreen: Bool { true }

    /// presentationStyle: `.custom`, the style of every presentation with a controller of yours.
    open var presentationStyle: UIModalPresentationStyle { .custom }

    /// adaptivePresentationStyle: the style it adapts to in a horizontally compact
    /// environment: the delegate's answer, or `.none` (no adaptation) without a delegate,
    /// as UIKit's. Not meant to be overridden (UIKit adapts by its delegate's answer, not
    /// by an override of this property).
    open var adaptivePresentationStyle: UIModalPresentationStyle { adaptivePresentationStyle(for: traitCollection) }

    /// adaptivePresentationStyle(for:): the style for `traitCollection`: the delegate's
    /// `adaptivePresentationStyle(for:traitCollection:)`, or `.none` without a delegate.
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        delegate?.adaptivePresentationStyle(for: self, traitCollection: traitCollection) ?? .none
    }

    /// Decides, as the presentation begins, whether it adapts: where the width is compact
    /// and the delegate answers `.fullScreen` or `.overFullScreen`, the presented view
    /// controller's view covers the container as those styles show it (no wrapper, no
    /// chrome: the overrides of the presentation's moments are not called), the presenter's
    /// view leaving with `.fullScreen`. The delegate hears
    /// `presentationController(_:willPresentWithAdaptiveStyle:transitionCoordinator:)`.
    func adaptAtPresentation() {
        let traits = traitCollection
        var style = traits.horizontalSizeClass == .compact ? adaptivePresentationStyle(for: traits) : .none
        if style != .fullScreen && style != .overFullScreen {
            if style != .none, let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                               "adaptivePresentationStyle: \(style) is not a full-screen style (UIKit takes .fullScreen, "
                               + ".overFullScreen or .none): not adapted")
            }
            style = .none
        }
        adaptedStyle = style == .none ? nil : style
        delegate?.presentationController(self, willPresentWithAdaptiveStyle: style,
                                         transitionCoordinator: presented.transitionCoordinator)
    }

    /// The traits the app runs with.
    public var traitCollection: UITraitCollection { .current }

    /// presentationTransitionWillBegin(): add chrome to the container (a dimming view) and
    /// animate it alongside through `presentedViewController.transitionCoordinator`.
    open func presentationTransitionWillBegin() {}

    /// presentationTransitionDidEnd(_:): `completed` is false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// dismissalTransitionWillBegin(): animate the chrome away alongside.
    open func dismissalTransitionWillBegin() {}

    /// dismissalTransitionDidEnd(_:): `completed` is false when it was cancelled (the
    /// presentation stays); remove the chrome when it is true.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// containerViewWillLayoutSubviews(): the usual body sets `presentedView?.frame` to
    /// `frameOfPresentedViewInContainerView` and stretches the chrome over the container.
    open func containerViewWillLayoutSubviews() {}

    /// containerViewDidLayoutSubviews().
    open func containerViewDidLayoutSubviews() {}

    /// viewWillTransition(to:with:): the window is about to change size to `size` (a
    /// rotation, a resize: a flow's "rotate" step). Give the coordinator what goes along:
    /// its alongside animations run inside the change's animation, after the host set the
    /// container's new bounds and called `containerViewWillLayoutSubviews()`, placed the
    /// presented view at `frameOfPresentedViewInContainerView` and called
    /// `containerViewDidLayoutSubviews()`.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    /// size(forChildContentContainer:withParentContainerSize:): the presented content's
    /// size in a parent of `parentSize` (default: the parent's).
    open func size(forChildContentContainer container: UIContentContainer,
                   withParentContainerSize parentSize: CGSize) -> CGSize {
        parentSize
    }

    /// preferredContentSizeDidChange(forChildContentContainer:): the presented view
    /// controller's preferred size changed.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}

    // MARK: The host's calls

    /// Gives both view controllers the hook's context (their transitionCoordinator) and
    /// the container.
    func attach(_ context: TransitionContext, presenting isPresenting: Bool) {
        containerView = context.containerView
        presented.context = context
        presented.side = isPresenting ? .to : .from
        if presenter == nil, let found = context.viewController(forKey: isPresenting ? .from : .to) {
            presenter = found
            found.presentingController = self
        }
        presenter?.context = context
        presenter?.side = isPresenting ? .from : .to
    }

    /// A view controller asked for the dismissal (dismiss(animated:completion:)).
    func requestDismissal(completion: (() -> Void)?) {
        if deliveringTap {
            dismissalRequested = true
        } else if !isDismissing, let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "dismiss(animated:) outside a tap or the dismissal itself: the host's script starts "
                           + "transitions; nothing was dismissed")
            return
        }
        if let completion { dismissalCompletions.append(completion) }
    }

    /// Delivers a tap at `point` (in the container's coordinates) to the tap recognizers of
    /// the view under it and its superviews; returns whether a handler asked for the dismissal.
    func tap(at point: CGPoint) -> Bool {
        guard let containerView else { return false }
        deliveringTap = true
        dismissalRequested = false
        defer { deliveringTap = false }
        if let hit = containerView.hitTest(point, with: nil) {
            _ = hit.deliverTap(atWindowPoint: containerView.convert(point, to: nil), upTo: containerView)
        }
        if !dismissalRequested { dismissalCompletions.removeAll() }
        return dismissalRequested
    }

    /// The dismissal began.
    func dismissalBegan(_ context: TransitionContext) {
        isDismissing = true
        attach(context, presenting: false)
        if adaptedStyle == nil { dismissalTransitionWillBegin() }
    }

    /// The dismissal ended: completions run when it completed.
    func dismissalEnded(_ completed: Bool) {
        if adaptedStyle == nil { dismissalTransitionDidEnd(completed) }
        isDismissing = false
        let completions = dismissalCompletions
        dismissalCompletions.removeAll()
        if completed {
            containerView = nil
            for completion in completions { completion() }
        }
    }
}

/// UIAdaptivePresentationControllerDelegate: asked how a presentation adapts to a
/// compact environment. Every method has UIKit's default.
public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    /// The style to adapt to where the width is compact: `.fullScreen`, `.overFullScreen`,
    /// or `.none` for no adaptation.
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    /// The same for the traits given (iOS 8.3); by default, the answer of the one above.
    func adaptivePresentationStyle(for controller: UIPresentationController,
                                   traitCollection: UITraitCollection) -> UIModalPresentationStyle
    /// Told as the presentation begins which style it adapts to (`.none`: none).
    func presentationController(_ presentationController: UIPresentationController,
                                willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: UIViewControllerTransitionCoordinator?)
}

extension UIAdaptivePresentationControllerDelegate {
    /// `.none`: a custom presentation keeps its look.
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        .none
    }
    /// The answer of `adaptivePresentationStyle(for:)`.
    public func adaptivePresentationStyle(for controller: UIPresentationController,
                                          traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }
    /// Nothing.
    public func presentationController(_ presentationController: UIPresentationController,
                                       willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                       transitionCoordinator: UIViewControllerTransitionCoordinator?) {}
}

/// UIContentContainer: what a view controller tells its container about its size.
public protocol UIContentContainer: AnyObject {
    /// The size it prefers for its content.
    var preferredContentSize: CGSize { get }
}

/// A controller handed to the host: the C struct and the Swift object it calls.
final class PresentationControllerBox {
    let controller: UIPresentationController
    let host: UnsafePointer<ah_host>
    /// The coordinator of a change of the window's size in progress.
    var sizeCoordinator: SizeTransitionCoordinator?

    init(controller: UIPresentationController, host: UnsafePointer<ah_host>) {
        self.controller = controller
        self.host = host
    }

    static func from(_ c: UnsafePointer<ah_presentation_controller>?) -> PresentationControllerBox? {
        guard let data = c?.pointee.controller_data else { return nil }
        return Unmanaged<PresentationControllerBox>.fromOpaque(data).takeUnretainedValue()
    }

    /// Runs `body` with the controller, the host current and the hook's context attached.
    private static func call<R>(_ this: UnsafePointer<ah_presentation_controller>?, _ ctx: ah_context?,
                                presenting: Bool, default value: R,
                                _ body: (UIPresentationController) -> R) -> R {
        guard let box = from(this) else { return value }
        return CurrentHost.with(box.host) {
            if let ctx { box.controller.attach(TransitionContext(host: box.host, handle: ctx), presenting: presenting) }
            return body(box.controller)
        }
    }

    /// The C controller for `controller`; its `destroy` frees both.
    static func make(_ controller: UIPresentationController,
                     host: UnsafePointer<ah_host>) -> UnsafeMutablePointer<ah_presentation_controller> {
        let box = PresentationControllerBox(controller: controller, host: host)
        CurrentHost.with(host) { controller.adaptAtPresentation() }
        let removesPresenter = controller.adaptedStyle.map { $0 == .fullScreen } ?? controller.shouldRemovePresentersView
        let c = UnsafeMutablePointer<ah_presentation_controller>.allocate(capacity: 1)
        c.initialize(to: ah_presentation_controller(
            abi: currentABI, struct_size: UInt32(MemoryLayout<ah_presentation_controller>.size),
            controller_data: Unmanaged.passRetained(box).toOpaque(),
            should_remove_presenters_view: removesPresenter,
            frame_of_presented_view: { this, bounds in
                PresentationControllerBox.call(this, nil, presenting: true, default: CGRect(bounds)) { controller in
                    controller.adaptedStyle == nil ? controller.frameOfPresentedViewInContainerView : CGRect(bounds)
                }.cValue
            },
            presentation_will_begin: { this, ctx in
                PresentationControllerBox.call(this, ctx, presenting: true, default: ah_layer(AH_NULL_HANDLE)) { controller in
                    guard controller.adaptedStyle == nil else { return ah_layer(AH_NULL_HANDLE) }
                    controller.presentationTransitionWillBegin()
                    // A wrapper stands for the presented view; the view itself needs none.
                    guard let shown = controller.presentedView, shown !== controller.presentedViewController.viewIfLoaded
                    else { return ah_layer(AH_NULL_HANDLE) }
                    return shown.layer.handle
                }
            },
            presentation_did_end: { this, completed in
                PresentationControllerBox.call(this, nil, presenting: true, default: ()) { controller in
                    if controller.adaptedStyle == nil { controller.presentationTransitionDidEnd(completed) }
                    if !completed { controller.containerView = nil }
                }
            },
            dismissal_will_begin: { this, ctx in
                guard let box = PresentationControllerBox.from(this) else { return }
                CurrentHost.with(box.host) { box.controller.dismissalBegan(TransitionContext(host: box.host, handle: ctx)) }
            },
            dismissal_did_end: { this, completed in
                PresentationControllerBox.call(this, nil, presenting: false, default: ()) { controller in controller.dismissalEnded(completed) }
            },
            destroy: { this in
                guard let this, let data = this.pointee.controller_data else { return }
                Unmanaged<PresentationControllerBox>.fromOpaque(data).release()
                UnsafeMutablePointer(mutating: this).deinitialize(count: 1)
                UnsafeMutablePointer(mutating: this).deallocate()
            },
            tap: { this, point, _ in
                PresentationControllerBox.call(this, nil, presenting: true, default: false) { controller in
                    controller.tap(at: CGPoint(x: point.x, y: point.y))
                }
            },
            container_will_layout: { this, ctx in
                PresentationControllerBox.call(this, ctx, presenting: true, default: ()) { controller in
                    if controller.adaptedStyle == nil { controller.containerViewWillLayoutSubviews() }
                }
            },
            container_did_layout: { this, ctx in
                PresentationControllerBox.call(this, ctx, presenting: true, default: ()) { controller in
                    if controller.adaptedStyle == nil { controller.containerViewDidLayoutSubviews() }
                }
            },
            size_change: { this, ctx, change in
                guard let box = PresentationControllerBox.from(this), let change else { return }
                PresentationControllerBox.call(this, ctx, presenting: true, default: ()) { controller in
                    switch change.pointee.phase {
                    case UInt32(AH_SIZE_CHANGE_WILL):
                        // The old size of the view the host moves: a wrapper's, or the presented view's.
                        let coordinator = SizeTransitionCoordinator(change: change.pointee,
                                                                    oldSize: controller.presentedView?.bounds.size ?? .zero)
                        box.sizeCoordinator = coordinator
                        controller.viewWillTransition(to: coordinator.size, with: coordinator)
                    case UInt32(AH_SIZE_CHANGE_ANIMATE):
                        // A wrapper the host gave its new frame: what it wraps follows by
                        // its autoresizing mask, as in UIKit.
                        if let wrapper = controller.presentedView, wrapper !== controller.presentedViewController.viewIfLoaded,
                           wrapper.autoresizesSubviews, let coordinator = box.sizeCoordinator {
                            wrapper.resizeSubviews(from: coordinator.oldSize, to: wrapper.bounds.size)
                        }
                        box.sizeCoordinator?.runAlongside()
                    case UInt32(AH_SIZE_CHANGE_DID):
                        box.sizeCoordinator?.complete()
                        box.sizeCoordinator = nil
                    default:
                        return
                    }
                }
            }))
        return c
    }
}

extension CGRect {
    /// A rectangle from the ABI's.
    init(_ c: ah_rect) {
        self.init(x: c.origin.x, y: c.origin.y, width: c.size.width, height: c.size.height)
    }

    /// The ABI's rectangle.
    var cValue: ah_rect {
        ah_rect(origin: ah_point(x: origin.x, y: origin.y), size: ah_size(width: size.width, height: size.height))
    }
}
