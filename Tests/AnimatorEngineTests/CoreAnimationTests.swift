import Foundation
import Testing
@testable import AnimatorEngine
import TestSupport

/// Core Animation's rules, each checked against a hand-worked value or a closed form.
@Suite struct CoreAnimationTests {
    let engine = AnimationEngine()

    func layer(opacity: Double = 1) -> Layer {
        let layer = engine.makeLayer()
        engine.transaction.disableActions = true
        layer.opacity = opacity
        layer.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        layer.position = Point(x: 50, y: 50)
        engine.transaction.disableActions = false
        engine.transaction.flush()
        return layer
    }

    func opacity(_ layer: Layer, at t: Double) -> Double { layer.presentation(at: t).opacity }

    @Test func aStandaloneLayerAnimatesImplicitlyOnCoreAnimationsDefaultCurve() {
        let layer = layer()
        layer.opacity = 0
        #expect(layer.model.opacity == 0)               // the model changes at once
        #expect(opacity(layer, at: 0) == 1)             // what shows starts where it was
        // 0.25 s by default, on (0.25, 0.1, 0.25, 1).
        let expected = 1 - referenceBezier((0.25, 0.1, 0.25, 1), at: 0.5)
        #expect(abs(opacity(layer, at: 0.125) - expected) < 1e-7)
        #expect(opacity(layer, at: 0.25) == 0)
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test func aViewsLayerDoesNotAnimateOutsideABlock() {
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0.3
        #expect(view.layer.presentation().opacity == 0.3)
        #expect(view.layer.animationKeys().isEmpty)
    }

    @Test func disableActionsSkipsTheImplicitAnimation() throws {
        let layer = layer()
        engine.transaction.begin()
        engine.transaction.disableActions = true
        layer.opacity = 0.5
        try engine.transaction.commit()
        #expect(layer.animationKeys().isEmpty)
        #expect(opacity(layer, at: 0) == 0.5)
    }

    final class Delegate: LayerDelegate {
        var answer: ActionLookup
        init(_ answer: ActionLookup) { self.answer = answer }
        func action(for layer: Layer, forKey key: String) -> ActionLookup { answer }
    }

    @Test func theActionLookupGoesDelegateActionsStyleDefault() {
        // A delegate answering NSNull stops the search: no animation.
        let first = layer()
        let stopper = Delegate(.noAction)
        first.delegate = stopper
        first.opacity = 0
        #expect(first.animationKeys().isEmpty)

        // nil goes on to `actions`, where NSNull stops it.
        let second = layer()
        let passer = Delegate(.continueSearch)
        second.delegate = passer
        second.actions = ["opacity": .noAction]
        second.opacity = 0
        #expect(second.animationKeys().isEmpty)

        // Then `style`: a custom action sees the old and new values.
        let third = layer()
        var seen: (AnimatableValue, AnimatableValue)?
        third.style = ["opacity": .action(.custom { event in seen = (event.oldValue, event.newValue) })]
        third.opacity = 0.25
        #expect(seen?.0 == .number(1))
        #expect(seen?.1 == .number(0.25))
        #expect(third.animationKeys().isEmpty)

        // A delegate's animation template gets from = old presentation, to = new model.
        let fourth = layer()
        let animator = Delegate(.action(.animation(Animation.basic(.opacity, duration: 1, timingFunction: .linear))))
        fourth.delegate = animator
        fourth.opacity = 0
        #expect(abs(opacity(fourth, at: 0.5) - 0.5) < 1e-12)
    }

    @Test func transactionSettingsAndCompletion() throws {
        let layer = layer()
        var completed = false
        engine.transaction.begin()
        engine.transaction.animationDuration = 1
        engine.transaction.animationTimingFunction = .linear
        engine.transaction.setCompletionBlock { completed = true }
        layer.position = Point(x: 150, y: 50)
        // A nested transaction inherits the duration.
        engine.transaction.begin()
        layer.opacity = 0
        try engine.transaction.commit()
        try engine.transaction.commit()
        #expect(abs(layer.presentation(at: 0.5).position.x - 100) < 1e-12)
        #expect(abs(opacity(layer, at: 0.5) - 0.5) < 1e-12)
        try engine.advance(to: 0.99)
        #expect(!completed)
        try engine.advance(to: 1)
        #expect(completed)
        #expect(throws: EngineError("CATransaction.commit() without a matching begin()")) { try engine.transaction.commit() }
    }

    @Test func aTransactionWithNoAnimationsCompletesAfterCommit() throws {
        var completed = false
        engine.transaction.begin()
        engine.transaction.setCompletionBlock { completed = true }
        try engine.transaction.commit()
        try engine.advance(to: 0)
        #expect(completed)
    }

    /// Core Animation's from/to/by rules, on a layer whose model opacity is 0.2.
    @Test(arguments: [
        (0.0, 1.0, nil, 0.5),       // from + to: 0 → 1
        (0.4, nil, 0.2, 0.5),       // from + by: 0.4 → 0.6
        (nil, 1.0, 0.4, 0.8),       // by + to: 0.6 → 1
        (0.8, nil, nil, 0.5),       // from only: 0.8 → current (0.2)
        (nil, 1.0, nil, 0.6),       // to only: current (0.2) → 1
        (nil, nil, 0.4, 0.4),       // by only: current → current + 0.4
    ] as [(Double?, Double?, Double?, Double)])
    func fromToByCombinations(_ combination: (Double?, Double?, Double?, Double)) throws {
        let layer = layer(opacity: 0.2)
        let (from, to, by, halfway) = combination
        try layer.add(.basic(.opacity, from: from.map(AnimatableValue.number), to: to.map(AnimatableValue.number),
                             by: by.map(AnimatableValue.number), duration: 1), forKey: "fade")
        #expect(abs(opacity(layer, at: 0.5) - halfway) < 1e-12)
    }

    @Test func fillModesBeginTimeAndRemovalOnCompletion() throws {
        func fade(_ fill: FillMode, removed: Bool) throws -> Layer {
            let layer = layer(opacity: 0.3)
            var animation = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
            animation.timing.beginTime = 1          // starts one second from now
            animation.timing.fillMode = fill
            animation.isRemovedOnCompletion = removed
            try layer.add(animation, forKey: "fade")
            return layer
        }
        let removed = try fade(.removed, removed: true)
        #expect(opacity(removed, at: 0.5) == 0.3)      // before: the model
        #expect(opacity(removed, at: 1.5) == 0.5)      // halfway from 0 to 1
        #expect(opacity(removed, at: 2.5) == 0.3)      // after: the model
        let backwards = try fade(.backwards, removed: true)
        #expect(opacity(backwards, at: 0.5) == 0)      // before: the from value
        let forwards = try fade(.forwards, removed: false)
        #expect(opacity(forwards, at: 0.5) == 0.3)
        #expect(opacity(forwards, at: 2.5) == 1)       // after: the to value, held
        let forwardsButRemoved = try fade(.forwards, removed: true)
        #expect(opacity(forwardsButRemoved, at: 2.5) == 0.3)
        try engine.advance(to: 3)
        #expect(removed.animationKeys().isEmpty)
        #expect(forwards.animationKeys() == ["fade"])
    }

    @Test func speedTimeOffsetRepeatAndAutoreverse() throws {
        let fast = layer(opacity: 0)
        var animation = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        animation.timing.speed = 2
        try fast.add(animation, forKey: "a")
        #expect(abs(opacity(fast, at: 0.25) - 0.5) < 1e-12)

        let skipped = layer(opacity: 0)
        animation = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        animation.timing.timeOffset = 0.5
        try skipped.add(animation, forKey: "a")
        #expect(abs(opacity(skipped, at: 0) - 0.5) < 1e-12)
        #expect(abs(opacity(skipped, at: 0.25) - 0.75) < 1e-12)

        let swinging = layer(opacity: 0)
        animation = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        animation.timing.repeatCount = 2
        animation.timing.autoreverses = true
        animation.timing.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        try swinging.add(animation, forKey: "a")
        for (t, expected) in [(0.25, 0.25), (1.5, 0.5), (2.25, 0.25), (3.75, 0.25)] {
            #expect(abs(opacity(swinging, at: t) - expected) < 1e-12, "t = \(t)")
        }
        #expect(opacity(swinging, at: 5) == 0)          // ends back at the start, held
    }

    @Test func runningAnimationsReportsWhatIsStillMovingUnderALayer() throws {
        let root = layer()
        let child = layer(), fast = layer(), outside = layer()
        try root.addSublayer(child)
        try root.addSublayer(fast)
        try engine.advance(to: 0.5)
        // Added at 0.5 s: 1 s long, so it ends at 1.5 s.
        try child.add(Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        // Twice as fast (speed 2) and repeated 3 times: 3 × 1 s / 2 = 1.5 s from 0.5 s.
        var twice = Animation.basic(.positionX, from: .number(0), to: .number(10), duration: 1)
        twice.timing.speed = 2
        twice.timing.repeatCount = 3
        try fast.add(twice, forKey: nil)
        // Forever: never ends.
        var forever = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        forever.timing.repeatCount = .infinity
        try root.add(forever, forKey: "pulse")
        // Not under the root: not reported.
        try outside.add(Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 5), forKey: "elsewhere")
        try engine.advance(to: 0.6)
        let running = engine.runningAnimations(under: root.id)
        #expect(running == [
            RunningAnimation(layer: child.id, key: "fade", keyPath: "opacity", end: 1.5),
            RunningAnimation(layer: fast.id, key: nil, keyPath: "position.x", end: 2),
            RunningAnimation(layer: root.id, key: "pulse", keyPath: "opacity", end: .infinity),
        ])
        // Once ended and removed, an animation is no longer running.
        try engine.advance(to: 1.75)
        #expect(engine.runningAnimations(under: root.id).map(\.key) == [nil, "pulse"])
    }

    @Test func additiveAnimationsAddToTheModel() throws {
        let layer = layer()
        var shake = Animation.basic(.positionX, from: .number(0), to: .number(40), duration: 1)
        shake.isAdditive = true
        try layer.add(shake, forKey: "shake")
        #expect(layer.presentation(at: 0.5).position.x == 50 + 20)
    }

    @Test func keyframeCalculationModes() throws {
        func keyframes(_ mode: CalculationMode, functions: [TimingFunction]? = nil) throws -> Layer {
            let layer = layer()
            try layer.add(.keyframes(.positionX, values: [.number(0), .number(10), .number(30)], keyTimes: [0, 0.5, 1],
                                     timingFunctions: functions, calculationMode: mode, duration: 1), forKey: "k")
            return layer
        }
        func x(_ layer: Layer, _ t: Double) -> Double { layer.presentation(at: t).position.x }
        let linear = try keyframes(.linear)
        #expect(abs(x(linear, 0.25) - 5) < 1e-12)
        #expect(abs(x(linear, 0.75) - 20) < 1e-12)
        let discrete = try keyframes(.discrete)
        #expect(x(discrete, 0.4) == 0)
        #expect(x(discrete, 0.6) == 10)
        // Paced: distances 10 and 20 put the middle value at 1/3, whatever keyTimes say.
        let paced = try keyframes(.paced)
        #expect(abs(x(paced, 1.0 / 6) - 5) < 1e-12)
        #expect(abs(x(paced, 2.0 / 3) - 20) < 1e-12)
        // Cubic: Catmull-Rom with the ends repeated; at the middle of the first segment
        // ½·(2·0 + (−0 + 10)·½ + (2·0 − 5·0 + 4·10 − 30)·¼ + (−0 + 3·0 − 3·10 + 30)·⅛) = 3.75.
        let cubic = try keyframes(.cubic)
        #expect(abs(x(cubic, 0.25) - 3.75) < 1e-12)
        #expect(abs(x(cubic, 0.5) - 10) < 1e-12)
        // Per-segment timing functions.
        let eased = try keyframes(.linear, functions: [.easeIn, .linear])
        #expect(abs(x(eased, 0.25) - 10 * referenceBezier((0.42, 0, 1, 1), at: 0.5)) < 1e-7)
    }

    @Test func invalidKeyTimesAreIgnoredAsCoreAnimationDoes() throws {
        let layer = layer()
        try layer.add(.keyframes(.positionX, values: [.number(0), .number(10), .number(20)], keyTimes: [0, 0.9, 0.5],
                                 duration: 1), forKey: "k")
        #expect(abs(layer.presentation(at: 0.25).position.x - 5) < 1e-12)   // uniform instead
    }

    @Test func aSpringAnimationFollowsTheClosedForm() throws {
        let layer = layer()
        let spring = Spring(mass: 1, stiffness: 100, damping: 5)
        try layer.add(.spring(.positionX, spring, from: .number(0), to: .number(640)), forKey: "spring")
        // ζ = 0.25, ω0 = 10: x(t) = e^(−2.5t)(cos ωd t + (2.5/ωd) sin ωd t), ωd = 10·√(1 − 1/16).
        let omegaD = 10 * (1 - 0.0625).squareRoot()
        for t in [0.1, 0.3, 0.7, 1.2] {
            let displacement = exp(-2.5 * t) * (cos(omegaD * t) + 2.5 / omegaD * sin(omegaD * t))
            #expect(abs(layer.presentation(at: t).position.x - 640 * (1 - displacement)) < 1e-9)
        }
        // With no duration given, it lasts the settling duration (about 2.85 s).
        #expect(layer.presentation(at: 2.8).position.x != 50)
        #expect(layer.presentation(at: 2.9).position.x == 50)
    }

    @Test func groupsTimeTheirChildren() throws {
        let layer = layer()
        var move = Animation.basic(.positionX, from: .number(0), to: .number(100), duration: 0.5)
        move.timing.beginTime = 0.5
        let group = Animation.group([.basic(.opacity, from: .number(0), to: .number(1), duration: 0.5), move], duration: 1)
        try layer.add(group, forKey: "g")
        #expect(abs(opacity(layer, at: 0.25) - 0.5) < 1e-12)
        #expect(layer.presentation(at: 0.25).position.x == 50)        // the move has not begun
        #expect(opacity(layer, at: 0.75) == 1)                         // the fade is over
        #expect(abs(layer.presentation(at: 0.75).position.x - 50) < 1e-12)  // halfway: 0 → 100
    }

    @Test func anAnimationEndingOnAFrameEndsOnThatFrameDespiteRounding() throws {
        // In binary, 0.4 + 0.2 is 0.6000000000000001, so an animation of 0.2 s begun at
        // 0.4 ends a hair after the frame time 0.6. It is due at 0.6: events within a
        // nanosecond of the clock count as due.
        try engine.advance(to: 0.4)
        #expect(0.4 + 0.2 > 0.6)
        let layer = layer()
        var stopped: Bool?
        var fade = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.2)
        fade.didStop = { stopped = $0 }
        try layer.add(fade, forKey: "fade")
        try engine.advance(to: 0.6)
        #expect(stopped == true)
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func aTransitionReportsItsProgress() throws {
        let layer = layer()
        try layer.add(.transition(.push, .fromRight, duration: 0.4), forKey: "t")
        #expect(layer.transition(at: 0.1) == TransitionFrame(type: .push, subtype: .fromRight, progress: 0.25))
        #expect(layer.transition(at: 0.5) == nil)
    }

    @Test func keysDelegatesAndRemoval() throws {
        let layer = layer()
        var events: [String] = []
        var first = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 1)
        first.didStart = { events.append("first start") }
        first.didStop = { events.append("first stop \($0)") }
        try layer.add(first, forKey: "fade")
        try engine.advance(to: 0.1)
        var second = Animation.basic(.opacity, from: .number(1), to: .number(0), duration: 1)
        second.timing.beginTime = layer.localTime + 0.5
        second.didStart = { events.append("second start") }
        second.didStop = { events.append("second stop \($0)") }
        try layer.add(second, forKey: "fade")               // replaces the first
        #expect(layer.animationKeys() == ["fade"])
        try engine.advance(to: 0.5)
        try engine.advance(to: 0.6)
        try engine.advance(to: 1.7)
        #expect(events == ["first start", "first stop false", "second start", "second stop true"])
        try layer.add(.basic(.opacity, to: .number(0.5), duration: 1), forKey: "a")
        try layer.add(.basic(.positionX, to: .number(0), duration: 1), forKey: "b")
        #expect(layer.animationKeys() == ["a", "b"])
        layer.removeAnimation(forKey: "a")
        #expect(layer.animationKeys() == ["b"])
        layer.removeAllAnimations()
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func aValueOfTheWrongKindIsAnError() {
        let layer = layer()
        #expect(throws: EngineError("position takes a point, not a number")) {
            try layer.add(.basic(.position, to: .number(3), duration: 1), forKey: nil)
        }
        #expect(throws: EngineError("opacity takes a number, not a point")) {
            try engine.setValue(.point(.zero), for: .opacity, of: layer.id)
        }
    }

    @Test func pausingALayerFreezesItsAnimationsAndResumingContinues() throws {
        let layer = layer(opacity: 0)
        try layer.add(.basic(.opacity, from: .number(0), to: .number(1), duration: 1), forKey: "fade")
        try engine.advance(to: 0.4)
        layer.pause()
        try engine.advance(to: 3)
        #expect(abs(opacity(layer, at: 3) - 0.4) < 1e-12)
        #expect(layer.animationKeys() == ["fade"])           // paused, so not finished
        layer.resume()
        #expect(abs(opacity(layer, at: 3.3) - 0.7) < 1e-12)
        try engine.advance(to: 3.6)
        #expect(layer.animationKeys().isEmpty)
    }

    @Test func timeMovesForwardOnlyButPresentationCanLookBack() throws {
        let layer = layer()
        layer.opacity = 0
        try engine.advance(to: 0.2)
        #expect(throws: EngineError("cannot advance the clock from 0.2 to 0.1: time only moves forward")) {
            try engine.advance(to: 0.1)
        }
        #expect(opacity(layer, at: 0) == 1)
        #expect(opacity(layer, at: 0.1) < 1)
    }
}
