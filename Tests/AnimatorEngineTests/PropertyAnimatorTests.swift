import Foundation
import Testing
@testable import AnimatorEngine
import TestSupport

@Suite struct PropertyAnimatorTests {
    let engine = AnimationEngine()
    let view: View

    init() {
        view = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))   // centre x 50
    }

    func x(_ t: Double? = nil) -> Double { view.layer.presentation(at: t ?? engine.currentTime).position.x }

    func animator(_ curve: AnimationCurve = .linear, duration: Double = 1) -> PropertyAnimator {
        PropertyAnimator(engine: engine, duration: duration, curve: curve) { view.center = Point(x: 150, y: 50) }
    }

    @Test func runsToTheEndAndCompletes() throws {
        let animator = animator()
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        #expect(animator.state == .inactive)
        #expect(animator.fractionComplete == 0)
        try animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning)
        try engine.advance(to: 0.5)
        #expect(abs(x() - 100) < 1e-12)
        #expect(abs(animator.fractionComplete - 0.5) < 1e-12)
        try engine.advance(to: 1)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
        #expect(x() == 150 && view.center.x == 150)
    }

    @Test func pauseScrubAndContinue() throws {
        let animator = animator(.easeIn)
        try animator.startAnimation()
        try engine.advance(to: 0.5)
        try animator.pauseAnimation()
        let shown = x()
        #expect(abs(shown - (50 + 100 * referenceBezier((0.42, 0, 1, 1), at: 0.5))) < 1e-7)
        try engine.advance(to: 2)
        #expect(x() == shown)                                  // paused: nothing moves
        // scrubsLinearly (the default): linear in time, not through easeIn.
        try animator.setFractionComplete(0.25)
        #expect(abs(x() - 75) < 1e-12)
        animator.scrubsLinearly = false
        try animator.setFractionComplete(0.25)
        #expect(abs(x() - (50 + 100 * referenceBezier((0.42, 0, 1, 1), at: 0.25))) < 1e-7)
        try animator.setFractionComplete(7)                    // clamped
        #expect(animator.fractionComplete == 1)
        try animator.setFractionComplete(0.5)
        // Continue with the original pacing: the remaining half takes half the duration.
        var finishedAt: Double?
        animator.addCompletion { _ in finishedAt = engine.currentTime }
        try animator.continueAnimation(withTimingParameters: .cubic(.linear), durationFactor: 0)
        // scrubsLinearly is off, so fraction 0.5 showed easeIn(0.5); the rest runs linearly
        // from there to the end over 0.5 s: halfway at 2.25.
        let start = referenceBezier((0.42, 0, 1, 1), at: 0.5)
        try engine.advance(to: 2.25)
        #expect(abs(x() - (50 + 100 * (start + (1 - start) * 0.5))) < 1e-7)
        try engine.advance(to: 3)
        #expect(finishedAt == 2.5)
    }

    @Test func aDurationFactorSetsTheRemainingTime() throws {
        let animator = animator()
        try animator.setFractionComplete(0.5)
        var finishedAt: Double?
        animator.addCompletion { _ in finishedAt = engine.currentTime }
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 2)   // 2 s for the rest
        try engine.advance(to: 1)
        // From 100 (shown at 0.5) toward 150, linearly over 2 s: halfway at 1 s.
        #expect(abs(x() - 125) < 1e-12)
        try engine.advance(to: 2)
        #expect(finishedAt == 2)
    }

    @Test func reversingRunsBackAndCountsInTheNewDirection() throws {
        let animator = animator()
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        try engine.advance(to: 0.6)
        try animator.setReversed(true)
        #expect(abs(animator.fractionComplete - 0.4) < 1e-12)
        try engine.advance(to: 0.9)
        #expect(abs(x() - 80) < 1e-12)                          // 0.3 back from 0.6: x = 0.3
        try engine.advance(to: 1.2)
        #expect(positions == [.start])
        #expect(view.center.x == 50)                             // back at the start: the old value
    }

    @Test func stopThenFinish() throws {
        let animator = animator()
        var positions: [PropertyAnimator.Position] = []
        animator.addCompletion { positions.append($0) }
        try animator.startAnimation()
        try engine.advance(to: 0.3)
        try animator.stopAnimation(false)
        #expect(animator.state == .stopped)
        #expect(abs(view.center.x - 80) < 1e-12)                 // left where it showed
        #expect(throws: EngineError("startAnimation: the animator is stopped; call finishAnimation(at:) first")) {
            try animator.startAnimation()
        }
        try animator.finishAnimation(at: .end)
        #expect(view.center.x == 150)
        #expect(positions == [.end])
        #expect(animator.state == .inactive)
        #expect(throws: EngineError("finishAnimation(at:) needs a stopped animator (state is inactive)")) {
            try animator.finishAnimation(at: .start)
        }
    }

    @Test func stopWithoutFinishingSkipsTheCompletion() throws {
        let animator = animator()
        var called = false
        animator.addCompletion { _ in called = true }
        try animator.startAnimation()
        try engine.advance(to: 0.5)
        try animator.stopAnimation(true)
        try engine.advance(to: 2)
        #expect(!called)
        #expect(animator.state == .inactive)
        #expect(abs(view.center.x - 100) < 1e-12)
    }

    @Test func pausesOnCompletionStaysActive() throws {
        let animator = animator()
        animator.pausesOnCompletion = true
        var called = false
        animator.addCompletion { _ in called = true }
        try animator.startAnimation()
        try engine.advance(to: 2)
        #expect(!called)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(x() == 150)
    }

    @Test func delayFactorsStartAnimationsLater() throws {
        let other = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let animator = animator()
        try animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
        try animator.startAnimation()
        #expect(other.layer.presentation(at: 0.4).opacity == 1)
        #expect(abs(other.layer.presentation(at: 0.75).opacity - 0.5) < 1e-12)
        #expect(throws: EngineError("addAnimations: delayFactor must be between 0 and 1 (got 2.0)")) {
            try animator.addAnimations({}, delayFactor: 2)
        }
    }

    @Test func invalidCallsAreErrors() throws {
        let animator = animator()
        try animator.startAnimation()
        #expect(throws: EngineError("fractionComplete can only be set while the animator is paused")) {
            try animator.setFractionComplete(0.3)
        }
        #expect(throws: EngineError("isInterruptible can only change while the animator is inactive")) {
            try animator.setInterruptible(false)
        }
        let rigid = self.animator()
        try rigid.setInterruptible(false)
        #expect(throws: EngineError("pauseAnimation: the animator is not interruptible")) { try rigid.pauseAnimation() }
        let idle = self.animator()
        #expect(throws: EngineError("continueAnimation: the animator is not active")) {
            try idle.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        }
    }

    @Test func scrubbingAnInactiveAnimatorActivatesIt() throws {
        let animator = animator(.easeInOut)
        try animator.setFractionComplete(0.4)
        #expect(animator.state == .active)
        #expect(abs(x() - 90) < 1e-12)
    }

    @Test func runningPropertyAnimatorStartsAtOnceAfterItsDelay() throws {
        var done: PropertyAnimator.Position?
        let animator = PropertyAnimator.runningPropertyAnimator(engine: engine, withDuration: 1, delay: 0.5,
                                                                options: .curveLinear,
                                                                animations: { view.alpha = 0 },
                                                                completion: { done = $0 })
        #expect(animator.isRunning)
        #expect(view.layer.presentation(at: 0.25).opacity == 1)
        #expect(abs(view.layer.presentation(at: 1).opacity - 0.5) < 1e-12)
        try engine.advance(to: 1.5)
        #expect(done == .end)
    }

    @Test func timingParametersInTheirForms() throws {
        // Control points.
        let bezier = PropertyAnimator(engine: engine, duration: 1, controlPoint1: Point(x: 0.1, y: 0.9),
                                      controlPoint2: Point(x: 0.2, y: 1)) { view.alpha = 0 }
        try bezier.startAnimation()
        #expect(abs(view.layer.presentation(at: 0.3).opacity - (1 - referenceBezier((0.1, 0.9, 0.2, 1), at: 0.3))) < 1e-7)
        // UICubicTimingParameters() is Core Animation's default curve.
        #expect(PropertyAnimator.TimingParameters.default == .cubic(CubicBezier(0.25, 0.1, 0.25, 1)))
        // A damping ratio maps the duration as UIView's spring blocks do.
        let other = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))   // centre x 5
        let spring = PropertyAnimator(engine: engine, duration: 0.8, dampingRatio: 0.6) { other.center = Point(x: 105, y: 5) }
        try spring.startAnimation()
        let expected = Spring(duration: 0.8, dampingRatio: 0.6).value(at: 0.2)
        #expect(abs(other.layer.presentation(at: 0.2).position.x - (5 + 100 * expected)) < 1e-9)
        // A physical spring ignores the duration: it lasts its settling duration.
        let physical = PropertyAnimator(engine: engine, duration: 99,
                                        timingParameters: .springPhysics(mass: 1, stiffness: 100, damping: 15, initialVelocity: 0))
        #expect(abs(physical.duration - Spring(mass: 1, stiffness: 100, damping: 15).settlingDuration()) < 1e-12)
    }
}

