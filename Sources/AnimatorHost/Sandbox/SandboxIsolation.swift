import CSystem
import Glibc

/// How a sandbox child keeps the processes its plugins start from outliving it, as the
/// kernel allowed when the child started.
public enum SandboxIsolation: Equatable, Sendable {
    /// A PID namespace inside a user namespace of its own: when the child's work ends,
    /// however it ends, the kernel ends every process started under it, including those
    /// that left its process group or session; nothing inside can name, signal or trace a
    /// process outside.
    case namespace
    /// The kernel refused namespaces (the reason): the child is a subreaper, and kills the
    /// processes its plugins left when it finishes its work. A process that leaves the
    /// child's process group and outlives a child that was killed survives it.
    case subreaper(reason: String)

    /// The environment variable that, set to 1, makes children use `subreaper` even where
    /// namespaces work (for comparing the two, and for machines where namespaces misbehave).
    public static let disablingVariable = "ANIMATOR_HOST_NO_NAMESPACES"

    /// Enters the isolation this machine allows. In the namespace case the calling process
    /// and the namespace's first process stay behind, waiting; only the worker returns.
    /// Call it before any thread starts.
    static func enter() -> SandboxIsolation {
        let disabled = getenv(disablingVariable).map { String(cString: $0) == "1" } ?? false
        var refusal: Int32 = 0
        if ah_isolate_processes(disabled ? 0 : 1, &refusal) == Int32(AH_ISOLATION_NAMESPACE) { return .namespace }
        if disabled { return .subreaper(reason: "\(disablingVariable)=1") }
        let reason = refusal == 0 ? "the process had more than one thread"
            : "the kernel refused a user and PID namespace: \(String(cString: strerror(refusal)))"
        return .subreaper(reason: reason)
    }

    /// Kills what plugins started and left running; nothing to do in a namespace, where the
    /// kernel does it when the child ends.
    public func endPluginProcesses() {
        if case .subreaper = self { _ = ah_kill_children() }
    }

    /// One line for people: the mechanism and, when it is the fallback, why.
    public var description: String {
        switch self {
        case .namespace:
            return "a PID and user namespace per child (every process a plugin starts ends with it)"
        case .subreaper(let reason):
            return "a subreaper per child (\(reason)): processes a plugin starts end when the child finishes, "
                + "but one that leaves the child's process group outlives a child that is killed"
        }
    }

    /// The JSON name: "namespace" or "subreaper".
    public var name: String {
        switch self {
        case .namespace: return "namespace"
        case .subreaper: return "subreaper"
        }
    }
}
