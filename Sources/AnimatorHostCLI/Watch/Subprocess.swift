import AnimatorSupport
import CSystem
import Glibc

/// A program run to its end with its output (standard output and standard error, in the
/// order written) captured: the build tool and the fresh `run` child of `watch`.
struct Subprocess {
    /// How it ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran longer than allowed, or was stopped, and was killed (with its process group).
        case timedOut(Double)
        /// It could not be started.
        case notStarted(String)

        /// "exit status 2", "signal SEGV", "killed after 60 s", "cannot start make: …".
        var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signalled(let signal):
                return "signal " + (ah_signal_abbreviation(signal).map { String(cString: $0) } ?? String(signal))
            case .timedOut(let seconds): return "killed after \(Int(seconds)) s"
            case .notStarted(let reason): return reason
            }
        }
    }

    /// The program, found on PATH when it has no slash.
    var executable: String
    /// Its arguments (without the program's name).
    var arguments: [String]
    /// The folder it runs in (nil: this process's).
    var directory: String?
    /// Variables added to (or replacing those of) this process's environment.
    var environment: [String: String] = [:]
    /// Longest it may run, in seconds.
    var timeout: Double = 600
    /// Asked ten times a second: true stops it (with its process group), as a timeout does.
    var shouldStop: (@Sendable () -> Bool)?

    /// Runs it to its end.
    ///
    /// - Returns: how it ended and everything it wrote.
    func run() -> (ending: Ending, output: [UInt8]) {
        var ends: [Int32] = [0, 0]
        guard ah_pipe_cloexec(&ends) == 0 else {
            return (.notStarted("cannot make a pipe: \(String(cString: strerror(errno)))"), [])
        }
        var launch = ProcessLaunch(executable, arguments)
        launch.descriptors = [.null, .descriptor(ends[1]), .descriptor(ends[1])]
        launch.directory = directory
        // A process group of its own, so that a timeout stops everything it started.
        launch.newProcessGroup = true
        launch.searchesPath = true
        launch.environment = ProcessLaunch.environment(changing: environment)
        let pid: pid_t
        do {
            pid = try launch.start()
        } catch {
            close(ends[0])
            close(ends[1])
            return (.notStarted(error.operation == "chdir" ? "cannot run in \(error.path): \(error.reason)"
                                : "cannot start \(executable): \(error.reason)"), [])
        }
        close(ends[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Self.now() + timeout
        var timedOut = false
        while true {
            let left = deadline - Self.now()
            if left <= 0 || shouldStop?() == true {
                kill(-pid, SIGKILL)
                timedOut = true
                break
            }
            var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left, 0.1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if timedOut { return (.timedOut(timeout), output) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift's Glibc module does not export.
        if status & 0x7f == 0 { return (.exited((status >> 8) & 0xff), output) }
        return (.signalled(status & 0x7f), output)
    }

    /// Seconds on the monotonic clock (for timeouts only; never for the engine's time).
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
