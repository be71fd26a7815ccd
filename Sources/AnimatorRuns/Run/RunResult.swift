import AnimatorHost
import AnimatorSupport

/// What a run made: every transition's frames, and a report per transition.
public struct RunResult: Sendable {
    /// The frames, per transition.
    public var recording: Recording
    /// One report per transition, in order, failed ones included.
    public var transitions: [TransitionReport]

    /// A result.
    public init(recording: Recording, transitions: [TransitionReport]) {
        self.recording = recording
        self.transitions = transitions
    }

    /// Whether a transition failed or had a problem.
    public var hadProblems: Bool { transitions.contains { !$0.outcome.problems.isEmpty } }

    /// The summary `run` and `play` print: a numbered line per transition, its warnings,
    /// what its animator logged at `shownLevel` and above (nil: nothing), and the total.
    /// The lines hold the plugins' own text: escape them before a terminal shows them.
    public func summary(shownLevel: PluginLogEntry.Level? = .warning) -> [String] {
        var lines: [String] = []
        for (number, report) in transitions.enumerated() {
            lines.append("\(number + 1). \(report.text)")
            if report.failure == nil { report.outcome.problems.forEach { lines.append("   warning: \($0)") } }
            if let least = shownLevel {
                for entry in report.log where entry.level >= least {
                    lines.append("   log \(entry.level.name): \(entry.message)")
                }
            }
        }
        let failed = transitions.filter { $0.failure != nil }.count
        let completed = transitions.filter { $0.failure == nil && $0.outcome.completed }.count
        let seconds = transitions.reduce(0) { $0 + $1.outcome.elapsed }
        lines.append("\(transitions.count) transition\(transitions.count == 1 ? "" : "s"): \(completed) completed, "
                     + "\(transitions.count - completed - failed) cancelled, " + (failed > 0 ? "\(failed) failed, " : "")
                     + "\(JSONValue.format(TransitionReport.rounded(seconds))) s")
        return lines
    }

    /// `run --json`'s document: `{"transitions": [...]}`.
    public var json: JSONValue {
        .object([("transitions", .array(transitions.map(\.json)))])
    }
}
