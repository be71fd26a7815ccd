import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorSupport
import Glibc

/// `run`, `play` and `render` with plugin code in a child process (the default): the
/// child runs the transitions and streams frames and report lines back; this process
/// renders, writes files and prints. A child that crashes, exits or hangs ends the
/// transition it was in as failed; the demo goes on in a fresh child from the next step.
///
/// The child's messages, in order per transition: `begin` (JSON: index, operation, from,
/// to, tap, animator, rule), any number of `frames` (`SceneFrameEncoder` batches), `end`
/// (JSON: the report line); `error` (JSON: message, and index, animator, rule for a demo
/// step) when the run or a step threw.
enum SandboxedRun {
    /// The child mode.
    static let mode = "run"
    /// The message kinds.
    enum Kind: UInt8 {
        case begin = 1, frames, end, error
    }

    /// A run that could not be made (the child's error, or a failure outside any transition).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Frames are sent as soon as they are captured, one message each: when the child
    /// dies, the host has every frame drawn before it (and the cost is a write per frame).

    // MARK: The host's side

    /// Runs `request` in children of `sandbox`.
    ///
    /// - Parameter onOutput: each line plugins wrote to stdout or stderr.
    /// - Throws: `RunRequestError` for a mistake in the request the child found; `Failure`
    ///   when the run cannot be made; `SandboxError` when no child starts.
    static func perform(_ request: RunRequest, registry: AnimatorRegistry, sandbox: PluginSandbox,
                        onOutput: (String) -> Void) throws -> RunResult {
        let isDemo = request.isDemo
        let stepCount = isDemo ? try (request.scenario.map { path throws(Scenario.FormatError) in
            try Scenario.load(path: path)
        } ?? .demo).steps.count : try request.scenario.map { path throws(JSONFormatError) in
            try StageFlow.load(path: path).steps.count
        } ?? 1
        var segments: [Recording.Segment] = []
        var lines: [TransitionReport] = []
        var resume = DemoApp.Resume.beginning
        while resume.start < stepCount {
            var current: (index: Int, step: DemoApp.Step, animator: String, rule: String?)?
            var pending = FrameStore()
            var viewsInTransition = 0
            var childError: (index: Int?, message: String, animator: String, rule: String?, usage: RunRequestError?)?
            var endedHere: (index: Int, line: Int, segment: Int)?
            // The host's own account of what it asked for: every step from the resume point
            // on is reported (ended, failed or an error), whatever the child says.
            var reported = Set<Int>()
            let decoder = SceneFrameDecoder()
            let payload = self.payload(request, registry: registry, resume: resume)
            let failure = try sandbox.run(mode: mode, request: payload, onMessage: { message in
                guard let kind = Kind(rawValue: message.kind) else { throw BinaryReader.Malformed("message kind \(message.kind)") }
                if kind == .frames {
                    guard current != nil else { throw BinaryReader.Malformed("frames outside a transition") }
                    let frames = try decoder.decode(message.payload)
                    for frame in frames { pending.append(frame) }
                    viewsInTransition += frames.reduce(0) { $0 + $1.nodes.count }
                    // The bounds a timeline file has: what the host would refuse to read back
                    // it does not hold either, whoever sends it.
                    guard pending.count <= Timeline.maximumFrames else {
                        throw BinaryReader.Malformed("over \(Timeline.maximumFrames) frames in one transition, the most it may have")
                    }
                    guard viewsInTransition <= Timeline.maximumViewsPerTransition else {
                        throw BinaryReader.Malformed("over \(Timeline.maximumViewsPerTransition) views in one transition's frames, "
                                                     + "the most it may have")
                    }
                    return
                }
                guard let document = try? JSONValue.parse(bytes: message.payload) else {
                    throw BinaryReader.Malformed("a \(kind) message that is not JSON")
                }
                switch kind {
                case .begin:
                    guard current == nil, let index = document["index"]?.intValue, index >= resume.start,
                          let step = step(document) else { throw BinaryReader.Malformed("a malformed begin") }
                    current = (index, step, document["animator"]?.stringValue ?? "?", document["rule"]?.stringValue)
                    pending = FrameStore()
                    viewsInTransition = 0
                case .end:
                    guard let open = current, let line = line(document, step: open.step, animator: open.animator,
                                                              rule: open.rule) else {
                        throw BinaryReader.Malformed("a malformed end")
                    }
                    if request.keepsFrames && line.frames != pending.count {
                        throw BinaryReader.Malformed("an end that counts \(line.frames) frames after \(pending.count) were sent")
                    }
                    reported.insert(open.index)
                    segments.append(Recording.Segment(operation: line.operation,
                                                      animator: document["segmentAnimator"]?.stringValue ?? line.animator,
                                                      from: line.from, to: line.to, outcome: line.outcome,
                                                      frames: SceneFrames(store: pending),
                                                      log: line.log))
                    lines.append(line)
                    endedHere = (open.index, lines.count - 1, segments.count - 1)
                    current = nil
                    pending = FrameStore()
                case .error:
                    childError = (document["index"]?.intValue, document["message"]?.stringValue ?? "unknown error",
                                  document["animator"]?.stringValue ?? current?.animator ?? "?",
                                  document["rule"]?.stringValue ?? current?.rule, usageError(document))
                case .frames:
                    break
                }
            }, onOutput: onOutput)
            let failedIndex: Int
            if let failure, current == nil, let last = endedHere {
                // It ended its transition, then failed (in destroy, or releasing it): that
                // transition failed.
                lines[last.line].failure = failure.description
                lines[last.line].outcome.problems.append(failure.description)
                segments[last.segment].outcome.problems.append(failure.description)
                failedIndex = last.index
            } else if let failure {
                guard let open = current else {
                    throw Failure(description: "the plugin process \(failure.description)"
                                  + (failure.subject.isEmpty ? "" : " (\(failure.subject))"))
                }
                var reason = failure.description
                if !failure.subject.isEmpty && !open.animator.contains(failure.subject) { reason += " (\(failure.subject))" }
                lines.append(.failed(open.step, animator: open.animator, rule: open.rule, reason: reason))
                if pending.count > 0 {
                    // What it drew before it failed.
                    segments.append(Recording.Segment(operation: open.step.operation, animator: open.animator,
                                                      from: open.step.from, to: open.step.to,
                                                      outcome: lines.last!.outcome, frames: SceneFrames(store: pending)))
                }
                failedIndex = open.index
            } else if let childError {
                if let usage = childError.usage { throw usage }
                guard isDemo, let index = childError.index, index >= resume.start else {
                    throw Failure(description: childError.message)
                }
                let step = current?.step ?? DemoApp.Step(operation: .present, from: "?", to: "?")
                lines.append(.failed(step, animator: childError.animator, rule: childError.rule, reason: childError.message))
                failedIndex = index
            } else if let open = current {
                // The final message came in the middle of a transition: the child's word
                // does not add up (a plugin can write to the message pipe).
                lines.append(.failed(open.step, animator: open.animator, rule: open.rule,
                                     reason: "ended in the middle of the transition, its report cut short"))
                failedIndex = open.index
            } else {
                if let missing = (resume.start..<stepCount).first(where: { !reported.contains($0) }) {
                    throw Failure(description: "the plugin process finished without reporting transition \(missing + 1)"
                                  + (stepCount > 1 ? " of \(stepCount)" : ""))
                }
                break
            }
            guard isDemo else { break }
            resume = DemoApp.Resume(start: failedIndex + 1, failed: resume.failed.union([failedIndex]))
        }
        return RunResult(recording: Recording(size: request.canvasSize(turns: try Runner.turns(request)), fps: request.fps,
                                              segments: segments), transitions: lines)
    }

