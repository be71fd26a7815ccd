import AnimatorEngine
import AnimatorSupport

/// UIPercentDrivenInteractiveTransition, driven by a script: it freezes the container's
/// layer time before animateTransition runs, so every animation the animator adds waits
/// at its start; `update(p)` shows the animations at p × duration (linear in p); `finish`
/// and `cancel` play the rest forwards to the duration or backwards to 0 in
/// (1 − p) × duration / completionSpeed or p × duration / completionSpeed, on
/// completionCurve; `pause` stops a completion where it is.
///
/// At the end of a finish the container's time runs again, so the animations end and
/// their completions run. At the end of a cancel, the animations still attached are
/// removed (their completions hear finished = false, as for any removed Core Animation
/// animation); the animator sees transitionWasCancelled and calls completeTransition(false).
/// As in UIKit, model values are the animator's to restore.
public final class PercentDrivenInteraction {
    enum Phase: Equatable {
        /// wantsInteractiveStart = false: playing normally until a pause.
        case playing
        /// Frozen at `percent`, following updates.
        case interactive
        /// Finishing (to 1) or cancelling (to 0) from `from`, since engine time `since`, for `length` seconds.
        case completing(toEnd: Bool, from: Double, since: Double, length: Double)
        /// The completion has played; the animations run out normally.
        case done
    }

    let script: InteractionScript
    let state: TransitionState
    let engine: AnimationEngine
    private(set) var phase: Phase
    /// percentComplete.
    private(set) var percent = 0.0
    /// The animator's duration, captured at the start.
    private(set) var duration = 0.0
    /// Engine time of the transition's start.
    private(set) var start = 0.0
    private var nextEvent = 0
    /// The container's local time at the start: 0 when frozen from the start, else the
    /// clock time it had (the animations begin there).
    private var base = 0.0
    /// Engine time at which the interaction ended (phase became done).
    private(set) var overAt: Double?
    /// Layers outside the container whose time follows the transition's
    /// (animateAlongsideTransition(in:)).
    private var followers: [Layer] = []

    /// The property animator a live controller named (context_drive_percent), scrubbed
    /// from `begin` on.
    var pendingPropertyAnimator: PropertyAnimator?

    /// Whether the calls come from the animator's own interaction controller as they are
    /// made (context_drive_percent), rather than from a script.
    let isLive: Bool

    init(script: InteractionScript, state: TransitionState, engine: AnimationEngine) {
        self.script = script
        self.state = state
        self.engine = engine
        isLive = false
        phase = script.wantsInteractiveStart ? .interactive : .playing
    }

    /// A controller the animator drives with its own calls (a UIPercentDrivenInteractiveTransition
    /// in the plugin), interactive from the start.
    init(liveWith completionSpeed: Double, completionCurve: AnimationCurve, state: TransitionState, engine: AnimationEngine) {
        script = InteractionScript(events: [], completionSpeed: completionSpeed, completionCurve: completionCurve)
        self.state = state
        self.engine = engine
        isLive = true
        phase = .interactive
    }

    /// Applies a call the animator makes now (live controllers).
    func live(_ command: InteractionScript.Command, at now: Double) {
        apply(command, at: now)
        if case .completing = phase { apply(upTo: now) }
    }

    /// The problem reported when a gesture ends unanswered.
    public static let unanswered = "interaction: the gesture ended and the interaction controller neither finished nor "
        + "cancelled; the transition was cancelled"

    /// The driving gesture ended at `now`: a transition still interactive is cancelled (a
    /// UIKit app would hang there).
    func gestureEnded(at now: Double) {
        guard isLive, phase == .interactive else { return }
        state.problems.append(Self.unanswered)
        live(.cancel, at: now)
    }

    private var layer: Layer { state.container.layer }

    /// Every layer whose time the interaction drives.
    private var driven: [Layer] { [layer] + followers }

