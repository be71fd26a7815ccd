import AnimatorEngine

/// Rasterized glyphs and text layouts kept between frames by one renderer: a label drawn
/// upright at the same size (almost every label in a transition) costs a copy of cached
/// coverage per glyph. Glyphs are cached per face, glyph, size in pixels and the
/// position's fraction of a pixel (quarters), so text stays placed to the quarter pixel.
/// Not thread-safe: one per renderer.
final class GlyphCache {
    /// A glyph's coverage: `width` × `height` bytes, the top-left pixel at (left, top)
    /// from the pixel holding the glyph's origin.
    struct Bitmap {
        var left: Int, top: Int, width: Int, height: Int
        var coverage: [UInt8]
    }

    private struct BitmapKey: Hashable {
        var face: Int, glyph: Int, size: Int, fractionX: Int, fractionY: Int
    }

    private struct PathKey: Hashable {
        var face: Int, glyph: Int
    }

    private struct LayoutKey: Hashable {
        var text: LayerText, width: Double, height: Double
    }

    private var bitmaps: [BitmapKey: Bitmap] = [:]
    private var paths: [PathKey: (path: VectorPath, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?)] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    var rasterizer = PathRasterizer()

    /// The layout of `text` in bounds of `size`.
    func layout(_ text: LayerText, in size: Size, font: TrueTypeFont) -> TextLayout {
        let key = LayoutKey(text: text, width: size.width, height: size.height)
        if let cached = layouts[key] { return cached }
        if layouts.count > 2048 { layouts.removeAll() }
        let layout = TextLayout(text, in: size, font: font)
        layouts[key] = layout
        return layout
    }

    /// A glyph's path in font units and the box around its points (nil: blank).
    func path(face: Int, font: TrueTypeFont, glyph: Int)
        -> (path: VectorPath, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?) {
        let key = PathKey(face: face, glyph: glyph)
        if let cached = paths[key] { return cached }
        let points = font.outline(glyph).joined()
        let box = points.isEmpty ? nil : (points.map(\.x).min()!, points.map(\.y).min()!,
                                          points.map(\.x).max()!, points.map(\.y).max()!)
        let entry = (font.path(glyph), box)
        paths[key] = entry
        return entry
    }

    /// The upright glyph at `pixelsPerUnit`, its origin `fraction` of a pixel (0...1 each
    /// way) right of and below a pixel's corner.
    func bitmap(face: Int, font: TrueTypeFont, glyph: Int, pixelsPerUnit: Double,
                fraction: (x: Double, y: Double)) -> Bitmap? {
        let key = BitmapKey(face: face, glyph: glyph, size: Int((pixelsPerUnit * 1_048_576).rounded()),
                            fractionX: Int((fraction.x * 4).rounded()) & 3, fractionY: Int((fraction.y * 4).rounded()) & 3)
        if let cached = bitmaps[key] { return cached.width == 0 ? nil : cached }
        if bitmaps.count > 8192 { bitmaps.removeAll() }
        let (path, box) = self.path(face: face, font: font, glyph: glyph)
        guard let box else {
            bitmaps[key] = Bitmap(left: 0, top: 0, width: 0, height: 0, coverage: [])
            return nil
        }
        let fx = Double(key.fractionX) / 4, fy = Double(key.fractionY) / 4
        // Font units (y up) to pixels relative to the origin's pixel corner (y down).
        let map = Homography(m11: pixelsPerUnit, m12: 0, m13: 0, m21: 0, m22: -pixelsPerUnit, m23: 0,
                             m31: fx, m32: fy, m33: 1)
        let left = Int((box.minX * pixelsPerUnit + fx).rounded(.down)) - 1
        let right = Int((box.maxX * pixelsPerUnit + fx).rounded(.up)) + 1
        let top = Int((-box.maxY * pixelsPerUnit + fy).rounded(.down)) - 1
        let bottom = Int((-box.minY * pixelsPerUnit + fy).rounded(.up)) + 1
        let width = right - left, height = bottom - top
        guard width > 0, height > 0, width * height <= 4 << 20 else { return nil }
        var coverage = [UInt8](repeating: 0, count: width * height)
        if rasterizer.rasterize(path, map, area: PixelRect(x0: left, y0: top, x1: right, y1: bottom)) {
            rasterizer.forEachCoveredPixel { y, x, value in coverage[(y - top) * width + (x - left)] = UInt8(value) }
        }
        let bitmap = Bitmap(left: left, top: top, width: width, height: height, coverage: coverage)
        bitmaps[key] = bitmap
        return bitmap
    }
}
