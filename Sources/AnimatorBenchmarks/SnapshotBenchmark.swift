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

    /// The bundled manifest (Tests/Snapshots/snapshots.json: 6 cases, 11 variants of them)
    /// verified against its goldens as they are, and after every case's animator changed
    /// (zoom → fade-c, bubble → pendulum, ...: each case differs, and verify writes its
    /// HTML report with every frame of both sides and their differences).
    static func runFailing(workspace: Workspace, executable: String, rounds: Int) -> [String] {
        let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + workspace.root + "/snapshot-cache",
                           "ANIMATOR_HOST_FONT_PATH=none"]
        let folder = workspace.root + "/bundled-snapshots"
        _ = spawnAndWait("/bin/mkdir", ["-p", folder])
        let bundled = String(decoding: try! FileSystem.read(workspace.packageRoot + "/Tests/Snapshots/snapshots.json",
                                                            limit: 1 << 20), as: UTF8.self)
        let passing = folder + "/snapshots.json", failing = folder + "/changed.json"
        try! FileSystem.writeAtomically(passing, Array(bundled.utf8))
        precondition(spawnAndWait(executable, ["snapshot", "record", passing], environment: environment) == 0)
        var changed = bundled
        for (from, to) in [("\"zoom\"", "\"@1\""), ("\"bubble\"", "\"@2\""), ("\"pendulum\"", "\"@3\""),
                           ("\"fade-c\"", "\"@4\""), ("\"bottom-card-c\"", "\"@5\"")] {
            changed = changed.replacing("\"animator\": " + from, with: "\"animator\": " + to)
        }
        for (from, to) in [("@1", "fade-c"), ("@2", "pendulum"), ("@3", "bubble"), ("@4", "zoom"), ("@5", "fade-c")] {
            changed = changed.replacing("\"" + from + "\"", with: "\"" + to + "\"")
        }
        try! FileSystem.writeAtomically(failing, Array(changed.utf8))
        // The goldens are found by the manifest's folder and the cases' names: the changed
        // manifest beside the first reads the same goldens.
        var passed: [Double] = [], failed: [Double] = []
        for _ in 0..<rounds {
            passed.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, ["snapshot", "verify", passing], environment: environment) == 0)
            } / 1000)
            failed.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, ["snapshot", "verify", failing], environment: environment) == 1)
            } / 1000)
        }
        return [
            "| `snapshot verify` of the bundled manifest | median, s | min, s |",
            "|---|---:|---:|",
            "| passing (the goldens' own animators) | \(fixed(median(passed))) | \(fixed(passed.min() ?? .nan)) |",
            "| failing (every case's animator changed; report written) | \(fixed(median(failed))) | \(fixed(failed.min() ?? .nan)) |",
            "",
            "Failing / passing: \(fixed(median(failed) / median(passed)))x",
        ]
    }
}
