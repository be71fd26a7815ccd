/// The child mode that reports which `SandboxIsolation` this machine gives a child
/// (`animator-host doctor` shows it). It runs no plugin code.
public enum IsolationProbe {
    /// The child mode.
    public static let mode = "probe"

    /// The child's side: one message (kind 1) with the mechanism's name, a newline and,
    /// for the fallback, the reason.
    public static func childMain(_ child: SandboxChild) throws(SandboxError) {
        var text = child.isolation.name
        if case .subreaper(let reason) = child.isolation { text += "\n" + reason }
        try child.send(kind: 1, payload: Array(text.utf8))
        try child.finish()
    }

    /// Starts a child of `sandbox` and returns the isolation it reports.
    ///
    /// - Throws: `SandboxError` when no child starts or it does not answer.
    public static func run(_ sandbox: PluginSandbox) throws(SandboxError) -> SandboxIsolation {
        var answer: SandboxIsolation?
        let failure = try sandbox.run(mode: mode, request: [], onMessage: { message in
            let lines = String(decoding: message.payload, as: UTF8.self).split(separator: "\n", maxSplits: 1).map(String.init)
            switch lines.first {
            case "namespace": answer = .namespace
            case "subreaper": answer = .subreaper(reason: lines.count > 1 ? lines[1] : "no reason given")
            default: throw SandboxError("an unknown isolation")
            }
        })
        if let failure { throw SandboxError("the child \(failure.description)") }
        guard let answer else { throw SandboxError("the child did not say how it is isolated") }
        return answer
    }
}
