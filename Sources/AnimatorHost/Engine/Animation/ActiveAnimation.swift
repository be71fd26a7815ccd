/// Waits for a set of animations to stop, then calls back once with whether all of them
/// finished: the completion of a UIView block, of a CATransaction, of a property animator.
final class CompletionGroup {
    private var pending = 0
    private var allFinished = true
    private var isArmed: Bool
    private(set) var hasFired = false
    let completion: (Bool) -> Void

    /// - Parameter armed: false delays firing until `arm()` (a transaction arms at commit).
    init(armed: Bool = true, completion: @escaping (Bool) -> Void) {
        self.isArmed = armed
        self.completion = completion
    }

    var isEmpty: Bool { pending == 0 }

    func add() { pending += 1 }

    /// Forgets an animation without counting it as finished or not (it was replaced within
    /// the same group).
    func drop() { pending -= 1 }

    /// Records that one animation stopped; returns true when the group is now complete.
    func stopped(finished: Bool) -> Bool {
        pending -= 1
        if !finished { allFinished = false }
        return isArmed && pending == 0 && !hasFired
    }

    func arm() -> Bool {
        isArmed = true
        return pending == 0 && !hasFired
    }

    func fire() {
        guard !hasFired else { return }
        hasFired = true
        completion(allFinished)
    }
}

/// An animation attached to a layer, with everything resolved when it was added: its
/// begin time in the layer's time, its duration, its values prepared for blending.
final class ActiveAnimation {
    enum Body {
        /// A property animation.
        case value(LayerKeyPath, Curve, additive: Bool)
        /// A group: children in the group's local time.
        case group([ActiveAnimation])
        /// A CATransition: the layer shows its old look giving way to the new.
        case transition(TransitionType, TransitionSubtype?)
    }

    /// How progress maps to a value.
    enum Curve {
        case fixed(ValueSegment)
        case fromValueToCurrent(AnimatableValue)
        case currentToValue(AnimatableValue)
        case currentBy(AnimatableValue)
        case keyframes(KeyframeTrack)
        case none
    }

    /// How the iteration fraction maps to progress.
    enum Pacing {
        case timingFunction(TimingFunction)
        case spring(Spring, duration: Double)
        case linear
        /// Driven by a property animator, not by media time.
        case driven(PropertyAnimator, delayFactor: Double)
    }

    let sequence: Int
    let key: String?
    let definition: Animation
    let timing: MediaTiming
    let pacing: Pacing
    let body: Body
    var hasStarted = false
    var hasStopped = false
    var groups: [CompletionGroup] = []

    init(sequence: Int, key: String?, definition: Animation, timing: MediaTiming, pacing: Pacing, body: Body) {
        self.sequence = sequence
        self.key = key
        self.definition = definition
        self.timing = timing
        self.pacing = pacing
        self.body = body
    }

    var isRemovedOnCompletion: Bool { definition.isRemovedOnCompletion }

    /// The progress at a time of the parent timeline, or nil when nothing shows.
    @inline(__always)
    func progress(atParentTime time: Double) -> Double? {
        if case .driven(let animator, let delayFactor) = pacing {
            return animator.progress(at: time, delayFactor: delayFactor)
        }
        guard let fraction = timing.fraction(atParentTime: time, removedOnCompletion: isRemovedOnCompletion) else {
            return nil
        }
        switch pacing {
        case .linear: return fraction
        case .timingFunction(let function): return function.value(at: fraction)
        case .spring(let spring, let duration): return fraction >= 1 ? spring.value(at: duration) : spring.value(at: fraction * duration)
        case .driven: return nil
        }
    }

    /// Writes the animation's effect at `time` (of the parent timeline) into `properties`.
    func apply(atParentTime time: Double, to properties: inout LayerProperties) {
        guard let progress = progress(atParentTime: time) else { return }
        switch body {
        case .value(let keyPath, let curve, let additive):
            let value: AnimatableValue
            switch curve {
            case .fixed(let segment): value = segment.value(at: progress)
            case .fromValueToCurrent(let from): value = from.interpolated(to: keyPath.get(properties), progress)
            case .currentToValue(let to): value = keyPath.get(properties).interpolated(to: to, progress)
            case .currentBy(let by):
                let current = keyPath.get(properties)
                value = current.interpolated(to: current.adding(by), progress)
            case .keyframes(let track):
                guard let keyframe = track.value(at: progress) else { return }
                value = keyframe
            case .none: return
            }
            keyPath.set(additive ? keyPath.get(properties).adding(value) : value, in: &properties)
        case .group(let children):
            let childTime = progress * timing.duration
            for child in children { child.apply(atParentTime: childTime, to: &properties) }
        case .transition(let type, let subtype):
            properties.transition = TransitionFrame(type: type, subtype: subtype, progress: progress)
        }
    }

    /// When the animation ends, in its parent's timeline (infinite if never).
    var endTime: Double {
        if case .driven = pacing { return .infinity }
        guard timing.speed != 0 else { return .infinity }
        let active = timing.activeDuration
        guard active.isFinite else { return .infinity }
        return timing.beginTime + (active - timing.timeOffset) / timing.speed
    }

    /// When the animation starts, in its parent's timeline.
    var startTime: Double {
        if case .driven = pacing { return -.infinity }
        guard timing.speed != 0 else { return .infinity }
        return timing.beginTime - timing.timeOffset / timing.speed
    }
}

/// A CATransition in progress on a layer, as its presentation shows it.
public struct TransitionFrame: Equatable, Sendable {
    /// The kind of transition.
    public var type: TransitionType
    /// Its direction.
    public var subtype: TransitionSubtype?
    /// How far it has gone, 0 to 1.
    public var progress: Double
}
