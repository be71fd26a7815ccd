import CSystem
import Glibc

/// posix_spawn behind one call: the program, its arguments and environment, what its
/// descriptors 0, 1, 2, ... are, the folder it starts in, and whether it leads a process
/// group of its own (so that one `kill(-pid, ...)` stops everything it starts). Every
/// process the host, the CLI and the benchmarks start goes through here.
package struct ProcessLaunch {
    /// What one of the child's descriptors is.
    package enum Source {
        /// This process's descriptor, duplicated (it may have close-on-exec set).
        case descriptor(Int32)
        /// /dev/null, opened for reading (descriptor 0) or writing (the others).
        case null
    }

    /// The program: a path, or a name looked up on PATH when `searchesPath`.
    package var executable: String
    /// Its arguments, after its name (argv[0] is `executable`).
    package var arguments: [String]
    /// Its whole environment ("NAME=VALUE"); nil: this process's.
    package var environment: [String]?
    /// Its descriptors 0, 1, 2, ... in order; any other descriptor it gets is one this
    /// process left open without close-on-exec.
    package var descriptors: [Source] = [.descriptor(0), .descriptor(1), .descriptor(2)]
    /// The folder it starts in; nil: this process's.
    package var directory: String?
    /// Whether it leads a new process group (its pid is the group's id).
    package var newProcessGroup = false
    /// Whether a name without a slash is looked up on PATH.
    package var searchesPath = false

    /// A launch of `executable` with `arguments`.
    package init(_ executable: String, _ arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }

    /// This process's environment with `changes` applied: a variable named there is
    /// replaced by its value (or removed, for nil).
    package static func environment(changing changes: [String: String?]) -> [String] {
        var variables: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            let name = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? text
            if changes[name] == nil { variables.append(text) }
            entry += 1
        }
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
            if let value { variables.append("\(name)=\(value)") }
        }
        return variables
    }

    /// Starts it.
    ///
    /// - Returns: its pid.
    /// - Throws: `SystemError` naming the program (or the folder) and errno's reason.
    package func start() throws(SystemError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Every source is moved above the target range first, so that no dup2 overwrites
        // a source still needed.
        let base = Int32(100)
        for (index, source) in descriptors.enumerated() {
            let parked = base + Int32(index)
            switch source {
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, parked)
            case .null:
                posix_spawn_file_actions_addopen(&actions, parked, "/dev/null", index == 0 ? O_RDONLY : O_WRONLY, 0)
            }
        }
        for index in descriptors.indices {
            posix_spawn_file_actions_adddup2(&actions, base + Int32(index), Int32(index))
            posix_spawn_file_actions_addclose(&actions, base + Int32(index))
        }
        if let directory {
            let result = withUnsafeMutablePointer(to: &actions) { ah_spawn_add_chdir($0, directory) }
            guard result == 0 else { throw SystemError(operation: "chdir", path: directory, code: result) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        let cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        let cEnvironment = (environment ?? Self.environment(changing: [:])).map { strdup($0) } + [nil]
        defer { cEnvironment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = searchesPath
            ? posix_spawnp(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
            : posix_spawn(&pid, executable, &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw SystemError(operation: "start", path: executable, code: result) }
        return pid
    }
}
