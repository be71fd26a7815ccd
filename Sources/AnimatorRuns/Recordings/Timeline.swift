import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorSupport

/// Timelines: a recorded transition as JSON, every frame's presentation values for every
/// layer, enough to redraw each frame (docs/rendering.md describes the schema). The
/// writer and the reader live together so that the two cannot drift apart.
public enum Timeline {
    /// The schema's name and version, written as "schema".
    public static let schema = "animator-host.timeline/1"

    /// A timeline's JSON for one transition: times are seconds from the transition's
    /// first frame.
    public static func json(_ segment: Recording.Segment, size: Size, fps: Double) -> JSONValue {
        let images = ImageTable()
        let frames = segment.frames.map { json($0, since: segment.start, images: images) }
        return .object(header(segment, size: size, fps: fps) + [
            ("images", .array(images.encoded.map(JSONValue.string))),
            ("frames", .array(frames)),
        ])
    }

    /// A timeline's members before its images and frames.
    private static func header(_ segment: Recording.Segment, size: Size, fps: Double) -> [(String, JSONValue)] {
        [
            ("schema", .string(schema)),
            ("animator", .string(segment.animator)),
            ("operation", .string(segment.operation.rawValue)),
            ("from", .string(segment.from)),
            ("to", .string(segment.to)),
            ("duration", .number(segment.outcome.duration)),
            ("elapsed", .number(segment.outcome.elapsed)),
            ("fps", .number(fps)),
            ("completed", .bool(segment.outcome.completed)),
            ("size", .array([.number(size.width), .number(size.height)])),
            ("warnings", .array(segment.outcome.problems.map(JSONValue.string))),
            ("log", .array(segment.log.map { .object([("level", .string($0.level.name)), ("message", .string($0.message))]) })),
        ]
    }

    /// Writes the JSON of `recording` (`json(_:)` serialized without spaces, byte for
    /// byte) a piece at a time to `emit`: a frame's JSON at a time, so that memory holds
    /// one frame's document, not the whole timeline.
    public static func write(_ recording: Recording, to emit: (String) -> Void) {
        if recording.segments.count == 1 {
            write(recording.segments[0], size: recording.size, fps: recording.fps, to: emit)
            return
        }
        emit("{")
        member("schema", .string(schema), first: true, to: emit)
        emit(",\"transitions\":[")
        for (index, segment) in recording.segments.enumerated() {
            if index > 0 { emit(",") }
            write(segment, size: recording.size, fps: recording.fps, to: emit)
        }
        emit("]}")
    }

    /// One transition's timeline, as `write(_:to:)` writes it: the images are gathered by a
    /// first pass over the frames (in the order the frames' JSON meets them), since they
    /// come before the frames.
    private static func write(_ segment: Recording.Segment, size: Size, fps: Double, to emit: (String) -> Void) {
        emit("{")
        for (index, (key, value)) in header(segment, size: size, fps: fps).enumerated() {
            member(key, value, first: index == 0, to: emit)
        }
        let images = ImageTable()
        for frame in segment.frames { gatherImages(frame, into: images) }
        emit(",\"images\":[")
        for (index, image) in images.encoded.enumerated() {
            emit((index > 0 ? "," : "") + JSONValue.string(image).serialized())
        }
        emit("],\"frames\":[")
        let start = segment.start
        for (index, frame) in segment.frames.enumerated() {
            emit((index > 0 ? "," : "") + json(frame, since: start, images: images).serialized())
        }
        emit("]}")
    }

    private static func member(_ key: String, _ value: JSONValue, first: Bool, to emit: (String) -> Void) {
        emit((first ? "" : ",") + JSONValue.string(key).serialized() + ":" + value.serialized())
    }

    /// Numbers the frame's bitmaps in the order its views' JSON meets them: each view's
    /// contents, then its mask's views.
    private static func gatherImages(_ frame: SceneFrame, into images: ImageTable) {
        for index in frame.nodes.indices {
            if let contents = frame.contents[index] { _ = images.index(of: contents.image) }
            if let mask = frame.masks[index] { gatherImages(mask, into: images) }
        }
    }

    /// The distinct bitmaps of a timeline's layers, each written once as a base64 PNG
    /// (straight alpha) and named by its index.
    final class ImageTable {
        private var indices: [ImageKey: Int] = [:]
        private(set) var encoded: [String] = []

        private struct ImageKey: Hashable {
            var address: UInt, width: Int, height: Int
        }

