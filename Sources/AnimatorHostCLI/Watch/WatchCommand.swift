import AnimatorHost
import AnimatorSupport
import Dispatch
import Glibc
import Synchronization

/// `animator-host watch`: rebuilds an animator on every change and keeps a preview up to
/// date, in the terminal and in the browser.
enum WatchCommand: Command {
    static let name = "watch"
    static let summary = "Rebuild an animator on every change and keep a live preview: in the terminal and in the browser."
    static let usage = "animator-host watch <package-dir|library.so> [--animator ID] [--library NAME] [--operation OP] "
        + "[--param NAME=VALUE]... [--duration S] [--interactive TRACE] [--style STYLE] [--from-image PNG] [--to-image PNG] "
        + "[--fps N] [--size WxH] [--variant WORDS] [--scale 1|2|3] [--serve [PORT]] [--no-terminal]"
    /// The `run` options handed on to each run.
    static let runOptions: [OptionSpec] = RunOptions.options.filter { !RunOptions.demoOnly.contains($0.name) }
        + [.value("--scale", valueName: "1|2|3", help: "Device pixels per point of the page's frames (default 1).")]
    static let options: [OptionSpec] = [
        .value("--animator", valueName: "ID", help: "The animator to run, when the library offers several (default: its first)."),
        .value("--library", valueName: "NAME", help: "The library to run, when the build makes several (libNAME.so)."),
        .optionalNumber("--serve", valueName: "PORT",
                        help: "Serve the preview page on http://127.0.0.1:PORT/ (default 8765; 0: a free port)."),
        .flag("--no-terminal", help: "Do not replay in the terminal; print what happens, line by line."),
    ] + runOptions + OptionSpec.pluginOptions
    static let discussion = """
        The argument is a Swift package (built with `swift build`; its library is the one .so
        in .build/debug), a folder with a Makefile (built with `make`; the .so it makes
        there), or a library file that something else builds. A change to a source file
        (anything in the folder but hidden files and build products) rebuilds; a new library
        runs in a fresh `animator-host run` child (a library cannot be unloaded, so each
        version runs in a new process), with the run options given here. Each good run
        replaces the preview: replayed in the terminal (space pauses, ← → step, r restarts,
        q quits) and, with --serve, on a web page served on 127.0.0.1 only, which reloads
        itself when a new run is ready (server-sent events) at the moment it showed. A build
        that fails or a run that crashes shows its error in the terminal and on the page, and
        the last good preview stays. Each update prints how long it took from the new
        library to the preview. Without a terminal (or with --no-terminal) it prints what
        happens line by line. q stops it (exit 0); Ctrl-C (130) or SIGTERM (143 without a
        terminal, 130 with one) too.
        """

    nonisolated(unsafe) private static var signalled: sig_atomic_t = 0

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let argument = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "watch needs a package folder or a library (.so)"
                                                           : "watch takes one package or library (got \(arguments.positionals.count))")
        }
        // The run options are read here, once, as `run` would read them; each run names
        // the animator it found.
        let request = try RunOptions.request(arguments, animator: argument)
        _ = try PluginEnvironment.sandbox(arguments)
        let scale = try OutputOptions.scale(arguments)
        var port: Int?
        if let text = arguments.value("--serve") {
            guard text.isEmpty || (Int(text).map { (0...65535).contains($0) } ?? false) else {
                throw UsageError("--serve: '\(text)' is not a port from 0 to 65535")
            }
            port = text.isEmpty ? 8765 : Int(text)!
        }
        let target: WatchTarget
        do {
            target = try WatchTarget(argument, libraryName: arguments.value("--library"))
        } catch {
            console.error("animator-host watch: \("\(error)".oneLine)")
            return 1
        }
        if target.kind == .library, arguments.value("--library") != nil {
            throw UsageError("--library chooses among the libraries a build makes; \(argument) is a library already")
        }
        guard let executable = PluginSandbox.runningExecutable() else {
            console.error("animator-host watch: cannot find this program's executable to start runs with")
            return 1
        }
        let workFolder: String
        do {
            workFolder = try FileSystem.makeTemporaryFolder(prefix: "animator-host-watch-")
        } catch {
            console.error("animator-host watch: cannot make a working folder in /tmp: \(error.reason)")
            return 1
        }

        let state = PreviewState()
        let server: PreviewServer?
        do {
            server = try port.map { port throws(WatchError) in
                try PreviewServer(port: port, state: state, target: FileSystem.baseName(target.path))
            }
        } catch {
            console.error("animator-host watch: \("\(error)".oneLine)")
            rmdir(workFolder)
            return 1
        }
        let onTerminal = !arguments.flag("--no-terminal") && isatty(STDOUT_FILENO) == 1 && TerminalSession.size() != nil
        let lastLine = Mutex("")
        let log: @Sendable (String) -> Void = { line in
            lastLine.withLock { $0 = line.split(separator: "\n").last.map(String.init) ?? line }
            if !onTerminal { writeLine(line) }
        }
        if let server {
            // The address goes out first, and also when the terminal is taken over.
            writeLine("serving the preview at \(server.url)")
        }
        let watcher = Watcher(target: target, state: state, request: request, environmentArguments: passedOn(arguments),
                              animator: arguments.value("--animator"),
                              scale: scale, executable: executable,
                              workFolder: workFolder, log: log)
        let stopping = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
        let started = DetachedThread.start {
            watcher.loop { stopping.load(ordering: .relaxed) || signalled != 0 || TerminalSession.interrupted }
            finished.signal()
        }
        guard started else {
            console.error("animator-host watch: cannot start a thread")
            watcher.removeTree(workFolder)
            return 1
        }
        var exitStatus: Int32 = 0
        if onTerminal {
            let quit = TerminalPreview(state: state, name: FileSystem.baseName(target.path),
                                       lastLog: { lastLine.withLock { $0 } }).run()
            exitStatus = quit ? 0 : 130
        } else {
            signalled = 0
            signal(SIGINT) { _ in WatchCommand.signalled = SIGINT }
            signal(SIGTERM) { _ in WatchCommand.signalled = SIGTERM }
            var interrupts = sigset_t()
            sigemptyset(&interrupts)
            sigaddset(&interrupts, SIGINT)
            sigaddset(&interrupts, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &interrupts, nil)
            while signalled == 0 { usleep(50_000) }
            exitStatus = 128 + signalled
        }
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        watcher.removeTree(workFolder)
        if let server { writeLine("stopped serving \(server.url)") }
        return exitStatus
    }

    /// The plugin options and --log-level handed on to each `run`, as given (the run
    /// itself goes as a request file).
    static func passedOn(_ arguments: ParsedArguments) -> [String] {
        var result: [String] = []
        let specs = OptionSpec.pluginOptions.filter { $0.name != "--no-cache" } + runOptions.filter { $0.name == "--log-level" }
        for spec in specs {
            if spec.valueName == nil {
                if arguments.flag(spec.name) { result.append(spec.name) }
            } else {
                for value in arguments.values(spec.name) { result += [spec.name, value] }
            }
        }
        return result
    }

    /// Writes a line to standard output at once (the watcher's threads report as they go).
    private static func writeLine(_ line: String) {
        let bytes = Array((TerminalText.escaped(line, keepingLines: true) + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return }
            done += count
        }
    }
}