    /// Makes `layer`'s time follow the transition's from now on.
    func follow(_ other: Layer) {
        guard other.id != layer.id, !followers.contains(where: { $0.id == other.id }) else { return }
        followers.append(other)
        switch phase {
        case .interactive, .completing: other.timing = layer.timing
        case .playing, .done: break
        }
    }

    /// Before animateTransition: freeze the container's time at 0 (interactive start).
    func prepare(start: Double) {
        self.start = start
        state.isInteractive = phase == .interactive
        if phase == .interactive {
            freeze(at: 0)
        } else {
            base = layer.localTime
        }
    }

    /// The animator's interruptible property animator, scrubbed instead of the container's
    /// time when it offers one.
    private var propertyAnimator: PropertyAnimator?

    /// Gives the container its clock back (before interruptibleAnimator: the property
    /// animator is scrubbed instead).
    func releaseContainer() {
        layer.timing = LayerTiming()
        base = 0
    }

    /// Freezes the container where its animations now begin (fallback to animate's
    /// animations when no property animator came back).
    func freezeContainerNow() {
        base = layer.localTime
        if phase == .interactive { freeze(at: 0) }
    }

    /// After transitionDuration answered (and interruptibleAnimator, if offered).
    func begin(duration: Double, propertyAnimator: PropertyAnimator? = nil) {
        self.duration = duration
        self.propertyAnimator = propertyAnimator ?? pendingPropertyAnimator
        guard let propertyAnimator = self.propertyAnimator else { return }
        if phase == .interactive {
            try? propertyAnimator.pauseAnimation()
        } else if !propertyAnimator.isRunning {
            try? propertyAnimator.startAnimation()
        }
    }

    /// The property animator's position (0 at the start, 1 at the end).
    private func position(of animator: PropertyAnimator) -> Double {
        animator.isReversed ? 1 - animator.fractionComplete : animator.fractionComplete
    }

    /// The next engine time at which something must happen: a scripted call or the end of
    /// a completion. Nil when nothing is pending.
    var nextDeadline: Double? {
        var times: [Double] = []
        if nextEvent < script.events.count { times.append(start + script.events[nextEvent].time) }
        if case .completing(_, _, let since, let length) = phase { times.append(since + length) }
        return times.min()
    }

    /// Applies the calls due by `now` and sets the container's time for `now`. Call
    /// before the engine advances to `now`.
    func step(to now: Double) {
        // Layer time is set before the clock moves; a property animator is driven once the
        // clock shows `now` (its animations begin at the engine's current time).
        if propertyAnimator == nil { apply(upTo: now) }
    }

    func deliver(at now: Double) {
        if propertyAnimator != nil { apply(upTo: now) }
    }

    /// Applies the calls due by `now` and the completion's progress at `now`.
    private func apply(upTo now: Double) {
        while nextEvent < script.events.count, start + script.events[nextEvent].time <= now + 1e-12 {
            apply(script.events[nextEvent].command, at: start + script.events[nextEvent].time)
            nextEvent += 1
        }
        if !isLive, nextEvent == script.events.count, phase == .interactive {
            // Nothing will ever finish it (a UIKit app would hang here): cancel.
            state.problems.append("interaction: no finish or cancel after the last call; the transition was cancelled")
            apply(.cancel, at: now)
        }
        if case .completing(let toEnd, _, let since, let length) = phase {
            if let propertyAnimator {
                // The property animator plays the rest; its completion ends the transition.
                percent = position(of: propertyAnimator)
                if now >= since + length {
                    phase = .done
                    overAt = now
                    percent = toEnd ? 1 : 0
                }
                return
            }
            // Compared as clock times, so the step landing on the end always ends it.
            if now >= since + length {
                end(toEnd: toEnd, at: now)
            } else {
                percent = completingPercent(at: now)
                freeze(at: percent * duration)
            }
        }
    }