        /// The index of `image`, encoding it the first time it is seen.
        func index(of image: Image) -> Int {
            let address = image.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            let key = ImageKey(address: address, width: image.width, height: image.height)
            if let index = indices[key] { return index }
            var straight = image
            for i in straight.pixels.indices {
                let pixel = straight.pixels[i], alpha = pixel >> 24
                guard alpha != 255 else { continue }
                if alpha == 0 { straight.pixels[i] = 0; continue }
                func channel(_ shift: UInt32) -> UInt32 { min(((pixel >> shift & 0xFF) * 255 + alpha / 2) / alpha, 255) << shift }
                straight.pixels[i] = channel(0) | channel(8) | channel(16) | alpha << 24
            }
            encoded.append(Base64.encode(PNGEncoder.encode(straight)))
            indices[key] = encoded.count - 1
            return encoded.count - 1
        }
    }

    /// The JSON of a recording: one transition's timeline, or {"schema", "transitions": [...]}
    /// for several.
    public static func json(_ recording: Recording) -> JSONValue {
        if recording.segments.count == 1 { return json(recording.segments[0], size: recording.size, fps: recording.fps) }
        return .object([
            ("schema", .string(schema)),
            ("transitions", .array(recording.segments.map { json($0, size: recording.size, fps: recording.fps) })),
        ])
    }

    /// One frame: {"t", "views": [...]}, views in drawing order.
    static func json(_ frame: SceneFrame, since start: Double, images: ImageTable) -> JSONValue {
        .object([("t", .number(frame.time - start)), ("views", views(frame, images: images))])
    }

    /// A frame's views, in drawing order (a mask's too).
    static func views(_ frame: SceneFrame, images: ImageTable) -> JSONValue {
        var views: [JSONValue] = []
        views.reserveCapacity(frame.nodes.count)
        for (index, node) in frame.nodes.enumerated() {
            let p = node.properties, e = frame.extras[index] ?? LayerExtras()
            let frameRect = p.frame
            views.append(.object([
                ("id", .number(Double(node.layer.rawValue))),
                ("name", .optional(frame.names[index])),
                ("parent", node.parent.map { .number(Double(frame.nodes[$0].layer.rawValue)) } ?? .null),
                ("zIndex", .number(Double(index))),
                ("isView", .bool(node.isView)),
                ("frame", rect(frameRect)),
                ("bounds", rect(p.bounds)),
                ("center", .array([.number(p.position.x), .number(p.position.y)])),
                ("anchorPoint", .array([.number(p.anchorPoint.x), .number(p.anchorPoint.y)])),
                ("transform", .array(p.transform.values.map(JSONValue.number))),
                ("alpha", .number(p.opacity)),
                ("hidden", .bool(p.isHidden)),
                ("backgroundColor", p.backgroundColor.map { .string($0.hex) } ?? .null),
                ("cornerRadius", .number(p.cornerRadius)),
                ("masksToBounds", .bool(p.masksToBounds)),
                ("borderWidth", .number(e.borderWidth)),
                ("borderColor", .string(e.borderColor.hex)),
                ("shadowOpacity", .number(e.shadowOpacity)),
                ("shadowRadius", .number(e.shadowRadius)),
                ("shadowOffset", .array([.number(e.shadowOffset.width), .number(e.shadowOffset.height)])),
                ("shadowColor", .string(e.shadowColor.hex)),
                ("zPosition", .number(p.zPosition)),
                ("transition", transitionJSON(frame.transitions[index])),
                ("text", frame.texts[index].map { text in
                    .object([("string", .string(text.string)), ("color", .string(text.color.hex)),
                             ("size", .number(text.size)), ("weight", .string(text.weight.rawValue)),
                             ("alignment", .string(text.alignment.rawValue)), ("lines", .number(Double(text.lines)))])
                } ?? .null),
                ("contents", frame.contents[index].map { contents in
                    .object([("image", .number(Double(images.index(of: contents.image)))), ("scale", .number(contents.scale)),
                             ("gravity", .string(contents.gravity.rawValue)), ("rect", rect(contents.rect))]
                            + (contents.isSliced ? [("center", rect(contents.center))] : []))
                } ?? .null),
            ] + corners(p) + extras(e, frame, index, images: images)))
        }
        return .array(views)
    }

    /// The corners' members, left out at their defaults (all four rounded, circular).
    private static func corners(_ p: LayerProperties) -> [(String, JSONValue)] {
        (p.maskedCorners == 0b1111 ? [] : [("maskedCorners", .number(Double(p.maskedCorners)))])
            + (p.continuousCorners ? [("cornerCurve", .string("continuous"))] : [])
    }

