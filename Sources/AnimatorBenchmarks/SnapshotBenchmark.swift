import AnimatorSupport

/// `animator-host snapshot verify` of 20 cases, each keeping its timeline and three
/// pictures, golden files recorded first: the command as a process, warm (the metadata
/// and page caches filled by the recording).
enum SnapshotBenchmark {
    /// The 20 cases: every operation of the bundled and example animators, up to 20.
    static func manifest() -> String {
        let animators: [(String, [String])] = [
            ("zoom", ["present", "dismiss", "push", "pop", "tab"]),
            ("bubble", ["present", "dismiss", "push", "pop"]),
            ("pendulum", ["present", "dismiss", "push", "pop"]),
            ("fade-c", ["present", "dismiss", "push", "pop", "tab"]),
            ("bottom-card-c", ["present", "dismiss"]),
        ]
        let cases = animators.flatMap { name, operations in
            operations.map { operation in
                "{\"name\": \"\(name)-\(operation)\", \"animator\": \"\(name)\", \"operation\": \"\(operation)\", "
                    + "\"keep\": {\"timeline\": true, \"frames\": [0, 0.15, \"end\"]}}"
            }
        }
        precondition(cases.count == 20)
        return "{\"cases\": [\n" + cases.joined(separator: ",\n") + "\n]}\n"
    }

    static func run(workspace: Workspace, executable: String, rounds: Int) -> [String] {
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/snapshot-cache",
                           "ANIMATOR_HOST_FONT_PATH=none"]
        let folder = workspace.root + "/snapshots"
        _ = spawnAndWait("/bin/mkdir", ["-p", folder])
        let path = folder + "/snapshots.json"
        try! FileSystem.writeAtomically(path, Array(manifest().utf8))
        precondition(spawnAndWait(executable, ["snapshot", "record", path], environment: environment) == 0)
        var lines = ["| command | cases | median, s | min, s |", "|---|---:|---:|---:|"]
        for (label, extra) in [("`snapshot verify` (each case in a child)", [String]()),
                               ("`snapshot verify --in-process`", ["--in-process"])] {
            var samples: [Double] = []
            for _ in 0..<rounds {
                samples.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, ["snapshot", "verify", path] + extra, environment: environment) == 0)
                } / 1000)
            }
            lines.append("| \(label) | 20 | \(fixed(median(samples))) | \(fixed(samples.min() ?? .nan)) |")
        }
        return lines
    }
}
