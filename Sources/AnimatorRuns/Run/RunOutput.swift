import AnimatorEngine
import AnimatorSupport

/// A file made of a run: its timeline (every frame's presentation values as JSON), or a
/// render (an animated GIF, a PNG of one frame or a contact sheet, an animated PNG, a
/// player page). Part of a `RunRequest`; written after the run by `write`.
public struct RunOutput: Equatable, Sendable {
    /// What is written.
    public enum Kind: String, Sendable, CaseIterable {
        /// The timeline, JSON (docs/rendering.md has its schema).
        case timeline
        /// A render (`RenderOutput`).
        case gif, png, apng, html, mp4, webm

        /// The renderer of a render; nil for the timeline.
        public var render: RenderOutput? { RenderOutput(rawValue: rawValue) }
    }

    /// What is written.
    public var kind: Kind
    /// Where; "-" for a timeline on standard output (the caller writes it).
    public var path: String
    /// Device pixels per point of a render: 1, 2 or 3.
    public var scale = 1.0
    /// For a PNG: the frame nearest this many seconds after the start (nil: the last).
    public var at: Double?
    /// For a PNG: a contact sheet of this many frames spread over the run.
    public var sheet: Int?

    /// An output of `kind` at `path`.
    public init(_ kind: Kind, path: String, scale: Double = 1, at: Double? = nil, sheet: Int? = nil) {
        self.kind = kind
        self.path = path
        self.scale = scale
        self.at = at
        self.sheet = sheet
    }

    /// The most frames a contact sheet has.
    public static let maximumSheet = 100

    /// Checks the combination: a scale of 1, 2 or 3, a time of 0 or more, a sheet of 1 to
    /// 100 frames, `at` and `sheet` only for a PNG and not both.
    ///
    /// - Throws: `RunRequestError` of the outputs.
    public func check() throws(RunRequestError) {
        guard [1.0, 2, 3].contains(scale) else { throw RunRequestError(.outputs, ": scale \(scale) is not 1, 2 or 3") }
        if let at, !(at >= 0 && at.isFinite) {
            throw RunRequestError(.outputs, ": \(at) is not a time in seconds (0 or more)")
        }
        if let sheet, !(1...Self.maximumSheet).contains(sheet) {
            throw RunRequestError(.outputs, ": \(sheet) is not a number of frames from 1 to 100")
        }
        if kind != .png, at != nil || sheet != nil {
            throw RunRequestError(.outputs, ": a time or a sheet is for a PNG")
        }
        if at != nil, sheet != nil { throw RunRequestError(.outputs, ": a time or a sheet, not both") }
        if path.isEmpty { throw RunRequestError(.outputs, ": an empty path") }
    }

    /// A warning when `at` names a time after the last frame of `recording` (the last is
    /// drawn), or nil.
    public func warning(for recording: Recording) -> String? {
        guard let at, !recording.segments.isEmpty else { return nil }
        let end = recording.playback().end
        guard at > end + 1e-9 else { return nil }
        return "warning: --at \(JSONValue.format(at)) s is after the end of the run "
            + "(\(JSONValue.format((end * 1000).rounded() / 1000)) s); \(path) shows the last frame"
    }

    /// Writes the file for `recording` (a timeline on "-" is the caller's to print: see
    /// `timelineText`).
    ///
    /// - Parameter progress: the fraction of frames rendered (0...1), between batches.
    /// - Returns: what was written, in one line ("25 frames, 390x844").
    /// - Throws: `RenderOutput.Failure` or `OutputFile.Failure`.
    public func write(_ recording: Recording, progress: ((Double) -> Void)? = nil) throws -> String {
        if kind.render != nil, let problem = Self.sizeProblem(recording.size, scale: scale) {
            throw OutputFile.Failure(path: path, reason: problem)
        }
        guard let render = kind.render else {
            let stream = try OutputFile.Stream(path)
            Self.writeTimeline(recording) { stream.write($0) }
            try stream.finish()
            return "the timeline, \(recording.segments.count) transition\(recording.segments.count == 1 ? "" : "s")"
        }
        return try render.write(recording, to: path, options: RenderOutput.Options(scale: scale, at: at, sheet: sheet),
                                progress: progress)
    }

    /// The most pixels a side of a rendered frame may have, and in all: what a frame costs
    /// is checked before any is drawn.
    public static let maximumSide = 16_384
    /// See `maximumSide`.
    public static let maximumPixels = 8192 * 8192

    /// Why frames of `size` points at `scale` are too large to render, or nil.
    public static func sizeProblem(_ size: Size, scale: Double) -> String? {
        let width = (size.width * scale).rounded(.up), height = (size.height * scale).rounded(.up)
        guard width > Double(maximumSide) || height > Double(maximumSide) || width * height > Double(maximumPixels) else {
            return nil
        }
        return "frames of \(Int(width))x\(Int(height)) pixels: at most \(maximumSide) a side and \(maximumPixels) "
            + "pixels in all are rendered (a smaller --scale, or a smaller --size)"
    }

    /// The timeline of `recording` as one line of JSON and a newline.
    public static func timelineText(_ recording: Recording) -> String {
        var text = ""
        writeTimeline(recording) { text += $0 }
        return text
    }

    /// The timeline of `recording` as one line of JSON and a newline, handed to `emit` a
    /// piece at a time (a frame's at most: see `Timeline.write`).
    public static func writeTimeline(_ recording: Recording, to emit: (String) -> Void) {
        Timeline.write(recording, to: emit)
        emit("\n")
    }

    // MARK: JSON

    /// Reads an output written by `json`.
    ///
    /// - Parameter place: where it is in the request, for messages.
    /// - Throws: `RunRequestError` of the outputs.
    public init(json: JSONValue, at place: String) throws(RunRequestError) {
        let keys = ["kind", "path", "scale", "at", "sheet"]
        guard case .object(let members) = json else { throw RunRequestError(nil, "\(place): expected an object") }
        for (key, _) in members where !keys.contains(key) {
            throw RunRequestError(nil, "\(place): unknown key '\(key)' (expected \(keys.joined(separator: ", ")))")
        }
        guard let kindName = json["kind"]?.stringValue, let kind = Kind(rawValue: kindName) else {
            throw RunRequestError(nil, "\(place).kind: expected one of "
                                  + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let path = json["path"]?.stringValue else { throw RunRequestError(nil, "\(place).path: expected a string") }
        self.init(kind, path: path)
        if let value = json["scale"] {
            guard let number = value.numberValue else { throw RunRequestError(nil, "\(place).scale: expected a number") }
            scale = number
        }
        if let value = json["at"], value != .null {
            guard let number = value.numberValue else { throw RunRequestError(nil, "\(place).at: expected a number") }
            at = number
        }
        if let value = json["sheet"], value != .null {
            guard let count = value.intValue else { throw RunRequestError(nil, "\(place).sheet: expected a whole number") }
            sheet = count
        }
    }

    /// The output as JSON.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("kind", .string(kind.rawValue)), ("path", .string(path))]
        if kind != .timeline { members.append(("scale", .number(scale))) }
        if let at { members.append(("at", .number(at))) }
        if let sheet { members.append(("sheet", .number(Double(sheet)))) }
        return .object(members)
    }
}