    /// A request error the child reported, with its field.
    private static func usageError(_ document: JSONValue) -> RunRequestError? {
        guard let usage = document["usage"], usage != .null, usage != .bool(false) else { return nil }
        let field = usage["field"]?.stringValue.flatMap(RunRequest.Field.init(rawValue:))
        return RunRequestError(field, usage["detail"]?.stringValue ?? document["message"]?.stringValue ?? "a mistake in the request")
    }

    private static func payload(_ request: RunRequest, registry: AnimatorRegistry, resume: DemoApp.Resume) -> [UInt8] {
        let document = JSONValue.object([
            ("request", request.json),
            ("animators", .array(registry.animators.map(\.json))),
            ("resume", .number(Double(resume.start))),
            ("failed", .array(resume.failed.sorted().map { .number(Double($0)) })),
        ])
        return Array(document.serialized().utf8)
    }

    private static func step(_ document: JSONValue) -> DemoApp.Step? {
        guard let operation = document["operation"]?.stringValue.flatMap(TransitionOperation.init(rawValue:)),
              let from = document["from"]?.stringValue, let to = document["to"]?.stringValue else { return nil }
        var step = DemoApp.Step(operation: operation, from: from, to: to)
        if let tap = document["tap"]?.arrayValue, tap.count == 2, let x = tap[0].numberValue, let y = tap[1].numberValue {
            step.tap = Point(x: x, y: y)
        }
        if let name = document["gesture"]?.stringValue, let gesture = TouchGesture(name: name, seconds: document["seconds"]?.numberValue) {
            step.gesture = gesture
        }
        return step
    }

