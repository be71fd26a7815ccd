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

    /// A renderer for frames on a canvas of `size` points at `scale`, drawing on `workers`
    /// threads (nil: one per core).
    public init(size: Size, scale: Double, workers: Int? = nil) {
        self.size = size
        self.scale = scale
        let count = max(workers ?? ProcessInfoShim.activeProcessorCount, 1)
        renderers = (0..<count).map { _ in SceneRenderer(size: size, scale: scale) }
    }

    /// The images of `frames`, in order, each drawn from its top left corner.
    public func render(_ frames: [SceneFrame]) -> [Image] {
        let renderers = self.renderers
        return Parallel.map(frames.count, workers: min(renderers.count, max(frames.count, 1))) { index, worker in
            renderers[worker].render(frames[index])
        }
    }
}
