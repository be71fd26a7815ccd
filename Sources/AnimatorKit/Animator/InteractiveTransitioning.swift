import AnimatorABI

/// UIViewControllerInteractiveTransitioning, for an animator that is its own interaction
/// controller: adopt it besides `UIViewControllerAnimatedTransitioning`, and when a
/// gesture drives the transition the host calls `startInteractiveTransition` instead of
/// `animateTransition`, then `handleGesture` with every sample. Report with the context's
/// `updateInteractiveTransition`, `finishInteractiveTransition` or
/// `cancelInteractiveTransition`, and call `completeTransition` once at the end.
public protocol InteractiveTransitioning: AnyObject {
    /// startInteractiveTransition(_:): set up the transition's views.
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)

    /// One sample of the driving gesture, in time order.
    func handleGesture(_ sample: GestureSample, transitionContext: UIViewControllerContextTransitioning)
}

/// One sample of the gesture driving an interactive transition.
public struct GestureSample: Equatable, Sendable {
    /// The kind of gesture.
    public enum Kind: Sendable { case pan, pinch }
    /// UIGestureRecognizer.State, as far as a trace has it.
    public enum Phase: Sendable { case began, changed, ended }

    public var kind: Kind
    public var phase: Phase
    /// Seconds since the transition started.
    public var time: Double
    /// The pan's translation in points, or the pinch's scale.
    public var value: Double
    /// Points (pan) or scale (pinch) per second.
    public var velocity: Double
    /// The translation a pan's 100 % means; 0 for a pinch.
    public var distance: Double
    /// A pan's axis.
    public var axis: Axis

    /// Which way a pan runs.
    public enum Axis: Sendable { case x, y }
    /// The finger's place in window points, when the host's trace says where it started.
    public var location: CGPoint?

    init(_ c: ah_gesture_sample) {
        kind = c.kind == ah_gesture_kind(AH_GESTURE_PINCH) ? .pinch : .pan
        switch c.phase {
        case ah_gesture_phase(AH_GESTURE_BEGAN): phase = .began
        case ah_gesture_phase(AH_GESTURE_ENDED): phase = .ended
        default: phase = .changed
        }
        time = c.time
        value = c.value
        velocity = c.velocity
        distance = c.distance
        let covers = Int(c.struct_size) >= MemoryLayout<ah_gesture_sample>.offset(of: \.axis)! + MemoryLayout<ah_gesture_axis>.size
        axis = covers && c.axis == ah_gesture_axis(AH_GESTURE_AXIS_Y) ? .y : .x
        let placed = Int(c.struct_size) >= MemoryLayout<ah_gesture_sample>.offset(of: \.y)! + MemoryLayout<Double>.size
        location = placed && c.has_location != 0 ? CGPoint(x: c.x, y: c.y) : nil
    }

    /// A pan's percent: translation / distance, clamped to 0...1 (0 for a pinch).
    public var panPercent: Double {
        guard kind == .pan, distance > 0 else { return 0 }
        return min(max(value / distance, 0), 1)
    }
}
