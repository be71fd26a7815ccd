import AnimatorEngine
import AnimatorSupport

/// Renders frames on all cores, one renderer per worker (for one batch; `BatchRenderer`
/// keeps its renderers for the next).
public enum FrameRendering {
    /// The images of `frames` at `scale`, each on a canvas of `size` (nil: as wide and as
    /// tall as the widest and the tallest frame, for a window that turned), drawn from its
    /// top left corner; frames that draw the same as the one before share its image
    /// (`BatchRenderer.render`).
    public static func render(_ frames: [SceneFrame], size: Size? = nil, scale: Double, workers: Int? = nil) -> [Image] {
        guard let first = frames.first?.size else { return [] }
        let size = size ?? frames.reduce(first) { Size(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        let count = min(workers ?? ProcessInfoShim.activeProcessorCount, max(frames.count, 1))
        return BatchRenderer(size: size, scale: scale, workers: count).render(frames)
    }
}
