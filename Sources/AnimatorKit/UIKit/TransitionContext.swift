import AnimatorABI

/// The context of one transition: UIKit's UIViewControllerContextTransitioning.
///
/// A thin handle: every property asks the host. After the transition has ended the host
/// answers "stale handle"; the properties then answer their neutral values.
public final class TransitionContext: UIViewControllerContextTransitioning {
    let host: UnsafePointer<ah_host>
    /// The host's handle for this context.
    public let handle: ah_context

    init(host: UnsafePointer<ah_host>, handle: ah_context) {
        self.host = host
        self.handle = handle
    }

    /// The operation this transition performs.
    public var operation: Operations {
        var value: ah_operation = 0
        guard host.pointee.context_operation(host, handle, &value) == ah_status(AH_OK) else { return [] }
        return Operations(rawValue: value)
    }

    /// Whether the transition is animated.
    public var isAnimated: Bool {
        var value = false
        guard host.pointee.context_is_animated(host, handle, &value) == ah_status(AH_OK) else { return false }
        return value
    }

    /// Whether an interaction controller drives the transition.
    public var isInteractive: Bool {
        var value = false
        guard host.pointee.context_is_interactive(host, handle, &value) == ah_status(AH_OK) else { return false }
        return value
    }

    /// UITransitionContextViewKey.
    public typealias Key = UITransitionContextViewKey

    private var hasTransitions: Bool {
        host.pointee.abi.minor >= 2 && Int(host.pointee.struct_size) >= MemoryLayout<ah_host>.size
    }

    private func check(_ status: ah_status, _ what: String) -> Bool {
        HostLink(host: host).check(status, what)
    }

    /// containerView: where the transition's views go.
    public var containerView: UIView {
        var handle: ah_layer = 0
        if hasTransitions { _ = check(host.pointee.context_container_view(host, self.handle, &handle), "containerView") }
        return UIView.wrapping(handle, host: host)
    }

    /// view(forKey:): nil where UIKit gives nil (the presenting view of a custom presentation).
    public func view(forKey key: Key) -> UIView? {
        guard hasTransitions, let side = key.side else { return nil }
        var handle: ah_layer = 0
        guard check(host.pointee.context_view(host, self.handle, side, &handle), "view(forKey:)"), handle != 0 else {
            return nil
        }
        return UIView.wrapping(handle, host: host)
    }

