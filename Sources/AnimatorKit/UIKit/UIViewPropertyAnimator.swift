import AnimatorABI

/// UIViewPropertyAnimator, reached through the host. Calls UIKit would trap on throw.
public final class UIViewPropertyAnimator {
    /// UIViewAnimatingState.
    public enum State: UInt32, Sendable { case inactive = 0, active = 1, stopped = 2 }
    /// UIViewAnimatingPosition.
    public enum Position: UInt32, Sendable { case end = 0, start = 1, current = 2 }

    let link: HostLink
    let handle: ah_property_animator

    private init(link: HostLink, duration: Double, parameters: ah_timing_parameters) {
        self.link = link
        var handle: ah_property_animator = 0
        var parameters = parameters
        link.check(link.table.animator_create(link.host, duration, &parameters, &handle), "UIViewPropertyAnimator")
        self.handle = handle
    }

    deinit {
        _ = link.table.animator_release?(link.host, handle)
    }

    private convenience init(duration: Double, parameters: ah_timing_parameters, animations: (() -> Void)?) {
        self.init(link: HostLink.current ?? HostLink(host: CALayer.inert), duration: duration, parameters: parameters)
        if let animations { addAnimations(animations) }
    }

    private static func cubic(_ kind: Int, _ x1: Double = 0, _ y1: Double = 0, _ x2: Double = 0, _ y2: Double = 0) -> ah_timing_parameters {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_CUBIC)
        p.curve = ah_timing_function(kind: ah_timing_kind(kind), x1: x1, y1: y1, x2: x2, y2: y2)
        return p
    }

    /// init(duration:curve:animations:).
    public convenience init(duration: Double, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        let kinds = [AH_TIMING_EASE_IN_OUT, AH_TIMING_EASE_IN, AH_TIMING_EASE_OUT, AH_TIMING_LINEAR]
        self.init(duration: duration, parameters: UIViewPropertyAnimator.cubic(kinds[curve.rawValue]), animations: animations)
    }

    /// init(duration:controlPoint1:controlPoint2:animations:).
    public convenience init(duration: Double, controlPoint1: CGPoint, controlPoint2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  parameters: UIViewPropertyAnimator.cubic(AH_TIMING_BEZIER, controlPoint1.x, controlPoint1.y,
                                                           controlPoint2.x, controlPoint2.y),
                  animations: animations)
    }

    /// init(duration:dampingRatio:animations:).
    public convenience init(duration: Double, dampingRatio: CGFloat, animations: (() -> Void)? = nil) {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_SPRING)
        p.damping_ratio = dampingRatio
        self.init(duration: duration, parameters: p, animations: animations)
    }

    /// init(duration:timingParameters:) with UISpringTimingParameters(mass:stiffness:damping:initialVelocity:).
    public convenience init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity: CGFloat) {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_SPRING_PHYSICS)
        (p.mass, p.stiffness, p.damping, p.initial_velocity) = (mass, stiffness, damping, initialVelocity)
        self.init(duration: 0, parameters: p, animations: nil)
    }

    private func call(_ what: String, _ status: ah_status) throws(AnimatorKitError) {
        guard status != ah_status(AH_OK) else { return }
        throw AnimatorKitError(message: "\(what): \(link.lastError)")
    }

    /// addAnimations(_:delayFactor:).
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: CGFloat = 0) {
        let box = CallbackBox(host: link.host, block: animations)
        let pointer = box.retained()
        // The host runs the block once (now, or when the animator becomes active).
        let status = link.table.animator_add_animations(link.host, handle, CallbackBox.runBlockOnce, pointer, delayFactor)
        if !link.check(status, "addAnimations") { CallbackBox.release(pointer) }
    }

    /// addCompletion(_:).
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        let box = CallbackBox(host: link.host, positionCompletion: { completion(Position(rawValue: $0) ?? .end) })
        let pointer = box.retained()
        if !link.check(link.table.animator_add_completion(link.host, handle, CallbackBox.runPositionCompletionOnce, pointer),
                       "addCompletion") {
            CallbackBox.release(pointer)
        }
    }

    /// startAnimation(afterDelay:).
    public func startAnimation(afterDelay delay: Double = 0) throws(AnimatorKitError) {
        try call("startAnimation", link.table.animator_start(link.host, handle, delay))
    }

    /// pauseAnimation().
    public func pauseAnimation() throws(AnimatorKitError) {
        try call("pauseAnimation", link.table.animator_pause(link.host, handle))
    }

    /// stopAnimation(_:).
    public func stopAnimation(_ withoutFinishing: Bool) throws(AnimatorKitError) {
        try call("stopAnimation", link.table.animator_stop(link.host, handle, withoutFinishing))
    }

    /// finishAnimation(at:).
    public func finishAnimation(at position: Position) throws(AnimatorKitError) {
        try call("finishAnimation", link.table.animator_finish(link.host, handle, ah_animator_position(position.rawValue)))
    }

    /// continueAnimation(withTimingParameters:durationFactor:) keeping the animator's timing.
    public func continueAnimation(durationFactor: CGFloat) throws(AnimatorKitError) {
        try call("continueAnimation", link.table.animator_continue(link.host, handle, nil, durationFactor))
    }

    /// fractionComplete.
    public var fractionComplete: CGFloat {
        var value = 0.0
        _ = link.table.animator_get_fraction(link.host, handle, &value)
        return value
    }

    /// Sets fractionComplete (only while paused).
    public func setFractionComplete(_ fraction: CGFloat) throws(AnimatorKitError) {
        try call("fractionComplete", link.table.animator_set_fraction(link.host, handle, fraction))
    }

    /// Sets isReversed.
    public func setReversed(_ reversed: Bool) throws(AnimatorKitError) {
        try call("isReversed", link.table.animator_set_reversed(link.host, handle, reversed))
    }

    /// state.
    public var state: State {
        var state: ah_animator_state = 0
        _ = link.table.animator_get_state(link.host, handle, &state, nil, nil)
        return State(rawValue: state) ?? .inactive
    }

    /// isRunning.
    public var isRunning: Bool {
        var running = false
        _ = link.table.animator_get_state(link.host, handle, nil, &running, nil)
        return running
    }
}

extension UIView {
    /// UIView.AnimationCurve.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3
    }
}
