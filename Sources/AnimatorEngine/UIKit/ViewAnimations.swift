/// UIView's animation class methods, for views of this engine.
extension AnimationEngine {
    /// UIView.animate(withDuration:delay:options:animations:completion:).
    ///
    /// Changes to view properties inside `animations` animate from their old model value
    /// (the presentation value with `.beginFromCurrentState`) to the new one on the
    /// options' curve (easeInOut by default). Inside another block, the outer block's
    /// duration and curve are inherited unless `.overrideInheritedDuration` or
    /// `.overrideInheritedCurve` is given. `completion` runs once every animation created
    /// has stopped, with false if any was removed or interrupted before its end. A duration
    /// of 0 changes the views at once, without animation, and runs `completion` (finished)
    /// after the current step, as UIKit does.
    public func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        runBlock(duration: duration, delay: delay, options: options, timing: options.curve.timingFunction,
                 explicitTiming: false, animations: animations, completion: completion)
    }

    /// UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…): the
    /// spring UIKit maps the duration and damping ratio to (see `Spring(duration:…)`), run
    /// with a linear curve.
    public func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping dampingRatio: Double,
                        initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                        animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity)
        runBlock(duration: duration, delay: delay, options: options, timing: .spring(spring, duration: duration),
                 explicitTiming: true, animations: animations, completion: completion)
    }

    private func runBlock(duration: Double, delay: Double, options: AnimationOptions, timing: TimingFunction,
                          explicitTiming: Bool, animations: () -> Void, completion: ((Bool) -> Void)?) {
        var duration = max(duration, 0)
        var timing = timing
        if case .block(let outer)? = viewContexts.last {
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) && !explicitTiming { timing = outer.timing }
        }
        let group = CompletionGroup(armed: false) { finished in completion?(finished) }
        viewContexts.append(.block(BlockAnimation(duration: duration, delay: max(delay, 0), timing: timing,
                                                  options: options, group: group)))
        animations()
        viewContexts.removeLast()
        if group.arm() { enqueue { group.fire() } }
    }

    /// UIView.animateKeyframes(withDuration:delay:options:animations:completion:).
    ///
    /// Inside `animations`, call `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`;
    /// both numbers are fractions of the whole duration. Each changed property becomes one
    /// keyframe animation with the options' calculation mode; unless a curve option is
    /// given, the animation as a whole runs on easeInOut (UIKit's well-known default:
    /// pass `.curveLinear` for linear keyframe timing). Inside a property animator's
    /// animations, the keyframes follow that animator (its duration and curve, its pauses,
    /// scrubbing and reversal) and `completion` runs when it ends.
    public func animateKeyframes(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                                 animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        // Inside a property animator's animations the keyframes belong to that animator.
        var enclosing: (PropertyAnimator, Double)?
        if case .propertyAnimator(let animator, let delayFactor)? = viewContexts.last { enclosing = (animator, delayFactor) }
        let collector = KeyframeCollector()
        viewContexts.append(.keyframes(collector, start: 0, duration: 1))
        animations()
        viewContexts.removeLast()
        if let (animator, delayFactor) = enclosing {
            for track in collector.tracks {
                let (values, keyTimes) = KeyframeCollector.keyframes(of: track)
                animator.attachKeyframes(track.keyPath, on: track.layer, values: values, keyTimes: keyTimes,
                                         mode: options.calculationMode, delayFactor: delayFactor)
            }
            if let completion { animator.addCompletion { position in completion(position == .end) } }
            return
        }
        let group = CompletionGroup(armed: false) { finished in completion?(finished) }
        // Duration 0: the last keyframes' values at once, without animation, as UIKit does.
        for track in collector.tracks where duration > 0 {
            let (values, keyTimes) = KeyframeCollector.keyframes(of: track)
            var animation = Animation.keyframes(track.keyPath, values: values, keyTimes: keyTimes,
                                                calculationMode: options.calculationMode)
            let now = layerTime(of: track.layer, at: currentTime)
            animation.timing = MediaTiming(beginTime: now + max(delay, 0), duration: max(duration, 0),
                                           repeatCount: options.contains(.repeat) ? .infinity : 0,
                                           autoreverses: options.contains(.autoreverse),
                                           fillMode: delay > 0 ? .backwards : .removed)
            animation.timingFunction = options.curve.timingFunction
            _ = try? addAnimation(animation, forKey: track.keyPath.property.rawValue, to: track.layer, groups: [group])
        }
        if group.arm() { enqueue { group.fire() } }
    }

    /// UIView.addKeyframe(withRelativeStartTime:relativeDuration:animations:), inside
    /// `animateKeyframes`.
    ///
    /// - Throws: `EngineError` when called outside `animateKeyframes`.
    public func addKeyframe(withRelativeStartTime start: Double, relativeDuration duration: Double,
                            animations: () -> Void) throws(EngineError) {
        guard let collector = viewContexts.reversed().lazy.compactMap({ context -> KeyframeCollector? in
            if case .keyframes(let collector, _, _) = context { return collector }
            return nil
        }).first else {
            throw EngineError("addKeyframe called outside animateKeyframes")
        }
        viewContexts.append(.keyframes(collector, start: start, duration: duration))
        animations()
        viewContexts.removeLast()
    }

    /// UIView.performWithoutAnimation: changes inside `actions` take effect with no
    /// animation, even inside an animation block.
    public func performWithoutAnimation(_ actions: () -> Void) {
        viewContexts.append(.withoutAnimation)
        actions()
        viewContexts.removeLast()
    }

    /// A custom animation API for views, as seed 002 builds with actionForLayer:forKey::
    /// inside `animations`, every change of a view property asks `provider` for its action
    /// (given the change) before the view answers. `.noAction` animates nothing;
    /// `.continueSearch` leaves the answer to the view (the animation call around this
    /// one, or none).
    public func withViewActions(_ provider: @escaping (ActionEvent) -> ActionLookup, animations: () -> Void) {
        viewContexts.append(.custom(provider))
        animations()
        viewContexts.removeLast()
    }

    /// UIView.beginAnimations: until the matching `commitAnimations`, view property changes
    /// take effect in the model at once and are recorded. Nests.
    public func beginAnimations() {
        viewContexts.append(.recording(ChangeRecorder()))
    }

    /// Whether a `beginAnimations` is waiting for its commit.
    public var isRecordingAnimations: Bool {
        viewContexts.contains { if case .recording = $0 { return true } else { return false } }
    }

    /// UIView.commitAnimations: animates every view property changed since the matching
    /// `beginAnimations` from its value before the first change to its current one, as one
    /// `animate(withDuration:delay:options:…)` call (or its spring form, `spring` given as
    /// damping ratio and initial velocity) making those changes would, inside whatever
    /// animation call is around.
    ///
    /// - Throws: `EngineError` when the innermost open call is not a `beginAnimations`.
    public func commitAnimations(duration: Double = 0.2, delay: Double = 0, options: AnimationOptions = [],
                                 spring: (dampingRatio: Double, velocity: Double)? = nil,
                                 completion: ((Bool) -> Void)? = nil) throws(EngineError) {
        guard case .recording(let recorder)? = viewContexts.last else {
            throw EngineError("commitAnimations without a matching beginAnimations")
        }
        viewContexts.removeLast()
        var finals: [AnimatableValue] = []
        for change in recorder.changes {
            finals.append(modelValue(change.keyPath, of: change.layer.rawValue))
        }
        // Back to the values before the block without an action, then forward inside a block.
        performWithoutAnimation {
            for change in recorder.changes { set(change.old, change.keyPath, change.layer) }
        }
        let body = { [self] in
            for (change, final) in zip(recorder.changes, finals) { set(final, change.keyPath, change.layer) }
        }
        if let spring {
            animate(withDuration: duration, delay: delay, usingSpringWithDamping: spring.dampingRatio,
                    initialSpringVelocity: spring.velocity, options: options, animations: body, completion: completion)
        } else {
            animate(withDuration: duration, delay: delay, options: options, animations: body, completion: completion)
        }
    }
}
