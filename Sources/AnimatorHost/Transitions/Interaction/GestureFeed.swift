import AnimatorEngine

/// What paces an interactive transition in the runtime's frame loop: the host's
/// percent-driven interaction controller, or a gesture fed to an animator that is its own
/// interaction controller.
protocol InteractionPacer: AnyObject {
    /// The next engine time at which something must happen, or nil.
    var nextDeadline: Double? { get }
    /// Applies what is due by `now` before the engine advances to `now` (layer timing).
    func step(to now: Double)
    /// Applies what is due at `now` once the engine's clock shows `now` (calls into the
    /// animator, whose animations must begin at `now`).
    func deliver(at now: Double)
    /// The engine time by which the animator should have completed once the interaction
    /// is over (the watchdog's grace comes on top), or nil while it goes on.
    var settleDeadline: Double? { get }
}

extension PercentDrivenInteraction: InteractionPacer {
    var settleDeadline: Double? { overAt.map { max($0, start + duration) } }
}

/// One gesture sample as the animator receives it.
public struct GestureEvent: Equatable, Sendable {
    /// UIGestureRecognizer.State, as far as a trace has it.
    public enum Phase: UInt32, Sendable {
        case began = 0, changed = 1, ended = 2
    }

    public var kind: GestureTrace.Kind
    public var phase: Phase
    /// Seconds since the transition started.
    public var time: Double
    /// Translation (pan) or scale (pinch).
    public var value: Double
    public var velocity: Double
    /// What a pan's 100 % means; 0 for a pinch.
    public var distance: Double
    /// The pan's axis (x for a pinch).
    public var axis: Axis = .x
    /// The finger's place in window points, when the trace says where it started.
    public var location: Point?

    /// Which way a pan runs.
    public enum Axis: UInt32, Sendable {
        case x = 0, y = 1
    }
}

/// Feeds a gesture trace, sample by sample at its times, to an animator that is its own
/// interaction controller (startInteractiveTransition).
final class GestureFeed: InteractionPacer {
    let trace: GestureTrace
    let distance: Double
    let state: TransitionState
    let animator: TransitionAnimator
    let start: Double
    let duration: Double
    private var next = 0
    private var overAt: Double?

    init(trace: GestureTrace, containerSize: Size, state: TransitionState, animator: TransitionAnimator,
         start: Double, duration: Double) {
        self.trace = trace
        distance = trace.kind == .pinch ? 0
            : trace.distance ?? (trace.axis == "y" ? containerSize.height : containerSize.width)
        self.state = state
        self.animator = animator
        self.start = start
        self.duration = duration
    }

    /// The percent-driven scrubbing the animator asked for, if it did (context_drive_percent).
    private var driver: PercentDrivenInteraction? { state.percentDriver }

    var nextDeadline: Double? {
        let sample = next < trace.samples.count ? start + trace.samples[next].time : nil
        guard let due = driver?.nextDeadline else { return sample }
        return sample.map { min($0, due) } ?? due
    }

    /// After the last sample the animator has the transition's duration to finish; with
    /// percent-driven scrubbing, once its completion has played.
    var settleDeadline: Double? {
        if let driver { return driver.settleDeadline }
        return overAt.map { $0 + duration }
    }

    func step(to now: Double) { driver?.step(to: now) }

    func deliver(at now: Double) {
        while next < trace.samples.count, start + trace.samples[next].time <= now + 1e-12 {
            let sample = trace.samples[next]
            let phase: GestureEvent.Phase = next == 0 ? .began : next == trace.samples.count - 1 ? .ended : .changed
            let location = trace.start.map { start in
                trace.axis == "y" ? Point(x: start.x, y: start.y + sample.value) : Point(x: start.x + sample.value, y: start.y)
            }
            animator.gesture(GestureEvent(kind: trace.kind, phase: phase, time: sample.time, value: sample.value,
                                          velocity: sample.velocity, distance: distance, axis: trace.axis == "y" ? .y : .x,
                                          location: location),
                             state: state)
            next += 1
        }
        driver?.deliver(at: now)
        if next == trace.samples.count, overAt == nil {
            overAt = now
            driver?.gestureEnded(at: now)
        }
    }
}
