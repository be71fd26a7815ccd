import Glibc

// animator-bench: the project's benchmarks. Run in release mode from the package root:
//
//     swift run -c release animator-bench [loader] [list] [isolation] [validate] [snapshot] [watch] [engine] [render] [encode] [screens] [layout] [gif] [memory] [growth] [--quick]
//
// With no suite named, all run. Results are Markdown tables for docs/performance.md.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "measure-load", arguments.count == 4, let count = Int(arguments[3]) {
    exit(LoaderBenchmark.measureOnce(mode: arguments[1], folder: arguments[2], count: count))
}
let quick = arguments.contains("--quick")
let suites = arguments.filter { !$0.hasPrefix("--") }
let known = ["loader", "list", "isolation", "validate", "snapshot", "watch", "engine", "presentation", "render", "encode", "screens", "layout", "gif", "memory", "growth"]
if let unknown = suites.first(where: { !known.contains($0) }) {
    let message = "animator-bench: unknown suite '\(unknown)' (known: \(known.joined(separator: ", ")))\n"
    _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    exit(2)
}
// `presentation` is a part of `engine`, and `growth` repeats parts of others at more sizes:
// both run only when named.
func wants(_ suite: String) -> Bool { (suites.isEmpty && suite != "presentation" && suite != "growth") || suites.contains(suite) }

var executableDirectory = "."
do {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        executableDirectory = String(path[..<path.lastIndex(of: "/")!])
    }
}

let workspace = Workspace()
defer { workspace.remove() }

// Memory first: a child started with posix_spawn reports at least this process's peak,
// which the other suites grow.
if wants("memory") {
    print("## Peak memory of a long run, file by file\n")
    MemoryBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host").forEach { print($0) }
    print()
}
if wants("loader") {
    print("## Loading animator libraries\n")
    let lines = LoaderBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-bench",
                                    counts: [1, 100, 1000], rounds: quick ? 3 : 11)
    lines.forEach { print($0) }
    print()
}
if wants("engine") {
    print("## Engine\n")
    EngineBenchmark.run(quick: quick).forEach { print($0) }
    print()
}
if wants("encode") {
    print("## DEFLATE against zlib\n")
    EncodeBenchmark.run(workspace: workspace, quick: quick).forEach { print($0) }
    print()
}
if wants("presentation") {
    print("## Engine: presentation evaluation only\n")
    EngineBenchmark.run(quick: quick, bezier: false).forEach { print($0) }
    print()
}
if wants("list") {
    print("## `list` as a process\n")
    let lines = ListBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host",
                                  libraries: 100, rounds: quick ? 3 : 10)
    lines.forEach { print($0) }
    print()
}
if wants("isolation") {
    print("## Plugin code in a child process\n")
    IsolationBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host",
                           rounds: quick ? 5 : 21).forEach { print($0) }
    print()
}
if wants("validate") {
    print("## `validate`\n")
    ValidateBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host",
                          rounds: quick ? 2 : 5).forEach { print($0) }
    print()
}
if wants("snapshot") {
    print("## `snapshot verify`\n")
    SnapshotBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host",
                          rounds: quick ? 2 : 5).forEach { print($0) }
    print()
    SnapshotBenchmark.runFailing(workspace: workspace, executable: executableDirectory + "/animator-host",
                                 rounds: quick ? 3 : 7).forEach { print($0) }
    print()
}
if wants("watch") {
    print("## `watch --serve`: from a new library to the page\n")
    WatchBenchmark.run(workspace: workspace, executable: executableDirectory + "/animator-host",
                       rounds: quick ? 3 : 11).forEach { print($0) }
    print()
}
if wants("render") {
    print("## Rendering\n")
    RenderBenchmark.run(executableDirectory: executableDirectory, packageRoot: workspace.packageRoot,
                        workspace: workspace, quick: quick).forEach { print($0) }
    print()
}
if wants("screens") {
    print("## A transition between a library's own screens\n")
    ScreensBenchmark.run(executableDirectory: executableDirectory, quick: quick).forEach { print($0) }
    print()
}
if wants("layout") {
    print("## Auto Layout's solver against kiwisolver\n")
    LayoutBenchmark.run(packageRoot: workspace.packageRoot, quick: quick).forEach { print($0) }
    print()
}
if wants("gif") {
    print("## GIF against ffmpeg\n")
    GIFBenchmark.run(executableDirectory: executableDirectory, workspace: workspace, quick: quick).forEach { print($0) }
    print()
}
if wants("growth") {
    print("## Growth curves: views, pixels, frames\n")
    GrowthBenchmark.run(workspace: workspace, executableDirectory: executableDirectory, quick: quick).forEach { print($0) }
    print()
}
