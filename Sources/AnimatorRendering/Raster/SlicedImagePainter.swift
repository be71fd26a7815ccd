import AnimatorEngine

/// Paints a bitmap whose contentsCenter leaves caps (a resizable image's cap insets): each
/// device pixel is mapped back into the layer through the inverse of its projective map,
/// then into the image along each axis piecewise (the caps at their size, the middle
/// stretched; `LayerContents.stretch(into:)`), and sampled bilinearly as `ImagePainter`
/// does. One fill for the whole picture, so the pieces meet without seams.
struct SlicedImagePainter: SpanPainter {
    let base: ImagePainter
    /// Device pixel (center) → layer coordinates.
    let toLayer: Homography
    let x: [Double], u: [Double], y: [Double], v: [Double]

    /// A painter for sliced `contents` placed at `destination` (layer coordinates) under
    /// `map`, or nil when the map cannot be inverted or the image or destination is empty.
    init?(canvas: Canvas, contents: LayerContents, destination: Rect, map: Homography, opacity: Double) {
        guard let base = ImagePainter(canvas: canvas, contents: contents, destination: destination, map: map,
                                      opacity: opacity),
              let inverse = map.inverse else { return nil }
        self.base = base
        toLayer = inverse
        (x, u, y, v) = contents.stretch(into: destination)
    }

    /// The texel coordinate of layer coordinate `p` along an axis with breakpoints `at`
    /// showing texels `texels`: linear within the piece `p` falls in (beyond the ends, the
    /// end pieces continue).
    @inline(__always)
    static func texel(_ p: Double, _ at: [Double], _ texels: [Double]) -> Double {
        var piece = 0
        while piece < 2 && p >= at[piece + 1] { piece += 1 }
        // Skip pieces of no length (a cap of zero, a middle squeezed out).
        while piece < 2 && at[piece + 1] <= at[piece] { piece += 1 }
        while piece > 0 && at[piece + 1] <= at[piece] { piece -= 1 }
        let length = at[piece + 1] - at[piece]
        guard length > 0 else { return texels[piece] }
        return texels[piece] + (p - at[piece]) / length * (texels[piece + 1] - texels[piece])
    }

    @inline(__always)
    func sample(x px: Int, y py: Int, _ pixels: UnsafePointer<UInt32>) -> UInt32 {
        let p = toLayer.apply(Double(px) + 0.5, Double(py) + 0.5)
        guard p.w > 0, p.x.isFinite, p.y.isFinite else { return 0 }
        return base.sample(u: Self.texel(p.x, x, u), v: Self.texel(p.y, y, v), pixels)
    }

    package func span(y row: Int, x0: Int, x1: Int) {
        let canvas = base.canvas
        let target = canvas.pixels + row * canvas.width
        base.image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            for column in x0..<x1 {
                var pixel = sample(x: column, y: row, pixels)
                if base.opacity < 256 { pixel = PixelMath.scale(pixel, base.opacity) }
                target[column] = pixel >> 24 == 255 ? pixel : PixelMath.over(pixel, target[column])
            }
        }
    }

    package func pixel(y row: Int, x column: Int, coverage: UInt32) {
        let canvas = base.canvas
        let index = row * canvas.width + column
        let sampled = base.image.pixels.withUnsafeBufferPointer { sample(x: column, y: row, $0.baseAddress!) }
        let pixel = PixelMath.scale(sampled, (coverage * base.opacity) >> 8)
        canvas.pixels[index] = PixelMath.over(pixel, canvas.pixels[index])
    }
}
