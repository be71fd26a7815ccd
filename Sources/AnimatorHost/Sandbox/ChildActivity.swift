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
    }

    init(root: pid_t) {
        self.root = root
    }

    /// Reads the tree now; nil when /proc cannot tell (the child has just ended).
    func sample() -> Sample? {
        var sample = Sample(cpuSeconds: 0, runnable: false)
        var pending = [root]
        var seen = 0
        while let pid = pending.popLast(), seen < 4096 {
            seen += 1
            guard let process = Self.read("/proc/\(pid)/stat").flatMap(Self.fields) else {
                if pid == root { return nil }
                continue
            }
            if process.count > 12, let user = Double(process[11]), let system = Double(process[12]) {
                sample.cpuSeconds += (user + system) / ticksPerSecond
            }
            for task in Self.tasks(of: pid) {
                if !sample.runnable, let state = Self.read("/proc/\(pid)/task/\(task)/stat").flatMap(Self.fields)?.first,
                   state == "R" {
                    sample.runnable = true
                }
                if let children = Self.read("/proc/\(pid)/task/\(task)/children") {
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
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.first?.isNumber == true { names.append(name) }
        }
        return names
    }

    /// A small /proc file (at most 4 KiB is read).
    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return count == 0 ? "" : nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
