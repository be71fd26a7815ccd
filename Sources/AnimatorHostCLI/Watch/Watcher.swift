import AnimatorHost
import AnimatorRuns
import AnimatorSupport
import Glibc

/// The loop of `watch`: it polls the sources and the library, builds on a source change,
/// runs the library in a fresh `animator-host run` child when it changes, and publishes
/// each good run to the `PreviewState`. A failed build or run is published as a failure;
/// the last good preview stays.
final class Watcher: @unchecked Sendable {
    let target: WatchTarget
    let state: PreviewState
    /// The `run` arguments after the animator: operation, parameters, size, fps, scale,
    /// plugin options.
    /// The run each change makes (its animator set per run).
    let request: RunRequest
    /// The plugin options handed on to each run.
    let environmentArguments: [String]
    /// `--animator ID`, or nil for the library's first animator.
    let animator: String?
    /// Device pixels per point of the frames drawn for the page.
    let scale: Double
    /// The executable to start for each run (this program).
    let executable: String
    /// Where the runs write (removed at the end).
    let workFolder: String
    /// Lines for the terminal (already safe to print).
    let log: @Sendable (String) -> Void
    /// How often the library is looked at, in seconds (the sources: every fifth time).
    var pollInterval = 0.02

    private var runNumber = 0
    private var lastGoodFolder: String?

    init(target: WatchTarget, state: PreviewState, request: RunRequest, environmentArguments: [String], animator: String?, scale: Double,
         executable: String, workFolder: String, log: @escaping @Sendable (String) -> Void) {
        self.scale = scale
        self.target = target
        self.state = state
        self.request = request
        self.environmentArguments = environmentArguments
        self.animator = animator
        self.executable = executable
        self.workFolder = workFolder
        self.log = log
    }

    /// Asked while builds and runs go on: true stops them.
    private var stop: @Sendable () -> Bool = { false }

    /// Watches until `stop` says so.
    func loop(stop: @escaping @Sendable () -> Bool) {
        self.stop = stop
        var sources = target.sourceStamp()
        var lastRun: FileStatus?
        var pending: (stamp: FileStatus, since: Double)?
        var lastBuild: Double?
        var lastPing = Subprocess.now()
        if target.kind != .library {
            lastBuild = build()
        }
        var tick = 0
        while !stop() {
            tick += 1
            if target.kind != .library, tick % 5 == 0 {
                var now = target.sourceStamp()
                if now != sources {
                    // Editors save in several writes: wait until the files are still.
                    var settled = 0
                    while settled < 40 && !stop() {
                        usleep(100_000)
                        let again = target.sourceStamp()
                        if again == now { break }
                        now = again
                        settled += 1
                    }
                    // Settled back to what was built (a file that came and went): no edit.
                    if now != sources {
                        log("changed: " + changedNames(sources, now).joined(separator: ", "))
                        sources = now
                        lastBuild = build()
                    }
                }
            }
            if let library = try? target.library(), let stamp = WatchTarget.libraryStamp(library), stamp != lastRun {
                // A library being written by something else is run once it has been still
                // for one look; one just built by us is complete.
                let seen = pending?.stamp == stamp ? pending!.since : Subprocess.now()
                if pending?.stamp == stamp || lastBuild != nil {
                    run(library, seen: seen, build: lastBuild)
                    lastRun = stamp
                    pending = nil
                    lastBuild = nil
                } else {
                    pending = (stamp, seen)
                }
            } else if lastBuild != nil {
                // A build that made nothing new (a comment changed in a file the build ignores).
                do {
                    _ = try target.library()
                    if state.status.phase == .building {
                        state.setStatus(.init(phase: .ready, message: "built; the library did not change"))
                    }
                } catch {
                    state.setStatus(.init(phase: .failed, message: error.description))
                    log("error: \(error.description)")
                }
                lastBuild = nil
            }
            if Subprocess.now() - lastPing > 15 {
                state.ping()
                lastPing = Subprocess.now()
            }
            usleep(UInt32(pollInterval * 1_000_000))
        }
    }

    /// Runs the build; nil when it failed (the status says why), else its length in seconds.
    private func build() -> Double? {
        guard var command = target.buildCommand else { return 0 }
        command.shouldStop = stop
        state.setStatus(.init(phase: .building, message: "building (\(target.buildCommandText))"))
        log("building: \(target.buildCommandText) in \(target.path.oneLine)")
        let start = Subprocess.now()
        let (ending, output) = command.run()
        let seconds = Subprocess.now() - start
        guard ending == .exited(0) else {
            let detail = Self.tail(output)
            state.setStatus(.init(phase: .failed, message: "build failed (\(target.buildCommandText): \(ending.description))",
                                  detail: detail))
            log("build failed (\(ending.description)) after \(Self.format(seconds)) s; the last good preview stays:")
            log(TerminalText.escaped(detail, keepingLines: true))
            return nil
        }
        log("built in \(Self.format(seconds)) s")
        return seconds
    }

