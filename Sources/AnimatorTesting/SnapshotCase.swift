import AnimatorEngine
import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// One snapshot case: what to run and what of it to keep as golden files.
public struct SnapshotCase: Sendable, Equatable {
    /// A moment of the run whose picture is kept.
    public enum Moment: Sendable, Equatable, Hashable {
        /// Seconds after the start (the nearest frame).
        case time(Double)
        /// The last frame.
        case end

        /// The golden file's name: `frame-0.25s.png`, `frame-end.png`.
        public var fileName: String {
            switch self {
            case .time(let seconds): return "frame-\(JSONValue.format(seconds))s.png"
            case .end: return "frame-end.png"
            }
        }

        /// "0.25 s", "the end".
        public var label: String {
            switch self {
            case .time(let seconds): return "\(JSONValue.format(seconds)) s"
            case .end: return "the end"
            }
        }
    }

    /// The case's name: a folder name (letters, digits, '.', '_', '-').
    public var name: String
    /// The animator's id or name (nil for a scenario of the demo app).
    public var animator: String?
    /// The operation (default: the animator's first).
    public var operation: TransitionOperation?
    /// Parameters by name, as `--param NAME=VALUE` takes them.
    public var parameters: [(name: String, value: String)] = []
    /// The screen in points, "WxH" (default 390x844).
    public var size: String?
    /// Pixels per point of the kept pictures: 1, 2 or 3.
    public var scale = 1.0
    /// Frames per second (default 60).
    public var fps: Double?
    /// An interaction script, or a gesture trace file (relative to the manifest).
    public var interaction: String?
    /// A scenario file of the demo app (relative to the manifest), instead of an animator.
    public var scenario: String?
    /// A routes file for the scenario (relative to the manifest).
    public var routes: String?
    /// The modal presentation style for present and dismiss.
    public var style: String?
    /// How the device turns after the transition ("landscape" or "portrait"), or nil.
    public var rotate: Traits.Orientation?
    /// The iPad split view share the window takes after the transition ("third", "half",
    /// "two-thirds"; `.some(nil)`: "full"), or nil.
    public var split: SplitShare??
    /// Whether the timeline is kept (default true).
    public var keepsTimeline = true
    /// The moments whose pictures are kept (default: the end).
    public var frames: [Moment] = [.end]
    /// The frames of a contact sheet kept as `sheet.png`, or nil for none.
    public var sheet: Int?
    /// How close the actual run must come to the golden files.
    public var tolerance = SnapshotTolerance()
    /// The traits the case runs with, as `--variant` words ("" for UIKit's defaults).
    public var variant = ""
    /// The variants the manifest asked this case to run in (`"variants"`), before the
    /// manifest makes one case of each; nil: the manifest's.
    public var variants: [String]?

    /// Creates a case running `animator`'s `operation`.
    public init(name: String, animator: String?, operation: TransitionOperation? = nil) {
        self.name = name
        self.animator = animator
        self.operation = operation
    }

    public static func == (lhs: SnapshotCase, rhs: SnapshotCase) -> Bool {
        lhs.name == rhs.name && lhs.animator == rhs.animator && lhs.operation == rhs.operation
            && lhs.parameters.map { "\($0.name)=\($0.value)" } == rhs.parameters.map { "\($0.name)=\($0.value)" }
            && lhs.size == rhs.size && lhs.scale == rhs.scale && lhs.fps == rhs.fps && lhs.interaction == rhs.interaction
            && lhs.scenario == rhs.scenario && lhs.routes == rhs.routes && lhs.style == rhs.style && lhs.rotate == rhs.rotate
            && lhs.split == rhs.split
            && lhs.keepsTimeline == rhs.keepsTimeline && lhs.frames == rhs.frames && lhs.sheet == rhs.sheet
            && lhs.tolerance == rhs.tolerance && lhs.variant == rhs.variant && lhs.variants == rhs.variants
    }

    static let keys = ["name", "animator", "operation", "params", "size", "scale", "fps", "interaction", "scenario",
                       "routes", "style", "rotate", "split", "keep", "tolerance", "variants"]

