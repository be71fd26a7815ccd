import AnimatorEngine
import AnimatorRendering
import AnimatorSupport

/// A file `run --out` writes, chosen by its extension: an animated GIF, a PNG (one frame
/// or a contact sheet), an animated PNG (APNG: every frame in full color, where a GIF has
/// 256 colors; `.apng`, or `.png` with `--animated`), a self-contained HTML page, or a video
/// for review (`.mp4`, `.webm`, through ffmpeg: `VideoEncoder`). Files are written to a
/// temporary file beside the target and renamed over it, so a failed run leaves the old
/// file whole.
public enum RenderOutput: String, Sendable, CaseIterable {
    case gif, png, apng, html, mp4, webm

    /// Whether it is a video, made by ffmpeg.
    public var isVideo: Bool { self == .mp4 || self == .webm }

    /// Why this kind cannot be written on this machine (ffmpeg missing for a video), or nil.
    public var unavailable: String? { isVideo && VideoEncoder.ffmpeg() == nil ? VideoEncoder.missing : nil }

    /// The kind for a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        self.init(rawValue: name[name.index(after: dot)...].lowercased())
    }

    /// What to draw.
    public struct Options: Sendable {
        /// Device pixels per point (1, 2 or 3).
        public var scale = 1.0
        /// For PNG: the time (seconds from the first frame) of the one frame to draw.
        public var at: Double?
        /// For PNG: a contact sheet of this many frames instead.
        public var sheet: Int?

        /// Creates options.
        public init(scale: Double = 1, at: Double? = nil, sheet: Int? = nil) {
            self.scale = scale
            self.at = at
            self.sheet = sheet
        }
    }

    /// A render that could not be made or written.
    public struct Failure: Error, CustomStringConvertible {
        /// The file that was to be written.
        public var path: String
        /// Why it was not.
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Renders `recording` and writes it to `path`.
    ///
    /// - Parameter progress: called with the fraction of frames rendered (0...1), from
    ///   the calling thread, between batches.
    /// - Returns: a one-line description of what was written.
    /// - Throws: `Failure` when there is nothing to draw or the file cannot be written.
    @discardableResult
    public func write(_ recording: Recording, to path: String, options: Options = Options(),
                      progress: ((Double) -> Void)? = nil) throws(Failure) -> String {
        let playback = recording.playback()
        guard !playback.frames.isEmpty else {
            throw Failure(path: path, reason: "nothing to draw: no transition ran with animation")
        }
        if isVideo {
            return try VideoEncoder.write(playback, size: recording.size, fps: recording.fps, to: path, kind: self,
                                          scale: options.scale, progress: progress)
        }
        // Written as it is made: memory holds a batch of frames and a block of the file.
        let stream: OutputFile.Stream
        do {
            stream = try OutputFile.Stream(path)
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        let summary: String
        switch self {
        case .gif:
            // Only the frames GIF's timing keeps are drawn.
            let kept = GIFEncoder.keptFrameIndices(times: playback.times, end: playback.end)
            // Drawn once when what the frames change fits in `GIFEncoder.holdLimit` (the
            // rectangles are kept between the palette's pass and the encoding's), else
            // twice from the frame where it shows it will not fit, a batch at a time.
            let renderer = BatchRenderer(size: recording.size, scale: options.scale)
            GIFEncoder.encode(times: playback.times, end: playback.end, width: renderer.width, height: renderer.height,
                              progress: progress, draw: { wanted, body in
                renderer.forEach(wanted.map { playback.frames[$0] }, body)
            }, emit: { stream.write($0) })
            // What the file holds: GIF's timing merges frames under 2/100 s apart.
            summary = "\(kept.count) frames, \(renderer.width)x\(renderer.height)"
                + (kept.count == playback.frames.count ? ""
                   : " (of \(playback.frames.count) recorded: a GIF frame lasts 2/100 s at least)")
        case .png:
            let picture = Self.picture(playback, size: recording.size, options: options, progress: progress)
            stream.write(PNGEncoder.encode(picture.image))
            summary = picture.summary
        case .apng:
            // Each frame shows until the next; the last is held a second, as in the GIF.
            let delays = playback.times.indices.map { index in
                index + 1 < playback.times.count ? playback.times[index + 1] - playback.times[index]
                    : max(playback.end - playback.times[index], 0) + 1
            }
            let renderer = SceneRenderer(size: recording.size, scale: options.scale)
            var writer = PNGEncoder.AnimatedWriter(width: renderer.width, height: renderer.height,
                                                   frameCount: playback.frames.count)
            stream.write(writer.header())
            Self.encodeInBatches(playback.frames, size: recording.size, scale: options.scale, progress: progress,
                                 .each { PNGEncoder.compressedRows($0, width: $1, height: $2) }) { index, data in
                stream.write(writer.frame(data, delay: delays[index]))
            }
            stream.write(writer.trailer())
            summary = "animated PNG of \(playback.frames.count) frames, \(renderer.width)x\(renderer.height)"
        case .html:
            // The player page is for review: its frames are compressed quickly.
            HTMLPlayer.write(recording, to: { stream.write($0) }) { emitFrame in
                Self.encodeInBatches(playback.frames, size: recording.size, scale: options.scale, progress: progress,
                                     .pagePictures) { _, png in
                    emitFrame("data:image/png;base64," + Base64.encode(png))
                }
            }
            summary = "page with \(playback.frames.count) frames"
        case .mp4, .webm:
            preconditionFailure("videos are written by VideoEncoder")
        }
        do {
            try stream.finish()
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
        return summary
    }

    /// The player page (as `.html` writes it) for a recording whose frames, in playback
    /// order, are served at `frameSources` instead of held in the page: a page made in
    /// milliseconds, for a server that draws each frame when it is asked for
    /// (`frame(_:of:scale:)`).
    public static func playerPage(_ recording: Recording, frameSources: [String]) -> String {
        HTMLPlayer.page(recording, frameSources: frameSources)
    }

    /// Frame `index` of the recording's playback as PNG, nil past the end.
    public static func framePNG(_ index: Int, of playback: Recording.Playback.Frames, size: Size, scale: Double) -> [UInt8]? {
        guard playback.indices.contains(index) else { return nil }
        return PNGEncoder.encode(SceneRenderer(size: size, scale: scale).render(playback[index]), level: .fast)
    }

    /// The one picture a PNG shows: the frame nearest `options.at` (default: the last), or
    /// a contact sheet of `options.sheet` frames spread over the run. Nil when no frame
    /// was recorded.
    public static func picture(_ recording: Recording, options: Options = Options()) -> (image: Image, summary: String)? {
        let playback = recording.playback()
        guard !playback.frames.isEmpty else { return nil }
        return picture(playback, size: recording.size, options: options, progress: nil)
    }

    private static func picture(_ playback: Recording.Playback, size: Size, options: Options,
                                progress: ((Double) -> Void)?) -> (image: Image, summary: String) {
        if let count = options.sheet {
            let picks = ContactSheet.pick(max(count, 1), of: playback.frames.count)
            let images = render(picks.map { playback.frames[$0] }, size: size, scale: options.scale, progress: progress)
            let labels = picks.map { JSONValue.format((playback.times[$0] * 1000).rounded() / 1000) + " s" }
            let sheet = ContactSheet.compose(images, labels: labels, scale: options.scale)
            return (sheet, "contact sheet of \(picks.count) frames, \(sheet.width)x\(sheet.height)")
        }
        let time = options.at ?? playback.end
        let index = playback.times.indices.min { abs(playback.times[$0] - time) < abs(playback.times[$1] - time) }!
        let image = SceneRenderer(size: size, scale: options.scale).render(playback.frames[index])
        return (image, "frame at \(JSONValue.format((playback.times[index] * 1000).rounded() / 1000)) s, \(image.width)x\(image.height)")
    }

    /// How each frame is written.
    enum FrameEncoding {
        /// By this encoder: its file (or compressed rows) from its pixels (`width` ×
        /// `height`, row by row: a renderer's own memory, valid only during the call).
        case each((_ pixels: UnsafeBufferPointer<UInt32>, _ width: Int, _ height: Int) -> [UInt8])
        /// As the PNG files of a page, compressed quickly (`BatchRenderer.pngFiles`: each
        /// worker's frames one after another, the strips of rows that did not change kept).
        case pagePictures
    }

    /// Every frame drawn and encoded, a batch of 16 at a time on all cores, each by the
    /// thread that drew it while the picture is in that core's cache (no image is made),
    /// and handed to `take` with its index in order, so memory holds a batch's encoded
    /// frames, not every frame.
    static func encodeInBatches<Frames: RandomAccessCollection<SceneFrame>>(
        _ frames: Frames, size: Size, scale: Double, progress: ((Double) -> Void)?, _ encoding: FrameEncoding,
        take: (Int, [UInt8]) -> Void) where Frames.Index == Int {
        let renderer = BatchRenderer(size: size, scale: scale)
        let width = renderer.width, height = renderer.height
        var start = 0
        while start < frames.count {
            let end = min(start + 16, frames.count)
            let batch = (start..<end).map { frames[$0] }
            let encoded: [[UInt8]] = switch encoding {
            case .each(let encode): renderer.map(batch) { _, pixels in encode(pixels, width, height) }
            case .pagePictures: renderer.pngFiles(batch, level: .fast)
            }
            for (offset, data) in encoded.enumerated() { take(start + offset, data) }
            start = end
            progress?(Double(start) / Double(frames.count))
        }
    }

    /// Every frame drawn and encoded as above, collected (for short recordings: a
    /// comparison's sides).
    static func encodeInBatches<Frames: RandomAccessCollection<SceneFrame>>(
        _ frames: Frames, size: Size, scale: Double, progress: ((Double) -> Void)?, _ encoding: FrameEncoding) -> [[UInt8]]
        where Frames.Index == Int {
        var encoded: [[UInt8]] = []
        encodeInBatches(frames, size: size, scale: scale, progress: progress, encoding) { _, data in encoded.append(data) }
        return encoded
    }

    /// Renders frames on all cores in batches, reporting progress between batches.
    static func render<Frames: RandomAccessCollection<SceneFrame>>(_ frames: Frames, size: Size, scale: Double,
                                                                   progress: ((Double) -> Void)?) -> [Image]
        where Frames.Index == Int {
        guard let progress else { return FrameRendering.render(Array(frames), size: size, scale: scale) }
        let renderer = BatchRenderer(size: size, scale: scale)
        var images: [Image] = []
        let batch = 8
        var start = 0
        while start < frames.count {
            let end = min(start + batch, frames.count)
            images += renderer.render((start..<end).map { frames[$0] })
            start = end
            progress(Double(start) / Double(frames.count))
        }
        return images
    }
}
