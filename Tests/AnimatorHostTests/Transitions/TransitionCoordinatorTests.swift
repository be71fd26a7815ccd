import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
import TestSupport

/// The transition coordinator: alongside animations in the transition's timing, scrubbed
/// with an interactive transition; completions; interaction-change notifications. The
/// transition is a 0.4 s system slide on ease-in-ease-out; expected values use the
/// independent reference Bézier solver.
@Suite struct TransitionCoordinatorTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let root: ViewController
    let a: ViewController
    let b: ViewController

    init() throws {
        root = ViewController(name: "root", engine: runtime.engine, frame: bounds)
        a = ViewController(name: "a", engine: runtime.engine, frame: bounds)
        b = ViewController(name: "b", engine: runtime.engine, frame: bounds)
        try runtime.setRoot(root)
        try root.view.addSubview(a.view)
    }

    func push(_ script: String?, onFrame: @escaping (Double) -> Void = { _ in }) throws -> TransitionOutcome {
        let start = runtime.engine.currentTime
        return try runtime.transition(.push, in: root.view, from: a, to: b, animator: SystemAnimator(.slide, duration: 0.4),
                                      interaction: script.map { try InteractionScript.parse($0) }) { t in
            onFrame(t - start)
        }
    }

    @Test func alongsideAnimationsFollowTheScrubbedTransition() throws {
        let dimming = runtime.engine.makeView(frame: bounds, name: "dimming")
        dimming.alpha = 0
        try root.view.addSubview(dimming)                               // inside the container
        let bar = runtime.engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 44), name: "bar")
        try runtime.window.addSubview(bar)                               // outside it
        let badge = runtime.engine.makeView(frame: Rect(x: 0, y: 800, width: 44, height: 44), name: "badge")
        try runtime.window.addSubview(badge)                             // outside, not followed
        var completions: [Bool] = []
        runtime.transitionWillBegin = { coordinator in
            coordinator.animate(alongsideTransition: { _ in dimming.alpha = 0.5 },
                                completion: { context in completions.append(context.isCancelled) })
            coordinator.animateAlongsideTransition(in: bar, animation: { _ in bar.alpha = 0 })
            coordinator.animate(alongsideTransition: { _ in badge.alpha = 0 })
        }
        var seen: [Double: (Double, Double, Double, Double?)] = [:]
        let outcome = try push("update 0.25 @0.1; update 0.5 @0.2; finish @0.3") { t in
            seen[(t * 60).rounded()] = (dimming.layer.presentation().opacity, bar.layer.presentation().opacity,
                                        badge.layer.presentation().opacity, b.transitionCoordinator?.percentComplete)
        }
        // Frame 9 (t = 0.15): percent 0.25, animation time 0.1.
        let at9 = try #require(seen[9])
        #expect(abs(at9.0 - 0.5 * referenceEaseInOut(0.25)) < 1e-9)
        #expect(abs(at9.1 - (1 - referenceEaseInOut(0.25))) < 1e-9)
        #expect(at9.3 == 0.25)
        // Frame 15 (t = 0.25): percent 0.5; the badge, not followed, is at its clock time 0.25.
        let at15 = try #require(seen[15])
        #expect(abs(at15.0 - 0.25) < 1e-9)
        #expect(abs(at15.1 - 0.5) < 1e-9)
        #expect(abs(at15.2 - (1 - referenceEaseInOut(0.25 / 0.4))) < 1e-9)
        #expect(outcome.completed && completions == [false])
        #expect(dimming.alpha == 0.5 && bar.alpha == 0)
        #expect(root.view.layer.timing == LayerTiming() && bar.layer.timing == LayerTiming())   // engine time again
        #expect(a.transitionCoordinator == nil && b.transitionCoordinator == nil)
    }

    @Test func interactionChangesAreNotifiedAndInitiallyInteractiveStays() throws {
        var changes: [(Bool, Bool)] = []
        runtime.transitionWillBegin = { coordinator in
            #expect(coordinator.isInteractive && coordinator.initiallyInteractive)
            coordinator.notifyWhenInteractionChanges { context in
                changes.append((context.isInteractive, context.initiallyInteractive))
            }
        }
        _ = try push("update 0.5 @0.1; finish @0.2; pause @0.25; cancel @0.3")
        #expect(changes.map(\.0) == [false, true, false])
        #expect(changes.allSatisfy { $0.1 })
    }

    @Test func aCancelledTransitionsCompletionsSeeItCancelled() throws {
        var cancelled: Bool?
        var velocity: Double?
        runtime.transitionWillBegin = { coordinator in
            coordinator.animate(alongsideTransition: nil) { context in
                cancelled = context.isCancelled
                velocity = context.completionVelocity
            }
        }
        let outcome = try push("speed 3; update 0.4 @0.1; cancel @0.2")
        #expect(!outcome.completed)
        #expect(cancelled == true)
        #expect(velocity == 3)
    }

    @Test func withoutAnimationAlongsideChangesApplyAtOnceAndCompletionsStillRun() throws {
        let dimming = runtime.engine.makeView(frame: bounds, name: "dimming")
        var completed = false
        runtime.transitionWillBegin = { coordinator in
            #expect(!coordinator.isInteractive && !coordinator.initiallyInteractive)
            coordinator.animate(alongsideTransition: { _ in dimming.alpha = 0.5 }, completion: { _ in completed = true })
        }
        let outcome = try runtime.transition(.push, in: root.view, from: a, to: b, animator: nil)
        #expect(outcome.completed && completed)
        #expect(dimming.alpha == 0.5)
        #expect(dimming.layer.presentation().opacity == 0.5)
    }

    @Test func percentCompleteFollowsTheClockWhenNotInteractive() throws {
        var percents: [Double: Double] = [:]
        _ = try push(nil) { t in percents[(t * 60).rounded()] = b.transitionCoordinator?.percentComplete }
        #expect(percents[6] == 0.25)                                  // 0.1 s of 0.4 s
        #expect(percents[12] == 0.5)
    }
}
