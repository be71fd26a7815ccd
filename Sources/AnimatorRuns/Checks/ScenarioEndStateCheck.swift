import AnimatorHost
import AnimatorRendering

/// The whole-picture oracle over an app flow in the demo app: after every step, the last
/// frame drawn must be the app as the same flow leaves it with no animation at all (every
/// step `animated: false`, the routes' presentation controllers kept), and the window must
/// hold the same views. A bubble left full-screen in a container, or a dismissed screen
/// still drawn over the one it revealed, fails here even when every value a test probes
/// is right.
public struct ScenarioEndStateCheck {
    /// The per-transition comparison (size, scale, tolerance).
    public var check: EndStateCheck

    /// Creates a check drawing at `check`'s size and scale.
    public init(_ check: EndStateCheck = EndStateCheck()) {
        self.check = check
    }

    /// One step's result and the picture the app showed before it.
    public struct StepResult {
        /// The step.
        public var step: DemoApp.Step
        /// The comparison of its last frame with the app's state after it, unanimated
        /// (after a cancelled step, the state before it).
        public var result: EndStateCheck.Result
        /// The app before the step, as drawn with no animation.
        public var before: SceneFrame
    }

    /// Runs `scenario` under `routes` twice, animated and not, and compares each step's
    /// last frame with the unanimated app after that step (or, for a step that was
    /// cancelled, before it; the steps after a cancelled one are not compared, since the
    /// two apps no longer agree on where they are).
    ///
    /// - Throws: what `DemoApp.run` throws.
    public func run(routes: Routes, registry: AnimatorRegistry, scenario: Scenario = .demo) throws -> [StepResult] {
        // Animated: the last frame of each step.
        let runtime = makeRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        var lastFrames: [SceneFrame] = []
        let reports = try DemoApp.run(routes: routes, registry: registry, runtime: runtime, scenario: scenario,
                                      onFrame: recorder.capture, onStep: { _ in
            recorder.captureFinal()
            lastFrames.append(recorder.take().frames.last ?? SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
        })
        // Unanimated: the app before and after each step.
        let reference = makeRuntime()
        var before: [SceneFrame] = [], after: [SceneFrame] = []
        let root = reference.window.layer.id
        _ = try DemoApp.run(routes: routes, registry: registry, runtime: reference, scenario: scenario, animated: false,
                            willStep: { _ in before.append(SceneFrame(engine: reference.engine, root: root)) },
                            onStep: { _ in after.append(SceneFrame(engine: reference.engine, root: root)) })
        // The unanimated flow completes every step; after a cancelled one the two apps
        // part ways, so the comparison ends with it.
        let compared = reports.firstIndex { !$0.outcome.completed }.map { 0...$0 } ?? 0...(reports.count - 1)
        guard !reports.isEmpty else { return [] }
        return compared.map { index in
            let outcome = reports[index].outcome
            let expected = outcome.completed ? after[index] : before[index]
            let result = check.compare(lastFrames[index], with: expected, operation: reports[index].step.operation,
                                       outcome: outcome, expectation: outcome.completed ? .newState : .oldState)
            return StepResult(step: reports[index].step, result: result, before: before[index])
        }
    }

    private func makeRuntime() -> TransitionRuntime {
        let runtime = TransitionRuntime(size: check.size)
        runtime.frameInterval = 1 / check.fps
        return runtime
    }
}
