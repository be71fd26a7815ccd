/// UIViewPropertyAnimator: interruptible, scrubbable, reversible animations of view
/// properties.
///
/// The animator keeps its own position x (0 at the start, 1 at the end, in time) and the
/// progress its animations show; running, it moves both toward the end (or, reversed,
/// the start) along its timing. Its animations read that progress instead of media time.
/// State machine: inactive → active on start, pause or setting fractionComplete → inactive
/// when it finishes; stopAnimation(false) → stopped, and only finishAnimation(at:) leaves
/// it. A call UIKit would trap on throws `EngineError`.
public final class PropertyAnimator {
    /// UIViewAnimatingState.
    public enum State: Int, Sendable {
        case inactive = 0, active = 1, stopped = 2
    }

    /// UIViewAnimatingPosition.
    public enum Position: Int, Sendable {
        case end = 0, start = 1, current = 2
    }

    /// UITimingCurveProvider: cubic or spring timing.
    public enum TimingParameters: Equatable, Sendable {
        /// UICubicTimingParameters (the control points of a Bézier curve).
        case cubic(CubicBezier)
        /// UISpringTimingParameters(dampingRatio:initialVelocity:): the animator's duration
        /// mapped to a spring as UIView's spring blocks do.
        case spring(dampingRatio: Double, initialVelocity: Double)
        /// UISpringTimingParameters(mass:stiffness:damping:initialVelocity:): a physical
        /// spring; the animator's duration is ignored for its settling duration.
        case springPhysics(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double)

        /// UICubicTimingParameters(): Core Animation's default curve.
        public static let `default` = TimingParameters.cubic(.caDefault)

        /// UICubicTimingParameters(animationCurve:).
        public static func curve(_ curve: AnimationCurve) -> TimingParameters {
            guard case .bezier(let bezier) = curve.timingFunction else { return .default }
            return .cubic(bezier)
        }
    }

    /// The engine whose views it animates.
    public let engine: AnimationEngine
    /// Its duration in seconds (a physical spring's settling duration).
    public let duration: Double
    /// Its timing.
    public let timingParameters: TimingParameters
    /// Its state.
    public private(set) var state = State.inactive
    /// Whether it is running (or waiting out a start delay).
    public private(set) var isRunning = false
    /// Whether it runs toward the start.
    public private(set) var isReversed = false
    /// Whether it may be paused and scrubbed.
    public private(set) var isInterruptible = true
    /// Scrubbing moves linearly in time (true, the default) or through the curve.
    public var scrubsLinearly = true
    /// At the end, stay active and paused instead of completing.
    public var pausesOnCompletion = false

    private struct Segment {
        let startTime: Double
        let fromX: Double
        let fromProgress: Double
        let target: Double
        let length: Double
        let timing: TimingFunction
    }

    private struct Attached {
        let layer: LayerID
        let keyPath: LayerKeyPath
        let from: AnimatableValue
        let to: AnimatableValue
        let animation: ActiveAnimation
    }

    private var position = 0.0
    private var shownProgress = 0.0
    private var scrubbedLinearly = false
    private var segment: Segment?
    private var eventToken = 0
    private var pendingBlocks: [(() -> Void, Double)] = []
    private var attached: [Attached] = []
    private var frozen: [Attached] = []
    private var completions: [(Position) -> Void] = []

    /// Creates an animator with any timing parameters.
    ///
    /// - Parameters:
    ///   - engine: the engine of the views it animates.
    ///   - duration: seconds (≥ 0); ignored by a physical spring.
    ///   - timingParameters: cubic or spring timing.
    public init(engine: AnimationEngine, duration: Double, timingParameters: TimingParameters) {
        self.engine = engine
        self.timingParameters = timingParameters
        if case .springPhysics(let mass, let stiffness, let damping, let velocity) = timingParameters {
            self.duration = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
                .settlingDuration()
        } else {
            self.duration = max(duration, 0)
        }
    }

