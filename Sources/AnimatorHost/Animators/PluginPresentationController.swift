import AnimatorABI
import AnimatorEngine

/// A presentation controller an animator library supplies through the C ABI
/// (`ah_presentation_controller`), as a `PresentationController`. Each hook gets its own
/// context handle on the transition, closed when the hook returns.
final class PluginPresentationController: PresentationController {
    private let controller: UnsafePointer<ah_presentation_controller>
    private let session: HostSession
    private let fields: Int
    private var wrapper: View?
    /// The animator instance that supplied the controller: kept alive until the controller
    /// is destroyed, since a plugin's controller may share the instance's data (the ABI
    /// promises this order).
    private let supplier: AnyObject

    init(_ controller: UnsafePointer<ah_presentation_controller>, supplier: AnyObject, session: HostSession,
         presented: ViewController, presenting: ViewController) {
        self.controller = controller
        self.supplier = supplier
        self.session = session
        fields = Int(controller.pointee.struct_size)
        super.init(presentedViewController: presented, presenting: presenting)
    }

    deinit {
        // Destroyed before the supplying instance is released (after this body).
        session.calling(.presentationController, nil) { controller.pointee.destroy?(controller) }
    }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let container = containerView else { return .zero }
        guard let frame = controller.pointee.frame_of_presented_view else { return container.bounds }
        return HostSession.swiftRect(session.calling(.presentationController, nil) { frame(controller, HostSession.cRect(container.bounds)) })
    }

    override var presentedView: View { wrapper ?? presentedViewController.view }

    override var shouldRemovePresentersView: Bool { controller.pointee.should_remove_presenters_view }

    override func presentationTransitionWillBegin() {
        guard let hook = controller.pointee.presentation_will_begin else { return }
        let handle = withContext { context in session.calling(.presentationController, nil) { hook(controller, context) } }
        if let handle, handle != AH_NULL_HANDLE, let view = try? session.view(handle) { wrapper = view }
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        session.calling(.presentationController, nil) { controller.pointee.presentation_did_end?(controller, completed) }
        if !completed { wrapper = nil }
    }

    override func dismissalTransitionWillBegin() {
        guard let hook = controller.pointee.dismissal_will_begin else { return }
        withContext { context in session.calling(.presentationController, nil) { hook(controller, context) } }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        session.calling(.presentationController, nil) { controller.pointee.dismissal_did_end?(controller, completed) }
    }

    override func handleTap(at point: Point) -> Bool {
        guard covers(\.tap), let tap = controller.pointee.tap,
              let container = containerView else { return false }
        return session.calling(.presentationController, nil) { tap(controller, ah_point(x: point.x, y: point.y), HostSession.cRect(container.bounds)) }
    }

    override func containerViewWillLayoutSubviews() {
        guard covers(\.container_will_layout), let hook = controller.pointee.container_will_layout else { return }
        withContext { context in session.calling(.presentationController, nil) { hook(controller, context) } }
    }

    override func containerViewDidLayoutSubviews() {
        guard covers(\.container_did_layout), let hook = controller.pointee.container_did_layout else { return }
        withContext { context in session.calling(.presentationController, nil) { hook(controller, context) } }
    }

    override func sizeChange(_ change: SizeChange) {
        guard covers(\.size_change), let hook = controller.pointee.size_change else { return }
        var value = change.cValue
        withContext { context in session.calling(.presentationController, nil) { hook(controller, context, &value) } }
    }

    /// Whether the plugin's struct_size covers `field` (appended after 1.3's required part).
    private func covers<T>(_ field: KeyPath<ah_presentation_controller, T>) -> Bool {
        fields >= MemoryLayout<ah_presentation_controller>.offset(of: field)! + MemoryLayout<T>.size
    }

    /// Runs `body` with a context handle on the transition in progress.
    @discardableResult
    private func withContext<R>(_ body: (ah_context) -> R) -> R? {
        guard let state = currentTransition else { return nil }
        let context = session.openContext(ContextState(operation: state.operation, isAnimated: state.isAnimated,
                                                       isInteractive: state.isInteractive, transition: state))
        defer { session.closeContext(context) }
        return body(context)
    }
}
