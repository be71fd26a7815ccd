import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorSupport

/// Performs run requests: one animator's transition between the stage's two screens, or
/// an app flow in the demo app, every frame recorded. Plugin code runs in children of
/// `sandbox` (`SandboxedRun`), or in this process when there is none.
///
/// A demo step whose animator fails is reported as failed and the app goes on without it
/// (in a fresh child from the next step when sandboxed).
public struct Runner {
    /// The animators the request's names are looked up among.
    public var registry: AnimatorRegistry
    /// Where plugin code runs: nil in this process.
    public var sandbox: PluginSandbox?
    /// Each line plugins wrote to stdout or stderr in a child.
    public var onOutput: (String) -> Void

    /// A runner over `registry`'s animators.
    public init(registry: AnimatorRegistry, sandbox: PluginSandbox? = nil, onOutput: @escaping (String) -> Void = { _ in }) {
        self.registry = registry
        self.sandbox = sandbox
        self.onOutput = onOutput
    }

    /// Performs `request` (its outputs are not written: see `RunOutput.write`).
    ///
    /// - Throws: `RunRequestError` for a mistake in the request (an unknown parameter, a
    ///   style for a push); any other error when the run could not be made (no such
    ///   animator, an unreadable file, a child that did not start).
    public func perform(_ request: RunRequest) throws -> RunResult {
        try request.check()
        // A run whose device turns draws on a square canvas: its frames must fit too.
        if try Self.turns(request) {
            for output in request.outputs where output.kind.render != nil {
                if let problem = RunOutput.sizeProblem(request.canvasSize(turns: true), scale: output.scale) {
                    throw RunRequestError(.outputs, ": \(problem) (a run that turns draws both orientations)")
                }
            }
        }
        if let sandbox { return try SandboxedRun.perform(request, registry: registry, sandbox: sandbox, onOutput: onOutput) }
        var segments: [Recording.Segment] = []
        var reports: [TransitionReport] = []
        var resume = DemoApp.Resume.beginning
        while true {
            do {
                try Self.attempt(request, registry: registry, resume: resume, marker: nil, storesFrames: true,
                                 events: Events(end: { _, segment, report in
                                     segments.append(segment)
                                     reports.append(report)
                                 }))
                break
            } catch let error as DemoApp.StepError where error.index >= resume.start {
                reports.append(.failed(error.step, animator: error.resolution.target.reportName,
                                       rule: error.resolution.rule ?? "default", reason: "\(error.underlying)"))
                resume = DemoApp.Resume(start: error.index + 1, failed: resume.failed.union([error.index]))
            }
        }
        return RunResult(recording: Recording(size: request.canvasSize(turns: try Self.turns(request),
                                                                       resizes: try Self.resizes(request)), fps: request.fps,
                                              segments: segments),
                         transitions: reports)
    }

    /// Whether the device turns during `request`'s run (`--rotate`, or a flow's "rotate" step).
    static func turns(_ request: RunRequest) throws(JSONFormatError) -> Bool {
        if request.rotate != nil { return true }
        guard !request.isDemo, let path = request.scenario else { return false }
        return try StageFlow.load(path: path).steps.contains { $0.rotate != nil }
    }

    /// Whether the window's split view share changes during `request`'s run (`--split`, or
    /// a flow's "split" step).
    static func resizes(_ request: RunRequest) throws(JSONFormatError) -> Bool {
        if request.split != nil { return true }
        guard !request.isDemo, let path = request.scenario else { return false }
        return try StageFlow.load(path: path).steps.contains { $0.split != nil }
    }

    /// What one attempt at a run reports, as it goes.
    struct Events {
        /// A transition (by its position in the run) is about to start, with the animator
        /// (as reports name it) and the route rule that chose it.
        var begin: (_ index: Int, _ step: DemoApp.Step, _ animator: String, _ rule: String?) -> Void = { _, _, _, _ in }
        /// A frame was captured into the recorder.
        var frame: (_ recorder: FrameRecorder) throws -> Void = { _ in }
        /// A transition ended: its frames (those the recorder still held) and its report.
        var end: (_ index: Int, _ segment: Recording.Segment, _ report: TransitionReport) throws -> Void
    }

