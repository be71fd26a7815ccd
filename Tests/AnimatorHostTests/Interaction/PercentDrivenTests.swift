import AnimatorABI
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// UIPercentDrivenInteractiveTransition driven by scripts, checked at explicit clock
/// times. The transition is a 0.4 s system slide: the pushed view's centre goes from
/// x = 585 to 195 on ease-in-ease-out, so at animation time a its centre is
/// 585 − 390 · easeInOut(a / 0.4), with easeInOut evaluated by the independent reference
/// Bézier solver of the timing tests.
@Suite struct PercentDrivenTests {
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

    /// The pushed view's centre x at animation time `t` of the 0.4 s slide.
    static func pushedX(at t: Double) -> Double { 585 - 390 * referenceEaseInOut(min(max(t / 0.4, 0), 1)) }

    /// Runs a push under `script`, recording the pushed view's centre x at each frame.
    func push(_ script: String) throws -> (TransitionOutcome, [(Double, Double)]) {
        var samples: [(Double, Double)] = []
        let start = runtime.engine.currentTime
        let outcome = try runtime.transition(.push, in: root.view, from: a, to: b,
                                             animator: SystemAnimator(.slide, duration: 0.4),
                                             interaction: InteractionScript.parse(script)) { t in
            samples.append((t - start, b.view.layer.presentation().position.x))
        }
        return (outcome, samples)
    }

    func x(_ samples: [(Double, Double)], at time: Double) throws -> Double {
        try #require(samples.first { abs($0.0 - time) < 1e-9 }).1
    }

    @Test func updatesShowTheAnimationAtPercentTimesDurationAndFinishPlaysTheRest() throws {
        let (outcome, samples) = try push("update 0.5 @0.1; finish @0.2")
        // Before the first update the animation waits at its start.
        #expect(abs(try x(samples, at: 1.0 / 60) - 585) < 1e-9)
        // Percent 0.5: animation time 0.2, halfway along the curve.
        #expect(abs(try x(samples, at: 9.0 / 60) - Self.pushedX(at: 0.2)) < 1e-9)
        #expect(abs(Self.pushedX(at: 0.2) - 390) < 1e-9)
        // finish at 0.5: (1 − 0.5) × 0.4 / 1 = 0.2 s on easeInOut; at its middle (t = 0.3)
        // the percent is 0.5 + 0.5 × easeInOut(½) = 0.75, animation time 0.3.
        #expect(abs(try x(samples, at: 0.3) - Self.pushedX(at: 0.3)) < 1e-9)
        #expect(outcome.completed)
        #expect(abs(outcome.elapsed - 0.4) < 1e-9)
        #expect(root.view.subviews == [b.view])
        #expect(b.view.frame == bounds)
        #expect(root.view.layer.timing == LayerTiming())          // the container's time is the engine's again
    }

