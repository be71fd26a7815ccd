import AnimatorEngine
import AnimatorRendering
import AnimatorSupport
import Glibc

/// Reads a timeline file without holding it, or its JSON document, whole: a minute of 100
/// views is a 370 MB file whose document took over 2 GB. Each byte is read twice (from the
/// disk's cache), a block at a time:
///
/// 1. `FramesScan` finds where each transition's "frames" array lies (the root's, or each of
///    "transitions"'), tracking only strings and brackets;
/// 2. the rest, the file with those arrays emptied (members, images: small), is parsed as a
///    document and read by `Timeline.recording(from:frames:)`;
/// 3. which, for each transition, reads its frames from the file a frame at a time
///    (`FrameRegion`) into a `FrameStore`, as a run records them (kept up to 4 MiB, then as
///    bytes in a private temporary file).
///
/// The result, the errors and their paths are `Timeline.recording(from:)`'s. A file with a
/// syntax error anywhere, or that changes while it is read, is read again whole by the
/// document reader, which says where the error is as it always has. A file with several
/// mistakes may be told another of them first: a bad color in frame 3 before a syntax error
/// in frame 9, which the document reader, parsing everything first, would tell.
enum TimelineReader {
    /// The recording in the timeline file at `path`, its frames read `windowSize` bytes of
    /// the file at a time.
    ///
    /// - Throws: `JSONFormatError` naming the file first: why it cannot be read, "not
    ///   JSON: ..." with the line and column, or the JSON path of what breaks the schema.
    static func read(path: String, windowSize: Int = FrameRegion.defaultWindowSize) throws(JSONFormatError) -> Recording {
        let file: (descriptor: Int32, size: Int)
        do {
            file = try FileSystem.openRegularFile(path, limit: FileLimits.timeline)
        } catch {
            throw JSONFormatError(path: path, reason: error.reason)
        }
        defer { close(file.descriptor) }
        guard let regions = FramesScan.regions(of: file.descriptor, size: file.size), !regions.isEmpty,
              let skeleton = skeleton(of: file.descriptor, size: file.size, without: regions),
              let document = try? JSONValue.parse(bytes: skeleton) else {
            return try whole(path)
        }
        let transitions = document["transitions"] != nil
        var used: Set<Int> = []
        var broken = false
        let recording: Recording
        do throws(JSONFormatError) {
            recording = try Timeline.recording(from: document) { number, object throws(JSONFormatError) -> SceneFrames? in
                guard let index = regions.firstIndex(where: { $0.transition == (transitions ? number : nil) }) else { return nil }
                used.insert(index)
                let images = try Timeline.images(from: object)
                var reader = Timeline.FrameReader(images: images)
                let store = FrameStore()
                var region = FrameRegion(descriptor: file.descriptor, start: regions[index].start, end: regions[index].end,
                                         windowSize: windowSize)
                var count = 0
                do throws(FrameRegion.Failure) {
                    try region.forEach { element throws(JSONFormatError) in
                        count += 1
                        guard count <= Timeline.maximumFrames else { return }
                        store.append(try reader.frame(element))
                    }
                } catch {
                    switch error {
                    case .syntax:
                        broken = true
                        throw JSONFormatError(path: "frames", reason: "not JSON")
                    case .format(let mistake):
                        throw mistake
                    }
                }
                guard count <= Timeline.maximumFrames else {
                    throw Timeline.tooManyFrames(count)
                }
                return SceneFrames(store: store)
            }
        } catch {
            if broken { return try whole(path) }
            throw JSONFormatError(path: "\(path): \(error.path)", reason: error.reason)
        }
        // Frames the recording did not read (the root's, beside "transitions") are JSON all
        // the same: checked, as reading the whole document would.
        for index in regions.indices where !used.contains(index) {
            var region = FrameRegion(descriptor: file.descriptor, start: regions[index].start, end: regions[index].end,
                                         windowSize: windowSize)
            do throws(FrameRegion.Failure) {
                try region.forEach { (_: JSONValue) throws(JSONFormatError) in }
            } catch {
                return try whole(path)
            }
        }
        return recording
    }

    /// The timeline read as one document: for a file with nothing to read a frame at a time,
    /// and for the exact place of a syntax error.
    private static func whole(_ path: String) throws(JSONFormatError) -> Recording {
        try JSONFormatError.reading(path, limit: FileLimits.timeline) { json throws(JSONFormatError) in
            try Timeline.recording(from: json)
        }
    }

    /// The file's bytes with the inside of each region left out (its brackets kept: an
    /// empty array), or nil when the file cannot be read as it was scanned.
    private static func skeleton(of descriptor: Int32, size: Int, without regions: [FramesScan.Region]) -> [UInt8]? {
        var bytes: [UInt8] = []
        var offset = 0
        // Kept: from the start to each region's '[' included, then from its ']' on.
        var kept: [(Int, Int)] = []
        for region in regions {
            kept.append((offset, region.start + 1))
            offset = region.end
        }
        kept.append((offset, size))
        for (from, to) in kept where to > from {
            guard let part = FileSystem.read(descriptor, at: from, count: to - from) else { return nil }
            bytes += part
        }
        return bytes
    }
}