    private static func line(_ document: JSONValue, step: DemoApp.Step, animator: String, rule: String?) -> TransitionReport? {
        guard let duration = document["duration"]?.numberValue, let elapsed = document["elapsed"]?.numberValue,
              let completed = document["completed"]?.boolValue, let frames = document["frames"]?.intValue, frames >= 0,
              let problems = document["problems"]?.arrayValue?.compactMap(\.stringValue),
              let log = document["log"]?.arrayValue else { return nil }
        let entries = log.compactMap { entry -> PluginLogEntry? in
            guard let level = entry["level"]?.intValue.flatMap({ PluginLogEntry.Level(rawValue: UInt32(clamping: $0)) }),
                  let message = entry["message"]?.stringValue else { return nil }
            return PluginLogEntry(level: level, message: message)
        }
        let outcome = TransitionOutcome(operation: step.operation, animator: document["outcomeAnimator"]?.stringValue,
                                        duration: duration, elapsed: elapsed, completed: completed, problems: problems)
        return TransitionReport(operation: step.operation, from: step.from, to: step.to, animator: animator, rule: rule,
                                outcome: outcome, frames: frames, interactive: document["interactive"]?.boolValue ?? false,
                                tap: step.tap, gesture: step.gesture, log: entries,
                                turnedTo: document["turnedTo"]?.stringValue.flatMap(Traits.Orientation.init(rawValue:)),
                                stayed: document["stayed"]?.stringValue.map { String($0.prefix(300)) },
                                splitTo: document["splitTo"]?.stringValue.flatMap { word -> SplitShare?? in
                                    word == "full" ? .some(nil) : SplitShare(rawValue: word).map { .some($0) }
                                })
    }

    // MARK: The child's side

    /// The child's work: runs from the request's resume point, streaming as it goes.
    static func childMain(_ child: SandboxChild) throws {
        guard let document = try? JSONValue.parse(bytes: child.request),
              let request = document["request"].flatMap({ try? RunRequest(json: $0) }),
              let animators = document["animators"]?.arrayValue?.compactMap(AnimatorInfo.init(json:)),
              let start = document["resume"]?.intValue,
              let failed = document["failed"]?.arrayValue?.compactMap(\.intValue) else {
            throw Failure(description: "a malformed run request")
        }
        let registry = AnimatorRegistry(searchPath: PluginSearchPath(entries: []), animators: animators)
        let encoder = SceneFrameEncoder()
        func send(_ kind: Kind, _ value: JSONValue) throws(SandboxError) {
            try child.send(kind: kind.rawValue, payload: Array(value.serialized().utf8))
        }
        var current: (index: Int, animator: String, rule: String?)?
        let events = Runner.Events(
            begin: { index, step, animator, rule in
                current = (index, animator, rule)
                // A failed send means the host has gone: nothing more to do.
                do {
                    try send(.begin, .object([
                        ("index", .number(Double(index))), ("operation", .string(step.operation.rawValue)),
                        ("from", .string(step.from)), ("to", .string(step.to)),
                        ("tap", step.tap.map { .array([.number($0.x), .number($0.y)]) } ?? .null),
                        ("gesture", .string(step.gesture.name)), ("seconds", step.gesture.seconds.map(JSONValue.number) ?? .null),
                        ("animator", .string(animator)), ("rule", rule.map(JSONValue.string) ?? .null),
                    ]))
                } catch { exit(1) }
            },
            frame: { recorder throws(SandboxError) in
                if !recorder.frames.isEmpty {
                    try child.send(kind: Kind.frames.rawValue, payload: encoder.encode(recorder.drainFrames()))
                }
            },
            end: { _, segment, line throws(SandboxError) in
                if !segment.frames.isEmpty {
                    try child.send(kind: Kind.frames.rawValue, payload: encoder.encode(Array(segment.frames)))
                }
                try send(.end, .object([
                    ("duration", .number(line.outcome.duration)), ("elapsed", .number(line.outcome.elapsed)),
                    ("completed", .bool(line.outcome.completed)), ("frames", .number(Double(line.frames))),
                    ("problems", .array(line.outcome.problems.map(JSONValue.string))),
                    ("interactive", .bool(line.interactive)),
                    ("turnedTo", line.turnedTo.map { .string($0.rawValue) } ?? .null),
                    ("stayed", line.stayed.map(JSONValue.string) ?? .null),
                    ("splitTo", line.splitTo.map { .string($0?.rawValue ?? "full") } ?? .null),
                    ("outcomeAnimator", line.outcome.animator.map(JSONValue.string) ?? .null),
                    ("segmentAnimator", .string(segment.animator)),
                    ("log", .array(line.log.map {
                        .object([("level", .number(Double($0.level.rawValue))), ("message", .string($0.message))])
                    })),
                ]))
                current = nil
            })
        do {
            try Runner.attempt(request, registry: registry, resume: DemoApp.Resume(start: start, failed: Set(failed)),
                               marker: child.marker, events: events)
        } catch let error as SandboxError {
            throw error
        } catch let error as RunRequestError {
            try send(.error, .object([
                ("message", .string(error.description)),
                ("usage", .object([("field", error.field.map { .string($0.rawValue) } ?? .null),
                                   ("detail", .string(error.detail))])),
            ]))
        } catch let error as DemoApp.StepError where error.index >= start {
            try send(.error, .object([
                ("index", .number(Double(error.index))), ("message", .string("\(error.underlying)")),
                ("animator", .string(current?.animator ?? error.resolution.target.reportName)),
                ("rule", .string(error.resolution.rule ?? "default")),
            ]))
        } catch {
            try send(.error, .object([("message", .string("\(error)"))]))
        }
        try child.finish()
    }
}