    /// Runs the library in a fresh child, publishing the page if it made one.
    private func run(_ library: String, seen: Double, build: Double?) {
        runNumber += 1
        let folder = workFolder + "/run-\(runNumber)"
        let copy = folder + "/" + FileSystem.baseName(library)
        // The copy would sit in a private folder: the original is judged as run judges a
        // library, so a library anybody could have changed is not run through a copy either.
        if !environmentArguments.contains("--allow-insecure"), let problem = PluginLoader.trustProblem(ofFile: library) {
            state.setStatus(.init(phase: .failed, message: "\(library): \(problem)"))
            log("error: \(library.oneLine): \(problem)")
            return
        }
        do {
            try FileSystem.createDirectories(folder)
            // The child loads a copy: the build may write the library again meanwhile, and
            // each version gets a path of its own (a library is never loaded twice).
            try FileSystem.writeAtomically(copy, FileSystem.read(library, limit: FileLimits.program), mode: 0o644)
        } catch {
            state.setStatus(.init(phase: .failed, message: "cannot copy \(library): \(error)"))
            log("error: cannot copy \(library.oneLine): \(error)")
            return
        }
        state.setStatus(.init(phase: .running, message: "running \(FileSystem.baseName(library))"))
        let timeline = folder + "/timeline.json"
        var request = self.request
        request.animator = animator ?? copy
        let requestPath = folder + "/request.json"
        do {
            try FileSystem.writeAtomically(requestPath, Array(request.json.serialized().utf8), mode: 0o644)
        } catch {
            state.setStatus(.init(phase: .failed, message: "cannot write \(requestPath): \(error)"))
            log("error: cannot write \(requestPath.oneLine): \(error)")
            return
        }
        let arguments = ["run", "--request", requestPath, "--plugin-path", folder, "--no-cache"] + environmentArguments
            + ["--timeline", timeline]
        let (ending, output) = Subprocess(executable: executable, arguments: arguments, timeout: 300, shouldStop: stop).run()
        let text = String(decoding: output, as: UTF8.self)
        // The page is made here from the timeline, its frames drawn when the browser asks.
        guard let timelineBytes = try? FileSystem.read(timeline, limit: FileLimits.timeline),
              let json = try? JSONValue.parse(bytes: timelineBytes), let recording = try? Timeline.recording(from: json),
              !recording.segments.isEmpty else {
            let detail = Self.tail(output)
            state.setStatus(.init(phase: .failed, message: "run failed (\(ending.description))", detail: detail))
            log("run failed (\(ending.description)); the last good preview stays:")
            log(TerminalText.escaped(detail, keepingLines: true))
            removeTree(folder)
            return
        }
        let summary = text.split(separator: "\n").filter { !$0.hasPrefix("wrote ") && !$0.hasPrefix("rendering") }
            .joined(separator: "\n")
        let update = Subprocess.now() - seen
        let problems = ending != .exited(0)
        let message = (problems ? "run had problems (\(ending.description)); " : "")
            + "updated \(Self.format(update * 1000, digits: 0)) ms after the library changed"
            + (build.map { $0 > 0 ? " (build \(Self.format($0)) s)" : "" } ?? "")
        let playback = recording.playback()
        let frames = PreviewState.FrameCache(playback: playback.frames, size: recording.size, scale: scale)
        let generation = state.publish(page: { generation in
            Array(RenderOutput.playerPage(recording, frameSources: playback.frames.indices.map {
                "/frames/\(generation)/\($0).png"
            }).utf8)
        }, timeline: timelineBytes, summary: summary, frames: frames,
           status: .init(phase: .ready, message: message, detail: problems ? Self.clean(summary) : ""))
        log("preview \(generation): \(message)")
        log(TerminalText.escaped(Self.clean(summary), keepingLines: true))
        // The frames are drawn ahead of the browser's asking, on other threads, until a
        // newer run replaces them.
        let state = self.state
        DetachedThread.start {
            frames.drawAll { state.preview?.generation == generation }
        }
        if let old = lastGoodFolder { removeTree(old) }
        lastGoodFolder = folder
    }

    /// The names of files added, removed or changed, shortest path first.
    private func changedNames(_ old: [String: Int64], _ new: [String: Int64]) -> [String] {
        let names = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
        let prefix = target.path + "/"
        let shown = names.prefix(5).map { ($0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0).oneLine }
        return shown + (names.count > 5 ? ["and \(names.count - 5) more"] : [])
    }

    /// The last 40 lines of a tool's output, without terminal escape sequences.
    static func tail(_ output: [UInt8]) -> String {
        let lines = clean(String(decoding: output, as: UTF8.self)).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.suffix(40).joined(separator: "\n").trimmingWhitespace()
    }

    /// Text without ANSI escape sequences (compilers color their messages on terminals).
    static func clean(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // ESC [ parameters final-byte: skip to the final byte (@ to ~).
                guard let next = scalars.next() else { break }
                if next == "[" {
                    while let byte = scalars.next(), !(0x40...0x7E).contains(byte.value) {}
                }
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static func format(_ value: Double, digits: Int = 2) -> String {
        let scale = Double([1, 10, 100, 1000][min(digits, 3)])
        return JSONValue.format((value * scale).rounded() / scale)
    }

    /// Removes a folder `watch` made (its run folders, its working folder).
    func removeTree(_ folder: String) {
        FileSystem.removeTree(folder)
    }
}

extension String {
    /// The text without leading and trailing spaces and line breaks.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