    /// The members only some layers have, left out at their defaults: sublayerTransform,
    /// doubleSided, shape (a shape layer's path, colors, line and style) and mask.
    private static func extras(_ e: LayerExtras, _ frame: SceneFrame, _ index: Int, images: ImageTable) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if e.sublayerTransform != .identity {
            members.append(("sublayerTransform", .array(e.sublayerTransform.values.map(JSONValue.number))))
        }
        if !e.isDoubleSided { members.append(("doubleSided", .bool(false))) }
        if let shape = frame.shapes[index] {
            members.append(("shape", .object([
                ("path", shape.path.map { .string(PathText.format($0)) } ?? .null),
                ("fillColor", e.fillColor.map { .string($0.hex) } ?? .null),
                ("strokeColor", e.strokeColor.map { .string($0.hex) } ?? .null),
                ("lineWidth", .number(e.lineWidth)),
                ("strokeStart", .number(e.strokeStart)),
                ("strokeEnd", .number(e.strokeEnd)),
                ("fillRule", .string(shape.fillRule.rawValue)),
                ("lineCap", .string(shape.lineCap.rawValue)),
                ("lineJoin", .string(shape.lineJoin.rawValue)),
                ("miterLimit", .number(shape.miterLimit)),
            ] + (shape.dashPattern.isEmpty ? [] : [("lineDashPattern", .array(shape.dashPattern.map(JSONValue.number))),
                                                   ("lineDashPhase", .number(shape.dashPhase))]))))
        }
        if let gradient = frame.gradients[index] {
            members.append(("gradient", .object([
                ("colors", .array(gradient.colors.map { .string($0.hex) })),
                ("locations", gradient.locations.map { .array($0.map(JSONValue.number)) } ?? .null),
                ("startPoint", .array([.number(gradient.startPoint.x), .number(gradient.startPoint.y)])),
                ("endPoint", .array([.number(gradient.endPoint.x), .number(gradient.endPoint.y)])),
            ] + (gradient.kind == .axial ? [] : [("type", .string(gradient.kind.rawValue))]))))
        }
        if let mask = frame.masks[index] { members.append(("mask", .object([("views", views(mask, images: images))]))) }
        if e.hasBackdrop {
            members.append(("backdrop", .object([
                ("blurRadius", .number(e.backdropBlurRadius)),
                ("saturation", .number(e.backdropSaturation)),
                ("tintColor", .string(e.backdropTintColor.hex)),
            ])))
        }
        return members
    }

    /// A CATransition in progress: {"type", "subtype", "progress", "outgoing"}, or null.
    private static func transitionJSON(_ transition: TransitionFrame?) -> JSONValue {
        guard let transition else { return .null }
        let subtype: JSONValue = transition.subtype.map { .string($0.rawValue) } ?? .null
        return .object([("type", .string(transition.type.rawValue)), ("subtype", subtype),
                        ("progress", .number(transition.progress)), ("outgoing", .bool(transition.isOutgoing))])
    }

    private static func rect(_ r: Rect) -> JSONValue {
        .array([.number(r.origin.x), .number(r.origin.y), .number(r.size.width), .number(r.size.height)])
    }

    // MARK: Reading

    /// A timeline that cannot be used: where (a JSON path) and why.
    public typealias FormatError = JSONFormatError

    /// Reads a timeline file back, a frame at a time (`TimelineReader`): memory holds the
    /// file and a few megabytes of frames, whatever the transition's length.
    ///
    /// - Throws: `FormatError` whose path starts with the file's path, for a file that
    ///   cannot be read, is not JSON, or does not follow the schema.
    public static func load(path: String) throws(FormatError) -> Recording {
        try TimelineReader.read(path: path)
    }

    /// A whole timeline read back: one transition's, or several under "transitions".
    ///
    /// - Throws: `FormatError` naming the first member that is missing or malformed.
    public static func recording(from json: JSONValue) throws(FormatError) -> Recording {
        try recording(from: json, frames: nil)
    }

    /// `recording(from:)`, with the frames of a transition read elsewhere where `frames`
    /// gives them: called with the transition's position (0 for a one-transition timeline,
    /// or its index in "transitions") and its object, where its frames are read, returning
    /// nil for those read here from its "frames". Its errors' paths are the object's own.
    static func recording(from json: JSONValue, frames read: ((Int, JSONValue) throws(FormatError) -> SceneFrames?)?)
        throws(FormatError) -> Recording {
        if let schema = json["schema"]?.stringValue, schema != Timeline.schema {
            throw FormatError(path: "schema", reason: "'\(schema)' is not \(Timeline.schema)")
        }
        let objects: [(String, JSONValue)]
        if let transitions = json["transitions"] {
            guard let array = transitions.arrayValue, !array.isEmpty else {
                throw FormatError(path: "transitions", reason: "expected a non-empty array of timelines")
            }
            guard array.count <= Scenario.maximumSteps else {
                throw FormatError(path: "transitions", reason: "\(array.count) transitions, over the \(Scenario.maximumSteps) "
                                  + "a run may have")
            }
            objects = array.enumerated().map { ("transitions[\($0.offset)].", $0.element) }
        } else {
            objects = [("", json)]
        }
        var segments: [Recording.Segment] = []
        var size = Size(width: 0, height: 0), fps = 60.0
        for (number, (prefix, object)) in objects.enumerated() {
            let reader = MemberReader(value: object, path: String(prefix.dropLast()))
            let sides = try reader.numbers("size", count: 2)
            guard sides.allSatisfy({ $0 >= 1 && $0 <= 16384 }) else {
                throw FormatError(path: prefix + "size", reason: "expected [width, height] in points, each 1...16384")
            }
            size = Size(width: sides[0], height: sides[1])
            fps = try reader.number("fps", default: 60)
            guard fps >= 1, fps <= 1000 else { throw FormatError(path: prefix + "fps", reason: "expected 1...1000 frames per second") }
            let name = object["operation"]?.stringValue ?? ""
            guard let operation = TransitionOperation(rawValue: name) else {
                throw FormatError(path: prefix + "operation", reason: "'\(name)' is not present, dismiss, push, pop or tab")
            }
            let frames: SceneFrames
            do {
                if let given = try read?(number, object) {
                    frames = given
                } else {
                    frames = SceneFrames(try Timeline.frames(from: object, images: try images(from: object)))
                }
            } catch {
                throw FormatError(path: prefix + error.path, reason: error.reason)
            }
            let animator = object["animator"]?.stringValue ?? "?"
            let outcome = TransitionOutcome(
                operation: operation, animator: animator, duration: try reader.number("duration", default: 0),
                elapsed: try reader.number("elapsed", default: frames.isEmpty ? 0 : frames.time(at: frames.count - 1)),
                completed: try reader.bool("completed", default: true),
                problems: object["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            segments.append(Recording.Segment(operation: operation, animator: animator,
                                              from: object["from"]?.stringValue ?? "from",
                                              to: object["to"]?.stringValue ?? "to", outcome: outcome, frames: frames,
                                              log: object["log"]?.arrayValue?.compactMap { entry -> PluginLogEntry? in
                                                  guard let name = entry["level"]?.stringValue,
                                                        let level = PluginLogEntry.Level(name: name),
                                                        let message = entry["message"]?.stringValue else { return nil }
                                                  return PluginLogEntry(level: level, message: message)
                                              } ?? []))
        }
        return Recording(size: size, fps: fps, segments: segments)
    }

    /// The bitmaps of a one-transition timeline's "images" (none when absent).
    ///
    /// - Throws: `FormatError` for an entry that is not a base64 PNG.
    public static func images(from json: JSONValue) throws(FormatError) -> [Image] {
        guard let entries = json["images"]?.arrayValue else { return [] }
        var images: [Image] = []
        for (index, entry) in entries.enumerated() {
            guard let text = entry.stringValue, let bytes = Base64.decode(text) else {
                throw FormatError(path: "images[\(index)]", reason: "expected a base64 PNG")
            }
            do { images.append(try PNGDecoder.decode(bytes)) } catch {
                throw FormatError(path: "images[\(index)]", reason: error.description)
            }
        }
        return images
    }

    /// The most views one frame may have (a screen of UIKit holds hundreds).
    public static let maximumViews = 10_000
    /// The most frames one transition may have (over 27 minutes at 60 frames a second).
    public static let maximumFrames = 100_000
    /// The most views over all of one transition's frames: what drawing it costs.
    public static let maximumViewsPerTransition = 2_000_000

    /// The frames of a one-transition timeline, ready to render again.
    ///
    /// - Parameter images: its "images", read with `images(from:)` (default: read here).
    /// - Throws: `FormatError` naming the first member that is missing or malformed.
    public static func frames(from json: JSONValue, images given: [Image]? = nil) throws(FormatError) -> [SceneFrame] {
        let images: [Image]
        if let given { images = given } else { images = try Self.images(from: json) }
        guard let frames = json["frames"]?.arrayValue else {
            throw FormatError(path: "frames", reason: json["transitions"] != nil
                              ? "this timeline holds several transitions; read each of \"transitions\"" : "missing (an array of frames)")
        }
        guard frames.count <= maximumFrames else {
            throw tooManyFrames(frames.count)
        }
        var reader = FrameReader(images: images)
        var result: [SceneFrame] = []
        for frame in frames { result.append(try reader.frame(frame)) }
        return result
    }

    /// The mistake of a transition of `count` frames, over `maximumFrames`.
    static func tooManyFrames(_ count: Int) -> FormatError {
        FormatError(path: "frames", reason: "\(count) frames, over the \(maximumFrames) a transition may have")
    }

    /// Reads a transition's frames one at a time, in order, by `frames(from:images:)`'s
    /// rules: each frame's time and views, and the views of all so far within the bounds.
    struct FrameReader {
        /// The transition's "images".
        let images: [Image]
        /// Frames read so far.
        private(set) var count = 0
        private var viewsRead = 0

        init(images: [Image]) { self.images = images }

        /// The next frame, from its JSON ("frames[count]").
        mutating func frame(_ frame: JSONValue) throws(FormatError) -> SceneFrame {
            let path = "frames[\(count)]"
            count += 1
            guard let t = frame["t"]?.numberValue else { throw FormatError(path: "\(path).t", reason: "missing (seconds)") }
            guard t.isFinite, abs(t) <= 86_400 else {
                throw FormatError(path: "\(path).t", reason: "expected seconds within a day (got \(JSONValue.format(t)))")
            }
            guard let views = frame["views"]?.arrayValue else { throw FormatError(path: "\(path).views", reason: "missing (an array)") }
            // Bounded before anything is drawn: a screen of views, a transition of frames.
            guard views.count <= maximumViews else {
                throw FormatError(path: "\(path).views", reason: "\(views.count) views, over the \(maximumViews) a frame may have")
            }
            viewsRead += views.count
            guard viewsRead <= maximumViewsPerTransition else {
                throw FormatError(path: "\(path).views", reason: "over \(maximumViewsPerTransition) views in all the "
                                  + "transition's frames so far, the most one transition may have")
            }
            return try Timeline.frame(views, time: t, path: path, images: images, depth: 0)
        }
    }

    /// One frame's views (a mask's at `depth` > 0) read into a scene frame.
    private static func frame(_ views: [JSONValue], time t: Double, path: String, images: [Image],
                              depth: Int) throws(FormatError) -> SceneFrame {
        guard depth <= 16 else { throw FormatError(path: path, reason: "masks nested over 16 deep") }
        guard !views.isEmpty else { throw FormatError(path: "\(path).views", reason: "expected at least one view") }
        var nodes: [PresentationNode] = [], names: [String?] = [], texts: [LayerText?] = []
        var contents: [LayerContents?] = [], shapes: [LayerShape?] = [], masks: [SceneFrame?] = []
        var extras: [LayerExtras?] = [], gradients: [LayerGradient?] = [], transitions: [TransitionFrame?] = []
        var indexOfID: [Int: Int] = [:]
        // Levels below the root, per view: no deeper than the engine builds trees (drawing
        // recurses through them).
        var levels: [Int] = []
        for (v, view) in views.enumerated() {
            let at = "\(path).views[\(v)]"
            let reader = MemberReader(value: view, path: at)
            let idNumber = try reader.number("id")
            guard let id = Int(exactly: idNumber), id >= 0 else {
                throw FormatError(path: "\(at).id", reason: "expected a whole number from 0")
            }
            var parent: Int?
            if let parentID = view["parent"]?.numberValue {
                guard let parentKey = Int(exactly: parentID), let index = indexOfID[parentKey] else {
                    throw FormatError(path: "\(at).parent", reason: "no earlier view has id \(JSONValue.format(parentID))")
                }
                parent = index
            } else if v > 0 {
                throw FormatError(path: "\(at).parent", reason: "only the first view may lack a parent")
            }
            levels.append(parent.map { levels[$0] + 1 } ?? 0)
            guard levels[v] < AnimationEngine.maximumTreeDepth else {
                throw FormatError(path: "\(at).parent", reason: "views nested over \(AnimationEngine.maximumTreeDepth) levels deep, "
                                  + "deeper than the host builds trees")
            }
            var p = LayerProperties()
            let bounds = try reader.numbers("bounds", count: 4)
            p.bounds = Rect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3])
            let center = try reader.numbers("center", count: 2)
            p.position = Point(x: center[0], y: center[1])
            // Members at their defaults may be left out (snapshot golden files do).
            if view["anchorPoint"] != nil {
                let anchor = try reader.numbers("anchorPoint", count: 2)
                p.anchorPoint = Point(x: anchor[0], y: anchor[1])
            }
            if view["transform"] != nil { p.transform = Transform3D(try reader.numbers("transform", count: 16)) }
            p.opacity = try reader.number("alpha", default: 1)
            p.isHidden = try reader.bool("hidden", default: false)
            p.backgroundColor = try reader.optionalColor("backgroundColor")
            p.cornerRadius = try reader.number("cornerRadius", default: 0)
            let masked = try reader.number("maskedCorners", default: 15)
            guard masked >= 0, masked <= 15, masked == masked.rounded() else {
                throw FormatError(path: "\(at).maskedCorners", reason: "expected CACornerMask's bits, 0 to 15")
            }
            p.maskedCorners = UInt8(masked)
            if let curve = view["cornerCurve"], curve != .null {
                guard let name = curve.stringValue, ["circular", "continuous"].contains(name) else {
                    throw FormatError(path: "\(at).cornerCurve", reason: "expected \"circular\" or \"continuous\"")
                }
                p.continuousCorners = name == "continuous"
            }
            p.masksToBounds = try reader.bool("masksToBounds", default: false)
            p.zPosition = try reader.number("zPosition", default: 0)
            var transition: TransitionFrame?
            if let object = view["transition"], object != .null {
                let transitionReader = MemberReader(value: object, path: "\(at).transition")
                let typeName = object["type"]?.stringValue ?? ""
                guard let type = TransitionType(rawValue: typeName) else {
                    throw FormatError(path: "\(at).transition.type", reason: "\"\(typeName)\" is not fade, push, moveIn or reveal")
                }
                var subtype: TransitionSubtype?
                if let name = object["subtype"]?.stringValue {
                    guard let value = TransitionSubtype(rawValue: name) else {
                        throw FormatError(path: "\(at).transition.subtype",
                                          reason: "\"\(name)\" is not fromRight, fromLeft, fromTop or fromBottom")
                    }
                    subtype = value
                }
                transition = TransitionFrame(type: type, subtype: subtype, progress: try transitionReader.number("progress"),
                                             isOutgoing: try transitionReader.bool("outgoing", default: false))
            }
            var text: LayerText?
            if let object = view["text"], object != .null {
                let textReader = MemberReader(value: object, path: "\(at).text")
                guard let string = object["string"]?.stringValue else {
                    throw FormatError(path: "\(at).text.string", reason: "missing (a string)")
                }
                let alignmentName = object["alignment"]?.stringValue ?? "center"
                guard let alignment = LayerText.Alignment(rawValue: alignmentName) else {
                    throw FormatError(path: "\(at).text.alignment", reason: "\"\(alignmentName)\" is not left, center or right")
                }
                let weightName = object["weight"]?.stringValue ?? "regular"
                guard let weight = LayerText.Weight(rawValue: weightName) else {
                    throw FormatError(path: "\(at).text.weight", reason: "\"\(weightName)\" is not regular, semibold or bold")
                }
                let lines = try textReader.number("lines", default: 1)
                guard lines >= 0, lines <= 10_000, lines == lines.rounded() else {
                    throw FormatError(path: "\(at).text.lines", reason: "expected a whole number of lines from 0 (as many as fit) to 10000")
                }
                text = LayerText(string, color: try textReader.optionalColor("color") ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 1),
                                 size: try textReader.number("size", default: 17), weight: weight, alignment: alignment,
                                 lines: Int(lines))
            }
            var layerContents: LayerContents?
            if let object = view["contents"], object != .null {
                let contentsReader = MemberReader(value: object, path: "\(at).contents")
                let index = try contentsReader.number("image")
                guard index >= 0, index < Double(images.count), index == index.rounded() else {
                    throw FormatError(path: "\(at).contents.image", reason: "no image \(JSONValue.format(index)) in \"images\" (\(images.count) given)")
                }
                let gravityName = object["gravity"]?.stringValue ?? "resize"
                guard let gravity = LayerContents.Gravity(rawValue: gravityName) else {
                    throw FormatError(path: "\(at).contents.gravity", reason: "\"\(gravityName)\" is not a contentsGravity")
                }
                let unit = object["rect"] == nil ? [0, 0, 1, 1] : try contentsReader.numbers("rect", count: 4)
                let center = object["center"] == nil ? [0, 0, 1, 1] : try contentsReader.numbers("center", count: 4)
                layerContents = LayerContents(image: images[Int(index)], scale: try contentsReader.number("scale", default: 1),
                                              gravity: gravity, rect: Rect(x: unit[0], y: unit[1], width: unit[2], height: unit[3]),
                                              center: Rect(x: center[0], y: center[1], width: center[2], height: center[3]))
            }
            let (shape, mask, extra) = try Self.extras(view, at: at, images: images, depth: depth)
            shapes.append(shape)
            masks.append(mask)
            extras.append(extra)
            gradients.append(try Self.gradient(view, at: at))
            transitions.append(transition)
            indexOfID[id] = nodes.count
            nodes.append(PresentationNode(layer: LayerID(rawValue: id), parent: parent, properties: p,
                                          isView: view["isView"]?.boolValue ?? true))
            names.append(view["name"]?.stringValue)
            texts.append(text)
            contents.append(layerContents)
        }
        return SceneFrame(time: t, nodes: nodes, names: names, texts: texts, contents: contents, shapes: shapes, masks: masks,
                          extras: extras, gradients: gradients, transitions: transitions)
    }

    /// Reads a view's "gradient" member, if it has one.
    private static func gradient(_ view: JSONValue, at: String) throws(FormatError) -> LayerGradient? {
        guard let object = view["gradient"], object != .null else { return nil }
        let reader = MemberReader(value: object, path: "\(at).gradient")
        guard let colorList = object["colors"]?.arrayValue else {
            throw FormatError(path: "\(at).gradient.colors", reason: "missing (an array of colors)")
        }
        var colors: [RGBAColor] = []
        for (index, item) in colorList.enumerated() {
            guard let text = item.stringValue, let color = RGBAColor(hex: text) else {
                throw FormatError(path: "\(at).gradient.colors[\(index)]", reason: "expected a color like \"#rrggbb\" or \"#rrggbbaa\"")
            }
            colors.append(color)
        }
        var gradient = LayerGradient(colors: colors)
        if let locations = object["locations"], locations != .null {
            gradient.locations = try reader.numbers("locations", count: colors.count)
        }
        if object["startPoint"] != nil {
            let p = try reader.numbers("startPoint", count: 2)
            gradient.startPoint = Point(x: p[0], y: p[1])
        }
        if object["endPoint"] != nil {
            let p = try reader.numbers("endPoint", count: 2)
            gradient.endPoint = Point(x: p[0], y: p[1])
        }
        if let type = object["type"], type != .null {
            guard let name = type.stringValue, let kind = LayerGradient.Kind(rawValue: name) else {
                throw FormatError(path: "\(at).gradient.type", reason: "expected one of axial, radial, conic")
            }
            gradient.kind = kind
        }
        return gradient
    }

    /// Reads the members `extras` writes, and the border and shadow every view has.
    private static func extras(_ view: JSONValue, at: String, images: [Image],
                               depth: Int) throws(FormatError) -> (LayerShape?, SceneFrame?, LayerExtras?) {
        let reader = MemberReader(value: view, path: at)
        var p = LayerExtras()
        p.borderWidth = try reader.number("borderWidth", default: 0)
        p.borderColor = try reader.optionalColor("borderColor") ?? p.borderColor
        p.shadowOpacity = try reader.number("shadowOpacity", default: 0)
        p.shadowRadius = try reader.number("shadowRadius", default: p.shadowRadius)
        if view["shadowOffset"] != nil {
            let offset = try reader.numbers("shadowOffset", count: 2)
            p.shadowOffset = Size(width: offset[0], height: offset[1])
        }
        p.shadowColor = try reader.optionalColor("shadowColor") ?? p.shadowColor
        if view["sublayerTransform"] != nil { p.sublayerTransform = Transform3D(try reader.numbers("sublayerTransform", count: 16)) }
        p.isDoubleSided = try reader.bool("doubleSided", default: true)
        if let object = view["backdrop"], object != .null {
            let backdrop = MemberReader(value: object, path: "\(at).backdrop")
            p.backdropBlurRadius = max(try backdrop.number("blurRadius", default: 0), 0)
            p.backdropSaturation = max(try backdrop.number("saturation", default: 1), 0)
            p.backdropTintColor = try backdrop.optionalColor("tintColor") ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        }
        var shape: LayerShape?
        if let object = view["shape"], object != .null {
            let shapeReader = MemberReader(value: object, path: "\(at).shape")
            var value = LayerShape()
            if let text = object["path"]?.stringValue {
                do {
                    value.path = try PathText.parse(text)
                } catch {
                    throw FormatError(path: "\(at).shape.path", reason: error.reason)
                }
            }
            p.fillColor = try shapeReader.optionalColor("fillColor")
            p.strokeColor = try shapeReader.optionalColor("strokeColor")
            p.lineWidth = try shapeReader.number("lineWidth", default: 1)
            p.strokeStart = try shapeReader.number("strokeStart", default: 0)
            p.strokeEnd = try shapeReader.number("strokeEnd", default: 1)
            func choice<T: RawRepresentable & CaseIterable>(_ key: String, _ fallback: T) throws(FormatError) -> T
                where T.RawValue == String {
                guard let name = object[key]?.stringValue else { return fallback }
                guard let value = T(rawValue: name) else {
                    let names = T.allCases.map(\.rawValue).joined(separator: ", ")
                    throw FormatError(path: "\(at).shape.\(key)", reason: "\"\(name)\" is not one of \(names)")
                }
                return value
            }
            value.fillRule = try choice("fillRule", FillRule.nonZero)
            value.lineCap = try choice("lineCap", LineCap.butt)
            value.lineJoin = try choice("lineJoin", LineJoin.miter)
            value.miterLimit = try shapeReader.number("miterLimit", default: 10)
            if let dashes = object["lineDashPattern"], dashes != .null {
                guard let lengths = dashes.arrayValue, lengths.count <= LayerShape.maximumDashes else {
                    throw FormatError(path: "\(at).shape.lineDashPattern",
                                      reason: "expected an array of at most \(LayerShape.maximumDashes) lengths")
                }
                value.dashPattern = try lengths.indices.map { i throws(FormatError) in
                    guard let length = lengths[i].numberValue, length.isFinite, length >= 0 else {
                        throw FormatError(path: "\(at).shape.lineDashPattern[\(i)]", reason: "expected a length, 0 or more")
                    }
                    return length
                }
                value.dashPhase = try shapeReader.number("lineDashPhase", default: 0)
            }
            shape = value
        }
        var mask: SceneFrame?
        if let object = view["mask"], object != .null {
            guard let views = object["views"]?.arrayValue else {
                throw FormatError(path: "\(at).mask.views", reason: "missing (an array)")
            }
            mask = try frame(views, time: 0, path: "\(at).mask", images: images, depth: depth + 1)
        }
        return (shape, mask, p == LayerExtras() ? nil : p)
    }

    /// Reads typed members of one JSON object, naming the path in its errors.
    private struct MemberReader {
        let value: JSONValue
        let path: String

        /// The path of a member.
        func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        func number(_ key: String, default fallback: Double? = nil) throws(FormatError) -> Double {
            guard let member = value[key] else {
                if let fallback { return fallback }
                throw FormatError(path: at(key), reason: "missing (a number)")
            }
            guard let number = member.numberValue, number.isFinite else {
                throw FormatError(path: at(key), reason: "expected a number")
            }
            return number
        }

        func numbers(_ key: String, count: Int) throws(FormatError) -> [Double] {
            guard let array = value[key]?.arrayValue, array.count == count else {
                throw FormatError(path: at(key), reason: "expected an array of \(count) numbers")
            }
            var numbers: [Double] = []
            for (index, element) in array.enumerated() {
                guard let number = element.numberValue, number.isFinite else {
                    throw FormatError(path: "\(at(key))[\(index)]", reason: "expected a number")
                }
                numbers.append(number)
            }
            return numbers
        }

        func bool(_ key: String, default fallback: Bool? = nil) throws(FormatError) -> Bool {
            guard let member = value[key] else {
                if let fallback { return fallback }
                throw FormatError(path: at(key), reason: "missing (true or false)")
            }
            guard let bool = member.boolValue else { throw FormatError(path: at(key), reason: "expected true or false") }
            return bool
        }

        func optionalColor(_ key: String) throws(FormatError) -> RGBAColor? {
            guard let member = value[key], member != .null else { return nil }
            guard let hex = member.stringValue, let color = RGBAColor(hex: hex) else {
                throw FormatError(path: at(key), reason: "expected a color \"#rrggbb\" or \"#rrggbbaa\"")
            }
            return color
        }
    }
}