    /// initialFrame(for:) of one side (the zero rect where UIKit has none).
    public func initialFrame(forKey key: Key) -> CGRect {
        var rect = ah_rect()
        if hasTransitions, let side = key.side { _ = check(host.pointee.context_initial_frame(host, handle, side, &rect), "initialFrame") }
        return CGRect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    /// finalFrame(for:) of one side (the zero rect for a view that will be removed).
    public func finalFrame(forKey key: Key) -> CGRect {
        var rect = ah_rect()
        if hasTransitions, let side = key.side { _ = check(host.pointee.context_final_frame(host, handle, side, &rect), "finalFrame") }
        return CGRect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    /// completeTransition(_:): call exactly once, with false when the transition was cancelled.
    public func completeTransition(_ didComplete: Bool) {
        guard hasTransitions else { return }
        _ = check(host.pointee.context_complete_transition(host, handle, didComplete), "completeTransition")
    }

    /// transitionWasCancelled.
    public var transitionWasCancelled: Bool {
        var value = false
        if hasTransitions { _ = host.pointee.context_was_cancelled(host, handle, &value) }
        return value
    }

    /// presentationStyle: how the presented view controller is presented.
    public var presentationStyle: UIModalPresentationStyle {
        var value: UInt32 = 0
        if hasTransitions { _ = host.pointee.context_presentation_style(host, handle, &value) }
        return UIModalPresentationStyle(rawValue: Int(value)) ?? .fullScreen
    }

    /// viewController(forKey:): the side's view controller, its view the side's view and
    /// its title the screen's name.
    ///
    /// Its `view` is the screen's own view: in a presentation or dismissal, that is not
    /// view(forKey:) where UIKit gives nil (the presenter of a custom presentation) or a
    /// presentation controller's wrapper. The same screen gives the same object every time.
    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        let side = key.viewKey
        guard let view = ownView(forKey: side) else {
            let controller = UIViewController(view: nil, side: side, context: self)
            controller.title = viewControllerName(forKey: side)
            return controller
        }
        let controller = UIViewController.object(for: view, side: side, context: self)
        if controller.title == nil { controller.title = viewControllerName(forKey: side) }
        return controller
    }

    /// The view controller's own view on one side: in a presentation or dismissal, the
    /// other side's presented or presenting view controller's view (ABI 1.6); else the
    /// side's view.
    private func ownView(forKey key: Key) -> UIView? {
        let operation = self.operation
        if operation.contains(.present) || operation.contains(.dismiss), let side = key.side {
            // The presented screen is .to when presenting and .from when dismissing.
            let presentedSide = operation.contains(.present) ? Key.to : Key.from
            let asking: Key = key == .to ? .from : .to
            let relation = key == presentedSide ? Int32(AH_RELATION_PRESENTED) : Int32(AH_RELATION_PRESENTING)
            if let other = asking.side, side != other,
               let found = related(side: other, relation: relation), found.view != 0 {
                return UIView.wrapping(found.view, host: host)
            }
        }
        return view(forKey: key)
    }

    /// context_related_view_controller (ABI 1.6): the view controller related to one side's.
    /// The view controllers of the navigation or tab bar controller related to `side`
    /// (ABI 1.11), bottom of the stack or first tab first: each its view's one object.
    func relatedChildren(side: UInt32, relation: Int32, count: Int) -> [UIViewController] {
        guard HostLink(host: host).hasWindow else { return [] }
        var children: [UIViewController] = []
        for index in 0..<count {
            var view: ah_layer = 0
            let status = host.pointee.context_related_child(host, handle, side, ah_relation(relation), UInt32(index), &view)
            guard HostLink(host: host).check(status, "viewControllers"), view != 0 else { return children }
            children.append(UIViewController.object(for: UIView.wrapping(view, host: host)))
        }
        return children
    }

    func related(side: UInt32, relation: Int32) -> ah_related_view_controller? {
        guard hasCoordinator, host.pointee.abi.minor >= 6 else { return nil }
        var out = ah_related_view_controller()
        out.struct_size = UInt32(MemoryLayout<ah_related_view_controller>.size)
        let status = host.pointee.context_related_view_controller(host, handle, side, ah_relation(relation), &out)
        guard HostLink(host: host).check(status, "related view controller"), out.exists else { return nil }
        return out
    }

    /// initialFrame(for:) of a view controller this context gave.
    public func initialFrame(for viewController: UIViewController) -> CGRect {
        viewController.side.map { initialFrame(forKey: $0) } ?? .zero
    }

    /// finalFrame(for:) of a view controller this context gave.
    public func finalFrame(for viewController: UIViewController) -> CGRect {
        viewController.side.map { finalFrame(forKey: $0) } ?? .zero
    }

    private var hasCoordinator: Bool {
        host.pointee.abi.minor >= 3 && Int(host.pointee.struct_size) >= MemoryLayout<ah_host>.size
    }

    /// percentComplete: the interaction's percent while one drives the transition, else
    /// the elapsed share of the duration (ABI 1.3; 0 on older hosts).
    public var percentComplete: Double {
        var value = 0.0
        if hasCoordinator { _ = host.pointee.context_percent_complete(host, handle, &value) }
        return value
    }

    /// The transition coordinator's animate(alongsideTransition:completion:) or, with
    /// `view`, animateAlongsideTransition(in:animation:completion:) (ABI 1.3).
    ///
    /// - Parameters:
    ///   - view: a view outside the container whose time should follow an interactive
    ///     transition, or nil.
    ///   - animation: runs once in the transition's timing, after animateTransition returns.
    ///   - completion: runs once after the transition, with whether it was cancelled.
    /// - Returns: false when the host refused (older host, or the transition is over).
    @discardableResult
    public func animateAlongside(in view: UIView? = nil, _ animation: (() -> Void)?,
                                 completion: ((_ cancelled: Bool) -> Void)? = nil) -> Bool {
        guard hasCoordinator else { return false }
        let box = CallbackBox(host: host, block: animation, completion: completion)
        let user = box.retained()
        let status = host.pointee.context_animate_alongside(
            host, handle, view?.layer.handle ?? AH_NULL_HANDLE,
            { pointer in
                let box = CallbackBox.from(pointer)
                CurrentHost.with(box.host) { box.block?() }
            },
            CallbackBox.runCompletionOnce, user)
        guard check(status, "animateAlongsideTransition") else {
            CallbackBox.release(user)
            return false
        }
        return true
    }

    /// updateInteractiveTransition(_:): the percent (0...1) an animator that is its own
    /// interaction controller shows (ABI 1.3).
    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        if hasCoordinator {
            _ = check(host.pointee.context_update_interactive(host, handle, percentComplete), "updateInteractiveTransition")
        }
    }

