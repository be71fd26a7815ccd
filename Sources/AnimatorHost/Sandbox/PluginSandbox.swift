import AnimatorSupport
import CSystem
import Glibc

/// Runs plugin code in a child process, so that a plugin that crashes, calls `exit`,
/// hangs or eats memory ends that child and never the host.
///
/// The child is an executable (the `animator-host` program) started with the hidden
/// command `__sandbox-child MODE MEMORY_MIB CPU_S PARENT_PID`. It finds:
/// - fd 0: /dev/null;
/// - fd 1 and 2: a pipe the host reads as plugin output, apart from the protocol;
/// - fd 3: the message pipe (`SandboxMessage`s, ending with `SandboxChild.doneKind`);
/// - fd 4: the call page (`PluginCallMarker`);
/// - fd 5: the request, a file to read from its start.
///
/// The host reads messages as they come, watches the call page and the child's processes
/// for progress (`ProgressAccount`: CPU used, or time asleep; never time spent waiting for
/// a processor), and kills the child's process group when it has made none for
/// `limits.timeout` seconds. A child that ends without its final message has failed,
/// whatever its exit status.
public struct PluginSandbox: Sendable {
    /// The executable to start (normally the running `animator-host`).
    public var executable: String
    /// What each child may use.
    public var limits: SandboxLimits
    /// Where the lines plugins print go when the work itself does not take them (while
    /// libraries are examined); nowhere by default.
    public var pluginOutput: @Sendable (String) -> Void = { _ in }

    /// Creates a sandbox starting `executable`.
    public init(executable: String, limits: SandboxLimits = .standard) {
        self.executable = executable
        self.limits = limits
    }

    /// The running program, resolved through /proc/self/exe.
    public static func runningExecutable() -> String? {
        FileSystem.realPath("/proc/self/exe")
    }

    /// Starts a child in `mode` with `request`, passes its messages to `onMessage` and its
    /// output lines to `onOutput`, and waits for it to end.
    ///
    /// - Parameters:
    ///   - onMessage: called for each message but the final one, on this thread. Throwing
    ///     kills the child and ends the run with that error as a `.malformed` failure.
    ///   - onOutput: each line the child (its plugins) wrote to stdout or stderr.
    /// - Returns: nil when the child finished its work; otherwise how it failed.
    /// - Throws: `SandboxError` when the child cannot be started.
    public func run(mode: String, request: [UInt8], onMessage: (SandboxMessage) throws -> Void,
                    onOutput: (String) -> Void = { _ in }) throws(SandboxError) -> SandboxFailure? {
        let (marker, pageDescriptor) = try PluginCallMarker.makeShared()
        defer { close(pageDescriptor) }
        let requestDescriptor = try Self.requestFile(request)
        defer { close(requestDescriptor) }
        let messages = try Pipe()
        let output = try Pipe()
        let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard null >= 0 else { throw SandboxError("cannot open /dev/null: \(String(cString: strerror(errno)))") }
        defer { close(null) }
        let arguments = [executable, SandboxChild.command, mode, String(limits.memoryMegabytes), String(limits.cpuSeconds),
                         String(getpid())]
        // The one folder the child may write in (where Landlock confines it), removed with
        // whatever it holds once the child has ended. Its name carries this process's id, so
        // that the folders of a host that was killed before it could remove them are found
        // and removed by the next one.
        let folder = try? FileSystem.makeTemporaryFolder(prefix: "\(Self.folderPrefix)\(getpid())-")
        defer {
            if let folder { FileSystem.removeTree(folder) }
            // After the child, so that the sweep never delays its start.
            _ = Self.staleFoldersRemoved
        }
        let pid = try Self.spawn(executable, arguments: arguments,
                                 descriptors: [null, output.write, output.write, messages.write, pageDescriptor,
                                               requestDescriptor],
                                 folder: folder ?? "")
        messages.closeWrite()
        output.closeWrite()
        var watch = Watch(pid: pid, marker: marker, timeout: limits.timeout)
        let end = watch.follow(messages: messages.read, output: output.read, onMessage: onMessage, onOutput: onOutput)
        return classify(end, marker: marker, finished: watch.finished)
    }

    /// The start of the name of every child's folder in /tmp, before the host's process id.
    static let folderPrefix = "animator-host-plugin-"

