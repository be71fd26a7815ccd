/// The child mode that reports how this machine isolates a child: its processes
/// (`SandboxIsolation`) and what it may touch outside them (`SandboxConfinement`).
/// `animator-host doctor` shows it. It runs no plugin code.
public enum IsolationProbe {
    /// The child mode.
    public static let mode = "probe"

    /// What a child reported.
    public struct Report: Equatable, Sendable {
        /// How its processes are kept from outliving it.
        public var processes: SandboxIsolation
        /// What it may touch outside its processes.
        public var confinement: SandboxConfinement
    }

    /// The child's side: one message (kind 1) of three lines: the processes' mechanism,
    /// the fallback's reason (empty for a namespace) and the confinement's words.
    public static func childMain(_ child: SandboxChild) throws(SandboxError) {
        var reason = ""
        if case .subreaper(let why) = child.isolation { reason = why }
        let text = [child.isolation.name, reason.oneLineForProbe, child.confinement.encoded.oneLineForProbe]
            .joined(separator: "\n")
        try child.send(kind: 1, payload: Array(text.utf8))
        try child.finish()
    }

    /// Starts a child of `sandbox` and returns what it reports.
    ///
    /// - Throws: `SandboxError` when no child starts or it does not answer.
    public static func run(_ sandbox: PluginSandbox) throws(SandboxError) -> Report {
        var answer: Report?
        let failure = try sandbox.run(mode: mode, request: [], onMessage: { message in
            let lines = String(decoding: message.payload, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count == 3, let confinement = SandboxConfinement(encoded: lines[2]) else {
                throw SandboxError("an unknown report of isolation")
            }
            switch lines[0] {
            case "namespace": answer = Report(processes: .namespace, confinement: confinement)
            case "subreaper":
                answer = Report(processes: .subreaper(reason: lines[1].isEmpty ? "no reason given" : lines[1]),
                                confinement: confinement)
            default: throw SandboxError("an unknown isolation")
            }
        })
        if let failure { throw SandboxError("the child \(failure.description)") }
        guard let answer else { throw SandboxError("the child did not say how it is isolated") }
        return answer
    }
}

private extension String {
    /// The text with line breaks made spaces, so that it stays one line of the report.
    var oneLineForProbe: String {
        String(map { $0.isNewline ? " " : $0 })
    }
}
