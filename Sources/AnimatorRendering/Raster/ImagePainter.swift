import AnimatorEngine
import CMathShim

/// Paints a layer's bitmap through a shape: each device pixel is mapped back into the
/// image (through the inverse of the layer's projective map and the contents' placement)
/// and sampled bilinearly between the four nearest texels, edges clamped; partly covered
/// pixels at the shape's edge are scaled by their coverage.
struct ImagePainter: SpanPainter {
    let canvas: Canvas
    let image: Image
    /// Device pixel (center) → image texel coordinates, as a projective map.
    let toImage: Homography
    /// 0...256.
    let opacity: UInt32
    /// The texel columns of the last upright row painted, for the rows after it.
    private let columns = UprightColumns()

    /// A painter for `contents` placed at `destination` (layer coordinates) under `map`,
    /// or nil when the map cannot be inverted or the image is empty.
    init?(canvas: Canvas, contents: LayerContents, destination: Rect, map: Homography, opacity: Double) {
        guard contents.image.width > 0, contents.image.height > 0, destination.size.width > 0,
              destination.size.height > 0, let inverse = map.inverse else { return nil }
        let image = contents.image
        let rect = contents.rect
        // Layer point → texel: (p − destination.origin) / destination.size × (rect × image size).
        let sx = rect.size.width * Double(image.width) / destination.size.width
        let sy = rect.size.height * Double(image.height) / destination.size.height
        let layerToImage = Homography(m11: sx, m12: 0, m13: 0, m21: 0, m22: sy, m23: 0,
                                      m31: rect.origin.x * Double(image.width) - destination.origin.x * sx,
                                      m32: rect.origin.y * Double(image.height) - destination.origin.y * sy, m33: 1)
        self.canvas = canvas
        self.image = image
        toImage = inverse.concatenating(layerToImage)
        self.opacity = UInt32((min(max(opacity, 0), 1) * 256).rounded())
    }

    /// Whether the map turns the image (its rows do not stay rows on the screen).
    var isTurned: Bool { toImage.m12 != 0 || toImage.m21 != 0 }

    /// The bilinear sample at device pixel (x, y)'s center, premultiplied.
    @inline(__always)
    func sample(x: Int, y: Int) -> UInt32 {
        let p = toImage.apply(Double(x) + 0.5, Double(y) + 0.5)
        guard p.w > 0, p.x.isFinite, p.y.isFinite else { return 0 }
        return image.pixels.withUnsafeBufferPointer { sample(u: p.x, v: p.y, $0.baseAddress!) }
    }

    /// The bilinear sample at texel coordinates (u, v) (texel centers at +0.5), edges clamped.
    @inline(__always)
    func sample(u rawU: Double, v rawV: Double, _ pixels: UnsafePointer<UInt32>) -> UInt32 {
        let u = min(max(rawU - 0.5, 0), Double(image.width - 1)), v = min(max(rawV - 0.5, 0), Double(image.height - 1))
        let x0 = Int(u), y0 = Int(v)
        let x1 = min(x0 + 1, image.width - 1), y1 = min(y0 + 1, image.height - 1)
        let fx = UInt32((u - Double(x0)) * 256), fy = UInt32((v - Double(y0)) * 256)
        let top = Self.mix(pixels[y0 * image.width + x0], pixels[y0 * image.width + x1], fx)
        let bottom = Self.mix(pixels[y1 * image.width + x0], pixels[y1 * image.width + x1], fx)
        return Self.mix(top, bottom, fy)
    }

