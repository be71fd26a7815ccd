import AnimatorHost
import AnimatorSupport
import Glibc

/// Discovering and loading N animator libraries with the host's loader, next to a bare
/// dlopen of the same files. Every measurement runs in a fresh child process (this same
/// executable in its `measure-load` mode), so no library is already mapped and the
/// process's map limit is never reached.
enum LoaderBenchmark {
    static func run(workspace: Workspace, executable: String, counts: [Int], rounds: Int) -> [String] {
        let library = workspace.compileFixture()
        var lines = ["| libraries | bare dlopen, ms | host discover+load, ms | per library, bare / host, µs | host / bare |",
                     "|---:|---:|---:|---:|---:|"]
        for count in counts {
            let folder = workspace.folder(of: library, count: count, name: "load\(count)")
            var bare: [Double] = []
            var host: [Double] = []
            for _ in 0..<rounds {
                for (mode, samples) in [("bare", 0), ("host", 1)] {
                    guard let text = spawnCapturing(executable, ["measure-load", mode, folder, String(count)]),
                          let milliseconds = Double(text.trimmingNewlines) else {
                        fatalError("measure-load \(mode) failed")
                    }
                    if samples == 0 { bare.append(milliseconds) } else { host.append(milliseconds) }
                }
            }
            let bareMedian = median(bare)
            let hostMedian = median(host)
            lines.append("| \(count) | \(fixed(bareMedian, 3)) | \(fixed(hostMedian, 3)) | "
                + "\(fixed(bareMedian * 1000 / Double(count), 1)) / \(fixed(hostMedian * 1000 / Double(count), 1)) | "
                + "\(fixed(hostMedian / bareMedian, 2))x |")
        }
        return lines
    }

    /// The child's side: loads `count` libraries of `folder` once and prints the milliseconds.
    static func measureOnce(mode: String, folder: String, count: Int) -> Int32 {
        let elapsed: Double
        if mode == "bare" {
            // What any loader must do at least: list the folder and dlopen each file.
            elapsed = Clock.milliseconds {
                guard let directory = opendir(folder) else { fatalError("opendir \(folder)") }
                var loaded = 0
                while let entry = readdir(directory) {
                    let name = String(cString: FileSystem.entryName(entry))
                    guard name.hasSuffix(".so") else { continue }
                    guard dlopen(folder + "/" + name, RTLD_NOW | RTLD_LOCAL) != nil else { fatalError("dlopen \(name)") }
                    loaded += 1
                }
                closedir(directory)
                precondition(loaded == count)
            }
        } else {
            // As the CLI does before discovery: read the environment (which also pays the
            // Swift runtime's one-time conformance-table scan outside the timed region).
            _ = ProcessEnvironment.current()
            let path = PluginSearchPath(entries: [.init(directory: folder, origin: .commandLine)])
            var found = 0
            elapsed = Clock.milliseconds { found = PluginLoader().discover(path).animators.count }
            precondition(found == count, "expected \(count) animators, found \(found)")
        }
        print(elapsed)
        return 0
    }
}

extension String {
    var trimmingNewlines: String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}
