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

/// The last curve solved during one evaluation of a tree, and its answer. Animations
/// made by one UIView block share curve and timing, so at a given time they share
/// progress: the memo solves it once. Local to one evaluation, so evaluations on several
/// threads share nothing.
struct ProgressMemo {
    /// The curve, by its position in the animation table's curves (-1: none yet).
    var curve: Int32 = -1
    var fraction = Double.nan
    var progress = 0.0
}

/// An animation attached to a layer, with everything resolved when it was added: its
/// begin time in the layer's time, its duration, its values prepared for blending.
package final class ActiveAnimation {
    enum Body {
        /// A property animation.
        case value(LayerKeyPath, Curve, additive: Bool)
        /// A group: children in the group's local time.
        case group([ActiveAnimation])
        /// A CATransition: the layer shows its old look giving way to the new.
        case transition(TransitionType, TransitionSubtype?)
    }

    /// How progress maps to a value (large payloads boxed).
    enum Curve {
        case fixed(ValueSegment)
        case fromValueToCurrent(Box<AnimatableValue>)
        case currentToValue(Box<AnimatableValue>)
        case currentBy(Box<AnimatableValue>)
        case keyframes(Box<KeyframeTrack>)
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

    /// What the engine's table copies into the animation's track (`AnimationTrack`) when
    /// the animation is attached, and what `apply` reads first.
    let writer: AnimationTrack.Writer
    let pacingKind: AnimationTrack.Pacing
    let isRemovedOnCompletion: Bool
    let timing: MediaTiming
    /// The timing function's curve, for `bezier` pacing (linear otherwise).
    let bezier: CubicBezier

    let sequence: Int
    let key: String?
    /// The animation as it was added (some 700 bytes, read only when it starts, stops or is
    /// asked for): kept boxed.
    private let boxedDefinition: Box<Animation>
    var definition: Animation { boxedDefinition.value }
    let pacing: Pacing
    let body: Body
    /// For a CATransition: the record of the detached copy of the layer's committed look,
    /// drawn giving way to the new one while the transition runs.
    var outgoing: Int?
    var groups: [CompletionGroup] = []

    init(sequence: Int, key: String?, definition: Animation, timing: MediaTiming, pacing: Pacing, body: Body) {
        self.sequence = sequence
        self.key = key
        boxedDefinition = Box(definition)
        self.timing = timing
        self.pacing = pacing
        self.body = body
        isRemovedOnCompletion = definition.isRemovedOnCompletion
        switch pacing {
        case .linear:
            (pacingKind, bezier) = (.linear, .linear)
        case .timingFunction(.bezier(let curve)):
            (pacingKind, bezier) = (.bezier, curve)
        default:
            (pacingKind, bezier) = (.other, .linear)
        }
        switch body {
        case .value(let keyPath, .fixed(.number(let a, let b)), additive: false) where !keyPath.isSide:
            writer = .number(keyPath, a, b)
        case .value(let keyPath, .fixed(.point(let a, let b)), additive: false):
            writer = .point(keyPath, a, b)
        case .value(.transform, .fixed(.transform(let box)), additive: false):
            writer = .transform(box)
        case .value(let keyPath, _, _) where keyPath.isSide:
            writer = .side
        default:
            writer = .general
        }
    }

    /// Whether a property animator drives it (not media time).
    var isDriven: Bool {
        if case .driven = pacing { return true }
        return false
    }

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
        if case .side = writer { return }
        let progress: Double
        switch pacingKind {
        case .linear, .bezier:
            guard let fraction = timing.fraction(atParentTime: time, removedOnCompletion: isRemovedOnCompletion) else {
                return
            }
            progress = pacingKind == .linear ? fraction : bezier.value(at: fraction)
        case .other:
            guard let other = self.progress(atParentTime: time) else { return }
            progress = other
        }
        if !writer.write(progress, into: &properties) { write(progress: progress, into: &properties) }
    }

    /// Writes what the writer leaves to the animation (`AnimationTrack.Writer.general`):
    /// other curves, additive values, groups, transitions, at `progress`.
    func write(progress: Double, into properties: inout LayerProperties) {
        switch body {
        case .value(let keyPath, let curve, let additive):
            // Paths and extras live beside the properties: `applyPath` and `applyExtras` move them.
            guard !keyPath.isSide, let value = Self.value(of: curve, at: progress, current: keyPath.get(properties)) else {
                return
            }
            keyPath.set(additive ? keyPath.get(properties).adding(value) : value, in: &properties)
        case .group(let children):
            let childTime = progress * timing.duration
            for child in children { child.apply(atParentTime: childTime, to: &properties) }
        case .transition:
            // Nothing of the properties: its state is `transitionFrame(progress:)`.
            break
        }
    }

    /// A CATransition's state at `progress` (its own, as `write(progress:into:)` takes it):
    /// its kind and how far it has gone, or, for a group, that of the last transition in
    /// it that shows; nil for other animations.
    func transitionFrame(progress: Double) -> TransitionFrame? {
        switch body {
        case .transition(let type, let subtype):
            return TransitionFrame(type: type, subtype: subtype, progress: progress)
        case .group(let children):
            let childTime = progress * timing.duration
            var found: TransitionFrame?
            for child in children {
                if let frame = child.transitionFrame(atParentTime: childTime) { found = frame }
            }
            return found
        case .value:
            return nil
        }
    }

    /// `transitionFrame(progress:)` at `time` of the parent timeline; nil when nothing shows.
    func transitionFrame(atParentTime time: Double) -> TransitionFrame? {
        guard affectsTransition, let progress = progress(atParentTime: time) else { return nil }
        return transitionFrame(progress: progress)
    }

    /// Whether the animation is a CATransition or a group holding one.
    var affectsTransition: Bool {
        switch body {
        case .transition: return true
        case .group(let children): return children.contains { $0.affectsTransition }
        case .value: return false
        }
    }

    /// The value a curve gives at `progress`, `current` being the value beneath.
    private static func value(of curve: Curve, at progress: Double, current: @autoclosure () -> AnimatableValue)
        -> AnimatableValue? {
        switch curve {
        case .fixed(let segment): return segment.value(at: progress)
        case .fromValueToCurrent(let from): return from.value.interpolated(to: current(), progress)
        case .currentToValue(let to): return current().interpolated(to: to.value, progress)
        case .currentBy(let by):
            let base = current()
            return base.interpolated(to: base.adding(by.value), progress)
        case .keyframes(let track): return track.value.value(at: progress)
        case .none: return nil
        }
    }

    /// Writes the animation's effect on a shape layer's path at `time` into `path`.
    func applyPath(atParentTime time: Double, to path: inout AnimatableValue) {
        switch body {
        case .value(.path, let curve, _):
            guard let progress = progress(atParentTime: time),
                  let value = Self.value(of: curve, at: progress, current: path) else { return }
            path = value
        case .group(let children):
            guard let progress = progress(atParentTime: time) else { return }
            for child in children { child.applyPath(atParentTime: progress * timing.duration, to: &path) }
        default:
            return
        }
    }

    /// Writes the animation's effect on the layer's extras at `time` into `extras`.
    func applyExtras(atParentTime time: Double, to extras: inout LayerExtras) {
        switch body {
        case .value(let keyPath, let curve, let additive) where keyPath.isExtra:
            guard let progress = progress(atParentTime: time),
                  let value = Self.value(of: curve, at: progress, current: keyPath.get(extras)) else { return }
            keyPath.set(additive ? keyPath.get(extras).adding(value) : value, in: &extras)
        case .group(let children):
            guard let progress = progress(atParentTime: time) else { return }
            for child in children { child.applyExtras(atParentTime: progress * timing.duration, to: &extras) }
        default:
            return
        }
    }

    /// Whether the animation writes one of the extras.
    var affectsExtras: Bool {
        switch body {
        case .value(let keyPath, _, _): return keyPath.isExtra
        case .group(let children): return children.contains { $0.affectsExtras }
        case .transition: return false
        }
    }

    /// Whether the animation writes `property` (its key path belongs to it, or a child's does).
    func affects(_ property: LayerKeyPath) -> Bool {
        switch body {
        case .value(let keyPath, _, _): return keyPath.property == property
        case .group(let children): return children.contains { $0.affects(property) }
        case .transition: return false
        }
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
    /// Whether this is the old look giving way (a copy of the layer as it was), rather
    /// than the layer's new look.
    public var isOutgoing: Bool

    /// Creates a transition's state.
    public init(type: TransitionType, subtype: TransitionSubtype?, progress: Double, isOutgoing: Bool = false) {
        self.type = type
        self.subtype = subtype
        self.progress = progress
        self.isOutgoing = isOutgoing
    }
}
