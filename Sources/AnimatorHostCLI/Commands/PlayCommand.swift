import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import Glibc

/// `animator-host play`: plays a transition (or the demo app) in the terminal.
enum PlayCommand: Command {
    static let name = "play"
    static let summary = "Play a transition or the demo app in the terminal, in color, at real speed."
    static let usage = "animator-host play [<id|name> --operation OP [--param NAME=VALUE]... [--duration S] [--interactive TRACE] "
        + "[--style STYLE] [--from-image PNG] [--to-image PNG]] [--log-level LEVEL] "
        + "[--scenario FILE] [--routes FILE] [--fps N] [--size WxH] [--variant WORDS] [--slow N] [--loop]"
    static let options: [OptionSpec] = RunOptions.options + [
        .value("--slow", valueName: "N", help: "Play N times slower (default 1)."),
        .flag("--loop", help: "Play again and again until q is pressed."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        Each character cell shows two pixels with the upper half block, in 24-bit color when
        COLORTERM says truecolor or 24bit, else in the 256-color palette; with NO_COLOR set,
        in shades of characters. Keys: space pauses and plays, → and ← step a frame (and
        pause), + and - change the speed (0.1x, 0.25x, 0.5x, 1x, 2x), r goes back to the
        start; the status line shows the time, the frame, the speed and the keys. q or
        Escape stops (exit 0), Ctrl-C too (exit 130), and the terminal is restored either way.
        When standard output is not a terminal, the transitions run and only the summary is
        printed (as `run` prints it). Without an animator, the demo app plays.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        var request = try RunOptions.request(arguments)
        let slowText = arguments.value("--slow") ?? "1"
        guard let slow = Double(slowText), slow >= 1, slow <= 100 else {
            throw UsageError("--slow: '\(slowText)' is not a factor from 1 to 100")
        }
        let onTerminal = isatty(STDOUT_FILENO) == 1
        request.keepsFrames = onTerminal
        guard let result = try RunOptions.perform(request, environment: try PluginEnvironment(arguments), command: name,
                                                  console: console) else { return 1 }
        if isatty(STDOUT_FILENO) == 1, let size = TerminalSession.size() {
            console.flush()
            play(result.recording, columns: size.columns, rows: size.rows, slow: slow, loop: arguments.flag("--loop"),
                 shownLevel: try RunOptions.logLevel(arguments))
        }
        RunCommand.printSummary(result, shownLevel: try RunOptions.logLevel(arguments), console: console)
        // Ctrl-C ends the program as an interrupt does (128 + SIGINT), after tidying up.
        if TerminalSession.interrupted { return 130 }
        return result.hadProblems ? 1 : 0
    }

    /// The palette the environment asks for.
    static func palette(_ environment: [String: String]) -> TerminalPicture.Palette {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        return colorTerm == "truecolor" || colorTerm == "24bit" ? .trueColor : .indexed256
    }

    /// Renders every frame to fit the terminal, then shows them at their times.
    private static func play(_ recording: Recording, columns: Int, rows: Int, slow: Double, loop: Bool,
                             shownLevel: PluginLogEntry.Level?) {
        let playback = recording.playback()
        guard !playback.frames.isEmpty else { return }
        let palette = palette(ProcessEnvironment.current())
        var pictures = render(Array(playback.frames), size: recording.size, columns: columns, rows: rows, palette: palette)
        var captions: [String] = []
        for segment in recording.segments {
            // The status line names the transition and the last thing its animator logged
            // at the level shown (or its first warning), escaped.
            var caption = "\(segment.animator.oneLine) · \(segment.operation.rawValue) · "
            if let least = shownLevel, let entry = segment.log.last(where: { $0.level >= least }) {
                caption += "log \(entry.level.name): \(entry.message.oneLine) · "
            } else if let problem = segment.outcome.problems.first {
                caption += "warning: \(problem.oneLine) · "
            }
            captions += segment.frames.map { _ in caption }
        }
        let terminal = TerminalSession()
        defer { terminal.restore() }
        var speed = 1 / slow
        var paused = false
        var index = 0
        var columns = columns
        while true {
            if terminal.takeResize(), let size = TerminalSession.size() {
                // The terminal changed size: draw the frames again to fit it.
                terminal.write("\u{1B}[0m\u{1B}[2J\u{1B}[H")
                pictures = render(Array(playback.frames), size: recording.size, columns: size.columns, rows: size.rows,
                                  palette: palette)
                columns = size.columns
                terminal.write("\u{1B}[2J")
            }
            let status = PlayStatus(caption: captions[index], time: TransitionReport.rounded(playback.times[index]),
                                    frame: index + 1, frames: pictures.count, speed: speedLabel(speed), paused: paused)
            terminal.write("\u{1B}[H" + pictures[index] + "\r\n\u{1B}[0m\u{1B}[2K" + status.line(columns: columns))
            let next = index + 1 < playback.times.count ? playback.times[index + 1] : playback.end + 0.8
            switch terminal.waitForKey(paused ? 3600 : (next - playback.times[index]) / speed) {
            case .quit?: return
            case .pause?: paused.toggle()
            case .forward?:
                paused = true
                index = min(index + 1, pictures.count - 1)
            case .back?:
                paused = true
                index = max(index - 1, 0)
            case .faster?: speed = speeds.first { $0 > speed + 1e-9 } ?? speed
            case .slower?: speed = speeds.last { $0 < speed - 1e-9 } ?? speed
            case .restart?: index = 0
            case nil:
                guard !paused else { continue }
                index += 1
                if index == pictures.count {
                    guard loop else { return }
                    index = 0
                }
            }
        }
    }

    /// The speeds + and - step through.
    static let speeds = [0.1, 0.25, 0.5, 1, 2]

    /// "1x", "0.25x", "0.33x".
    static func speedLabel(_ speed: Double) -> String {
        JSONValue.format((speed * 100).rounded() / 100) + "x"
    }

    /// Every frame as terminal text fitting `columns` × `rows` cells (two pixels a cell
    /// vertically, one line kept for the caption).
    static func render(_ frames: [SceneFrame], size: Size, columns: Int, rows: Int,
                               palette: TerminalPicture.Palette) -> [String] {
        let scale = min(Double(columns) / size.width, Double(max(rows - 1, 1) * 2) / size.height)
        let progress = ProgressBar(label: "rendering")
        defer { progress.finish() }
        let renderer = BatchRenderer(size: size, scale: scale)
        var pictures: [String] = []
        var start = 0
        while start < frames.count {
            let end = min(start + 16, frames.count)
            let images = renderer.render(Array(frames[start..<end]))
            pictures += images.map { TerminalPicture.lines($0, palette: palette).joined(separator: "\r\n") }
            start = end
            progress.update(Double(start) / Double(frames.count))
        }
        return pictures
    }
}
