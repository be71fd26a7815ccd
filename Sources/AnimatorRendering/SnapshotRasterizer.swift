import AnimatorEngine
import Synchronization

/// Draws the picture a snapshot view holds (snapshotView(afterScreenUpdates:)): the
/// source's subtree as it looks, its own opacity, corners and clipping included (its own
/// hidden flag not: a view hidden once snapshotted still gives its picture), at 3
/// pixels per point (fewer for a source over 1365 points on a side, so no side passes
/// 4096 pixels), on a transparent background. The engine calls it through
/// `AnimationEngine.snapshotRenderer`; the snapshot shows the picture resized to its
/// bounds, so a snapshot scaled up or down shows the copied content scaled with it.
///
/// A picture is drawn straight into its own memory, and the glyphs of its text are kept
/// from one snapshot to the next of the same engine (for the same fonts), so a snapshot
/// costs little more than writing its pixels once.
public final class SnapshotRasterizer: Sendable {
    /// The glyphs drawn so far, for the fonts they were drawn with (pictures are drawn on
    /// whichever thread first needs them: one at a time through the cache).
    private let glyphs = Mutex<(fonts: FontLibrary, cache: GlyphCache)?>(nil)

    private init() {}

    /// An engine whose snapshot views hold pictures drawn by a rasterizer of its own: the
    /// engine the host's sessions and runtimes make by default.
    public static func engine(startTime: Double = 0) -> AnimationEngine {
        let rasterizer = SnapshotRasterizer()
        return AnimationEngine(startTime: startTime, snapshotRenderer: { engine, source in
            rasterizer.picture(engine, source)
        })
    }

    /// The contents of a snapshot of `source` in `engine` now, or nil for an empty source
    /// (with a glyph cache of its own: for a picture drawn once).
    public static func contents(_ engine: AnimationEngine, _ source: LayerID) -> LayerContents? {
        SnapshotRasterizer().picture(engine, source)
    }

    /// The contents of a snapshot of `source` in `engine` now, with this rasterizer's glyphs.
    private func picture(_ engine: AnimationEngine, _ source: LayerID) -> LayerContents? {
        let frame = SceneFrame(engine: engine, root: source)
        guard var root = frame.nodes.first else { return nil }
        let size = root.properties.bounds.size
        guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else { return nil }
        let scale = min(3, 4096 / max(size.width, size.height))
        guard size.width * scale >= 1, size.height * scale >= 1 else { return nil }
        // The source at the origin, untransformed: the snapshot view places the picture.
        root.properties.transform = .identity
        root.properties.anchorPoint = Point(x: 0.5, y: 0.5)
        root.properties.position = Point(x: root.properties.bounds.origin.x + size.width / 2,
                                         y: root.properties.bounds.origin.y + size.height / 2)
        // A view hidden after its snapshot was asked for still gives its picture (UIKit
        // draws the hierarchy as it lays out, hidden or not); its alpha still counts.
        root.properties.isHidden = false
        let placed = frame.replacingRoot(with: root, transition: nil)
        let fonts = FontLibrary.system
        let width = max(Int((size.width * scale).rounded()), 1), height = max(Int((size.height * scale).rounded()), 1)
        // The look is frozen now (the frame); its pixels are drawn when first looked at.
        let picture = DeferredPicture(width: width, height: height) { [self] in
            self.glyphs.withLock { kept in
                if kept?.fonts !== fonts { kept = (fonts, GlyphCache()) }
                return SceneRenderer.picture(of: placed, size: size, scale: scale, backdrop: 0, fonts: fonts,
                                             glyphs: kept?.cache)
            }
        }
        return LayerContents(deferred: picture, scale: scale, gravity: .resize)
    }
}