    /// Checks one case of a manifest.
    ///
    /// - Parameters:
    ///   - place: where it is, for messages ("manifest.json: $.cases[2]").
    ///   - tolerance: the manifest's tolerance, which the case's own refines.
    /// - Throws: `SnapshotError` naming the member and the reason.
    public static func parse(_ json: JSONValue, at place: String, tolerance: SnapshotTolerance) throws(SnapshotError) -> SnapshotCase {
        guard case .object(let members) = json else { throw SnapshotError(place, "a case is a JSON object") }
        for (key, _) in members where !keys.contains(key) {
            throw SnapshotError("\(place).\(key)", "unknown key (expected \(keys.joined(separator: ", ")))")
        }
        func string(_ key: String) throws(SnapshotError) -> String? {
            guard let value = json[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else { throw SnapshotError("\(place).\(key)", "expected a string") }
            return text
        }
        guard let name = try string("name") else { throw SnapshotError("\(place).name", "every case needs a name") }
        guard name.count <= 100, !name.hasPrefix("."), name.unicodeScalars.allSatisfy({ scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }) else {
            throw SnapshotError("\(place).name", "'\(name)' is not a folder name (letters, digits, '.', '_', '-'; not starting with '.')")
        }
        var result = SnapshotCase(name: name, animator: try string("animator"))
        if let operation = try string("operation") {
            guard let parsed = TransitionOperation(rawValue: operation) else {
                throw SnapshotError("\(place).operation", "'\(operation)' is not present, dismiss, push, pop or tab")
            }
            result.operation = parsed
        }
        result.scenario = try string("scenario")
        result.routes = try string("routes")
        if result.animator == nil, result.scenario == nil {
            throw SnapshotError(place, "a case runs an \"animator\" or a \"scenario\"")
        }
        if result.animator != nil, result.scenario != nil {
            throw SnapshotError(place, "a case runs an \"animator\" or a \"scenario\", not both")
        }
        if let params = json["params"] {
            guard case .object(let list) = params else {
                throw SnapshotError("\(place).params", "expected an object of parameter values")
            }
            for (key, value) in list {
                switch value {
                case .number(let number): result.parameters.append((key, JSONValue.format(number)))
                case .string(let text): result.parameters.append((key, text))
                case .bool(let flag): result.parameters.append((key, flag ? "true" : "false"))
                default: throw SnapshotError("\(place).params.\(key)", "expected a number, a string or a boolean")
                }
            }
        }
        if let size = json["size"] {
            if let text = size.stringValue {
                result.size = text
            } else if let pair = size.arrayValue, pair.count == 2, let width = pair[0].numberValue, let height = pair[1].numberValue {
                result.size = "\(JSONValue.format(width))x\(JSONValue.format(height))"
            } else {
                throw SnapshotError("\(place).size", "expected \"WxH\" or [width, height] in points")
            }
        }
        if let scale = json["scale"] {
            guard let value = scale.numberValue, [1.0, 2, 3].contains(value) else {
                throw SnapshotError("\(place).scale", "expected 1, 2 or 3")
            }
            result.scale = value
        }
        if let fps = json["fps"] {
            guard let value = fps.numberValue, value >= 1, value <= 240 else {
                throw SnapshotError("\(place).fps", "expected a frame rate from 1 to 240")
            }
            result.fps = value
        }
        result.interaction = try string("interaction")
        result.style = try string("style")
        if let text = try string("rotate") {
            guard let orientation = Traits.Orientation(rawValue: text) else {
                throw SnapshotError("\(place).rotate", "'\(text)' is not portrait or landscape")
            }
            guard result.animator != nil else { throw SnapshotError("\(place).rotate", "turns the device after an animator's transition") }
            result.rotate = orientation
        }
        if let text = try string("split") {
            guard text == "full" || SplitShare(rawValue: text) != nil else {
                throw SnapshotError("\(place).split", "'\(text)' is not third, half, two-thirds or full")
            }
            guard result.animator != nil else {
                throw SnapshotError("\(place).split", "changes the window after an animator's transition")
            }
            result.split = .some(SplitShare(rawValue: text))
        }
        if let keep = json["keep"] {
            guard case .object(let list) = keep else { throw SnapshotError("\(place).keep", "expected an object") }
            for (key, _) in list where !["timeline", "frames", "sheet"].contains(key) {
                throw SnapshotError("\(place).keep.\(key)", "unknown key (expected timeline, frames, sheet)")
            }
            if let timeline = keep["timeline"] {
                guard let flag = timeline.boolValue else { throw SnapshotError("\(place).keep.timeline", "expected true or false") }
                result.keepsTimeline = flag
            }
            if let frames = keep["frames"] {
                guard let list = frames.arrayValue else {
                    throw SnapshotError("\(place).keep.frames", "expected an array of times in seconds and \"end\"")
                }
                result.frames = []
                for (index, item) in list.enumerated() {
                    let moment: Moment
                    if item.stringValue == "end" {
                        moment = .end
                    } else if let seconds = item.numberValue, seconds >= 0, seconds <= 600 {
                        moment = .time(seconds)
                    } else {
                        throw SnapshotError("\(place).keep.frames[\(index)]", "expected a time in seconds (0...600) or \"end\"")
                    }
                    if !result.frames.contains(moment) { result.frames.append(moment) }
                }
            }
            if let sheet = keep["sheet"] {
                guard let count = sheet.intValue, count >= 1, count <= 100 else {
                    throw SnapshotError("\(place).keep.sheet", "expected a number of frames from 1 to 100")
                }
                result.sheet = count
            }
            if !result.keepsTimeline, result.frames.isEmpty, result.sheet == nil {
                throw SnapshotError("\(place).keep", "keeps nothing: keep the timeline, frames or a sheet")
            }
        }
        result.tolerance = tolerance
        if let own = json["tolerance"] { result.tolerance = try tolerance.applying(own, at: "\(place).tolerance") }
        if let list = json["variants"] { result.variants = try Self.variants(list, at: "\(place).variants") }
        return result
    }

    /// Checks a `"variants"` list: `--variant` values, each different (canonically).
    static func variants(_ json: JSONValue, at place: String) throws(SnapshotError) -> [String] {
        guard let list = json.arrayValue, !list.isEmpty, list.allSatisfy({ $0.stringValue != nil }) else {
            throw SnapshotError(place, "expected a non-empty array of --variant values (\"\" for UIKit's defaults)")
        }
        var seen: [String] = []
        for (index, item) in list.enumerated() {
            let canonical: String
            do {
                canonical = try Traits(variant: item.stringValue!).variant
            } catch {
                throw SnapshotError("\(place)[\(index)]", error.description)
            }
            if seen.contains(canonical) {
                throw SnapshotError("\(place)[\(index)]", "'\(item.stringValue!)' repeats a variant given before")
            }
            seen.append(canonical)
        }
        return seen
    }

    /// This case in each of `variants` (canonical `--variant` values): named
    /// `NAME@WORDS` (words joined by '+'), or `NAME` for UIKit's defaults.
    func expanded(_ variants: [String]) -> [SnapshotCase] {
        variants.map { variant in
            var copy = self
            copy.variant = variant
            copy.variants = nil
            if !variant.isEmpty { copy.name = name + "@" + String(variant.map { $0 == "," ? "+" : $0 }) }
            return copy
        }
    }

    /// The run request that performs this case (paths made absolute from `folder`, the
    /// manifest's). Frames are kept: the case draws them.
    ///
    /// - Throws: `SnapshotError` for a size or style that is not one, naming the case.
    public func runRequest(folder: String) throws(SnapshotError) -> RunRequest {
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : folder + "/" + path }
        var request = RunRequest()
        request.animator = animator
        request.operation = operation
        request.parameters = parameters.map { "\($0.name)=\($0.value)" }
        if let size {
            let parts = size.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
                throw SnapshotError("case \(name)", "size '\(size)' is not WIDTHxHEIGHT in points (e.g. 390x844)")
            }
            request.size = Size(width: width, height: height)
        }
        if let fps { request.fps = fps }
        if let interaction {
            // A file beside the manifest is a trace (or script) file; anything else a script.
            let path = resolved(interaction)
            request.interaction = (try? FileSystem.status(path)) != nil ? path : interaction
        }
        request.scenario = scenario.map(resolved)
        request.routes = routes.map(resolved)
        if let style {
            guard let value = ModalPresentationStyle(name: style) else {
                throw SnapshotError("case \(name)", "style '\(style)' is not fullScreen, overFullScreen, pageSheet or custom")
            }
            request.style = value
        }
        request.rotate = rotate
        request.split = split
        request.variant = variant
        request.keepsFrames = true
        return request
    }
}
