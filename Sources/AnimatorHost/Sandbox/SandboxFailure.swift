import CSystem

/// How a plugin child ended badly: crashed on a signal, exited early, stopped answering,
/// ran out of CPU time, or sent data that is not the protocol. It names the call it was
/// in (from the child's call page) and what the call belonged to.
public struct SandboxFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Equatable, Sendable {
        /// Killed by a signal it did not survive.
        case signal(Int32)
        /// Exited by itself before finishing its work (a plugin calling `exit`).
        case exited(Int32)
        /// Killed by the host: no progress for this many seconds.
        case timedOut(Double)
        /// Killed by the system for using more than its CPU seconds.
        case cpuLimit(Int)
        /// Killed by the host: it sent something that is not a message.
        case malformed(String)
        /// Killed by the host: its processes and threads were more than this many at once.
        case taskLimit(Int)
    }

    /// What happened.
    public var kind: Kind
    /// The plugin call it was in, or the last one it made (nil: before any).
    public var call: PluginCall?
    /// Whether it was inside `call` (false: the host's code ran after `call` returned).
    public var insideCall: Bool
    /// The animator id or library path of the call.
    public var subject: String
    /// Set when the child's peak resident memory was near its limit.
    public var memoryNote: String?

    /// Creates a failure.
    public init(kind: Kind, call: PluginCall?, insideCall: Bool, subject: String, memoryNote: String? = nil) {
        self.kind = kind
        self.call = call
        self.insideCall = insideCall
        self.subject = subject
        self.memoryNote = memoryNote
    }

    /// What happened, without where: "crashed (SIGSEGV, Segmentation fault)".
    public var what: String {
        switch kind {
        case .signal(let number):
            return "crashed (\(SignalName.describe(number)))"
        case .exited(let status):
            return "exited with status \(status)" + (status == 0 ? " (plugin code called exit)" : "")
        case .timedOut(let seconds):
            return insideCall ? "did not return within \(formatSeconds(seconds)) s (killed; --plugin-timeout)"
                              : "made no progress for \(formatSeconds(seconds)) s (killed; --plugin-timeout)"
        case .cpuLimit(let seconds):
            return "used up its \(seconds) s of CPU time (killed; --plugin-cpu)"
        case .malformed(let reason):
            return "wrote something that is not the host's protocol (\(reason)); killed"
        case .taskLimit(let limit):
            return "started more than \(limit) processes and threads at once (killed)"
        }
    }

    /// Where: "in animateTransition", "after init returned", "before any plugin call".
    public var place: String {
        guard let call else { return "before any plugin call" }
        return (insideCall ? "in " : "after ") + call.name + (insideCall ? "" : " returned")
    }

    /// "crashed (SIGSEGV, Segmentation fault) in animateTransition", with the memory note.
    public var description: String {
        "\(what) \(place)" + (memoryNote.map { " (\($0))" } ?? "")
    }

    private func formatSeconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Names of signals for reports.
enum SignalName {
    /// "SIGSEGV, Segmentation fault".
    static func describe(_ number: Int32) -> String {
        let abbreviation = ah_signal_abbreviation(number).map { "SIG" + String(cString: $0) } ?? "signal \(number)"
        return "\(abbreviation), \(String(cString: ah_signal_description(number)))"
    }
}
