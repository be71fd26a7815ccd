import AnimatorEngine
import AnimatorSupport

/// Renders frames on all cores, one renderer per worker.
public enum FrameRendering {
    /// The images of `frames` at `scale`.
    public static func render(_ frames: [SceneFrame], scale: Double, workers: Int? = nil) -> [Image] {
        guard let size = frames.first?.size else { return [] }
        let count = min(workers ?? ProcessInfoShim.activeProcessorCount, max(frames.count, 1))
        let renderers = (0..<count).map { _ in SceneRenderer(size: size, scale: scale) }
        return Parallel.map(frames.count, workers: count) { index, worker in
            renderers[worker].render(frames[index])
        }
    }
}
