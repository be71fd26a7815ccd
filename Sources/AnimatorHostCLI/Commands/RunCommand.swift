import AnimatorHost
import Glibc
import AnimatorEngine
import AnimatorSupport
import AnimatorRendering

/// `animator-host run`: runs the demo app, an app flow, or one animator's transition,
/// headless; says what happened and writes timelines, GIFs, PNGs and pages.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "Run the demo app, an app flow or one animator's transition; write timelines and renders."
    static let usage = "animator-host run [<id|name> --operation OP [--param NAME=VALUE]... [--duration S] [--interactive TRACE] "
        + "[--style STYLE] [--from-image PNG] [--to-image PNG]] [--log-level LEVEL] "
        + "[--scenario FILE] [--routes FILE] [--fps N] [--size WxH] [--scale 1|2|3] [--timeline FILE.json|-] "
        + "[--out FILE.gif|.png|.apng|.html [--at S | --sheet N | --animated]] [--json]"
    static let options: [OptionSpec] = RecordedRun.options + [
        .value("--scale", valueName: "1|2|3", help: "Device pixels per point for --out (default 1)."),
        .value("--timeline", valueName: "FILE", help: "Write the timeline (every frame's presentation values) as JSON; - for stdout."),
        .value("--out", valueName: "FILE", help: "Render to FILE: .gif (animated), .png (one frame or a sheet), .html (a player page)."),
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
        try RecordedRun.checkUsage(arguments)
        let output = try outputRequest(arguments)
        let timelinePath = arguments.value("--timeline")
        if timelinePath == "-", arguments.flag("--json") {
            throw UsageError("--timeline - and --json both write to stdout; choose one")
        }
        // Files that cannot be written are found before anything runs.
        for path in [timelinePath, output?.1].compactMap({ $0 }) where path != "-" {
            if let reason = OutputFile.cannotWrite(path) {
                console.error("animator-host run: \(path.oneLine): \(reason)")
                return 1
            }
        }
        // Frames are kept only when something draws them.
        let keepingFrames = timelinePath != nil || output != nil
        guard let result = try RecordedRun.performReporting(arguments, command: name, keepingFrames: keepingFrames,
                                                            console: console) else { return 1 }
        var failed = result.lines.contains { !$0.outcome.problems.isEmpty }
        // A run with problems does not replace files the user already has.
        func keeps(_ path: String) -> Bool {
            guard failed, access(path, F_OK) == 0 else { return false }
            console.error("animator-host run: kept \(path) as it was: the run had problems (write to a new file to see it)")
            return true
        }
        if let timelinePath, timelinePath == "-" || !keeps(timelinePath) {
            let text = Timeline.json(result.recording).serialized(pretty: false) + "\n"
            if timelinePath == "-" {
                console.out(text, terminator: "")
            } else {
                do {
                    try OutputFile.write(timelinePath, Array(text.utf8))
                } catch {
                    console.error("animator-host run: \(error)")
                    failed = true
                }
            }
        }
        if let (_, path, options) = output, let at = options.at {
            RunCommand.warnPastTheEnd(at, of: result.recording, out: path, command: name, console: console)
        }
        if let (kind, path, options) = output, !keeps(path) {
            let progress = ProgressBar(label: "rendering \(path)")
            do {
                let what = try kind.write(result.recording, to: path, options: options, progress: progress.update)
                progress.finish()
                console.error("wrote \(path): \(what)")
            } catch {
                progress.finish()
                console.error("animator-host run: \(error)")
                failed = true
            }
        }
        if timelinePath != "-" {
            if arguments.flag("--json") {
                console.out(JSONValue.object([("transitions", .array(result.lines.map(\.json)))]).serialized(pretty: true))
            } else {
                printSummary(result.lines, shownLevel: try RecordedRun.logLevel(arguments), console: console)
            }
        }
        return failed ? 1 : 0
    }

    /// The numbered lines and the total.
    /// One line per transition, its warnings, and what its animator logged at
    /// `shownLevel` and above (nil: nothing).
    static func printSummary(_ lines: [RecordedRun.Line], shownLevel: PluginLogEntry.Level? = .warning,
                             console: Console) {
        for (number, line) in lines.enumerated() {
            console.out("\(number + 1). \(line.text.oneLine)")
            if line.failure == nil { line.outcome.problems.forEach { console.out("   warning: \($0.oneLine)") } }
            if let least = shownLevel {
                for entry in line.log where entry.level >= least {
                    console.out("   log \(entry.level.name): \(entry.message.oneLine)")
                }
            }
        }
        let failed = lines.filter { $0.failure != nil }.count
        let completed = lines.filter { $0.failure == nil && $0.outcome.completed }.count
        let seconds = lines.reduce(0) { $0 + $1.outcome.elapsed }
        console.out("\(lines.count) transition\(lines.count == 1 ? "" : "s"): \(completed) completed, "
                    + "\(lines.count - completed - failed) cancelled, " + (failed > 0 ? "\(failed) failed, " : "")
                    + "\(JSONValue.format(rounded(seconds))) s")
    }

    /// A warning when `--at` names a time after the last frame (the last is drawn).
    static func warnPastTheEnd(_ at: Double, of recording: Recording, out path: String, command: String, console: Console) {
        let end = recording.playback().end
        guard at > end + 1e-9, !recording.segments.isEmpty else { return }
        console.error("animator-host \(command): warning: --at \(JSONValue.format(at)) s is after the end of the run "
                      + "(\(JSONValue.format(rounded(end))) s); \(path.oneLine) shows the last frame")
    }

    /// `--out` with `--scale`, `--at` and `--sheet`, checked.
    static func outputRequest(_ arguments: ParsedArguments) throws(UsageError)
        -> (RenderOutput, String, RenderOutput.Options)? {
        let scaleText = arguments.value("--scale") ?? "1"
        guard let scale = Double(scaleText), [1.0, 2, 3].contains(scale) else {
            throw UsageError("--scale: '\(scaleText)' is not 1, 2 or 3")
        }
        let at = try arguments.value("--at").map { text throws(UsageError) -> Double in
            guard let value = Double(text), value >= 0, value.isFinite else {
                throw UsageError("--at: '\(text)' is not a time in seconds (0 or more)")
            }
            return value
        }
        let sheet = try arguments.value("--sheet").map { text throws(UsageError) -> Int in
            guard let value = Int(text), value >= 1, value <= 100 else {
                throw UsageError("--sheet: '\(text)' is not a number of frames from 1 to 100")
            }
            return value
        }
        let animated = arguments.flag("--animated")
        guard let path = arguments.value("--out") else {
            if arguments.value("--scale") != nil || at != nil || sheet != nil || animated {
                throw UsageError("--scale, --at, --sheet and --animated shape the file --out writes; give --out FILE")
            }
            return nil
        }
        guard var kind = RenderOutput(path: path) else {
            throw UsageError("--out: '\(path)' does not end in .gif, .png, .apng or .html")
        }
        if kind != .png, at != nil || sheet != nil || animated {
            throw UsageError("--at, --sheet and --animated are for --out FILE.png")
        }
        if [at != nil, sheet != nil, animated].filter({ $0 }).count > 1 {
            throw UsageError("--at, --sheet and --animated: choose one")
        }
        if animated { kind = .apng }
        return (kind, path, RenderOutput.Options(scale: scale, at: at, sheet: sheet))
    }
}
