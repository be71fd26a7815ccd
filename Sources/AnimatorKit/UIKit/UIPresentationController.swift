import AnimatorABI

/// UIPresentationController: manages a custom presentation from the moment it begins until
/// the presented screen is dismissed. Subclass it and override what you need; the host
/// calls the hooks at UIKit's moments, each with the context of the transition it belongs
/// to (its container, its views, its coordinator for alongside animations), valid during
/// the call.
///
/// Differences from UIKit, all due to the host owning the screens: the hooks receive the
/// transition context instead of reading `presentedViewController.transitionCoordinator`;
/// `presentationTransitionWillBegin` returns the wrapper view (UIKit's `presentedView`
/// override) instead of the class overriding a property; a tap on the container arrives
/// as `handleTap(at:containerBounds:)`, whose answer asks the host to dismiss.
open class UIPresentationController {
    /// Creates a controller.
    public init() {}

    /// shouldRemovePresentersView (default false: the presenting screen stays visible).
    open var shouldRemovePresentersView: Bool { false }

    /// frameOfPresentedViewInContainerView, for a container with `containerBounds`
    /// (default: the whole container).
    ///
    /// - Returns: the presented view's final frame (view(forKey: .to)'s, when presenting).
    open func frameOfPresentedView(inContainerBounds containerBounds: CGRect) -> CGRect { containerBounds }

    /// presentationTransitionWillBegin(), before the animator's animateTransition: add
    /// chrome to the container (a dimming view) and animate it alongside.
    ///
    /// - Returns: a view wrapping the presented screen's view (it becomes what
    ///   view(forKey: .to) returns), or nil to present the screen's own view.
    open func presentationTransitionWillBegin(_ transitionContext: TransitionContext) -> UIView? { nil }

    /// presentationTransitionDidEnd(_:): `completed` is false when it was cancelled.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// dismissalTransitionWillBegin(), before the dismissing animator's animateTransition.
    open func dismissalTransitionWillBegin(_ transitionContext: TransitionContext) {}

    /// dismissalTransitionDidEnd(_:): `completed` is false when it was cancelled.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// A tap in the container while the presented screen is shown, at `point` in the
    /// container's coordinates (what a tap gesture recognizer on a dimming view gets).
    ///
    /// - Returns: true to have the presented screen dismissed (default: false).
    open func handleTap(at point: CGPoint, containerBounds: CGRect) -> Bool { false }
}

/// A controller handed to the host: the C struct and the Swift object it calls.
final class PresentationControllerBox {
    let controller: UIPresentationController
    let host: UnsafePointer<ah_host>

    init(controller: UIPresentationController, host: UnsafePointer<ah_host>) {
        self.controller = controller
        self.host = host
    }

    static func from(_ c: UnsafePointer<ah_presentation_controller>?) -> PresentationControllerBox? {
        guard let data = c?.pointee.controller_data else { return nil }
        return Unmanaged<PresentationControllerBox>.fromOpaque(data).takeUnretainedValue()
    }

    /// The C controller for `controller`; its `destroy` frees both.
    static func make(_ controller: UIPresentationController,
                     host: UnsafePointer<ah_host>) -> UnsafeMutablePointer<ah_presentation_controller> {
        let box = PresentationControllerBox(controller: controller, host: host)
        let c = UnsafeMutablePointer<ah_presentation_controller>.allocate(capacity: 1)
        c.initialize(to: ah_presentation_controller(
            abi: currentABI, struct_size: UInt32(MemoryLayout<ah_presentation_controller>.size),
            controller_data: Unmanaged.passRetained(box).toOpaque(),
            should_remove_presenters_view: controller.shouldRemovePresentersView,
            frame_of_presented_view: { this, bounds in
                guard let box = PresentationControllerBox.from(this) else { return bounds }
                let frame = CurrentHost.with(box.host) {
                    box.controller.frameOfPresentedView(inContainerBounds: CGRect(bounds))
                }
                return frame.cValue
            },
            presentation_will_begin: { this, ctx in
                guard let box = PresentationControllerBox.from(this) else { return ah_layer(AH_NULL_HANDLE) }
                let wrapper = CurrentHost.with(box.host) {
                    box.controller.presentationTransitionWillBegin(TransitionContext(host: box.host, handle: ctx))
                }
                return wrapper?.layer.handle ?? ah_layer(AH_NULL_HANDLE)
            },
            presentation_did_end: { this, completed in
                guard let box = PresentationControllerBox.from(this) else { return }
                CurrentHost.with(box.host) { box.controller.presentationTransitionDidEnd(completed) }
            },
            dismissal_will_begin: { this, ctx in
                guard let box = PresentationControllerBox.from(this) else { return }
                CurrentHost.with(box.host) {
                    box.controller.dismissalTransitionWillBegin(TransitionContext(host: box.host, handle: ctx))
                }
            },
            dismissal_did_end: { this, completed in
                guard let box = PresentationControllerBox.from(this) else { return }
                CurrentHost.with(box.host) { box.controller.dismissalTransitionDidEnd(completed) }
            },
            destroy: { this in
                guard let this, let data = this.pointee.controller_data else { return }
                Unmanaged<PresentationControllerBox>.fromOpaque(data).release()
                UnsafeMutablePointer(mutating: this).deinitialize(count: 1)
                UnsafeMutablePointer(mutating: this).deallocate()
            },
            tap: { this, point, bounds in
                guard let box = PresentationControllerBox.from(this) else { return false }
                return CurrentHost.with(box.host) {
                    box.controller.handleTap(at: CGPoint(x: point.x, y: point.y), containerBounds: CGRect(bounds))
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