    @Test func cancelPlaysBackwardsAtCompletionSpeedAndRestoresEverything() throws {
        let (outcome, samples) = try push("speed 2; curve linear; update 0.6 @0.1; cancel @0.2")
        // cancel at 0.6: 0.6 × 0.4 / 2 = 0.12 s, linear; at t = 0.25 (0.05 s in) the
        // percent is 0.6 × (1 − 0.05 / 0.12) = 0.35.
        #expect(abs(try x(samples, at: 0.25) - Self.pushedX(at: 0.35 * 0.4)) < 1e-9)
        #expect(!outcome.completed)
        #expect(abs(outcome.elapsed - 0.32) < 1e-9)
        #expect(root.view.subviews == [a.view])
        #expect(a.view.frame == bounds)                            // the slid-away view is back
        #expect(b.view.superview == nil)
        #expect(runtime.appearance.map(\.description).suffix(6) == [
            "a.viewWillDisappear", "b.viewWillAppear",
            "b.viewWillDisappear", "b.viewDidDisappear", "a.viewWillAppear", "a.viewDidAppear",
        ])
    }

    @Test func pauseStopsACompletionAndMakesItInteractiveAgain() throws {
        let (outcome, samples) = try push("curve linear; update 0.5 @0.1; finish @0.2; pause @0.25; update 0.2 @0.3; cancel @0.35")
        // Finishing from 0.5 over 0.2 s, linear: at 0.25 the percent is 0.5 + 0.5 × 0.25 =
        // 0.625, where it stays until the update at 0.3.
        #expect(abs(try x(samples, at: 16.0 / 60) - Self.pushedX(at: 0.625 * 0.4)) < 1e-9)
        #expect(abs(try x(samples, at: 17.0 / 60) - Self.pushedX(at: 0.625 * 0.4)) < 1e-9)
        // update 0.2 at 0.3, then cancel: 0.2 × 0.4 = 0.08 s, ending at 0.43.
        #expect(abs(try x(samples, at: 20.0 / 60) - Self.pushedX(at: 0.2 * 0.4)) < 1e-9)
        #expect(!outcome.completed)
        #expect(abs(outcome.elapsed - 0.43) < 1e-9)
    }

    @Test func aTransitionThatStartsPlayingBecomesInteractiveOnPause() throws {
        let (outcome, samples) = try push("start playing; pause @0.1; update 0.5 @0.15; finish @0.2")
        // Playing: at t = 0.05 the animation is at 0.05.
        #expect(abs(try x(samples, at: 3.0 / 60) - Self.pushedX(at: 0.05)) < 1e-9)
        // Paused at 0.1 (percent 0.25) until the update.
        #expect(abs(try x(samples, at: 8.0 / 60) - Self.pushedX(at: 0.1)) < 1e-9)
        #expect(abs(try x(samples, at: 0.15) - Self.pushedX(at: 0.2)) < 1e-9)
        #expect(outcome.completed)
        // finish from 0.5 at 0.2: 0.2 s more.
        #expect(abs(outcome.elapsed - 0.4) < 1e-9)
    }

    @Test func anInteractionThatNeverEndsIsCancelledWithAProblem() throws {
        let script = InteractionScript(events: [.init(time: 0.1, command: .update(0.5))])
        let outcome = try runtime.transition(.push, in: root.view, from: a, to: b, animator: SystemAnimator(.slide),
                                             interaction: script)
        #expect(!outcome.completed)
        #expect(outcome.problems == ["interaction: no finish or cancel after the last call; the transition was cancelled"])
    }

    @Test func theZoomPluginFollowsTheInteractionAndCleansUpOnCancel() throws {
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        let info = try #require(registry.animator(named: "zoom"))
        let zoom = try AnimatorInstance(info, parameters: info.resolveParameters([]),
                                        session: HostSession(engine: runtime.engine))
        _ = try runtime.present(b, from: a, animator: zoom)
        var scale: Double?
        let start = runtime.engine.currentTime
        // Zoom dismisses by scaling the from-view to 0 in 0.4 s on easeInOut: at percent 0.25
        // the scale is 1 − easeInOut(0.25).
        let outcome = try runtime.dismiss(b, animator: zoom,
                                          interaction: InteractionScript.parse("update 0.25 @0.05; cancel @0.1")) { t in
            if scale == nil, t - start > 0.06 { scale = b.view.layer.presentation().transform.m11 }
        }
        #expect(abs(try #require(scale) - (1 - referenceEaseInOut(0.25))) < 1e-9)
        #expect(!outcome.completed)
        #expect(abs(outcome.elapsed - (0.1 + 0.25 * 0.4)) < 1e-9)
        #expect(b.view.transform == .identity)                     // the animator put it back
        #expect(b.presentingViewController === a)                  // still presented
        #expect(b.view.superview != nil)
    }
}

