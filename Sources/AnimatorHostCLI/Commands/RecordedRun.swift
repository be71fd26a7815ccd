import AnimatorHost
import AnimatorEngine
import AnimatorSupport
import AnimatorRendering

/// What `run` and `play` share: which transitions to run (one animator's, or an app flow
/// in the demo app), on what screen and at what frame rate, recorded frame by frame.
struct RecordedRun {
    /// The options that choose and shape the run.
    static let options: [OptionSpec] = [
        .value("--operation", "-o", valueName: "OP",
               help: "The operation to run the animator for (default: the first it supports)."),
        .value("--param", valueName: "NAME=VALUE", repeatable: true, help: "Set an animator parameter (repeatable)."),
        .value("--duration", valueName: "S", help: "Shorthand for --param duration=S."),
        .value("--interactive", valueName: "TRACE",
               help: "Drive the transition interactively: a gesture trace (.json), a script file, or a script."),
        .value("--style", valueName: "STYLE",
               help: "How present and dismiss present: fullScreen (default), overFullScreen, pageSheet or custom."),
        .value("--from-image", valueName: "PNG", help: "Show this screenshot as the outgoing screen (scaled to fill --size)."),
        .value("--to-image", valueName: "PNG", help: "Show this screenshot as the incoming screen."),
        .value("--scenario", valueName: "FILE", help: "Run this app flow in the demo app (default: the demo's own)."),
        .value("--routes", valueName: "FILE", help: "Use these routes in the demo app instead of its own."),
        .value("--fps", valueName: "N", help: "Frames per second (default 60)."),
        .value("--log-level", valueName: "LEVEL",
               help: "Show what animators log at LEVEL and above: debug, info, warning (default), error, none."),
        .value("--size", valueName: "WxH", help: "The screen in points (default 390x844)."),
    ]

    /// One report line: what ran, and how it went.
    struct Line {
        var operation: TransitionOperation
        var from: String
        var to: String
        var animator: String
        var rule: String?
        var outcome: TransitionOutcome
        var frames: Int
        var interactive = false
        /// Where a tap caused it (a dismissal by a presentation controller).
        var tap: Point?
        /// What the animator's library logged meanwhile.
        var log: [PluginLogEntry] = []
        /// Why the transition failed (its animator crashed, exited, hung or threw), or nil.
        var failure: String?

        var text: String {
            if let failure {
                return "\(operation.rawValue) \(from) → \(to): \(animator), failed: \(failure)" + (rule.map { "  [\($0)]" } ?? "")
            }
            var text = "\(operation.rawValue) \(from) → \(to): \(animator), "
                + "\(JSONValue.format(rounded(outcome.duration))) s, \(frames) frame\(frames == 1 ? "" : "s"), "
                + (outcome.completed ? "completed" : "cancelled")
                + (interactive ? " (interactive, \(JSONValue.format(rounded(outcome.elapsed))) s)" : "")
                + (tap.map { " (tap at \(JSONValue.format($0.x)), \(JSONValue.format($0.y)))" } ?? "")
            if let rule { text += "  [\(rule)]" }
            return text
        }

        var json: JSONValue {
            .object([
                ("operation", .string(operation.rawValue)), ("from", .string(from)), ("to", .string(to)),
                ("animator", .string(outcome.animator ?? animator)), ("rule", rule.map(JSONValue.string) ?? .null),
                ("duration", .number(outcome.duration)), ("elapsed", .number(outcome.elapsed)), ("frames", .number(Double(frames))),
                ("completed", .bool(outcome.completed)), ("interactive", .bool(interactive)),
                ("problems", .array(outcome.problems.map(JSONValue.string))),
                ("failed", failure.map(JSONValue.string) ?? .null),
                ("log", .array(log.map { .object([("level", .string($0.level.name)), ("message", .string($0.message))]) })),
            ])
        }
    }

    var recording: Recording
    var lines: [Line]

