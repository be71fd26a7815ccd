import CSystem
import Glibc

/// The child's side of `PluginSandbox`: what a program does when started with
/// `__sandbox-child MODE MEMORY_MIB CPU_S PARENT_PID`. `start` sets the child up (killed with its
/// parent, resource limits, its processes isolated, the call page, the request, its files
/// and network confined); the mode's code then sends messages and calls `finish`.
public final class SandboxChild {
    /// The hidden command that starts a child.
    public static let command = "__sandbox-child"
    /// The kind of the final message: the child finished its work.
    public static let doneKind: UInt8 = 0xFF
    /// The message pipe.
    static let messageDescriptor: Int32 = 3
    static let pageDescriptor: Int32 = 4
    static let requestDescriptor: Int32 = 5

    /// The mode the host asked for.
    public let mode: String
    /// The request's bytes.
    public let request: [UInt8]
    /// The call page: pass it to the loader and the host session.
    public let marker: PluginCallMarker
    /// How processes a plugin starts are kept from outliving this child.
    public let isolation: SandboxIsolation
    /// What this child's plugins may touch outside it: files, network, signals.
    public let confinement: SandboxConfinement

    private init(mode: String, request: [UInt8], marker: PluginCallMarker, isolation: SandboxIsolation,
                 confinement: SandboxConfinement) {
        self.mode = mode
        self.request = request
        self.marker = marker
        self.isolation = isolation
        self.confinement = confinement
    }

    /// Sets the child up from its arguments (those after the hidden command).
    ///
    /// - Throws: `SandboxError` when it was not started by a sandbox (no call page, no
    ///   request) or the arguments are wrong.
    public static func start(arguments: [String]) throws(SandboxError) -> SandboxChild {
        guard arguments.count == 4, let memory = UInt64(arguments[1]), let cpu = UInt64(arguments[2]),
              let parent = pid_t(arguments[3]) else {
            throw SandboxError("\(command) is started by animator-host itself, with MODE MEMORY_MIB CPU_S PARENT_PID")
        }
        _ = ah_die_with_parent()
        // The parent may have died before the line above (the child then has another
        // parent): there is nobody to work for. Compared by pid, since a parent may be pid 1
        // itself in a container.
        if getppid() != parent { exit(1) }
        guard ah_limit_resources(memory << 20, cpu, UInt64(SandboxLimits.descriptorLimit),
                                 UInt64(SandboxLimits.fileSizeLimit)) == 0 else {
            throw SandboxError("cannot set the resource limits: \(String(cString: strerror(errno)))")
        }
        // From here on this is the worker, in a PID namespace of its own when the kernel
        // allows it (the process the host started waits outside and ends as it ends).
        let isolation = SandboxIsolation.enter()
        let marker = try PluginCallMarker.map(pageDescriptor)
        close(pageDescriptor)
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(requestDescriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw SandboxError("cannot read the request: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            request.append(contentsOf: chunk[0..<count])
        }
        close(requestDescriptor)
        // The protocol pipe must not leak into anything a plugin starts.
        _ = fcntl(messageDescriptor, F_SETFD, FD_CLOEXEC)
        // Last, before any plugin code: files written only in the child's own folder.
        let confinement = SandboxConfinement.enter()
        return SandboxChild(mode: arguments[0], request: request, marker: marker, isolation: isolation,
                            confinement: confinement)
    }

    /// Sends one message to the host.
    public func send(kind: UInt8, payload: [UInt8]) throws(SandboxError) {
        precondition(kind != Self.doneKind, "the final message is sent by finish()")
        try SandboxMessage(kind: kind, payload: payload).write(to: Self.messageDescriptor)
    }

    /// Sends the final message: the work is done. The child should exit 0 after it.
    /// Without a namespace, every process a plugin started and left running is killed first.
    public func finish() throws(SandboxError) {
        isolation.endPluginProcesses()
        try SandboxMessage(kind: Self.doneKind, payload: []).write(to: Self.messageDescriptor)
    }
}
