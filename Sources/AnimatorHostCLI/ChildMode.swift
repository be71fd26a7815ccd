import AnimatorHost
import Glibc
import AnimatorEngine
import AnimatorSupport
import AnimatorRendering

/// What the program does when a sandbox starts it as a child (`__sandbox-child MODE ...`):
/// plugin work for its parent, which reads the results over the protocol
/// (`PluginSandbox`). Not a command for people; `--help` does not list it.
enum ChildMode {
    /// Runs the child and returns its exit status: 0 after the final message, 70 when it
    /// could not do its work (the reason goes to stderr, which the parent shows).
    static func main(_ arguments: [String]) -> Int32 {
        do {
            let child = try SandboxChild.start(arguments: arguments)
            switch child.mode {
            case LibraryScanner.mode:
                try LibraryScanner.childMain(child)
            case SandboxedRun.mode:
                try SandboxedRun.childMain(child)
            case AnimatorChecks.mode:
                try AnimatorChecks.childMain(child)
            case InspectCommand.durationsMode:
                try InspectCommand.childMain(child)
            default:
                throw SandboxError("unknown child mode '\(child.mode)'")
            }
            return 0
        } catch {
            let text = "animator-host child: \(error)\n"
            _ = text.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            return 70
        }
    }
}
