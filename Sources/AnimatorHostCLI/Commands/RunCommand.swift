import AnimatorHost
import AnimatorRuns
import AnimatorSupport
import Glibc

/// `animator-host run`: runs the demo app, an app flow, or one animator's transition,
/// headless; says what happened and writes timelines, GIFs, PNGs and pages.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "Run the demo app, an app flow or one animator's transition; write timelines and renders."
    static let usage = "animator-host run [<id|name> --operation OP [--param NAME=VALUE]... [--duration S] [--interactive TRACE] "
        + "[--style STYLE] [--from-image PNG] [--to-image PNG]] [--log-level LEVEL] "
        + "[--scenario FILE] [--routes FILE] [--fps N] [--size WxH] [--variant WORDS] [--scale 1|2|3] [--timeline FILE.json|-] "
        + "[--out FILE.gif|.png|.apng|.html|.mp4|.webm [--at S | --sheet N | --animated]] [--json]"
    static let options: [OptionSpec] = RunOptions.options + [
        .value("--request", valueName: "FILE", help: "Run what this JSON run request says (docs/architecture.md shows its fields)."),
        .value("--scale", valueName: "1|2|3", help: "Device pixels per point for --out (default 1)."),
        .value("--timeline", valueName: "FILE", help: "Write the timeline (every frame's presentation values) as JSON; - for stdout."),
        .value("--out", valueName: "FILE", help: "Render to FILE: .gif (animated), .png (one frame or a sheet), .html (a player page), .mp4 or .webm (video, through ffmpeg)."),
        .value("--at", valueName: "S", help: "With --out x.png: the frame nearest S seconds after the start (default: the last)."),
        .value("--sheet", valueName: "N", help: "With --out x.png: a contact sheet of N frames spread over the run."),
        .flag("--animated", help: "With --out x.png: an animated PNG of every frame in full color (as --out x.apng)."),
        .flag("--json", help: "Print JSON: {\"transitions\": [...]}, one object per transition."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        The demo app has a list screen in a navigation stack under the first of two tabs, a
        card screen pushed on it, a detail screen presented over it and a settings tab. Its
        script presents and dismisses the detail, pushes and pops the card, and switches to
        the second tab and back; its routes (docs/transitions.md) use every bundled animator.
        --scenario runs another flow in the same app (docs/rendering.md shows the format).
        With an animator, one transition runs between two screens, "from" (a list) and "to"
        (a detail page); --interactive drives it as UIPercentDrivenInteractiveTransition
        would, from a pan or pinch trace or a script such as
        'update 0.3 @0.2; update 0.6 @0.4; cancel @0.5' (docs/interaction.md).
        Files are written to a temporary file and renamed over the old one (which keeps its
        permissions; through a symbolic link, the file it points to), so a failed write
        leaves an existing file as it was; a run whose transitions had problems does not
        replace an existing file at all. A FIFO or a device (/dev/null) is written through;
        a folder is refused. The timeline's schema is in docs/rendering.md.
        Animators run in a child process (docs/isolation.md): one that crashes, exits or
        hangs fails its transition with one line naming the call, and the demo goes on with
        the next transition; --in-process runs them here, for a debugger.
        Exit status 1 when a transition had a problem or failed (the watchdog fired, completeTransition
        was called twice, a duration was invalid), something could not be loaded, or a file
        could not be written; 2 for a mistake in the command line.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        var request = try runRequest(arguments)
        // Standard output named as a file is "-": the report lines then go to stderr, as they
        // do for "-", instead of into the JSON.
        let timelinePath = arguments.value("--timeline").map { ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains($0) ? "-" : $0 }
        if timelinePath == "-", arguments.flag("--json") {
            throw UsageError("--timeline - and --json both write to stdout; choose one")
        }
        if let timelinePath { request.outputs.append(RunOutput(.timeline, path: timelinePath)) }
        if let output = try outputRequest(arguments) { request.outputs.append(output) }
        // Files that cannot be written are found before anything runs.
        for output in request.outputs where output.path != "-" {
            if let reason = OutputFile.cannotWrite(output.path) ?? output.kind.render?.unavailable {
                console.error("animator-host run: \(output.path.oneLine): \(reason)")
                return 1
            }
        }
        // Frames are kept only when something draws them.
        request.keepsFrames = !request.outputs.isEmpty
        let environment = try PluginEnvironment(arguments)
        guard let result = try RunOptions.perform(request, environment: environment, command: name,
                                                  console: console) else { return 1 }
        var failed = result.hadProblems
        for output in request.outputs {
            if output.path == "-" {
                console.streamOut { emit in RunOutput.writeTimeline(result.recording, to: emit) }
                continue
            }
            // A run with problems does not replace files the user already has.
            if result.hadProblems, access(output.path, F_OK) == 0 {
                console.error("animator-host run: kept \(output.path) as it was: the run had problems (write to a new file to see it)")
                continue
            }
            if let warning = output.warning(for: result.recording) { console.error("animator-host run: \(warning.oneLine)") }
            if output.kind == .timeline {
                do {
                    _ = try output.write(result.recording)
                } catch {
                    console.error("animator-host run: \("\(error)".oneLine)")
                    failed = true
                }
                continue
            }
            let progress = ProgressBar(label: "rendering \(output.path)")
            do {
                let what = try output.write(result.recording, progress: progress.update)
                progress.finish()
                console.error("wrote \(output.path): \(what)")
            } catch {
                progress.finish()
                console.error("animator-host run: \("\(error)".oneLine)")
                failed = true
            }
        }
        if timelinePath != "-" {
            if arguments.flag("--json") {
                console.out(result.json.serialized(pretty: true))
            } else {
                printSummary(result, shownLevel: try RunOptions.logLevel(arguments), console: console)
            }
        }
        return failed ? 1 : 0
    }

    /// The request: read from `--request FILE` (the run options then may not be given), or
    /// made of the run options.
    static func runRequest(_ arguments: ParsedArguments) throws(UsageError) -> RunRequest {
        guard let path = arguments.value("--request") else { return try RunOptions.request(arguments) }
        if let given = RunOptions.options.first(where: { $0.name != "--log-level" && !arguments.values($0.name).isEmpty }) {
            throw UsageError("--request FILE says everything about the run; \(given.name) does not combine with it")
        }
        if !arguments.positionals.isEmpty { throw UsageError("--request FILE names the animator; give no other") }
        do throws(RunRequestError) {
            let request = try RunRequest.load(path: path)
            try request.check()
            // Outputs come from --timeline and --out; the file's own are refused.
            guard request.outputs.isEmpty else {
                throw RunRequestError(nil, "\(path): outputs are given with --timeline and --out on the command line")
            }
            return request
        } catch {
            throw UsageError("--request: " + error.message(naming: RunOptions.optionName))
        }
    }

    /// The numbered lines and the total: one line per transition, its warnings, and what
    /// its animator logged at `shownLevel` and above (nil: nothing).
    static func printSummary(_ result: RunResult, shownLevel: PluginLogEntry.Level? = .warning, console: Console) {
        result.summary(shownLevel: shownLevel).forEach { console.out($0.oneLine) }
    }

    /// `--out` with `--scale`, `--at`, `--sheet` and `--animated`, checked.
    static func outputRequest(_ arguments: ParsedArguments) throws(UsageError) -> RunOutput? {
        let scale = try OutputOptions.scale(arguments)
        let at = try OutputOptions.at(arguments)
        let sheet = try OutputOptions.sheet(arguments)
        let animated = arguments.flag("--animated")
        guard let path = arguments.value("--out") else {
            if arguments.value("--scale") != nil || at != nil || sheet != nil || animated {
                throw UsageError("--scale, --at, --sheet and --animated shape the file --out writes; give --out FILE")
            }
            return nil
        }
        guard let render = RenderOutput(path: path), var kind = RunOutput.Kind(rawValue: render.rawValue) else {
            throw UsageError("--out: '\(path)' does not end in .gif, .png, .apng, .html, .mp4 or .webm")
        }
        if kind != .png, at != nil || sheet != nil || animated {
            throw UsageError("--at, --sheet and --animated are for --out FILE.png")
        }
        if [at != nil, sheet != nil, animated].filter({ $0 }).count > 1 {
            throw UsageError("--at, --sheet and --animated: choose one")
        }
        if animated { kind = .apng }
        return RunOutput(kind, path: path, scale: scale, at: at, sheet: sheet)
    }
}