extension PercentDrivenTests {
    func bundled(_ name: String) throws -> AnimatorInstance {
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        let info = try #require(registry.animator(named: name))
        return try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession(engine: runtime.engine))
    }

    @Test func bubblesInteractiveDismissalFollowsAPanAndComesBackWholeWhenCancelled() throws {
        let bubble = try bundled("bubble")
        _ = try runtime.present(b, from: a, animator: bubble)
        // A downward pan of 211 points on the 844-point screen: 25 %, let go at rest → cancel.
        let trace = try GestureTrace.parse("""
            { "gesture": "pan", "axis": "y", "samples": [ { "t": 0, "translation": 0 },
              { "t": 0.1, "translation": 211, "velocity": 0 } ] }
            """, source: "pan.json").script(containerSize: bounds.size)
        #expect(trace.events.map(\.command) == [.update(0.25), .cancel])
        var opacity: Double?
        let start = runtime.engine.currentTime
        let outcome = try runtime.dismiss(b, animator: bubble, interaction: trace) { t in
            // Frame 6 is at 0.1 s exactly, when the update lands: bubble's dismissal at 25 %
            // of 0.5 s, its alpha 1 − easeInOut(0.25).
            if abs(t - start - 0.1) < 1e-9 { opacity = b.view.layer.presentation().opacity }
        }
        #expect(abs(try #require(opacity) - (1 - referenceEaseInOut(0.25))) < 1e-9)
        #expect(!outcome.completed)
        // Cancelling from 25 % of 0.5 s takes 0.125 s.
        #expect(abs(outcome.elapsed - 0.225) < 1e-9)
        // Still presented, whole again: alpha 1, identity, centred, alone in its container
        // (the bubble the dismissal brought in has gone again).
        #expect(b.presentingViewController === a)
        #expect(b.view.alpha == 1 && b.view.transform == .identity)
        #expect(b.view.center == Point(x: 195, y: 422))
        let container = try #require(b.view.superview)
        #expect(container.subviews.map(\.name) == [b.view.name])
    }
}

extension PercentDrivenTests {
    /// A custom animator that reads isInteractive and transitionWasCancelled through the C
    /// table at every frame, as a C plugin would.
    final class Prober: TransitionAnimator {
        let session: HostSession
        var context: ah_context = 0
        var seen: [(interactive: Bool, cancelled: Bool)] = []
        init(session: HostSession) { self.session = session }
        var identifier: String { "prober" }

        func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
            context = session.openContext(ContextState(operation: state.operation, isAnimated: true,
                                                       isInteractive: state.isInteractive, transition: state))
            let toView = state.toView!
            try? state.container.addSubview(toView)
            engine.animate(withDuration: 0.4, animations: { toView.alpha = 0.5 }, completion: { _ in
                state.completeTransition(!state.wasCancelled)
            })
            return (0.4, [])
        }

        func sample() {
            var interactive = false, cancelled = false
            _ = session.table.pointee.context_is_interactive(session.table, context, &interactive)
            _ = session.table.pointee.context_was_cancelled(session.table, context, &cancelled)
            seen.append((interactive, cancelled))
        }

        func end(_ state: TransitionState) { session.closeContext(context) }
    }

    @Test func theContextAnswersTheLiveInteractiveAndCancelledStateThroughTheCTable() throws {
        let prober = Prober(session: HostSession(engine: runtime.engine))
        _ = try runtime.transition(.push, in: root.view, from: a, to: b, animator: prober,
                                   interaction: InteractionScript.parse("update 0.5 @0.05; cancel @0.1")) { _ in
            prober.sample()
        }
        // Frames 1–5 (to 0.083 s): interactive; from the cancel at 0.1 s: not, and cancelled.
        #expect(prober.seen.first.map { $0.interactive && !$0.cancelled } == true)
        #expect(prober.seen.last.map { !$0.interactive && $0.cancelled } == true)
        #expect(prober.seen.prefix(5).allSatisfy { $0.interactive })
    }
}