    /// Checks the run options that need no plugins (so usage errors come first).
    static func checkUsage(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("at most one animator (got \(arguments.positionals.count))")
        }
        if arguments.positionals.isEmpty {
            for option in ["--operation", "--param", "--interactive", "--duration", "--style", "--from-image", "--to-image"]
            where !arguments.values(option).isEmpty {
                throw UsageError("\(option) needs an animator: <id|name> --operation OP")
            }
        } else {
            for option in ["--routes", "--scenario"] where arguments.value(option) != nil {
                throw UsageError("\(option) runs the demo app; it does not combine with an animator")
            }
        }
        _ = try screenSize(arguments)
        _ = try fps(arguments)
        _ = try style(arguments)
        _ = try logLevel(arguments)
    }

    /// `--log-level LEVEL`: the least severe plugin log entry shown (nil: none), default warning.
    static func logLevel(_ arguments: ParsedArguments) throws(UsageError) -> PluginLogEntry.Level? {
        guard let text = arguments.value("--log-level") else { return .warning }
        if text.lowercased() == "none" { return nil }
        let levels: [PluginLogEntry.Level] = [.debug, .info, .warning, .error]
        guard let level = levels.first(where: { $0.name == text.lowercased() }) else {
            throw UsageError("--log-level: '\(text)' is not debug, info, warning, error or none")
        }
        return level
    }

    /// `--style STYLE` (names matched without regard to case), default fullScreen.
    static func style(_ arguments: ParsedArguments) throws(UsageError) -> ModalPresentationStyle {
        guard let text = arguments.value("--style") else { return .fullScreen }
        guard let style = ModalPresentationStyle(name: text) else {
            throw UsageError("--style: '\(text)' is not fullScreen, overFullScreen, pageSheet or custom")
        }
        return style
    }

    /// Discovers the plugins (reporting their problems) and runs what the arguments ask
    /// for; a failure is reported as `animator-host <command>: <reason>`.
    ///
    /// - Returns: the run, or nil after reporting why it could not be made.
    /// - Throws: `UsageError` for a mistake in the command line.
    static func performReporting(_ arguments: ParsedArguments, command: String, keepingFrames: Bool,
                                 console: Console) throws(UsageError) -> RecordedRun? {
        let environment = try PluginEnvironment(arguments)
        let registry = environment.registry(for: arguments.positionals.first)
        registry.problems.forEach { console.error("problem: \($0.description.oneLine)") }
        do {
            try checkUsage(arguments)
            if let sandbox = environment.sandbox {
                return try SandboxedRun.perform(arguments, registry: registry, keepingFrames: keepingFrames,
                                                sandbox: sandbox) { console.error("plugin output: \($0.oneLine)") }
            }
            return try perform(arguments, registry: registry, keepingFrames: keepingFrames)
        } catch let error as UsageError {
            throw error
        } catch {
            console.error("animator-host \(command): \(error)")
            return nil
        }
    }

    /// Runs what the arguments ask for in this process, recording every frame. A demo step
    /// whose animator fails is reported as failed and the app goes on without it.
    ///
    /// - Parameter keepingFrames: false when nothing will draw the frames (no timeline, no
    ///   render, no terminal to play in): they are counted, not kept.
    static func perform(_ arguments: ParsedArguments, registry: AnimatorRegistry,
                        keepingFrames: Bool = true) throws -> RecordedRun {
        var segments: [Recording.Segment] = []
        var lines: [Line] = []
        var resume = DemoApp.Resume.beginning
        var shape: (size: Size, fps: Double)
        while true {
            do {
                shape = try attempt(arguments, registry: registry, keepingFrames: keepingFrames, resume: resume,
                                    marker: nil, events: RunEvents(end: { _, segment, line in
                                        segments.append(segment)
                                        lines.append(line)
                                    }))
                break
            } catch let error as DemoApp.StepError where error.index >= resume.start {
                lines.append(failedLine(error.index, step: error.step, animator: ResolveCommand.describe(error.resolution.target),
                                        rule: error.resolution.rule ?? "default", reason: "\(error.underlying)"))
                resume = DemoApp.Resume(start: error.index + 1, failed: resume.failed.union([error.index]))
            }
        }
        return RecordedRun(recording: Recording(size: shape.size, fps: shape.fps, segments: segments), lines: lines)
    }

    /// The report line of a transition that failed.
    static func failedLine(_ index: Int, step: DemoApp.Step, animator: String, rule: String?, reason: String) -> Line {
        Line(operation: step.operation, from: step.from, to: step.to, animator: animator, rule: rule,
             outcome: TransitionOutcome(operation: step.operation, animator: nil, duration: 0, elapsed: 0, completed: false,
                                        problems: [reason]),
             frames: 0, tap: step.tap, failure: reason)
    }

    /// What one attempt at a run reports, as it goes.
    struct RunEvents {
        /// A transition (by its position in the run) is about to start, with the animator
        /// (as reports name it) and the route rule that chose it.
        var begin: (_ index: Int, _ step: DemoApp.Step, _ animator: String, _ rule: String?) -> Void = { _, _, _, _ in }
        /// A frame was captured into the recorder.
        var frame: (_ recorder: FrameRecorder) throws -> Void = { _ in }
        /// A transition ended: its frames (those the recorder still held) and its line.
        var end: (_ index: Int, _ segment: Recording.Segment, _ line: Line) throws -> Void
    }

    /// Runs what the arguments ask for from `resume`, reporting each transition through
    /// `events`.
    ///
    /// - Returns: the screen's size and the frame rate.
    /// - Throws: `DemoApp.StepError` for a demo step that failed (the caller resumes after
    ///   it); any other error ends the run.
    static func attempt(_ arguments: ParsedArguments, registry: AnimatorRegistry, keepingFrames: Bool,
                        resume: DemoApp.Resume, marker: PluginCallMarker?,
                        events: RunEvents) throws -> (size: Size, fps: Double) {
        try checkUsage(arguments)
        let runtime = TransitionRuntime(size: try screenSize(arguments))
        let rate = try fps(arguments)
        runtime.frameInterval = 1 / rate
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id, keepsFrames: keepingFrames)
        var frameError: (any Error)?
        let capture: (Double) -> Void = { time in
            recorder.capture(time)
            marker?.progress()
            // A frame hook cannot throw: the first error is kept and thrown after the step.
            if frameError == nil { do { try events.frame(recorder) } catch { frameError = error } }
        }
        if let query = arguments.positionals.first {
            try runOne(query, arguments: arguments, registry: registry, runtime: runtime, marker: marker,
                       recorder: recorder, capture: capture, events: events)
            if let frameError { throw frameError }
        } else {
            let routes = try loadRoutes(arguments.value("--routes"), registry: registry)
            let scenario = try arguments.value("--scenario").map { path throws(Scenario.FormatError) in
                try Scenario.load(path: path)
            } ?? .demo
            var images: [String: Image] = [:]
            for (screen, path) in scenario.screenImages { images[screen] = try PNGDecoder.decode(path: path) }
            var index = resume.start
            var stepError: (any Error)?
            let resolver = RouteResolver(routes: routes)
            _ = try DemoApp.run(routes: routes, registry: registry, runtime: runtime, scenario: scenario,
                                screenImages: images, marker: marker, onFrame: capture,
                                willStep: { step in
                                    let resolution = resolver.resolve(step.operation, from: step.from, to: step.to, tab: step.tab)
                                    events.begin(index, step, ResolveCommand.describe(resolution.target),
                                                 resolution.rule ?? "default")
                                },
                                onStep: { report in
                                    recorder.captureFinal()
                                    let own = recorder.take()
                                    let animator = ResolveCommand.describe(report.resolution.target)
                                    let segment = Recording.Segment(operation: report.step.operation, animator: animator,
                                                                    from: report.step.from, to: report.step.to,
                                                                    outcome: report.outcome, frames: own.frames,
                                                                    log: report.log)
                                    let line = Line(operation: report.step.operation, from: report.step.from, to: report.step.to,
                                                    animator: animator, rule: report.resolution.rule ?? "default",
                                                    outcome: report.outcome, frames: own.count,
                                                    interactive: report.resolution.interaction != nil,
                                                    tap: report.step.tap, log: report.log)
                                    if stepError == nil, frameError == nil {
                                        do { try events.end(index, segment, line) } catch { stepError = error }
                                    }
                                    index += 1
                                }, resume: resume)
            if let error = frameError ?? stepError { throw error }
        }
        return (runtime.window.bounds.size, rate)
    }

    private static func runOne(_ query: String, arguments: ParsedArguments, registry: AnimatorRegistry,
                               runtime: TransitionRuntime, marker: PluginCallMarker?, recorder: FrameRecorder,
                               capture: @escaping (Double) -> Void, events: RunEvents) throws {
        guard let info = registry.animator(named: query) else {
            let known = registry.animators.map(\.name).joined(separator: ", ")
            throw AnimatorError(animator: query, reason: "no such animator on the search path" + registry.suggestion(for: query)
                                + (known.isEmpty ? "" : " (installed: \(known))"))
        }
        let operation = try parseOperation(arguments.value("--operation"), required: false)
            ?? info.operations.operations[0]
        guard info.operations.supports(operation) else {
            throw AnimatorError(animator: info.id, reason: "does not support \(operation.rawValue) (it supports \(info.operations))")
        }
        var assignments = arguments.values("--param")
        if let duration = arguments.value("--duration") {
            guard info.parameters.contains(where: { $0.name == "duration" }) else {
                throw AnimatorError(animator: info.id, reason: "has no duration parameter, so --duration cannot set it")
            }
            assignments.append("duration=\(duration)")
        }
        // A parameter mistake is a mistake in the command line (exit 2).
        let parameters: [ParameterValue]
        do {
            parameters = try info.resolveParameters(assignments)
        } catch {
            throw UsageError("--param: \(error)")
        }
        let interaction = try arguments.value("--interactive").map { argument throws(InteractionError) in
            try InteractionScript.load(argument, containerSize: runtime.window.bounds.size)
        }
        let session = HostSession(engine: runtime.engine)
        session.marker = marker
        let stage = TransitionStage(runtime: runtime)
        let style = try style(arguments)
        if arguments.value("--style") != nil, ![.present, .dismiss].contains(operation) {
            throw UsageError("--style applies to present and dismiss, not \(operation.rawValue)")
        }
        stage.style = style
        stage.fromImage = try arguments.value("--from-image").map { path throws(PNGDecoder.Failure) in
            try PNGDecoder.decode(path: path)
        }
        stage.toImage = try arguments.value("--to-image").map { path throws(PNGDecoder.Failure) in
            try PNGDecoder.decode(path: path)
        }
        events.begin(0, DemoApp.Step(operation: operation, from: stage.from.name, to: stage.to.name),
                     "\(info.name) (\(info.id))", nil)
        let animator = try AnimatorInstance(info, parameters: parameters, session: session)
        let outcome = try stage.perform(operation, animator: animator, interaction: interaction, onFrame: capture)
        let name = "\(info.name) (\(info.id))"
        recorder.captureFinal()
        let (frames, count) = recorder.take()
        try events.end(0, Recording.Segment(operation: operation, animator: info.name, from: stage.from.name, to: stage.to.name,
                                            outcome: outcome, frames: frames, log: session.log),
                       Line(operation: operation, from: stage.from.name, to: stage.to.name, animator: name, rule: nil,
                            outcome: outcome, frames: count, interactive: interaction != nil, log: session.log))
    }

    /// `--size WxH`, default 390x844.
    static func screenSize(_ arguments: ParsedArguments) throws(UsageError) -> Size {
        guard let text = arguments.value("--size") else { return Size(width: 390, height: 844) }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width >= 16, height >= 16, width <= 4096, height <= 4096 else {
            throw UsageError("--size: '\(text)' is not WIDTHxHEIGHT in points, each 16...4096 (e.g. 390x844)")
        }
        return Size(width: width, height: height)
    }

    /// `--fps N`, default 60.
    static func fps(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        guard let text = arguments.value("--fps") else { return 60 }
        guard let value = Double(text), value >= 1, value <= 240 else {
            throw UsageError("--fps: '\(text)' is not a frame rate from 1 to 240")
        }
        return value
    }
}

/// Rounds to the millisecond for reports (frame steps leave float noise).
func rounded(_ seconds: Double) -> Double {
    (seconds * 1000).rounded() / 1000
}
