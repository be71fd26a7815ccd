/// The cost of running plugin code in a child process: `animator-host run` of one
/// transition as a process, in the sandbox (the default) and in process, alternated in one
/// run so that both see the same machine.
enum IsolationBenchmark {
    static func run(workspace: Workspace, executable: String, rounds: Int) -> [String] {
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/isolation-cache"]
        let cases: [(String, [String])] = [
            ("`run zoom --operation push` (0.4 s, 25 frames, nothing written)", ["run", "zoom", "--operation", "push"]),
            ("`run zoom --operation push --timeline FILE` (every frame sent to the host)",
             ["run", "zoom", "--operation", "push", "--timeline", workspace.root + "/isolation.json"]),
            ("`run` (the demo app: 6 transitions, 174 frames, nothing written)", ["run"]),
        ]
        var lines = [
            "| command | in a child, median ms | in process, median ms | difference, ms |",
            "|---|---:|---:|---:|",
        ]
        for (label, arguments) in cases {
            // Warm the metadata cache and the page cache first.
            precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
            var sandboxed: [Double] = [], inProcess: [Double] = []
            for _ in 0..<rounds {
                sandboxed.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
                })
                inProcess.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, arguments + ["--in-process"], environment: environment) == 0)
                })
            }
            let difference = median(sandboxed) - median(inProcess)
            lines.append("| \(label) | \(fixed(median(sandboxed))) | \(fixed(median(inProcess))) | \(fixed(difference)) |")
        }
        return lines
    }
}

/// The whole validation of one library (`animator-host validate`), each animator check in
/// its own child.
enum ValidateBenchmark {
    static func run(workspace: Workspace, executable: String, rounds: Int) -> [String] {
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/validate-cache"]
        var lines = ["| command | checks | median, s | min, s |", "|---|---:|---:|---:|"]
        for (label, arguments, checks) in [
            ("`validate pendulum --jobs 2` (four operations, not interactive)", ["validate", "pendulum", "--jobs", "2"], 34),
            ("`validate zoom --jobs 2` (five operations, interactive)", ["validate", "zoom", "--jobs", "2"], 55),
        ] {
            var samples: [Double] = []
            for _ in 0..<rounds {
                samples.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
                } / 1000)
            }
            lines.append("| \(label) | \(checks) | \(fixed(median(samples))) | \(fixed(samples.min() ?? .nan)) |")
        }
        return lines
    }
}