    /// Removes, once per process, the children's folders that hosts no longer running left
    /// in /tmp (a host killed by SIGKILL runs no cleanup): folders named with the prefix and
    /// the id of a process that does not exist, owned by this user. Folders of running hosts,
    /// of other users, and names without an id are left alone.
    static let staleFoldersRemoved: Void = {
        guard let names = try? FileSystem.contents(ofDirectory: "/tmp") else { return }
        let me = getpid(), user = getuid()
        for name in names where name.hasPrefix(folderPrefix) {
            let rest = name.dropFirst(folderPrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != me,
                  kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            let path = "/tmp/" + name
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == user else { continue }
            FileSystem.removeTree(path)
        }
    }()

    private func classify(_ end: Watch.End, marker: PluginCallMarker, finished: Bool) -> SandboxFailure? {
        let mark = marker.read()
        let kind: SandboxFailure.Kind
        switch end.reason {
        case .timedOut(let seconds):
            kind = .timedOut(seconds)
        case .malformed(let reason):
            kind = .malformed(reason)
        case .tooManyTasks(let limit):
            kind = .taskLimit(limit)
        case .exited:
            // The final message says the work is done and whole: how the child ended after
            // it does not matter.
            if finished { return nil }
            let status = end.status
            if status & 0x7F == 0 {
                let code = (status >> 8) & 0xFF
                if code == 0 && finished { return nil }
                kind = .exited(code)
            } else {
                let signal = status & 0x7F
                kind = signal == SIGXCPU || (signal == SIGKILL && limits.cpuSeconds > 0 && end.cpuSeconds >= Double(limits.cpuSeconds))
                    ? .cpuLimit(limits.cpuSeconds) : .signal(signal)
            }
        }
        var note: String?
        if limits.memoryMegabytes > 0, end.peakResidentKiB >= limits.memoryMegabytes * 1024 * 3 / 4 {
            note = "it used \(end.peakResidentKiB / 1024) MiB, near its \(limits.memoryMegabytes) MiB limit (--plugin-memory)"
        }
        return SandboxFailure(kind: kind, call: mark.call, insideCall: mark.depth > 0, subject: mark.subject,
                              memoryNote: note)
    }

    /// Writes the request to an anonymous file the child reads from its start.
    private static func requestFile(_ request: [UInt8]) throws(SandboxError) -> Int32 {
        let descriptor = ah_memfd_create("animator-host-request")
        guard descriptor >= 0 else { throw SandboxError("cannot make the request file: \(String(cString: strerror(errno)))") }
        var done = 0
        while done < request.count {
            let written = request.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
            guard written > 0 else {
                close(descriptor)
                throw SandboxError("cannot write the request: \(String(cString: strerror(errno)))")
            }
            done += written
        }
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    /// Starts the child with `descriptors[i]` as its fd i, in a process group of its own,
    /// in this process's environment with `TMPDIR` set to `folder` (empty: none) and without
    /// the Swift runtime's crash report: a plugin's crash is reported in one line, and the
    /// report would take a quarter of a second.
    private static func spawn(_ path: String, arguments: [String], descriptors: [Int32],
                              folder: String) throws(SandboxError) -> pid_t {
        var launch = ProcessLaunch(path, Array(arguments.dropFirst()))
        launch.descriptors = descriptors.map { .descriptor($0) }
        launch.newProcessGroup = true
        launch.environment = ProcessLaunch.environment(changing: ["SWIFT_BACKTRACE": "enable=no",
                                                                  SandboxConfinement.folderVariable: folder])
        do {
            return try launch.start()
        } catch {
            throw SandboxError("cannot start \(path): \(error.reason)")
        }
    }
}

/// A pipe whose ends close on exec (the child gets them through dup2 only).
private final class Pipe {
    let read: Int32
    private(set) var write: Int32

    init() throws(SandboxError) {
        var ends: [Int32] = [0, 0]
        guard ah_pipe_cloexec(&ends) == 0 else { throw SandboxError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        read = ends[0]
        write = ends[1]
    }

    func closeWrite() {
        if write >= 0 { close(write) }
        write = -1
    }

    deinit {
        close(read)
        closeWrite()
    }
}

/// The host's side of one child: reads, watches the clock and the call page, reaps.
private struct Watch {
    enum Reason { case exited, timedOut(Double), malformed(String), tooManyTasks(Int) }
    struct End {
        var reason: Reason
        var status: Int32
        var peakResidentKiB: Int
        var cpuSeconds: Double
    }

    let pid: pid_t
    let marker: PluginCallMarker
    let timeout: Double
    /// Whether the child sent its final message.
    var finished = false

    init(pid: pid_t, marker: PluginCallMarker, timeout: Double) {
        self.pid = pid
        self.marker = marker
        self.timeout = timeout
    }

    mutating func follow(messages: Int32, output: Int32, onMessage: (SandboxMessage) throws -> Void,
                         onOutput: (String) -> Void) -> End {
        for descriptor in [messages, output] { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var buffer = SandboxMessageBuffer()
        var lines = OutputLines()
        var open = (messages: true, output: true)
        var lastSequence = marker.read().sequence
        var account = ProgressAccount()
        let activity = ChildActivity(root: pid, taskBound: SandboxLimits.taskLimit)
        var lastCPU: Double?
        var lastTick = Self.now()
        var reason = Reason.exited
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var status: Int32 = 0
        var usage = rusage()
        var reaped = false

        /// Reads what is there; false when the stream ended or the child broke the protocol.
        /// Only whole messages count as progress: bytes alone prove nothing.
        func drainMessages() -> Bool {
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(messages, $0.baseAddress!, $0.count) }
                if count < 0 && (errno == EAGAIN || errno == EINTR) { return true }
                if count <= 0 { open.messages = false; return true }
                chunk.withUnsafeBytes { buffer.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                do {
                    while let message = try buffer.next() {
                        account.messageArrived()
                        if finished { throw BinaryReader.Malformed("a message after the final one") }
                        if message.kind == SandboxChild.doneKind { finished = true } else { try onMessage(message) }
                    }
                } catch {
                    reason = .malformed("\(error)")
                    return false
                }
            }
        }
        func drainOutput() {
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress!, $0.count) }
                if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
                if count <= 0 { open.output = false; return }
                chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[0..<count]), onLine: onOutput) }
            }
        }

        while true {
            var fds = [pollfd(fd: open.messages ? messages : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: open.output ? output : -1, events: Int16(POLLIN), revents: 0)]
            // With both pipes at their end, only the child's exit is awaited: look often.
            _ = poll(&fds, 2, open.messages || open.output ? 50 : 1)
            if open.messages && fds[0].revents != 0 && !drainMessages() { break }
            if open.output && fds[1].revents != 0 { drainOutput() }
            // The child's own end is what counts: a plugin may have started processes that
            // keep the pipes open.
            if wait4(pid, &status, WNOHANG, &usage) == pid {
                reaped = true
                if open.messages && !drainMessages() { break }
                if open.output { drainOutput() }
                break
            }
            let mark = marker.read()
            if mark.sequence != lastSequence {
                lastSequence = mark.sequence
                account.callProgress()
            }
            // Read the child's processes at most every `readingInterval`; the time between
            // is put to the account at the next reading, as that reading found the child.
            let now = Self.now()
            if now - lastTick >= Self.readingInterval {
                if let sample = activity.sample() {
                    if sample.tasks > SandboxLimits.taskLimit {
                        reason = .tooManyTasks(SandboxLimits.taskLimit)
                        break
                    }
                    account.advance(wall: now - lastTick, cpu: lastCPU.map { sample.cpuSeconds - $0 } ?? 0,
                                    runnable: sample.runnable, partial: buffer.hasPartialMessage)
                    lastCPU = sample.cpuSeconds
                } else {
                    account.advanceUnread(wall: now - lastTick, partial: buffer.hasPartialMessage)
                    lastCPU = nil
                }
                lastTick = now
            }
            switch account.verdict(insideCall: mark.depth > 0, timeout: timeout, hostWork: Self.hostWorkAllowance) {
            case nil:
                continue
            case .noProgress(let seconds):
                reason = .timedOut(seconds)
            case .partialMessage(let seconds):
                reason = .malformed("a message begun and not finished within \(JSONValue.format(seconds)) s")
            }
            break
        }
        lines.finish(onLine: onOutput)
        // Kill what remains of its group (itself when stopped, anything a plugin started).
        kill(-pid, SIGKILL)
        if !reaped { while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {} }
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_stime.tv_sec)
        return End(reason: reason, status: status, peakResidentKiB: Int(usage.ru_maxrss), cpuSeconds: cpu)
    }

    /// Seconds between two readings of the child's processes.
    static let readingInterval = 0.05

    static func now() -> Double { MonotonicClock.now() }

    /// Seconds the host's own code may run between plugin calls without a frame.
    static let hostWorkAllowance = 120.0
}

/// The child's output cut into lines; at most 1 MiB of it is passed on.
private struct OutputLines {
    private var pending: [UInt8] = []
    private var passed = 0
    private static let limit = 1 << 20

    mutating func append(_ bytes: UnsafeRawBufferPointer, onLine: (String) -> Void) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") { emit(onLine) } else if pending.count < 4096 { pending.append(byte) }
        }
    }

    mutating func finish(onLine: (String) -> Void) {
        if !pending.isEmpty { emit(onLine) }
    }

    private mutating func emit(_ onLine: (String) -> Void) {
        defer { pending.removeAll(keepingCapacity: true) }
        guard passed < Self.limit else { return }
        passed += pending.count + 1
        onLine(passed >= Self.limit ? "… (more output dropped)" : String(decoding: pending, as: UTF8.self))
    }
}

