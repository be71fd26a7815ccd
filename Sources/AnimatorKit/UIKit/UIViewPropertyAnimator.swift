import AnimatorABI

/// UIViewPropertyAnimator, reached through the host, with UIKit's calls. A call UIKit
/// would trap on (finishing an animator that is not stopped, setting fractionComplete of a
/// running one) does nothing and writes the host's reason to the host's log.
public final class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
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

    /// init(duration:timingParameters:) with UICubicTimingParameters or UISpringTimingParameters.
    public convenience init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.init(duration: duration, parameters: parameters.cParameters, animations: nil)
    }

    /// runningPropertyAnimator(withDuration:delay:options:animations:completion:): a
    /// started animator with the options' curve.
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                               options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                               completion: ((Position) -> Void)? = nil) -> UIViewPropertyAnimator {
        let curve = UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 3)) ?? .easeInOut
        let animator = UIViewPropertyAnimator(duration: duration, curve: curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    private func call(_ what: String, _ status: ah_status) {
        link.check(status, what)
    }

    /// addAnimations(_:).
    public func addAnimations(_ animations: @escaping () -> Void) { addAnimations(animations, delayFactor: 0) }

    /// addAnimations(_:delayFactor:).
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: CGFloat) {
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

    /// startAnimation().
    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// startAnimation(afterDelay:).
    public func startAnimation(afterDelay delay: TimeInterval) {
        call("startAnimation", link.table.animator_start(link.host, handle, delay))
    }

    /// pauseAnimation().
    public func pauseAnimation() {
        call("pauseAnimation", link.table.animator_pause(link.host, handle))
    }

    /// stopAnimation(_:).
    public func stopAnimation(_ withoutFinishing: Bool) {
        call("stopAnimation", link.table.animator_stop(link.host, handle, withoutFinishing))
    }

    /// finishAnimation(at:).
    public func finishAnimation(at position: Position) {
        call("finishAnimation", link.table.animator_finish(link.host, handle, ah_animator_position(position.rawValue)))
    }

    /// continueAnimation(withTimingParameters:durationFactor:): nil parameters keep the
    /// animator's timing.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        if var c = parameters?.cParameters {
            call("continueAnimation", link.table.animator_continue(link.host, handle, &c, durationFactor))
        } else {
            call("continueAnimation", link.table.animator_continue(link.host, handle, nil, durationFactor))
        }
    }

    /// fractionComplete: how far the animations are, 0...1; set it while paused to scrub.
    public var fractionComplete: CGFloat {
        get {
            var value = 0.0
            _ = link.table.animator_get_fraction(link.host, handle, &value)
            return value
        }
        set { call("fractionComplete", link.table.animator_set_fraction(link.host, handle, newValue)) }
    }

    /// isReversed: whether the animations run back to their start.
    public var isReversed: Bool {
        get { reversed }
        set {
            if link.check(link.table.animator_set_reversed(link.host, handle, newValue), "isReversed") { reversed = newValue }
        }
    }
    private var reversed = false

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

    /// isInterruptible (default true): false lets the animations run to the end whatever
    /// the app does; it can only change while the animator is inactive (else the host's
    /// log says why and it keeps its value).
    public var isInterruptible: Bool {
        get { flags.interruptible }
        set { setFlags((newValue, flags.scrubsLinearly, flags.pausesOnCompletion), "isInterruptible") }
    }

    /// scrubsLinearly (default true): fractionComplete shows the animations at that share
    /// of their duration; false scrubs along the timing curve.
    public var scrubsLinearly: Bool {
        get { flags.scrubsLinearly }
        set { setFlags((flags.interruptible, newValue, flags.pausesOnCompletion), "scrubsLinearly") }
    }

    /// pausesOnCompletion (default false): the animator stays active and paused at the
    /// end instead of finishing, so it can be reversed or scrubbed again.
    public var pausesOnCompletion: Bool {
        get { flags.pausesOnCompletion }
        set { setFlags((flags.interruptible, flags.scrubsLinearly, newValue), "pausesOnCompletion") }
    }

    private var flags = (interruptible: true, scrubsLinearly: true, pausesOnCompletion: false)

    private func setFlags(_ new: (Bool, Bool, Bool), _ what: String) {
        if link.check(link.table.animator_set_flags(link.host, handle, new.0, new.1, new.2), what) {
            flags = (new.0, new.1, new.2)
        }
    }
}

extension UIView {
    /// UIView.AnimationCurve.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3
    }
}
