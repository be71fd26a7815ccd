/// What a plugin child may use before it is stopped.
public struct SandboxLimits: Equatable, Sendable {
    /// Seconds the child may go without progress (a call entered or returned, a frame, a
    /// message) inside a plugin call before it is killed: a plugin stuck in a call.
    /// `--plugin-timeout`. Between calls, where the host's own code runs, the allowance is
    /// at least 120 s.
    public var timeout: Double
    /// The child's address space in MiB (RLIMIT_AS); 0 for no limit. `--plugin-memory`.
    public var memoryMegabytes: Int
    /// The child's CPU time in seconds (RLIMIT_CPU); 0 for no limit. `--plugin-cpu`.
    public var cpuSeconds: Int

    /// The defaults: 10 s without progress, 4096 MiB of address space, 300 s of CPU.
    public static let standard = SandboxLimits(timeout: 10, memoryMegabytes: 4096, cpuSeconds: 300)

    /// The bounds each accepts: timeout 0.1 s ... 1 hour, memory 64 MiB ... 1 TiB or 0,
    /// CPU 1 s ... 1 day or 0.
    public static let timeoutRange = 0.1...3600.0
    /// See `timeoutRange`.
    public static let memoryRange = 64...(1 << 20)
    /// See `timeoutRange`.
    public static let cpuRange = 1...86_400

    /// Descriptors a process of the child may hold open (RLIMIT_NOFILE).
    public static let descriptorLimit = 1024
    /// Bytes a file written by a process of the child may reach (RLIMIT_FSIZE): 1 GiB.
    public static let fileSizeLimit = 1 << 30
    /// Processes and threads the child's whole tree may hold at once; past it the host kills
    /// the child. The host counts them itself (in /proc, at each reading of the child's
    /// activity), so it holds for every user, root included, without cgroups.
    public static let taskLimit = 2048

    /// Creates limits.
    public init(timeout: Double, memoryMegabytes: Int, cpuSeconds: Int) {
        self.timeout = timeout
        self.memoryMegabytes = memoryMegabytes
        self.cpuSeconds = cpuSeconds
    }
}