    /// a × (1 − t) + b × t per channel, t in 0...256, rounded once (two channels at a
    /// time: each 16-bit lane holds at most 255 × 256 + 128, so no lane overflows).
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        if t == 0 || a == b { return a }
        let u = 256 - t
        let rb = ((a & 0x00FF_00FF) &* u &+ (b & 0x00FF_00FF) &* t &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ga = (((a >> 8) & 0x00FF_00FF) &* u &+ ((b >> 8) & 0x00FF_00FF) &* t &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    @inline(__always)
    package func span(y: Int, x0: Int, x1: Int) {
        let row = canvas.pixels + y * canvas.width
        let map = toImage
        image.pixels.withUnsafeBufferPointer { buffer in
            let pixels = buffer.baseAddress!
            // An affine map steps the texel coordinates by constants along the row.
            let affine = map.m13 == 0 && map.m23 == 0 && map.m33 != 0
            var u = 0.0, v = 0.0, du = 0.0, dv = 0.0
            if affine {
                let start = map.apply(Double(x0) + 0.5, Double(y) + 0.5)
                (u, v) = (start.x, start.y)
                (du, dv) = (map.m11 / map.m33, map.m12 / map.m33)
            }
            // Upright (the row keeps one texel row pair): the vertical weights are the
            // row's, only the horizontal ones change along it.
            if affine && dv == 0 && v.isFinite && u.isFinite && du.isFinite && opacity >= 256 {
                let vy = min(max(v - 0.5, 0), Double(image.height - 1))
                let y0 = Int(vy), y1 = min(y0 + 1, image.height - 1)
                let fy = UInt32((vy - Double(y0)) * 256)
                let top = pixels + y0 * image.width, bottom = pixels + y1 * image.width
                let entries = columns.entries(from: x0, count: x1 - x0, u: u - 0.5, step: du, last: image.width - 1)
                for x in x0..<x1 {
                    let entry = entries[x &- x0]
                    let tx = Int(truncatingIfNeeded: entry >> 16), fx = UInt32(truncatingIfNeeded: entry & 0xFFFF)
                    let tx1 = min(tx + 1, image.width - 1)
                    let pixel = Self.mix(Self.mix(top[tx], top[tx1], fx), Self.mix(bottom[tx], bottom[tx1], fx), fy)
                    row[x] = pixel >> 24 == 255 ? pixel : PixelMath.over(pixel, row[x])
                }
                return
            }
            // A turned row whose samples all fall inside the image, away from its last column
            // and row (u and v step monotonically from their first values to their last, give
            // or take far less than `margin`): the clamps do nothing there and each sample's
            // four texels are two pairs of neighbors.
            let last = Double(x1 - x0 - 1), margin = 1e-6
            let (uEnd, vEnd) = (u + last * du, v + last * dv)
            if affine, u.isFinite, v.isFinite, du.isFinite, dv.isFinite,
               min(u, uEnd) - 0.5 >= margin, max(u, uEnd) - 0.5 <= Double(image.width - 1) - margin,
               min(v, vEnd) - 0.5 >= margin, max(v, vEnd) - 0.5 <= Double(image.height - 1) - margin {
                let width = image.width
                // The texels the row two below will read, asked for ahead: a turned image
                // larger than the caches is read along slanting lines the hardware does not
                // foresee (a quarter of the time such rows take).
                let below = (u: map.m21 / map.m33, v: map.m22 / map.m33)
                let prefetching = below.u.isFinite && below.v.isFinite
                var ahead = (u: u + 2 * below.u - 0.5, v: v + 2 * below.v - 0.5)
                let lastColumn = Double(width - 1), lastPair = Double(image.height - 2)
                for x in x0..<x1 {
                    if prefetching {
                        let column = Int(min(max(ahead.u, 0), lastColumn)), line = Int(min(max(ahead.v, 0), lastPair))
                        ah_prefetch(pixels + (line * width + column))
                        ah_prefetch(pixels + (line * width + width + column))
                        ahead.u += du
                        ahead.v += dv
                    }
                    let tu = u - 0.5, tv = v - 0.5
                    let tx = Int(tu), ty = Int(tv)
                    let fx = UInt32((tu - Double(tx)) * 256), fy = UInt32((tv - Double(ty)) * 256)
                    let texel = pixels + (ty * width + tx)
                    var pixel = Self.mix(Self.mix(texel[0], texel[1], fx), Self.mix(texel[width], texel[width + 1], fx), fy)
                    u += du
                    v += dv
                    if opacity < 256 { pixel = PixelMath.scale(pixel, opacity) }
                    row[x] = pixel >> 24 == 255 ? pixel : PixelMath.over(pixel, row[x])
                }
                return
            }
            for x in x0..<x1 {
                var pixel: UInt32
                if affine {
                    pixel = u.isFinite && v.isFinite ? sample(u: u, v: v, pixels) : 0
                    u += du
                    v += dv
                } else {
                    let p = map.apply(Double(x) + 0.5, Double(y) + 0.5)
                    pixel = p.w > 0 && p.x.isFinite && p.y.isFinite ? sample(u: p.x, v: p.y, pixels) : 0
                }
                if opacity < 256 { pixel = PixelMath.scale(pixel, opacity) }
                let alpha = pixel >> 24
                row[x] = alpha == 255 ? pixel : PixelMath.over(pixel, row[x])
            }
        }
    }

    @inline(__always)
    package func pixel(y: Int, x: Int, coverage: UInt32) {
        let index = y * canvas.width + x
        let pixel = PixelMath.scale(sample(x: x, y: y), (coverage * opacity) >> 8)
        canvas.pixels[index] = PixelMath.over(pixel, canvas.pixels[index])
    }
}
