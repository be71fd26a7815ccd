import AnimatorEngine
import AnimatorRendering
import AnimatorSupport

/// Reads a timeline file without building its whole document: the members of each
/// transition are read as values, but its frames, once its images are known (the writer
/// puts "images" before "frames"), are read one at a time and kept in a `FrameStore`, so
/// that a long transition's frames never exist as JSON all at once (a minute of 100 views
/// is a 370 MB file, and its document took over 2 GB). The result, the errors and their
/// paths are `Timeline.recording(from:)`'s, except that a file with several mistakes is
/// told the first in the file's order (a bad color in frame 3 before a syntax error in
/// frame 9; the whole document's reading found the syntax error first). A file whose frames
/// come before its images, or whose top level is not an object, is read whole.
enum TimelineReader {
    /// The recording in the timeline file at `path`.
    ///
    /// - Throws: `JSONFormatError` naming the file first: why it cannot be read, "not
    ///   JSON: ..." with the line and column, or the JSON path of what breaks the schema.
    static func read(path: String) throws(JSONFormatError) -> Recording {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: FileLimits.timeline)
        } catch {
            throw JSONFormatError(path: path, reason: error.reason)
        }
        do {
            return try bytes.withUnsafeBufferPointer { buffer in
                var parser = JSONParser(bytes: buffer)
                guard parser.peek() == UInt8(ascii: "{") else {
                    return try Timeline.recording(from: try parser.parseDocument())
                }
                var root = TransitionObject(prefix: "")
                // The frames read of each of "transitions", by position (nil: not read here).
                var transitions: [SceneFrames?] = []
                var sawTransitions = false
                try parser.walkObject { key, parser in
                    guard key == "transitions", !sawTransitions, parser.peek() == UInt8(ascii: "[") else {
                        // The root's own frames are read only while it is one transition.
                        try root.read(key, &parser, streaming: !sawTransitions)
                        return
                    }
                    sawTransitions = true
                    var elements: [JSONValue] = []
                    try parser.walkArray { index, parser in
                        guard index < Scenario.maximumSteps, parser.peek() == UInt8(ascii: "{") else {
                            elements.append(try parser.parseValue())
                            transitions.append(nil)
                            return
                        }
                        var transition = TransitionObject(prefix: "transitions[\(index)].")
                        try parser.walkObject { key, parser in try transition.read(key, &parser, streaming: true) }
                        elements.append(.object(transition.members))
                        transitions.append(transition.frames)
                    }
                    root.members.append((key, .array(elements)))
                }
                try parser.finishDocument()
                let streamed = sawTransitions ? transitions : [root.frames]
                return try Timeline.recording(from: .object(root.members), streamed: streamed)
            }
        } catch let error as JSONSyntaxError {
            throw JSONFormatError(path: path, reason: "not JSON: \(error)")
        } catch let error as JSONFormatError {
            throw JSONFormatError(path: "\(path): \(error.path)", reason: error.reason)
        } catch {
            throw JSONFormatError(path: path, reason: "\(error)")
        }
    }

    /// One transition's object as it is read: its members as values, except its frames,
    /// read into a store once its images are known.
    private struct TransitionObject {
        /// Where the object is ("" or "transitions[2]."), for the paths of errors.
        let prefix: String
        var members: [(String, JSONValue)] = []
        /// Its "images", decoded, once read (the first such member, as `json["images"]` finds).
        var images: [Image]?
        /// Its frames, when they were read here.
        var frames: SceneFrames?
        private var sawFrames = false

        init(prefix: String) { self.prefix = prefix }

        mutating func read(_ key: String, _ parser: inout JSONParser, streaming: Bool) throws {
            if key == "frames", !sawFrames, streaming, let images, parser.peek() == UInt8(ascii: "[") {
                sawFrames = true
                frames = try readFrames(&parser, images: images)
                // The member stays, so that the object reads as the writer wrote it.
                members.append((key, .array([])))
                return
            }
            let value = try parser.parseValue()
            if key == "frames" { sawFrames = true }
            if key == "images", images == nil {
                do throws(JSONFormatError) {
                    images = try Timeline.images(from: .object([(key, value)]))
                } catch {
                    throw JSONFormatError(path: prefix + error.path, reason: error.reason)
                }
            }
            members.append((key, value))
        }

        /// The frames array at the parser, each frame read as it is parsed. Over
        /// `Timeline.maximumFrames`, the rest are counted (not read) for the error.
        private func readFrames(_ parser: inout JSONParser, images: [Image]) throws -> SceneFrames {
            let store = FrameStore()
            var reader = Timeline.FrameReader(images: images)
            var count = 0
            try parser.walkArray { index, parser in
                let element = try parser.parseValue()
                count = index + 1
                guard index < Timeline.maximumFrames else { return }
                do throws(JSONFormatError) {
                    store.append(try reader.frame(element))
                } catch {
                    throw JSONFormatError(path: prefix + error.path, reason: error.reason)
                }
            }
            guard count <= Timeline.maximumFrames else {
                throw JSONFormatError(path: prefix + "frames",
                                      reason: "\(count) frames, over the \(Timeline.maximumFrames) a transition may have")
            }
            return SceneFrames(store: store)
        }
    }
}
