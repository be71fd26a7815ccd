import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorSupport
import Glibc

/// The checks that run an animator, made in the process that calls them (a sandbox child
/// under `animator-host validate`): each runs the animator on fresh stages and judges
/// what it did.
public enum AnimatorChecks {
    /// The child mode that runs one check.
    public static let mode = "validate"

    /// The script the interactive checks drive: 10 %, 50 %, 90 %, then the ending at
    /// completion speed 2.
    static func script(ending: String) -> String {
        "speed 2; update 0.1 @0.1; update 0.5 @0.2; update 0.9 @0.3; \(ending) @0.4"
    }

    /// How long past its declared duration a transition's animations may run before
    /// timing.overrun warns, in seconds.
    public static let overrunGrace = 0.1

    /// The gestures interactive.gesture feeds an animator that is its own interaction
    /// controller, in a container `width` points wide: a pan and a pinch that any
    /// controller should finish (far and fast forward) and that any should cancel (a
    /// little, then back).
    static func gestures(width: Double) -> [(name: String, trace: GestureTrace)] {
        func trace(_ kind: GestureTrace.Kind, _ values: [Double], velocity: Double) -> GestureTrace {
            let samples = values.enumerated().map { index, value in
                GestureTrace.Sample(time: 0.1 * Double(index), value: value,
                                    velocity: index == values.count - 1 ? velocity : 0)
            }
            return GestureTrace(kind: kind, axis: "x", distance: nil, samples: samples, completionSpeed: 1,
                                completionCurve: .easeInOut)
        }
        return [
            ("a pan to 90 % moving on", trace(.pan, [0, 0.3 * width, 0.6 * width, 0.9 * width], velocity: 1200)),
            ("a pan to 20 % and back", trace(.pan, [0, 0.2 * width, 0.1 * width, 0], velocity: -600)),
            ("a pinch to 0.2", trace(.pinch, [1, 0.7, 0.45, 0.2], velocity: -3)),
            ("a pinch to 0.9 and back", trace(.pinch, [1, 0.9, 0.97, 1], velocity: 0.4)),
        ]
    }

