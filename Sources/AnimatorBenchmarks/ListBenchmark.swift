import Glibc

/// The wall time of `animator-host list` as a process, cold (no metadata cache) and warm,
/// over a folder of 100 fixture libraries plus the bundled animators beside the binary.
enum ListBenchmark {
    static func run(workspace: Workspace, executable: String, libraries: Int, rounds: Int) -> [String] {
        let library = workspace.compileFixture()
        let folder = workspace.folder(of: library, count: libraries, name: "list")
        var cold: [Double] = []
        var coldInProcess: [Double] = []
        var warm: [Double] = []
        for round in 0..<rounds {
            let cacheHome = workspace.root + "/cache\(round)"
            let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + cacheHome]
            let arguments = ["list", "--plugin-path", folder]
            // The same cold listing with the libraries loaded into the host itself.
            coldInProcess.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, arguments + ["--in-process"],
                                          environment: ["HOME=" + workspace.root,
                                                        "XDG_CACHE_HOME=" + cacheHome + "-in-process"]) == 0)
            })
            cold.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
            })
            for _ in 0..<3 {
                warm.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
                })
            }
        }
        var lines = [
            "| command | median, ms | min, ms |",
            "|---|---:|---:|",
            "| `animator-host list`, \(libraries) + bundled libraries, cold (no cache: every library examined, in children running at once, one per core) | \(fixed(median(cold))) | \(fixed(cold.min() ?? .nan)) |",
            "| `animator-host list --in-process`, the same, cold (every library loaded into the host) | \(fixed(median(coldInProcess))) | \(fixed(coldInProcess.min() ?? .nan)) |",
            "| `animator-host list`, \(libraries) + bundled libraries, warm (metadata cache: no child) | \(fixed(median(warm))) | \(fixed(warm.min() ?? .nan)) |",
        ]
        // The reference, measured in the same run when GStreamer's tools are installed: warm
        // (its registry cache answers, as our metadata cache does) and cold (a registry file
        // that does not exist yet, so every plugin is examined, in its scanner child).
        let inspect = "/usr/bin/gst-inspect-1.0"
        if access(inspect, X_OK) == 0 {
            spawnAndWait(inspect, [])   // builds its registry cache
            var warmInspect: [Double] = []
            var coldInspect: [Double] = []
            for round in 0..<(rounds * 3) {
                warmInspect.append(Clock.milliseconds { spawnAndWait(inspect, []) })
                let registry = workspace.root + "/gst-registry-\(round).bin"
                coldInspect.append(Clock.milliseconds { spawnAndWait(inspect, [], environment: ["GST_REGISTRY=" + registry]) })
            }
            lines.append("| `gst-inspect-1.0` (its ~105 plugins, registry cache warm) | \(fixed(median(warmInspect))) | \(fixed(warmInspect.min() ?? .nan)) |")
            lines.append("| `gst-inspect-1.0`, cold (a new registry file: every plugin examined) | \(fixed(median(coldInspect))) | \(fixed(coldInspect.min() ?? .nan)) |")
            lines.append("")
            lines.append("cold `list` / cold gst-inspect: \(fixed(median(cold) / median(coldInspect)))x; "
                         + "cold `list` / warm gst-inspect: \(fixed(median(cold) / median(warmInspect)))x; "
                         + "warm `list` / warm gst-inspect: \(fixed(median(warm) / median(warmInspect)))x")
        }
        return lines
    }

}
