import AnimatorSupport
import Glibc

/// What a child's processes are doing, read from /proc: the CPU time they have used and
/// whether any of their threads is running or waiting for a processor. The host measures
/// a child's progress with it, so that neither a busy machine (threads waiting for a
/// processor) nor anything the child writes (the call page) can make a stuck child look
/// alive, or a healthy one look stuck.
struct ChildActivity {
    /// The process the host started; its descendants are found through
    /// /proc/PID/task/TID/children.
    let root: pid_t
    private let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// One reading.
    struct Sample {
        /// CPU seconds used by the live processes of the tree (user and system).
        var cpuSeconds: Double
        /// Whether a thread of the tree is running or runnable.
        var runnable: Bool
        /// The threads of the tree's processes (a process has one at least). Counting stops
        /// a little past `taskBound`.
        var tasks: Int
    }

    /// Past this many tasks the reading stops counting: the host kills the child anyway.
    let taskBound: Int

    init(root: pid_t, taskBound: Int) {
        self.root = root
        self.taskBound = taskBound
    }

    /// Reads the tree now; nil when /proc cannot tell (the child has just ended).
    func sample() -> Sample? {
        var sample = Sample(cpuSeconds: 0, runnable: false, tasks: 0)
        var pending = [root]
        while let pid = pending.popLast(), sample.tasks <= taskBound {
            guard let process = Self.read("/proc/\(pid)/stat").flatMap(Self.fields) else {
                if pid == root { return nil }
                continue
            }
            if process.count > 12, let user = Double(process[11]), let system = Double(process[12]) {
                sample.cpuSeconds += (user + system) / ticksPerSecond
            }
            for task in Self.tasks(of: pid) {
                sample.tasks += 1
                if !sample.runnable, let state = Self.read("/proc/\(pid)/task/\(task)/stat").flatMap(Self.fields)?.first,
                   state == "R" {
                    sample.runnable = true
                }
                if let children = Self.read("/proc/\(pid)/task/\(task)/children", limit: 1 << 20) {
                    pending += children.split(separator: " ").compactMap { pid_t($0) }
                }
            }
        }
        return sample
    }

    /// The fields after the command name of a stat line: state, parent, ... (the name may
    /// hold anything, so the split is after its last ')').
    private static func fields(_ stat: String) -> [Substring]? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    private static func tasks(of pid: pid_t) -> [String] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = String(cString: FileSystem.entryName(entry))
            if name.first?.isNumber == true { names.append(name) }
        }
        return names
    }

    /// A /proc file, at most `limit` bytes of it (a stat line fits in 4 KiB; a list of
    /// thousands of children does not).
    private static func read(_ path: String, limit: Int = 4096) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: min(limit, 4096))
        var filled = 0
        while filled < limit {
            if filled == buffer.count { buffer += [UInt8](repeating: 0, count: min(buffer.count, limit - filled)) }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return filled == 0 ? nil : String(decoding: buffer[0..<filled], as: UTF8.self) }
            if count == 0 { break }
            filled += count
        }
        return String(decoding: buffer[0..<filled], as: UTF8.self)
    }
}
