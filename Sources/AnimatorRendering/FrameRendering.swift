import AnimatorEngine
import AnimatorSupport

/// Renders frames on all cores, one renderer per worker (for one batch; `BatchRenderer`
/// keeps its renderers for the next).
public enum FrameRendering {
    /// The images of `frames` at `scale`, each on a canvas of `size` (nil: as wide and as
    /// tall as the widest and the tallest frame, for a window that turned), drawn from its
    /// top left corner.
    public static func render(_ frames: [SceneFrame], size: Size? = nil, scale: Double, workers: Int? = nil) -> [Image] {
        guard let first = frames.first?.size else { return [] }
        let size = size ?? frames.reduce(first) { Size(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height)) }
        // A frame that draws the same as the one before it (a held start or end) is drawn
        // once; both get the same image.
        var distinct: [SceneFrame] = [], source: [Int] = []
        source.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            if index > 0, frame.drawsTheSame(as: frames[index - 1]) {
                source.append(source[index - 1])
            } else {
                source.append(distinct.count)
                distinct.append(frame)
            }
        }
        let count = min(workers ?? ProcessInfoShim.activeProcessorCount, max(distinct.count, 1))
        let images = BatchRenderer(size: size, scale: scale, workers: count).render(distinct)
        return source.map { images[$0] }
    }
}
