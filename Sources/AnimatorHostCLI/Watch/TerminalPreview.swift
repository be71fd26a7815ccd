import AnimatorRuns
import AnimatorSupport
import Glibc

/// `watch`'s preview in the terminal: the newest good run replayed again and again, with a
/// status line saying what the watcher is doing. Keys as in `play`: space pauses, ← →
/// step, r restarts, q quits.
struct TerminalPreview {
    let state: PreviewState
    let name: String
    /// The newest line the watcher logged, shown when there is no preview yet.
    let lastLog: @Sendable () -> String

    /// Replays until q, Ctrl-C or SIGTERM.
    ///
    /// - Returns: true when q was pressed (false: a signal).
    func run() -> Bool {
        let terminal = TerminalSession()
        defer { terminal.restore() }
        let palette = PlayCommand.palette(ProcessEnvironment.current())
        var generation = 0
        var recording: Recording?
        var pictures: [String] = []
        var times: [Double] = []
        var end = 0.0
        var index = 0
        var paused = false
        func prepare() {
            guard let recording, let size = TerminalSession.size() else { return }
            let playback = recording.playback()
            times = playback.times
            end = playback.end
            pictures = PlayCommand.render(Array(playback.frames), size: recording.size, columns: size.columns, rows: size.rows,
                                          palette: palette)
            index = min(index, max(pictures.count - 1, 0))
        }
        while !TerminalSession.interrupted {
            if let preview = state.preview, preview.generation != generation {
                generation = preview.generation
                if let json = try? JSONValue.parse(bytes: preview.timeline), let new = try? Timeline.recording(from: json) {
                    recording = new
                    index = 0
                    terminal.write("\u{1B}[0m\u{1B}[2J")
                    prepare()
                }
            }
            if terminal.takeResize() {
                terminal.write("\u{1B}[0m\u{1B}[2J")
                prepare()
            }
            let status = state.status
            let width = TerminalSession.size()?.columns ?? 80
            // The keys show, briefly on a narrow terminal; the message is cut to the room
            // left; the whole never reaches the last column (it would wrap and scroll).
            let lead = TerminalText.escaped("watch \(name) · " + (generation == 0 ? "no preview yet · " : "preview \(generation) · "))
            var message = status.message
            if status.phase == .failed, let first = status.detail.split(separator: "\n").first {
                message += ": " + first
            }
            message = TerminalText.escaped(message)
            var keys = " · space pauses · ←→ step · r restarts · q quits"
            if TerminalColumns.of(lead + keys) + 12 > width - 1 { keys = " · keys: space ←→ r q" }
            let room = max(width - 1 - TerminalColumns.of(lead + keys), 8)
            if TerminalColumns.of(message) > room { message = TerminalColumns.prefix(message, fitting: room - 1) + "…" }
            let line = TerminalColumns.prefix(lead + message + keys, fitting: max(width - 1, 1))
            if pictures.isEmpty {
                terminal.write("\u{1B}[H\u{1B}[0m\u{1B}[2K" + line + "\r\n\u{1B}[2K" + TerminalText.escaped(lastLog()))
            } else {
                terminal.write("\u{1B}[H" + pictures[index] + "\r\n\u{1B}[0m\u{1B}[2K" + line)
            }
            let wait: Double
            if pictures.isEmpty || paused {
                wait = 0.1
            } else {
                wait = index + 1 < times.count ? times[index + 1] - times[index] : end - times[index] + 0.8
            }
            switch terminal.waitForKey(max(min(wait, 1), 0.005)) {
            case .quit?: return true
            case .pause?: paused.toggle()
            case .forward?:
                paused = true
                index = min(index + 1, max(pictures.count - 1, 0))
            case .back?:
                paused = true
                index = max(index - 1, 0)
            case .restart?: index = 0
            case .faster?, .slower?: break
            case nil:
                guard !paused, !pictures.isEmpty else { continue }
                index = (index + 1) % pictures.count
            }
        }
        return false
    }
}