    /// init(duration:curve:animations:).
    public convenience init(engine: AnimationEngine, duration: Double, curve: AnimationCurve,
                            animations: (() -> Void)? = nil) {
        self.init(engine: engine, duration: duration, timingParameters: .curve(curve))
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// init(duration:controlPoint1:controlPoint2:animations:).
    public convenience init(engine: AnimationEngine, duration: Double, controlPoint1: Point, controlPoint2: Point,
                            animations: (() -> Void)? = nil) {
        self.init(engine: engine, duration: duration,
                  timingParameters: .cubic(CubicBezier(controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)))
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// init(duration:dampingRatio:animations:).
    public convenience init(engine: AnimationEngine, duration: Double, dampingRatio: Double,
                            animations: (() -> Void)? = nil) {
        self.init(engine: engine, duration: duration,
                  timingParameters: .spring(dampingRatio: dampingRatio, initialVelocity: 0))
        if let animations { pendingBlocks.append((animations, 0)) }
    }

    /// runningPropertyAnimator(withDuration:delay:options:animations:completion:): created
    /// and started at once, on the options' curve.
    public static func runningPropertyAnimator(engine: AnimationEngine, withDuration duration: Double,
                                               delay: Double = 0, options: AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((Position) -> Void)? = nil) -> PropertyAnimator {
        let animator = PropertyAnimator(engine: engine, duration: duration, curve: options.curve, animations: animations)
        if let completion { animator.addCompletion(completion) }
        try? animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Configuration

    /// Adds animations; with `delayFactor` d they start after d × the duration and end with
    /// the rest. Added while the animator runs, they run for its remaining time.
    ///
    /// - Throws: `EngineError` when stopped, or when the factor is outside [0, 1].
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) throws(EngineError) {
        guard state != .stopped else { throw EngineError("addAnimations: the animator is stopped") }
        guard (0...1).contains(delayFactor) else {
            throw EngineError("addAnimations: delayFactor must be between 0 and 1 (got \(delayFactor))")
        }
        if state == .inactive {
            pendingBlocks.append((animations, delayFactor))
        } else {
            let x = current().x
            run(animations, delayFactor: max(delayFactor, isReversed ? 0 : x))
        }
    }

    /// Adds a completion handler, called with the position the animator finished at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    /// Sets `isInterruptible`.
    ///
    /// - Throws: `EngineError` unless the animator is inactive.
    public func setInterruptible(_ interruptible: Bool) throws(EngineError) {
        guard state == .inactive else { throw EngineError("isInterruptible can only change while the animator is inactive") }
        isInterruptible = interruptible
    }

    // MARK: Running

    /// startAnimation(afterDelay:).
    ///
    /// - Throws: `EngineError` when stopped.
    public func startAnimation(afterDelay delay: Double = 0) throws(EngineError) {
        guard state != .stopped else {
            throw EngineError("startAnimation: the animator is stopped; call finishAnimation(at:) first")
        }
        guard !isRunning else { return }
        activate()
        let target = isReversed ? 0.0 : 1.0
        begin(at: engine.currentTime + max(delay, 0), target: target, length: duration * abs(target - position),
              timing: timing(forLength: duration * abs(target - position)))
    }

    /// pauseAnimation().
    ///
    /// - Throws: `EngineError` when stopped or not interruptible.
    public func pauseAnimation() throws(EngineError) {
        guard state != .stopped else { throw EngineError("pauseAnimation: the animator is stopped") }
        guard isInterruptible else { throw EngineError("pauseAnimation: the animator is not interruptible") }
        activate()
        halt()
    }

    /// continueAnimation(withTimingParameters:durationFactor:): resumes with new timing (or
    /// the animator's own) over `durationFactor` × the duration (0: the original pacing of
    /// what remains).
    ///
    /// - Throws: `EngineError` unless the animator is active.
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) throws(EngineError) {
        guard state == .active else { throw EngineError("continueAnimation: the animator is not active") }
        guard durationFactor >= 0, durationFactor.isFinite else {
            throw EngineError("continueAnimation: durationFactor must not be negative")
        }
        halt()
        let target = isReversed ? 0.0 : 1.0
        let length = durationFactor > 0 ? duration * durationFactor : duration * abs(target - position)
        begin(at: engine.currentTime, target: target, length: length,
              timing: timing(forLength: length, parameters: parameters ?? timingParameters))
    }

    /// stopAnimation(_:): values stay where they show. true → inactive, no completion;
    /// false → stopped, waiting for finishAnimation(at:).
    ///
    /// - Throws: `EngineError` when already stopped.
    public func stopAnimation(_ withoutFinishing: Bool) throws(EngineError) {
        guard state != .stopped else { throw EngineError("stopAnimation: the animator is already stopped") }
        guard state == .active else { return }
        halt()
        let items = attached
        engine.performWithoutAnimation {
            for item in items {
                let shown = item.keyPath.get(engine.presentation(of: item.layer))
                removeAnimation(item)
                engine.set(shown, item.keyPath, item.layer)
            }
        }
        attached.removeAll()
        if withoutFinishing {
            state = .inactive
            completions.removeAll()
            reset()
        } else {
            state = .stopped
            frozen = items
        }
    }

    /// finishAnimation(at:): sets the values of the end, the start or where they are, and
    /// runs the completion handlers.
    ///
    /// - Throws: `EngineError` unless the animator is stopped.
    public func finishAnimation(at finalPosition: Position) throws(EngineError) {
        guard state == .stopped else {
            throw EngineError("finishAnimation(at:) needs a stopped animator (state is \(state))")
        }
        let items = frozen
        frozen.removeAll()
        engine.performWithoutAnimation {
            for item in items {
                switch finalPosition {
                case .end: engine.set(item.to, item.keyPath, item.layer)
                case .start: engine.set(item.from, item.keyPath, item.layer)
                case .current: break
                }
            }
        }
        complete(at: finalPosition)
    }

    // MARK: Progress

    /// fractionComplete: progress in the current direction (0 while inactive).
    public var fractionComplete: Double {
        guard state != .inactive else { return 0 }
        let x = current().x
        return isReversed ? 1 - x : x
    }

    /// Sets fractionComplete (scrubbing), clamped to [0, 1]; activates an inactive animator.
    ///
    /// - Throws: `EngineError` while running, when stopped, or when not interruptible.
    public func setFractionComplete(_ fraction: Double) throws(EngineError) {
        guard state != .stopped else { throw EngineError("fractionComplete cannot be set on a stopped animator") }
        guard !isRunning else { throw EngineError("fractionComplete can only be set while the animator is paused") }
        guard isInterruptible else { throw EngineError("fractionComplete needs an interruptible animator") }
        activate()
        let f = min(max(fraction.isNaN ? 0 : fraction, 0), 1)
        position = isReversed ? 1 - f : f
        shownProgress = scrubsLinearly ? position : timing(forLength: duration).value(at: position)
        scrubbedLinearly = scrubsLinearly
    }

    /// Sets isReversed; a running animator turns around where it is.
    ///
    /// - Throws: `EngineError` when stopped.
    public func setReversed(_ reversed: Bool) throws(EngineError) {
        guard state != .stopped else { throw EngineError("isReversed cannot change on a stopped animator") }
        guard reversed != isReversed else { return }
        isReversed = reversed
        guard isRunning else { return }
        halt()
        let target = reversed ? 0.0 : 1.0
        let length = duration * abs(target - position)
        begin(at: engine.currentTime, target: target, length: length, timing: timing(forLength: length))
    }

    /// The progress an animation with `delayFactor` shows at `time` (of its layer).
    func progress(at time: Double, delayFactor: Double) -> Double {
        let (x, shown) = current(at: time)
        guard delayFactor > 0 else { return shown }
        let local = min(max((x - delayFactor) / (1 - delayFactor), 0), 1)
        return scrubbedLinearly && segment == nil ? local : timing(forLength: duration * (1 - delayFactor)).value(at: local)
    }

    // MARK: Internals

    /// Records a property change made inside one of the animator's blocks.
    func attach(_ event: ActionEvent, delayFactor: Double) {
        let key = event.keyPath.property.rawValue
        let active = ActiveAnimation(
            sequence: engine.sequence(), key: key,
            definition: .basic(event.keyPath, from: event.oldPresentationValue, to: event.newValue, duration: duration),
            timing: MediaTiming(duration: duration), pacing: .driven(self, delayFactor: delayFactor),
            body: .value(event.keyPath, .fixed(ValueSegment(from: event.oldPresentationValue, to: event.newValue)),
                         additive: false))
        engine.attach(active, to: event.layer.id)
        attached.removeAll { $0.layer == event.layer.id && $0.keyPath.property == event.keyPath.property }
        attached.append(Attached(layer: event.layer.id, keyPath: event.keyPath, from: event.oldPresentationValue,
                                 to: event.newValue, animation: active))
    }

    /// Attaches a keyframe animation made by `animateKeyframes` inside this animator's
    /// animations: it follows the animator (its progress places the keyframes), so pausing,
    /// scrubbing and reversing the animator move it too, as in UIKit.
    func attachKeyframes(_ keyPath: LayerKeyPath, on layer: LayerID, values: [AnimatableValue], keyTimes: [Double],
                         mode: CalculationMode, delayFactor: Double) {
        guard let first = values.first, let last = values.last else { return }
        let track = KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: nil, mode: mode)
        let active = ActiveAnimation(
            sequence: engine.sequence(), key: keyPath.property.rawValue,
            definition: .keyframes(keyPath, values: values, keyTimes: keyTimes, calculationMode: mode, duration: duration),
            timing: MediaTiming(duration: duration), pacing: .driven(self, delayFactor: delayFactor),
            body: .value(keyPath, .keyframes(Box(track)), additive: false))
        engine.attach(active, to: layer)
        attached.removeAll { $0.layer == layer && $0.keyPath.property == keyPath.property }
        attached.append(Attached(layer: layer, keyPath: keyPath, from: first, to: last, animation: active))
    }

    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let blocks = pendingBlocks
        pendingBlocks.removeAll()
        for (block, delayFactor) in blocks { run(block, delayFactor: delayFactor) }
    }

    private func run(_ block: () -> Void, delayFactor: Double) {
        engine.viewContexts.append(.propertyAnimator(self, delayFactor: delayFactor))
        block()
        engine.viewContexts.removeLast()
    }

    private func current(at time: Double? = nil) -> (x: Double, shown: Double) {
        guard let segment else { return (position, shownProgress) }
        let t = time ?? engine.currentTime
        let s = segment.length > 0 ? min(max((t - segment.startTime) / segment.length, 0), 1) : (t >= segment.startTime ? 1 : 0)
        return (segment.fromX + (segment.target - segment.fromX) * s,
                segment.fromProgress + (segment.target - segment.fromProgress) * segment.timing.value(at: s))
    }

    private func begin(at start: Double, target: Double, length: Double, timing: TimingFunction) {
        segment = Segment(startTime: start, fromX: position, fromProgress: shownProgress, target: target,
                          length: length, timing: timing)
        scrubbedLinearly = false
        isRunning = true
        eventToken += 1
        let token = eventToken
        engine.schedule(at: start + length) { [self] in
            guard token == eventToken else { return }
            finishRun()
        }
    }

    /// Stops the clock where the animator is.
    private func halt() {
        let (x, shown) = current()
        position = x
        shownProgress = shown
        segment = nil
        isRunning = false
        eventToken += 1
    }

    private func finishRun() {
        halt()
        let atEnd = !isReversed
        position = atEnd ? 1 : 0
        shownProgress = position
        if pausesOnCompletion { return }
        let items = attached
        attached.removeAll()
        engine.performWithoutAnimation {
            for item in items {
                removeAnimation(item)
                if !atEnd { engine.set(item.from, item.keyPath, item.layer) }
            }
        }
        complete(at: atEnd ? .end : .start)
    }

    private func complete(at finalPosition: Position) {
        state = .inactive
        let handlers = completions
        completions.removeAll()
        reset()
        handlers.forEach { $0(finalPosition) }
    }

    private func reset() {
        position = 0
        shownProgress = 0
        isReversed = false
        segment = nil
        isRunning = false
    }

    private func removeAnimation(_ item: Attached) {
        engine.detach(item.animation, from: item.layer.rawValue)
    }

    private func timing(forLength length: Double, parameters: TimingParameters? = nil) -> TimingFunction {
        switch parameters ?? timingParameters {
        case .cubic(let curve):
            return .bezier(curve)
        case .spring(let ratio, let velocity):
            let seconds = max(length, 1e-6)
            return .spring(Spring(duration: seconds, dampingRatio: ratio, initialVelocity: velocity), duration: seconds)
        case .springPhysics(let mass, let stiffness, let damping, let velocity):
            return .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity),
                           duration: max(length, 1e-6))
        }
    }
}

extension AnimationEngine {
    /// Runs `action` when the clock reaches `time` (during `advance`).
    func schedule(at time: Double, _ action: @escaping () -> Void) {
        timedEvents.append(TimedEvent(time: time, sequence: sequence(), action: action))
    }

    /// Runs `action` once the clock has advanced `delay` seconds from now (during
    /// `advance`; a delay of 0 runs it after the current step): DispatchQueue.main's
    /// asyncAfter on the engine's clock.
    public func after(_ delay: Double, _ action: @escaping () -> Void) {
        if delay <= 0 {
            enqueue(action)
        } else {
            schedule(at: currentTime + delay, action)
        }
    }
}