    /// percentComplete at `time` while finishing or cancelling, on completionCurve.
    private func completingPercent(at time: Double) -> Double {
        guard case .completing(let toEnd, let from, let since, let length) = phase else { return percent }
        let fraction = length > 0 ? min(max((time - since) / length, 0), 1) : 1
        let eased = script.completionCurve.timingFunction.value(at: fraction)
        return toEnd ? from + (1 - from) * eased : from * (1 - eased)
    }

    private func apply(_ command: InteractionScript.Command, at time: Double) {
        if phase == .playing {
            percent = duration > 0 ? min(max((time - start) / duration, 0), 1) : 1
        }
        if case .completing = phase { percent = completingPercent(at: time) }
        if let propertyAnimator, phase != .interactive, phase != .done { percent = position(of: propertyAnimator) }
        switch (command, phase) {
        case (_, .done):
            state.problems.append("interaction: \(command) at \(JSONValue.format(time - start)) s came after the transition's completion; ignored")
        case (.update(let value), .interactive):
            percent = value
            freeze(at: percent * duration)
        case (.update, _):
            state.problems.append("interaction: update at \(JSONValue.format(time - start)) s while not interactive (pause first); ignored")
        case (.pause, .playing), (.pause, .completing):
            phase = .interactive
            freeze(at: percent * duration)
            state.setInteractive(true)
        case (.pause, _):
            break
        case (.finish, .interactive), (.cancel, .interactive), (.finish, .completing), (.cancel, .completing):
            let toEnd = command == .finish
            if !toEnd { state.wasCancelled = true } else { state.wasCancelled = false }
            let remaining = toEnd ? (1 - percent) : percent
            phase = .completing(toEnd: toEnd, from: percent, since: time,
                                length: remaining * duration / script.completionSpeed)
            if let propertyAnimator {
                try? propertyAnimator.setReversed(!toEnd)
                try? propertyAnimator.continueAnimation(withTimingParameters: .curve(script.completionCurve),
                                                        durationFactor: max(remaining / script.completionSpeed, 1e-9))
            }
            state.setInteractive(false)
        case (.finish, .playing):
            // Already playing to the end: nothing left to drive.
            phase = .done
            overAt = time
        case (.cancel, .playing):
            state.wasCancelled = true
            phase = .completing(toEnd: false, from: percent, since: time, length: percent * duration / script.completionSpeed)
            if let propertyAnimator {
                try? propertyAnimator.setReversed(true)
            }
        }
    }

    /// The completion has reached its end: let the animations end.
    private func end(toEnd: Bool, at now: Double) {
        phase = .done
        overAt = now
        percent = toEnd ? 1 : 0
        if toEnd {
            // Run again from the duration: animations ending by then complete at this step.
            for driven in driven { driven.timing = LayerTiming(beginTime: now, speed: 1, timeOffset: base + duration) }
        } else {
            freeze(at: 0)
            for driven in driven {
                removeAnimations(in: driven)
                driven.timing = LayerTiming()
            }
        }
    }

    /// After the transition: give the container the engine's time back if nothing runs in it.
    func finish() {
        for driven in driven where !hasAnimations(in: driven) { driven.timing = LayerTiming() }
    }

    /// Stops the container's time at `offset` seconds into the transition, or with a
    /// property animator, pauses it there.
    private func freeze(at offset: Double) {
        if let propertyAnimator {
            try? propertyAnimator.pauseAnimation()
            if propertyAnimator.isReversed { try? propertyAnimator.setReversed(false) }
            try? propertyAnimator.setFractionComplete(duration > 0 ? offset / duration : 0)
            return
        }
        for driven in driven { driven.timing = LayerTiming(beginTime: 0, speed: 0, timeOffset: base + offset) }
    }

    private func removeAnimations(in layer: Layer) {
        layer.removeAllAnimations()
        for sublayer in layer.sublayers { removeAnimations(in: sublayer) }
    }

    private func hasAnimations(in layer: Layer) -> Bool {
        engine.hasAnimations(layer.id) || layer.sublayers.contains { hasAnimations(in: $0) }
    }
}
