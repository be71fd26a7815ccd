import Glibc

/// The wall time of `animator-host list` as a process, cold (no metadata cache) and warm,
/// over a folder of 100 fixture libraries plus the bundled animators beside the binary.
enum ListBenchmark {
    static func run(workspace: Workspace, executable: String, libraries: Int, rounds: Int) -> [String] {
        let library = workspace.compileFixture()
        let folder = workspace.folder(of: library, count: libraries, name: "list")
        var cold: [Double] = []
        var warm: [Double] = []
        for round in 0..<rounds {
            let cacheHome = workspace.root + "/cache\(round)"
            let environment = ["HOME=" + workspace.root, "XDG_CACHE_HOME=" + cacheHome]
            let arguments = ["list", "--plugin-path", folder]
            cold.append(Clock.milliseconds {
                precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
            })
            for _ in 0..<3 {
                warm.append(Clock.milliseconds {
                    precondition(spawnAndWait(executable, arguments, environment: environment) == 0)
                })
            }
        }
        return [
            "| `animator-host list`, \(libraries) + bundled libraries | median, ms | min, ms |",
            "|---|---:|---:|",
            "| cold (no cache: every library loaded) | \(fixed(median(cold))) | \(fixed(cold.min() ?? .nan)) |",
            "| warm (metadata cache) | \(fixed(median(warm))) | \(fixed(warm.min() ?? .nan)) |",
        ]
    }

}
