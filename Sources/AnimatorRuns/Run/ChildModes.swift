import AnimatorHost
import Glibc

/// Every kind of work a sandbox child does, in one table: the program started as
/// `animator-host __sandbox-child MODE ...` looks its mode up here. A new kind of child
/// work is one entry (a mode name and the function that does it; the parent's side calls
/// `PluginSandbox.run(mode:request:...)` with the same name).
public enum ChildModes {
    /// The modes: name → the child's work (it sends its messages and calls `finish`).
    public static let table: [String: @Sendable (SandboxChild) throws -> Void] = [
        LibraryScanner.mode: { try LibraryScanner.childMain($0) },
        SandboxedRun.mode: { try SandboxedRun.childMain($0) },
        AnimatorChecks.mode: { try AnimatorChecks.childMain($0) },
        DurationQuery.mode: { try DurationQuery.childMain($0) },
        IsolationProbe.mode: { try IsolationProbe.childMain($0) },
    ]

    /// Runs the child and returns its exit status: 0 after the final message, 70 when it
    /// could not do its work (the reason goes to stderr, which the parent shows).
    ///
    /// - Parameter arguments: the words after the hidden command (`SandboxChild.command`).
    public static func main(_ arguments: [String]) -> Int32 {
        var started: SandboxChild?
        do {
            let child = try SandboxChild.start(arguments: arguments)
            started = child
            guard let work = table[child.mode] else { throw SandboxError("unknown child mode '\(child.mode)'") }
            try work(child)
            return 0
        } catch {
            started?.isolation.endPluginProcesses()
            let text = "animator-host child: \(error)\n"
            _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 70
        }
    }
}
