import AnimatorSupport
import Glibc

/// Peak memory of a long run written to each kind of file against the same run one second
/// long: a C animator (Benchmarks/many_views.c) moving 100 views for 1 and for 60 seconds
/// (61 and 3,601 frames), `animator-host run` as a process, its peak resident memory (the
/// host's or its plugin child's, the larger: what `wait4` reports) per output, and the
/// timeline read back by `render`.
enum MemoryBenchmark {
    static func run(workspace: Workspace, executable: String) -> [String] {
        let environment = manyViews(workspace: workspace, executable: executable)
        var lines = [
            "| output | 1 s: peak MB | 60 s: peak MB | 60 s / 1 s | 60 s: wall s | 60 s: file MB |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        for (label, option, name) in [("timeline", "--timeline", "t.json"), ("GIF", "--out", "g.gif"),
                                      ("APNG", "--out", "a.apng"), ("player page", "--out", "h.html")] {
            var peaks: [Double] = [], wall = 0.0, size = 0.0
            for duration in ["1", "60"] {
                let path = workspace.root + "/memory/" + name
                let start = Clock.now()
                let peak = peakMegabytes(executable, ["run", "many-views", "--plugin-path", workspace.root + "/memory",
                                                      "--operation", "push", "--param", "views=100",
                                                      "--param", "duration=" + duration, option, path],
                                         environment: environment)
                wall = Double(Clock.now() - start) / 1e9
                var info = stat()
                stat(path, &info)
                size = Double(info.st_size) / 1e6
                peaks.append(peak)
                unlink(path)
            }
            lines.append("| \(label) | \(fixed(peaks[0], 1)) | \(fixed(peaks[1], 1)) | \(fixed(peaks[1] / peaks[0]))x "
                         + "| \(fixed(wall, 1)) | \(fixed(size, 1)) |")
        }
        lines.append(renderRow(workspace: workspace, executable: executable, environment: environment))
        return lines + ["", ownPeakNote()]
    }

    /// The same runs' timelines read back: `render t.json --out r.gif`, its peak against
    /// the one-second timeline's (the file column is the timeline's size).
    static func renderRow(workspace: Workspace, executable: String, environment: [String]) -> String {
        var peaks: [Double] = [], wall = 0.0, size = 0.0
        let timeline = workspace.root + "/memory/t.json", gif = workspace.root + "/memory/r.gif"
        for duration in ["1", "60"] {
            _ = peakMegabytes(executable, ["run", "many-views", "--plugin-path", workspace.root + "/memory", "--operation", "push",
                                           "--param", "views=100", "--param", "duration=" + duration, "--timeline", timeline],
                              environment: environment)
            let start = Clock.now()
            peaks.append(peakMegabytes(executable, ["render", timeline, "--out", gif], environment: environment))
            wall = Double(Clock.now() - start) / 1e9
            var info = stat()
            stat(timeline, &info)
            size = Double(info.st_size) / 1e6
            unlink(timeline)
            unlink(gif)
        }
        return "| `render` of the timeline to a GIF | \(fixed(peaks[0], 1)) | \(fixed(peaks[1], 1)) | "
            + "\(fixed(peaks[1] / peaks[0]))x | \(fixed(wall, 1)) | \(fixed(size, 1)) |"
    }

    /// A line saying how much of each peak may be this benchmark's own: Linux keeps a
    /// process's high-water mark across the `exec` of a child it starts with posix_spawn,
    /// so a child reports at least its parent's peak (run this suite alone, or first).
    static func ownPeakNote() -> String {
        var own = rusage()
        getrusage(RUSAGE_SELF.rawValue, &own)
        return "(The peaks include this benchmark's own, \(fixed(Double(own.ru_maxrss) * 1024 / 1e6, 1)) MB by now: "
            + "a process started with posix_spawn reports at least its parent's peak.)"
    }

    /// Builds Benchmarks/many_views.c into `<workspace>/memory/libManyViews.so`, fills the
    /// metadata cache (so that no run pays for examining the library) and returns the
    /// environment the runs use.
    static func manyViews(workspace: Workspace, executable: String) -> [String] {
        let library = workspace.root + "/memory/libManyViews.so"
        mkdir(workspace.root + "/memory", 0o755)
        let status = spawnAndWait("/usr/bin/cc", ["-shared", "-fPIC", "-O2", "-I", workspace.packageRoot + "/Sources/AnimatorABI/include",
                                                  workspace.packageRoot + "/Benchmarks/many_views.c", "-o", library])
        precondition(status == 0, "cc failed")
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/memory-cache"]
        spawnAndWait(executable, ["list", "--plugin-path", workspace.root + "/memory"], environment: environment)
        return environment
    }

    /// Runs a program to its end and returns its peak resident memory in MB (10^6 bytes).
    static func peakMegabytes(_ program: String, _ arguments: [String], environment: [String]) -> Double {
        usage(program, arguments, environment: environment).peakMegabytes
    }

    /// Runs a program to its end and returns what `wait4` reports of it: its peak resident
    /// memory in MB (10^6 bytes; the largest of the process and the children it waited
    /// for) and its CPU time in seconds (user and system, its waited-for children included).
    static func usage(_ program: String, _ arguments: [String], environment: [String])
        -> (peakMegabytes: Double, cpuSeconds: Double) {
        var launch = ProcessLaunch(program, arguments)
        launch.descriptors = [.descriptor(0), .null, .null]
        launch.environment = environment
        guard let pid = try? launch.start() else { fatalError("\(program) did not start") }
        var exitStatus: Int32 = 0
        var usage = rusage()
        wait4(pid, &exitStatus, 0, &usage)
        precondition((exitStatus >> 8) & 0xFF == 0, "\(arguments.joined(separator: " ")) failed")
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return (Double(usage.ru_maxrss) * 1024 / 1e6, cpu)
    }
}