    /// Runs `request` from `resume` in this process, reporting each transition through
    /// `events`.
    ///
    /// - Parameter storesFrames: keep each transition's frames in a `FrameStore` (a run
    ///   that keeps them; a child sends them as they come and keeps none).
    /// - Throws: `DemoApp.StepError` for a demo step that failed (the caller resumes after
    ///   it); any other error ends the run.
    static func attempt(_ request: RunRequest, registry: AnimatorRegistry, resume: DemoApp.Resume,
                        marker: PluginCallMarker?, storesFrames: Bool = false, events: Events) throws {
        let runtime = TransitionRuntime(size: request.screenSize)
        runtime.frameInterval = 1 / request.fps
        runtime.traits = request.traits
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id, keepsFrames: request.keepsFrames,
                                     storesFrames: storesFrames)
        var frameError: (any Error)?
        let capture: (Double) -> Void = { time in
            recorder.capture(time)
            marker?.progress()
            // A frame hook cannot throw: the first error is kept and thrown after the step.
            if frameError == nil { do { try events.frame(recorder) } catch { frameError = error } }
        }
        if let query = request.animator {
            try runOne(query, request: request, registry: registry, runtime: runtime, marker: marker,
                       recorder: recorder, capture: capture, events: events)
            if let frameError { throw frameError }
            return
        }
        let routes = try request.routes.map { path throws(RoutesError) in try Routes.load(path: path, registry: registry) }
            ?? DemoApp.routes(registry: registry)
        let scenario = try request.scenario.map { path throws(Scenario.FormatError) in try Scenario.load(path: path) } ?? .demo
        var images: [String: Image] = [:]
        for (screen, path) in scenario.screenImages { images[screen] = try PNGDecoder.decode(path: path) }
        var index = resume.start
        var stepError: (any Error)?
        let resolver = RouteResolver(routes: routes)
        _ = try DemoApp.run(routes: routes, registry: registry, runtime: runtime, scenario: scenario,
                            screenImages: images, marker: marker, onFrame: capture,
                            willStep: { step in
                                let resolution = resolver.resolve(step.operation, from: step.from, to: step.to, tab: step.tab)
                                events.begin(index, step, resolution.target.reportName, resolution.rule ?? "default")
                            },
                            onStep: { report in
                                recorder.captureFinal()
                                let own = recorder.take()
                                let animator = report.resolution.target.reportName
                                let segment = Recording.Segment(operation: report.step.operation, animator: animator,
                                                                from: report.step.from, to: report.step.to,
                                                                outcome: report.outcome, frames: own.frames, log: report.log)
                                let line = TransitionReport(operation: report.step.operation, from: report.step.from,
                                                            to: report.step.to, animator: animator,
                                                            rule: report.resolution.rule ?? "default",
                                                            outcome: report.outcome, frames: own.count,
                                                            interactive: report.resolution.interaction != nil,
                                                            tap: report.step.tap, gesture: report.step.gesture, log: report.log)
                                if stepError == nil, frameError == nil {
                                    do { try events.end(index, segment, line) } catch { stepError = error }
                                }
                                index += 1
                            }, resume: resume)
        if let error = frameError ?? stepError { throw error }
    }

    private static func runOne(_ query: String, request: RunRequest, registry: AnimatorRegistry,
                               runtime: TransitionRuntime, marker: PluginCallMarker?, recorder: FrameRecorder,
                               capture: @escaping (Double) -> Void, events: Events) throws {
        guard let info = registry.animator(named: query) else {
            let known = registry.animators.map(\.name).joined(separator: ", ")
            throw AnimatorError(animator: query, reason: "no such animator on the search path" + registry.suggestion(for: query)
                                + (known.isEmpty ? "" : " (installed: \(known))"))
        }
        // A flow's steps, or the one operation.
        let flow = try request.scenario.map { path throws(JSONFormatError) in try StageFlow.load(path: path) }
        let steps = flow?.steps ?? [StageFlow.Step(operation: request.operation ?? info.operations.operations[0],
                                                   tap: request.tap, gesture: request.gesture, interaction: request.interaction,
                                                   rotate: request.rotate, split: request.split)]
        for (index, step) in steps.enumerated() where !info.operations.supports(step.operation) {
            throw AnimatorError(animator: info.id, reason: "does not support \(step.operation.rawValue) (it supports "
                                + "\(info.operations))" + (flow == nil ? "" : " (\(request.scenario!): $.steps[\(index)])"))
        }
        if request.style != nil, let step = steps.first(where: { ![TransitionOperation.present, .dismiss].contains($0.operation) }) {
            throw RunRequestError(.style, "applies to present and dismiss, not \(step.operation.rawValue)")
        }
        let parameters: [ParameterValue]
        do {
            parameters = try info.resolveParameters(request.parameters)
        } catch {
            throw RunRequestError(.parameters, ": \(error)")
        }
        let interactions = try steps.map { step throws(InteractionError) in
            try step.interaction.map { argument throws(InteractionError) in
                try InteractionScript.load(argument, containerSize: runtime.window.bounds.size)
            }
        }
        let session = HostSession(engine: runtime.engine, traits: runtime.traits)
        session.marker = marker
        let stage = TransitionStage(runtime: runtime)
        stage.style = request.style ?? .fullScreen
        stage.fromImage = try request.fromImage.map { path throws(PNGDecoder.Failure) in try PNGDecoder.decode(path: path) }
        stage.toImage = try request.toImage.map { path throws(PNGDecoder.Failure) in try PNGDecoder.decode(path: path) }
        let name = "\(info.name) (\(info.id))"
        // One instance for the whole flow: the library's delegate keeps its state. It is made
        // once the first transition has begun, so that a failure making it is that transition's.
        var instance: AnimatorInstance?
        var logged = 0
        for (index, step) in steps.enumerated() {
            let screens = stage.screenNames(for: step.operation)
            events.begin(index, DemoApp.Step(operation: step.operation, from: screens.from, to: screens.to, tap: step.tap,
                                             gesture: step.gesture),
                         name, nil)
            let animator = try instance ?? AnimatorInstance(info, parameters: parameters, session: session)
            instance = animator
            let outcome: TransitionOutcome
            var stayed: String?
            do {
                outcome = try stage.perform(step.operation, animator: animator, interaction: interactions[index],
                                            tap: step.tap, gesture: step.gesture, onFrame: capture)
                // Then the device turns, when the step says so: its frames follow the transition's
                // (none when the screen that decides keeps its orientation).
                if let orientation = step.rotate {
                    stayed = stage.reasonNotToTurn(to: orientation)
                    try stage.rotate(to: orientation, onFrame: capture)
                }
                // Then the window takes its split view share, when the step says so.
                if let share = step.split { try stage.split(to: share, onFrame: capture) }
            } catch {
                // A flow's step names its place in the file.
                guard let path = request.scenario else { throw error }
                throw JSONFormatError(path: "\(path): $.steps[\(index)]", reason: error.description)
            }
            recorder.captureFinal()
            let (frames, count) = recorder.take()
            // Each step reports what the library logged during it.
            let log = Array(session.log.dropFirst(logged))
            logged = session.log.count
            try events.end(index, Recording.Segment(operation: step.operation, animator: info.name, from: screens.from,
                                                    to: screens.to, outcome: outcome, frames: frames, log: log),
                           TransitionReport(operation: step.operation, from: screens.from, to: screens.to, animator: name,
                                            rule: nil, outcome: outcome, frames: count,
                                            interactive: interactions[index] != nil, tap: step.tap, gesture: step.gesture,
                                            log: log, turnedTo: stayed == nil ? step.rotate : nil, stayed: stayed,
                                            splitTo: step.split))
        }
    }
}

extension RouteTarget {
    /// The target as reports name it: "Bubble (com.example.bubble)" for an animator,
    /// "system" or "none" otherwise.
    public var reportName: String {
        if case .animator(let info, _) = self { return "\(info.name) (\(info.id))" }
        return name
    }
}
