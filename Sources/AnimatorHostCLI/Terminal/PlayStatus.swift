import AnimatorSupport

/// The line `play` shows under its pictures: the transition, the time and frame, the speed,
/// whether it is paused, and the keys, fitted to the terminal's width so that it never
/// wraps (a wrapped line would scroll the picture up at every frame).
struct PlayStatus {
    /// The transition's caption, escaped: "bubble · present · ", with its log line.
    var caption: String
    /// The frame's time, in seconds.
    var time: Double
    /// The frame's number, from 1, and how many there are.
    var frame: Int
    var frames: Int
    /// "1x", "0.5x".
    var speed: String
    /// Whether playback is paused.
    var paused: Bool

    /// The line for a terminal `columns` wide: at most `columns − 1` columns (writing the
    /// last one would leave the cursor waiting to wrap). The transition's caption stays
    /// whole as long as it can: the keys are written out when there is room, then named
    /// briefly, then left out; only then is the caption cut, with "…".
    func line(columns: Int) -> String {
        let room = max(columns - 1, 1)
        let position = "t \(JSONValue.format(time)) s · frame \(frame)/\(frames) · \(speed) · "
        let long = (paused ? "paused · space plays" : "space pauses") + " · ←→ step · +- speed · r restarts · q quits"
        let short = (paused ? "paused · " : "") + "keys: space ←→ +- r q"
        let state = paused ? "paused" : "playing"
        let captionColumns = TerminalColumns.of(caption)
        for keys in [long, short, state] where captionColumns + TerminalColumns.of(position + keys) <= room {
            return caption + position + keys
        }
        let rest = position + state
        let captionRoom = room - TerminalColumns.of(rest)
        if captionRoom >= 12 { return TerminalColumns.prefix(caption, fitting: captionRoom - 4) + "… · " + rest }
        return TerminalColumns.prefix(rest, fitting: room)
    }
}
