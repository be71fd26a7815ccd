import AnimatorSupport

/// One conformance check `animator-host validate` makes, with what it is for.
public struct ValidationCheck: Sendable, Equatable {
    /// Where a check applies.
    public enum Scope: String, Sendable {
        /// Once per library file.
        case library
        /// Once per animator.
        case animator
        /// Once per operation an animator declares.
        case operation
        /// Once per operation, for animators that declare themselves interactive.
        case interactive
    }

    /// The check's name, as `--only` and `--skip` match it.
    public var name: String
    /// Where it applies.
    public var scope: Scope
    /// What it verifies, in one line.
    public var purpose: String

    /// Every check, in the order they run.
    public static let all: [ValidationCheck] = [
        ValidationCheck(name: "library.loads", scope: .library,
                        purpose: "loads (RTLD_NOW, nothing unresolved), initializes and offers animators, with no problem"),
        ValidationCheck(name: "library.exports", scope: .library,
                        purpose: "exports only animator_host_entry (a warning otherwise: a statically linked SDK leaks out)"),
        ValidationCheck(name: "library.scan-time", scope: .library,
                        purpose: "is examined in under 100 ms, process start included (a warning otherwise)"),
        ValidationCheck(name: "library.second-load", scope: .library,
                        purpose: "gives the same answers when examined again in a fresh process"),
        ValidationCheck(name: "library.descriptors", scope: .library,
                        purpose: "every parameter has help text and a default inside its range"),
        ValidationCheck(name: "transition.completes", scope: .operation,
                        purpose: "the transition calls completeTransition exactly once, in time, with no problem"),
        ValidationCheck(name: "transition.duration", scope: .operation,
                        purpose: "transitionDuration is finite and positive, and the transition ends within a frame of it"),
        ValidationCheck(name: "transition.container", scope: .operation,
                        purpose: "nothing the animator added stays in the container afterwards"),
        ValidationCheck(name: "transition.end-state", scope: .operation,
                        purpose: "the last frame is the app after the operation, drawn without animation"),
        ValidationCheck(name: "transition.host-calls", scope: .operation,
                        purpose: "no host call is refused during the transition (a warning otherwise: a status ignored)"),
        ValidationCheck(name: "timing.overrun", scope: .operation,
                        purpose: "nothing it animates runs on past the declared duration + 0.1 s (a warning otherwise)"),
        ValidationCheck(name: "interactive.cancel", scope: .interactive,
                        purpose: "driven to 10 %, 50 %, 90 % and cancelled at completion speed 2: the app exactly as before, in time"),
        ValidationCheck(name: "interactive.finish", scope: .interactive,
                        purpose: "driven to 10 %, 50 %, 90 % and finished at completion speed 2: the app as after the operation, in time"),
        ValidationCheck(name: "interactive.gesture", scope: .interactive,
                        purpose: "its own interaction controller, fed pans and pinches that finish and cancel, ends each cleanly"),
        ValidationCheck(name: "parameters.range", scope: .animator,
                        purpose: "each number parameter at its minimum, its maximum and two values inside runs cleanly"),
        ValidationCheck(name: "parameters.out-of-range", scope: .animator,
                        purpose: "a number parameter just outside its range is refused by the host, before any plugin call"),
        ValidationCheck(name: "instance.reuse", scope: .animator,
                        purpose: "one instance presents, then dismisses (one delegate for both): the app is back as before"),
        ValidationCheck(name: "robustness.repeat", scope: .animator,
                        purpose: "a thousand transitions in a row (present and dismiss) with no growth in live handles"),
        ValidationCheck(name: "determinism", scope: .animator,
                        purpose: "two runs of the same transition give byte-identical timelines"),
        ValidationCheck(name: "delegate.choice", scope: .animator,
                        purpose: "a delegate that chooses per transition (declines): which operations run its animator, which UIKit's"),
        ValidationCheck(name: "screens", scope: .animator,
                        purpose: "the screens it brings (load_screen) come as views of its own, one per screen, without errors"),
        ValidationCheck(name: "size.turn", scope: .animator,
                        purpose: "presented, then turned on its side: as presented on its side; turned back: as before"),
    ]

    /// The check named `name`.
    public static func named(_ name: String) -> ValidationCheck? {
        all.first { $0.name == name }
    }
}

/// How a check went.
public struct ValidationResult: Sendable, Equatable {
    /// The verdict.
    public enum Verdict: String, Sendable {
        case passed, failed, warning, skipped, crashed
    }

    /// The verdict.
    public var verdict: Verdict
    /// Why (for anything but a pass): the frame, call or value that shows it.
    public var details: String

    /// Creates a result.
    public init(_ verdict: Verdict, _ details: String = "") {
        self.verdict = verdict
        self.details = details
    }

    /// `{"result", "details"}`.
    public var json: [(String, JSONValue)] {
        [("result", .string(verdict.rawValue)), ("details", .string(details))]
    }
}
