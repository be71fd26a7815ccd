import AnimatorEngine
import AnimatorRendering
import AnimatorSupport

/// The checks that run an animator, made in the process that calls them (a sandbox child
/// under `animator-host validate`): each runs the animator on fresh stages and judges
/// what it did.
public enum AnimatorChecks {
    /// The child mode that runs one check.
    public static let mode = "validate"

    /// The script the interactive checks drive: 10 %, 50 %, 90 %, then the ending.
    static func script(ending: String) -> String {
        "update 0.1 @0.1; update 0.5 @0.2; update 0.9 @0.3; \(ending) @0.4"
    }

    /// Runs the check named `check` for `info` (and `operation`, for per-operation checks).
    ///
    /// - Parameters:
    ///   - assignments: `NAME=VALUE` parameter settings (`--param`).
    ///   - marker: the sandbox's call page, or nil in process.
    public static func run(_ check: String, info: AnimatorInfo, operation: TransitionOperation?, assignments: [String],
                           marker: PluginCallMarker?) -> ValidationResult {
        do {
            let parameters = try info.resolveParameters(assignments)
            let checker = EndStateCheck()
            var sessions: [HostSession] = []
            func make(_ values: [ParameterValue]) -> (TransitionRuntime) throws -> TransitionAnimator? {
                { runtime in
                    let session = HostSession(engine: runtime.engine)
                    session.marker = marker
                    sessions.append(session)
                    return try AnimatorInstance(info, parameters: values, session: session)
                }
            }
            let first = operation ?? info.operations.operations[0]
            switch check {
            case "transition.completes":
                let result = try checker.run(first, makeAnimator: make(parameters))
                if !result.outcome.problems.isEmpty { return ValidationResult(.failed, result.outcome.problems.joined(separator: "; ")) }
                if !result.outcome.completed { return ValidationResult(.failed, "the transition was cancelled with nothing driving it") }
                return ValidationResult(.passed)
            case "transition.duration":
                let result = try checker.run(first, makeAnimator: make(parameters))
                let outcome = result.outcome
                guard outcome.duration.isFinite, outcome.duration > 0 else {
                    return ValidationResult(.failed, "transitionDuration answered \(JSONValue.format(outcome.duration)) s")
                }
                let frame = 1 / checker.fps
                if abs(outcome.elapsed - outcome.duration) > frame + 1e-9 {
                    return ValidationResult(.failed, "declared \(seconds(outcome.duration)) s, completed at \(seconds(outcome.elapsed)) s "
                                            + "(more than a frame, \(seconds(frame)) s, apart)")
                }
                return ValidationResult(.passed)
            case "transition.container":
                let result = try checker.run(first, makeAnimator: make(parameters))
                return result.leftBehind.isEmpty ? ValidationResult(.passed)
                    : ValidationResult(.failed, "left in the container: " + result.leftBehind.joined(separator: ", "))
            case "transition.end-state":
                let result = try checker.run(first, makeAnimator: make(parameters))
                return result.passed ? ValidationResult(.passed)
                    : ValidationResult(.failed, result.findings.joined(separator: "; "))
            case "transition.host-calls":
                _ = try checker.run(first, makeAnimator: make(parameters))
                let refused = sessions.map(\.refusedCalls)
                let count = refused.reduce(0) { $0 + $1.count }
                guard count > 0 else { return ValidationResult(.passed) }
                let examples = Array(Set(refused.flatMap(\.first))).sorted().prefix(3)
                return ValidationResult(.warning, "the host refused \(count) call\(count == 1 ? "" : "s") (statuses the "
                                        + "animator may ignore): " + examples.joined(separator: "; "))
            case "parameters.out-of-range":
                var tried: [String] = []
                for spec in info.parameters {
                    guard case .number = spec.defaultValue else { continue }
                    for value in [spec.minimum.map { $0 - 1 }, spec.maximum.map { $0 + 1 }].compactMap({ $0 }) {
                        let assignment = "\(spec.name)=\(JSONValue.format(value))"
                        tried.append(assignment)
                        if (try? info.resolveParameters([assignment])) != nil {
                            return ValidationResult(.failed, "\(assignment) was accepted, outside the declared range")
                        }
                    }
                }
                return tried.isEmpty ? ValidationResult(.skipped, "no number parameter with a range")
                    : ValidationResult(.passed, "refused " + tried.joined(separator: ", "))
            case "interactive.cancel", "interactive.finish":
                let cancel = check == "interactive.cancel"
                let script = try InteractionScript.parse(script(ending: cancel ? "cancel" : "finish"))
                let result = try checker.run(first, interaction: script, makeAnimator: make(parameters))
                if result.outcome.completed == cancel {
                    return ValidationResult(.failed, cancel ? "it completed although the interaction was cancelled"
                                                            : "it was cancelled although the interaction finished")
                }
                return result.passed ? ValidationResult(.passed)
                    : ValidationResult(.failed, result.findings.joined(separator: "; "))
            case "parameters.range":
                var tried: [String] = []
                for (index, spec) in info.parameters.enumerated() {
                    guard case .number = spec.defaultValue, let low = spec.minimum, let high = spec.maximum else { continue }
                    for value in [low, high] {
                        var values = parameters
                        values[index] = .number(value)
                        let result = try checker.run(first, makeAnimator: make(values))
                        tried.append("\(spec.name)=\(JSONValue.format(value))")
                        if !result.outcome.problems.isEmpty || !result.passed {
                            return ValidationResult(.failed, "with \(spec.name)=\(JSONValue.format(value)): "
                                                    + (result.outcome.problems + result.findings).joined(separator: "; "))
                        }
                    }
                }
                return tried.isEmpty ? ValidationResult(.skipped, "no number parameter with a range")
                    : ValidationResult(.passed, "tried " + tried.joined(separator: ", "))
            case "instance.reuse":
                // As a transitioning delegate that returns one animator for both directions:
                // present, then dismiss with the same instance; the app must be back as before.
                guard info.operations.supports(.present), info.operations.supports(.dismiss) else {
                    return ValidationResult(.skipped, "it does not offer both present and dismiss")
                }
                let runtime = TransitionRuntime()
                let stage = TransitionStage(runtime: runtime)
                guard let instance = try make(parameters)(runtime) else { return ValidationResult(.skipped, "no instance") }
                try stage.prepare(.present, presenter: instance)
                let before = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)
                let presented = try stage.perform(.present, animator: instance)
                guard presented.completed, presented.problems.isEmpty else {
                    return ValidationResult(.failed, "the presentation did not complete cleanly: "
                                            + (presented.problems.isEmpty ? "cancelled" : presented.problems.joined(separator: "; ")))
                }
                let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
                let dismissed = try runtime.dismiss(stage.to, animator: instance, animated: true, onFrame: recorder.capture)
                recorder.captureFinal()
                let after = recorder.frames.last ?? SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)
                let result = checker.compare(after, with: before, operation: .dismiss, outcome: dismissed, expectation: .oldState)
                if !dismissed.problems.isEmpty { return ValidationResult(.failed, dismissed.problems.joined(separator: "; ")) }
                return result.passed ? ValidationResult(.passed)
                    : ValidationResult(.failed, "after present and dismiss with one instance: " + result.findings.joined(separator: "; "))
            case "determinism":
                func timeline() throws -> String {
                    let runtime = TransitionRuntime()
                    let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
                    let stage = TransitionStage(runtime: runtime)
                    let outcome = try stage.perform(first, animator: make(parameters)(runtime), onFrame: recorder.capture)
                    let segment = Recording.Segment(operation: first, animator: info.id, from: "from", to: "to",
                                                    outcome: outcome, frames: recorder.take().frames)
                    return Timeline.json(segment, size: runtime.window.bounds.size, fps: 60).serialized()
                }
                let a = try timeline(), b = try timeline()
                guard a == b else {
                    let offset = zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
                    return ValidationResult(.failed, "the second run's timeline differs from byte \(offset) on")
                }
                return ValidationResult(.passed)
            default:
                return ValidationResult(.skipped, "no such check")
            }
        } catch {
            return ValidationResult(.failed, "\(error)")
        }
    }

    private static func seconds(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) }

    /// The child's work: runs the requested check and sends its result.
    public static func childMain(_ child: SandboxChild) throws(SandboxError) {
        guard let document = try? JSONValue.parse(bytes: child.request),
              let check = document["check"]?.stringValue,
              let info = document["animator"].flatMap(AnimatorInfo.init(json:)),
              let assignments = document["assignments"]?.arrayValue?.compactMap(\.stringValue) else {
            throw SandboxError("a malformed validate request")
        }
        let operation = document["operation"]?.stringValue.flatMap(TransitionOperation.init(rawValue:))
        let result = run(check, info: info, operation: operation, assignments: assignments, marker: child.marker)
        try child.send(kind: 1, payload: Array(JSONValue.object(result.json).serialized().utf8))
        try child.finish()
    }
}