    /// Asks the host to scrub this transition by percent (UIPercentDrivenInteractiveTransition,
    /// ABI 1.5): the container's time freezes at the start; updates, finish and cancel move it.
    func drivePercent(completionSpeed: CGFloat, curve: UIView.AnimationCurve, animator: UIViewPropertyAnimator? = nil) {
        guard hasCoordinator, host.pointee.abi.minor >= 5 else {
            host.pointee.log(host, ah_log_level(AH_LOG_ERROR),
                             "UIPercentDrivenInteractiveTransition: this host is older than ABI 1.5")
            return
        }
        let kinds: [UIView.AnimationCurve: Int] = [.easeInOut: AH_TIMING_EASE_IN_OUT, .easeIn: AH_TIMING_EASE_IN,
                                                   .easeOut: AH_TIMING_EASE_OUT, .linear: AH_TIMING_LINEAR]
        var function = ah_timing_function()
        function.kind = ah_timing_kind(kinds[curve] ?? AH_TIMING_EASE_IN_OUT)
        _ = check(host.pointee.context_drive_percent(host, handle, completionSpeed, &function, animator?.handle ?? AH_NULL_HANDLE),
                  "UIPercentDrivenInteractiveTransition")
    }

    /// Runs `handler` at every switch between interactive and not (ABI 1.5); the handler is
    /// kept until the transition ends.
    func notifyInteractionChanges(_ handler: @escaping () -> Void) {
        guard hasCoordinator, host.pointee.abi.minor >= 5 else { return }
        let box = InteractionHandlerBox(host: host, handler: handler)
        let user = Unmanaged.passRetained(box).toOpaque()
        let status = host.pointee.context_notify_interaction_changes(host, handle, { user, _, _ in
            guard let user else { return }
            let box = Unmanaged<InteractionHandlerBox>.fromOpaque(user).takeUnretainedValue()
            CurrentHost.with(box.host) { box.handler() }
        }, { user in
            guard let user else { return }
            Unmanaged<InteractionHandlerBox>.fromOpaque(user).release()
        }, user)
        if !check(status, "notifyWhenInteractionChanges") { Unmanaged<InteractionHandlerBox>.fromOpaque(user).release() }
    }

    /// finishInteractiveTransition(): the interaction is over; the transition will complete.
    public func finishInteractiveTransition() {
        if hasCoordinator { _ = check(host.pointee.context_finish_interactive(host, handle), "finishInteractiveTransition") }
    }

    /// cancelInteractiveTransition(): the interaction is over; the transition will be cancelled.
    public func cancelInteractiveTransition() {
        if hasCoordinator { _ = check(host.pointee.context_cancel_interactive(host, handle), "cancelInteractiveTransition") }
    }

    /// pauseInteractiveTransition(): interactive again after a finish or cancel.
    public func pauseInteractiveTransition() {
        if hasCoordinator { _ = check(host.pointee.context_pause_interactive(host, handle), "pauseInteractiveTransition") }
    }

    /// viewController(forKey:), as the screen's name (ABI 1.3; nil on older hosts).
    public func viewControllerName(forKey key: Key) -> String? {
        guard hasCoordinator, let side = key.side else { return nil }
        var name: UnsafePointer<CChar>?
        guard check(host.pointee.context_view_controller_name(host, handle, side, &name), "viewController(forKey:)"),
              let name else { return nil }
        return String(cString: name)
    }

    /// targetTransform (ABI 1.3): the identity, as the host's screen never rotates.
    public var targetTransform: CGAffineTransform {
        var value = CATransform3DIdentity
        if hasCoordinator { _ = host.pointee.context_target_transform(host, handle, &value) }
        return CGAffineTransform(a: value.m11, b: value.m12, c: value.m21, d: value.m22, tx: value.m41, ty: value.m42)
    }

    /// Writes a message to the host's log for this run.
    ///
    /// - Parameters:
    ///   - message: the text.
    ///   - level: its severity.
    public func log(_ message: String, level: ah_log_level = ah_log_level(AH_LOG_INFO)) {
        host.pointee.log(host, level, message)
    }
}

/// A coordinator's interaction-change handler, kept for the host's calls.
private final class InteractionHandlerBox {
    let host: UnsafePointer<ah_host>
    let handler: () -> Void

    init(host: UnsafePointer<ah_host>, handler: @escaping () -> Void) {
        self.host = host
        self.handler = handler
    }
}
