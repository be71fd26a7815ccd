import AnimatorEngine
import AnimatorSupport

/// Renders batches of frames on all cores, one `SceneRenderer` per worker, kept from
/// batch to batch: their canvases, off-screen surfaces and glyph caches are made once for
/// a whole animation rather than once per batch.
///
/// Not thread-safe: one batch at a time.
public final class BatchRenderer {
    /// The canvas every frame is drawn on, in points.
    public let size: Size
    /// Device pixels per point.
    public let scale: Double
    private let renderers: [SceneRenderer]
    /// Each worker's PNG files, for `pngFiles` (made at its first call, again for another level).
    private var sequences: [PNGFrameSequence] = []
    /// The frames' width in pixels.
    public var width: Int { renderers[0].width }
    /// The frames' height in pixels.
    public var height: Int { renderers[0].height }

    /// A renderer for frames on a canvas of `size` points at `scale`, drawing on `workers`
    /// threads (nil: one per core).
    public init(size: Size, scale: Double, workers: Int? = nil) {
        self.size = size
        self.scale = scale
        let count = max(workers ?? ProcessInfoShim.activeProcessorCount, 1)
        renderers = (0..<count).map { _ in SceneRenderer(size: size, scale: scale) }
    }

    /// Draws `frames` and hands each to `body` in order, with its index and its pixels
    /// (`width` × `height` of the canvas, row by row), which are the renderer's own memory
    /// and valid only during the call: no image is made. Frames are drawn as many at a
    /// time as there are workers; `body` runs on the calling thread.
    public func forEach(_ frames: [SceneFrame], _ body: (Int, UnsafeBufferPointer<UInt32>) throws -> Void) rethrows {
        let renderers = self.renderers
        var start = 0
        while start < frames.count {
            let count = min(renderers.count, frames.count - start)
            let first = start
            // Frame first + k is drawn by renderer k, each on a thread of its own.
            _ = Parallel.map(count, workers: count) { index, _ in
                renderers[index].draw(frames[first + index])
            }
            for index in 0..<count {
                try renderers[index].withPixels { try body(first + index, $0) }
            }
            start += count
        }
    }

    /// Draws `frames` on all cores and hands each to `body` on the thread that drew it, with
    /// its index and its pixels (`width` × `height`, row by row: the renderer's own memory,
    /// valid only during the call); the results in order. Each picture is used while it is
    /// still in the core's cache, and none is copied out. `body` must be safe to call from
    /// several threads at once.
    public func map<T>(_ frames: [SceneFrame], _ body: (_ index: Int, _ pixels: UnsafeBufferPointer<UInt32>) -> T) -> [T] {
        let renderers = self.renderers
        return Parallel.map(frames.count, workers: min(renderers.count, max(frames.count, 1))) { index, worker in
            renderers[worker].draw(frames[index])
            return renderers[worker].withPixels { body(index, $0) }
        }
    }

    /// The PNG file of each of `frames`, in order, drawn on all cores: each worker draws its
    /// frames straight into a `PNGFrameSequence` of its own, which keeps the strips of rows
    /// that did not change since the worker's frame before. Each file depends on its frame
    /// alone (see `PNGFrameSequence`), whichever worker drew it and whatever it drew before.
    public func pngFiles(_ frames: [SceneFrame], level: Deflate.Level = .fast) -> [[UInt8]] {
        if sequences.first?.level != level {
            sequences = renderers.map { PNGFrameSequence(width: $0.width, height: $0.height, level: level) }
        }
        let renderers = self.renderers, sequences = self.sequences
        return Parallel.map(frames.count, workers: min(renderers.count, max(frames.count, 1))) { index, worker in
            sequences[worker].encode { renderers[worker].draw(frames[index], into: $0) }
        }
    }

    /// The images of `frames`, in order, each drawn from its top left corner. A frame that
    /// draws the same as the one before it (`SceneFrame.drawsTheSame(as:)`: a held start or
    /// end) is drawn once, and both get the same image.
    public func render(_ frames: [SceneFrame]) -> [Image] {
        let (drawn, source) = SceneFrame.withoutRepeats(frames)
        let renderers = self.renderers
        let images = Parallel.map(drawn.count, workers: min(renderers.count, max(drawn.count, 1))) { index, worker in
            renderers[worker].render(frames[drawn[index]])
        }
        return source.map { images[$0] }
    }
}