/// Keyframes made inside a property animator's animations belong to it.
@Suite struct PropertyAnimatorKeyframeTests {
    let engine = AnimationEngine()

    @Test func keyframesFollowTheAnimatorsScrubbingAndReversal() throws {
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        var finished: [Bool] = []
        // Alpha 1 → 0 over the first half, → 0.5 over the second, linear, as an interruptible
        // dismissal written with keyframes does.
        let animator = PropertyAnimator(engine: engine, duration: 1, curve: .linear) {
            engine.animateKeyframes(withDuration: 0, options: [.curveLinear], animations: {
                try? engine.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
                try? engine.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0.5 }
            }, completion: { finished.append($0) })
        }
        try animator.pauseAnimation()
        // Scrubbed by hand: a quarter is halfway down the first keyframe, three quarters
        // halfway up the second.
        try animator.setFractionComplete(0.25)
        #expect(abs(view.layer.presentation().opacity - 0.5) < 1e-12)
        try animator.setFractionComplete(0.75)
        #expect(abs(view.layer.presentation().opacity - 0.25) < 1e-12)
        // Reversed and continued from 0.75 with a duration factor of 1: UIKit's factor
        // multiplies the original duration, so the way back to 0 takes 1 s, linearly. After
        // 0.25 s it is at 0.75 − 0.1875 = 0.5625, 0.0625 into the second keyframe's half:
        // alpha 0.0625; after 1 s at the start (alpha 1), where it completes.
        try animator.setReversed(true)
        try animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        try engine.advance(to: 0.25)
        #expect(abs(view.layer.presentation().opacity - 0.0625) < 1e-9)
        try engine.advance(to: 1)
        #expect(finished == [false])
        #expect(view.layer.presentation().opacity == 1)
    }
}