    /// Runs the check named `check` for `info` (and `operation`, for per-operation checks).
    ///
    /// - Parameters:
    ///   - assignments: `NAME=VALUE` parameter settings (`--param`).
    ///   - marker: the sandbox's call page, or nil in process.
    ///   - repeats: the transitions robustness.repeat runs (present and dismiss alternate).
    public static func run(_ check: String, info: AnimatorInfo, operation: TransitionOperation?, assignments: [String],
                           repeats: Int = defaultRepeats, marker: PluginCallMarker?) -> ValidationResult {
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
            case "timing.overrun":
                let result = try checker.run(first, makeAnimator: make(parameters))
                let limit = result.outcome.duration + overrunGrace
                let late = result.stillRunning.filter { $0.until > limit + 1e-9 }
                guard !late.isEmpty else { return ValidationResult(.passed) }
                let listed = late.suffix(3).reversed().map { running in
                    "\(running.layer) \(running.property) "
                        + (running.until.isFinite ? "until \(seconds(running.until)) s" : "forever")
                }
                return ValidationResult(.warning, "still animating when it completed, declared \(seconds(result.outcome.duration)) s: "
                                        + listed.joined(separator: "; "))
            case "interactive.cancel", "interactive.finish":
                let cancel = check == "interactive.cancel"
                let script = try InteractionScript.parse(script(ending: cancel ? "cancel" : "finish"))
                let result = try checker.run(first, interaction: script, makeAnimator: make(parameters))
                if result.outcome.completed == cancel {
                    return ValidationResult(.failed, cancel ? "it completed although the interaction was cancelled"
                                                            : "it was cancelled although the interaction finished")
                }
                guard result.passed else { return ValidationResult(.failed, result.findings.joined(separator: "; ")) }
                // UIPercentDrivenInteractiveTransition: the rest takes (1 − p) × duration /
                // completionSpeed when finishing from p, p × duration / completionSpeed when
                // cancelling.
                let ending = script.events.last!.time
                let expected = ending + (cancel ? 0.9 : 0.1) * result.outcome.duration / script.completionSpeed
                if abs(result.outcome.elapsed - expected) > 1 / checker.fps + 1e-9 {
                    return ValidationResult(.failed, "completion speed \(JSONValue.format(script.completionSpeed)) not honoured: "
                                            + "\(cancel ? "cancelled" : "finished") from 90 % at \(seconds(ending)) s, the rest "
                                            + "takes \(seconds(expected - ending)) s (completing at \(seconds(expected)) s); "
                                            + "it completed at \(seconds(result.outcome.elapsed)) s")
                }
                return ValidationResult(.passed)
            case "interactive.gesture":
                guard let probe = try make(parameters)(TransitionRuntime()) as? AnimatorInstance,
                      probe.isOwnInteractionController else {
                    return ValidationResult(.skipped, "it is not its own interaction controller (no start_interactive)")
                }
                var followed: [GestureTrace.Kind: Bool] = [:]
                var runs: [(name: String, kind: GestureTrace.Kind, result: EndStateCheck.Result)] = []
                for (name, trace) in gestures(width: checker.size.width) {
                    let result = try checker.run(first, interaction: trace.script(containerSize: checker.size),
                                                 makeAnimator: make(parameters))
                    runs.append((name, trace.kind, result))
                    // Followed: it completed on its own, neither by the watchdog nor because its
                    // recognizers left the gesture unanswered (a pinch controller given a pan).
                    if !result.outcome.watchdogFired && !result.outcome.problems.contains(PercentDrivenInteraction.unanswered) {
                        followed[trace.kind] = true
                    }
                }
                var lines: [String] = []
                for run in runs where followed[run.kind] == true {
                    let issues = run.result.outcome.problems + run.result.findings
                    if !issues.isEmpty { lines.append("\(run.name): " + issues.joined(separator: "; ")) }
                }
                if followed.isEmpty {
                    return ValidationResult(.failed, "it followed neither a pan nor a pinch: "
                                            + (runs.first?.result.outcome.problems.first ?? "it never completed"))
                }
                if !lines.isEmpty { return ValidationResult(.failed, lines.joined(separator: "; ")) }
                let summary = runs.map { run in
                    followed[run.kind] == true ? "\(run.name): \(run.result.outcome.completed ? "finished" : "cancelled")"
                        : "\(run.name): not followed"
                }
                return ValidationResult(.passed, summary.joined(separator: "; "))
            case "parameters.range":
                var tried: [String] = []
                // Two values inside each range from a fixed sequence (the same every run).
                var random = SplitMix(seed: 0x5EED)
                for (index, spec) in info.parameters.enumerated() {
                    guard case .number = spec.defaultValue, let low = spec.minimum, let high = spec.maximum else { continue }
                    let inside = (0..<2).map { _ in ((low + random.unit() * (high - low)) * 1000).rounded() / 1000 }
                    for value in [low, high] + inside {
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
            case "robustness.repeat":
                // A thousand transitions in a row in one app, one session, a new instance for
                // each presentation as a transitioning delegate makes: nothing may pile up.
                guard info.operations.supports(.present), info.operations.supports(.dismiss) else {
                    return ValidationResult(.skipped, "it does not offer both present and dismiss")
                }
                let runtime = TransitionRuntime()
                let session = HostSession(engine: runtime.engine)
                session.marker = marker
                let stage = TransitionStage(runtime: runtime)
                try stage.prepare(.present)
                var baseline: (contexts: Int, propertyAnimators: Int, images: Int, paths: Int)?
                var residentAtBaseline = 0
                let cycles = max(repeats / 2, 11)
                for cycle in 0..<cycles {
                    let instance = try AnimatorInstance(info, parameters: parameters, session: session)
                    let there = try runtime.present(stage.to, from: stage.from, animator: instance)
                    let back = try runtime.dismiss(stage.to, animator: instance)
                    if let problem = (there.problems + back.problems).first {
                        return ValidationResult(.failed, "transition \(2 * cycle + 1) or \(2 * cycle + 2): \(problem)")
                    }
                    if cycle == 9 {
                        baseline = session.liveHandles
                        residentAtBaseline = residentMegabytes()
                    }
                }
                let now = session.liveHandles
                let growth = residentMegabytes() - residentAtBaseline
                // The verdict is the handles'; resident memory depends on the machine and
                // its load, so it is given only with a failure, where it helps.
                let figures = "\(2 * cycles) transitions; resident memory +\(growth) MiB after the first 20"
                func describe(_ handles: (contexts: Int, propertyAnimators: Int, images: Int, paths: Int)) -> String {
                    "\(handles.contexts) contexts, \(handles.propertyAnimators) property animators, \(handles.images) images, "
                        + "\(handles.paths) paths"
                }
                guard let baseline, now == baseline else {
                    return ValidationResult(.failed, "live handles grew from \(baseline.map(describe) ?? "?") after the first 20 "
                                            + "to \(describe(now)) over " + figures)
                }
                return ValidationResult(.passed, "\(2 * cycles) transitions; live handles the same after the first 20")
            case "determinism":
                func timeline() throws -> String {
                    let runtime = TransitionRuntime()
                    let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
                    let stage = TransitionStage(runtime: runtime)
                    let outcome = try stage.perform(first, animator: make(parameters)(runtime), onFrame: recorder.capture)
                    let screens = stage.screenNames(for: first)
                    let segment = Recording.Segment(operation: first, animator: info.id, from: screens.from, to: screens.to,
                                                    outcome: outcome, frames: recorder.take().frames)
                    return Timeline.json(segment, size: runtime.window.bounds.size, fps: 60).serialized()
                }
                let a = try timeline(), b = try timeline()
                guard a == b else {
                    let offset = zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
                    return ValidationResult(.failed, "the second run's timeline differs from byte \(offset) on")
                }
                return ValidationResult(.passed)
            case "delegate.choice":
                guard let probe = try make(parameters)(TransitionRuntime()) as? AnimatorInstance, probe.offersDeclines else {
                    return ValidationResult(.skipped, "it does not choose per transition (no declines)")
                }
                var lines: [String] = []
                for operation in info.operations.operations {
                    let result = try checker.run(operation, makeAnimator: make(parameters))
                    if !result.outcome.problems.isEmpty || !result.passed {
                        return ValidationResult(.failed, "\(operation.rawValue): "
                                                + (result.outcome.problems + result.findings).joined(separator: "; "))
                    }
                    let ran = result.outcome.animator ?? "none"
                    lines.append("\(operation.rawValue): " + (ran.hasPrefix("system.") ? "UIKit's own (\(ran))" : "its animator"))
                }
                return ValidationResult(.passed, lines.joined(separator: "; "))
            case "screens":
                var brought: [String] = []
                for operation in info.operations.operations {
                    let runtime = TransitionRuntime()
                    guard let instance = try make(parameters)(runtime) else { continue }
                    let names = operation == .tab ? ["home", "settings"] : ["list", "detail"]
                    var views: [(name: String, view: View)] = []
                    for name in names {
                        guard let screen = instance.loadScreen(named: name, for: operation) else { continue }
                        if let other = views.first(where: { $0.view == screen.view }) {
                            return ValidationResult(.failed, "\(operation.rawValue): the same view for \(other.name) and \(name)")
                        }
                        views.append((name, screen.view))
                    }
                    if !views.isEmpty { brought.append("\(operation.rawValue): " + views.map(\.name).joined(separator: ", ")) }
                }
                let errors = sessions.flatMap(\.log).filter { $0.level == .error && $0.message.contains("load_screen") }
                if let error = errors.first { return ValidationResult(.failed, error.message) }
                return brought.isEmpty ? ValidationResult(.skipped, "it brings no screens of its own (the host's are used)")
                    : ValidationResult(.passed, "brings " + brought.joined(separator: "; "))
            case "size.turn":
                // Presented, then the phone turns on its side and back: on its side the app
                // must be what presenting on its side from the start gives; upright again,
                // what it was before turning.
                guard info.operations.supports(.present) else { return ValidationResult(.skipped, "it does not present") }
                let runtime = TransitionRuntime()
                let stage = TransitionStage(runtime: runtime)
                guard let instance = try make(parameters)(runtime) else { return ValidationResult(.skipped, "no instance") }
                let presented = try stage.perform(.present, animator: instance)
                guard presented.completed, presented.problems.isEmpty else {
                    return ValidationResult(.failed, "the presentation did not complete cleanly: "
                                            + (presented.problems.isEmpty ? "cancelled" : presented.problems.joined(separator: "; ")))
                }
                let upright = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)
                if let reason = stage.reasonNotToTurn(to: .landscape) {
                    return ValidationResult(.skipped, "the interface does not turn: \(reason)")
                }
                try stage.rotate(to: .landscape)
                let turned = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)
                var sideways = Traits()
                sideways.orientation = .landscape
                let direct = TransitionRuntime(size: sideways.screenSize)
                direct.traits = sideways
                let directStage = TransitionStage(runtime: direct)
                guard let second = try make(parameters)(direct) else { return ValidationResult(.skipped, "no instance") }
                _ = try directStage.perform(.present, animator: second)
                let reference = SceneFrame(engine: direct.engine, root: direct.window.layer.id)
                var onSide = checker
                onSide.size = sideways.screenSize
                let there = onSide.compare(turned, with: reference, operation: .present, outcome: presented, expectation: .newState)
                guard there.passed else {
                    return ValidationResult(.failed, "turned on its side after presenting, the app is not what presenting on its "
                                            + "side gives: " + there.findings.joined(separator: "; "))
                }
                try stage.rotate(to: .portrait)
                let back = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)
                let result = checker.compare(back, with: upright, operation: .present, outcome: presented, expectation: .newState)
                guard result.passed else {
                    return ValidationResult(.failed, "turned upright again, the app is not as before turning: "
                                            + result.findings.joined(separator: "; "))
                }
                let errors = sessions.flatMap(\.log).filter { $0.level == .error }
                if let error = errors.first { return ValidationResult(.failed, error.message) }
                return ValidationResult(.passed, "on its side as if presented so, and upright again as before")
            default:
                return ValidationResult(.skipped, "no such check")
            }
        } catch {
            return ValidationResult(.failed, "\(error)")
        }
    }

    /// A small deterministic generator (SplitMix64) for the values parameters.range tries.
    struct SplitMix {
        var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        /// The next value in [0, 1).
        mutating func unit() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    /// The transitions robustness.repeat runs unless told otherwise (`--repeat`).
    public static let defaultRepeats = 1000

    /// This process's resident memory in MiB (/proc/self/statm), 0 when unknown.
    static func residentMegabytes() -> Int {
        // A /proc file says it is empty: read until the end instead of by its size.
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return 0 }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
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
        let repeats = document["repeats"]?.intValue ?? defaultRepeats
        let result = run(check, info: info, operation: operation, assignments: assignments, repeats: repeats,
                         marker: child.marker)
        try child.send(kind: 1, payload: Array(JSONValue.object(result.json).serialized().utf8))
        try child.finish()
    }
}
