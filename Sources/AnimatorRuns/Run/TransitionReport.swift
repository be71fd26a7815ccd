import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// What one transition of a run did: the report line `run` prints, and the object of
/// `run --json`.
public struct TransitionReport: Sendable {
    /// The operation performed.
    public var operation: TransitionOperation
    /// The screen that left.
    public var from: String
    /// The screen that arrived.
    public var to: String
    /// The animator as reports name it ("Bubble (com.example.bubble)", "system").
    public var animator: String
    /// The route rule that chose it (demo runs), or nil.
    public var rule: String?
    /// How it went.
    public var outcome: TransitionOutcome
    /// The frames recorded.
    public var frames: Int
    /// Whether an interaction drove it.
    public var interactive = false
    /// Where a tap caused it (a dismissal by a presentation controller).
    public var tap: Point?
    /// What the finger did there.
    public var gesture: TouchGesture = .tap
    /// What the animator's library logged meanwhile.
    public var log: [PluginLogEntry] = []
    /// Why the transition failed (its animator crashed, exited, hung or threw), or nil.
    public var failure: String?
    /// How the device was turned after the transition (its frames are among `frames`), or nil.
    public var turnedTo: Traits.Orientation?
    /// Why the interface did not turn when the device did (the screen that decides does not
    /// support the orientation), or nil.
    public var stayed: String?
    /// The split view share the window took after it (`.some(nil)`: the whole screen).
    public var splitTo: SplitShare??

    /// A report.
    public init(operation: TransitionOperation, from: String, to: String, animator: String, rule: String?,
                outcome: TransitionOutcome, frames: Int, interactive: Bool = false, tap: Point? = nil,
                gesture: TouchGesture = .tap, log: [PluginLogEntry] = [], failure: String? = nil,
                turnedTo: Traits.Orientation? = nil, stayed: String? = nil, splitTo: SplitShare?? = nil) {
        self.operation = operation
        self.from = from
        self.to = to
        self.animator = animator
        self.rule = rule
        self.outcome = outcome
        self.frames = frames
        self.interactive = interactive
        self.tap = tap
        self.gesture = gesture
        self.log = log
        self.failure = failure
        self.turnedTo = turnedTo
        self.stayed = stayed
        self.splitTo = splitTo
    }

    /// The report of a transition that failed before it drew anything.
    public static func failed(_ step: DemoApp.Step, animator: String, rule: String?, reason: String) -> TransitionReport {
        TransitionReport(operation: step.operation, from: step.from, to: step.to, animator: animator, rule: rule,
                         outcome: TransitionOutcome(operation: step.operation, animator: nil, duration: 0, elapsed: 0,
                                                    completed: false, problems: [reason]),
                         frames: 0, tap: step.tap, gesture: step.gesture, failure: reason)
    }

    /// Whether it failed or had a problem.
    public var hadProblems: Bool { failure != nil || !outcome.problems.isEmpty }

    /// One line: "present list → detail: Bubble (com.example.bubble), 0.5 s, 31 frames, completed".
    public var text: String {
        if let failure {
            return "\(operation.rawValue) \(from) → \(to): \(animator), failed: \(failure)" + (rule.map { "  [\($0)]" } ?? "")
        }
        var text = "\(operation.rawValue) \(from) → \(to): \(animator), "
            + "\(JSONValue.format(Self.rounded(outcome.duration))) s, \(frames) frame\(frames == 1 ? "" : "s"), "
            + (outcome.completed ? "completed" : "cancelled")
            + (interactive ? " (interactive, \(JSONValue.format(Self.rounded(outcome.elapsed))) s)" : "")
            + (tap.map { " (\(gesture.noun) at \(JSONValue.format($0.x)), \(JSONValue.format($0.y)))" } ?? "")
            + (turnedTo.map { ", then turned \($0.rawValue)" } ?? "")
            + (stayed.map { ", then did not turn: \($0)" } ?? "")
            + (splitTo.map { share in share.map { ", then split view gave it the \($0.rawValue)" } ?? ", then the whole screen" } ?? "")
        // The animator (its delegate) declined: UIKit's own transition ran instead.
        if let ran = outcome.animator, ran.hasPrefix("system."), !animator.hasPrefix("system") {
            text += " (declined: UIKit's own \(ran) ran)"
        }
        if let rule { text += "  [\(rule)]" }
        return text
    }

    /// The report as `run --json` prints it.
    public var json: JSONValue {
        .object([
            ("operation", .string(operation.rawValue)), ("from", .string(from)), ("to", .string(to)),
            ("animator", .string(outcome.animator ?? animator)), ("rule", rule.map(JSONValue.string) ?? .null),
            ("duration", .number(outcome.duration)), ("elapsed", .number(outcome.elapsed)), ("frames", .number(Double(frames))),
            ("completed", .bool(outcome.completed)), ("interactive", .bool(interactive)),
            ("problems", .array(outcome.problems.map(JSONValue.string))),
            ("failed", failure.map(JSONValue.string) ?? .null),
            ("turnedTo", turnedTo.map { .string($0.rawValue) } ?? .null),
            ("stayed", stayed.map(JSONValue.string) ?? .null),
            ("splitTo", splitTo.map { .string($0?.rawValue ?? "full") } ?? .null),
            ("log", .array(log.map { .object([("level", .string($0.level.name)), ("message", .string($0.message))]) })),
        ])
    }

    /// Rounds to the millisecond for reports (frame steps leave float noise).
    public static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}
