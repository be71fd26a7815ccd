/// UIVisualEffectView's backdrop: what lies under a layer, blurred by a Gaussian (three box
/// blurs of the widths `GaussianBlur.boxWidths` gives), its saturation changed, a tint laid
/// over it.
///
/// Pixels beyond the sampled region repeat its edge (as a backdrop at the screen's edge
/// shows no dark rim). The four channels are blurred together as SIMD vectors, each box
/// pass reading rows and writing columns (a transpose), so both directions read memory in
/// order.
struct BackdropFilter {
    private var bufferA: [SIMD4<Float>] = []
    private var bufferB: [SIMD4<Float>] = []

    /// Writes into `area` of `target` the filtered pixels of `source`, sampling `region`
    /// (which holds `area`; the blur reaches into it). σ is in pixels; `tint` premultiplied.
    mutating func apply(source: Canvas, region: PixelRect, into target: Canvas, area: PixelRect, sigma: Double,
                        saturation: Double, tint: UInt32) {
        let (w, h) = (region.x1 - region.x0, region.y1 - region.y0)
        guard w > 0, h > 0 else { return }
        let count = w * h
        if bufferA.count < count { bufferA = Array(repeating: .zero, count: count) }
        if bufferB.count < count { bufferB = Array(repeating: .zero, count: count) }
        bufferA.withUnsafeMutableBufferPointer { a in
            bufferB.withUnsafeMutableBufferPointer { b in
                let (planeA, planeB) = (a.baseAddress!, b.baseAddress!)
                // Unpack (r, g, b, a) as floats, row by row.
                for y in 0..<h {
                    let row = source.pixels + (region.y0 + y) * source.width + region.x0
                    let out = planeA + y * w
                    for x in 0..<w {
                        let p = row[x]
                        out[x] = SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
                    }
                }
                // Each box: rows of A into columns of B (B is h × w, transposed), then back.
                if sigma > 0.2 {
                    for box in GaussianBlur.boxWidths(sigma: sigma) where box > 1 {
                        Self.boxPassTransposing(planeA, to: planeB, width: w, height: h, radius: box / 2)
                        Self.boxPassTransposing(planeB, to: planeA, width: h, height: w, radius: box / 2)
                    }
                }
                // Saturation, tint, pack.
                let s = Float(saturation)
                let weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
                let tintAlpha = tint >> 24
                for y in area.y0..<area.y1 {
                    let from = planeA + (y - region.y0) * w - region.x0
                    let row = target.pixels + y * target.width
                    for x in area.x0..<area.x1 {
                        var v = from[x]
                        if s != 1 {
                            let luminance = (v * weights).sum()
                            var c = SIMD4<Float>(repeating: luminance) + (v - SIMD4(repeating: luminance)) * s
                            c = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: v.w))
                            v = SIMD4(c.x, c.y, c.z, v.w)
                        }
                        let r = UInt32(v.x + 0.5), g = UInt32(v.y + 0.5), b = UInt32(v.z + 0.5), alpha = UInt32(v.w + 0.5)
                        var pixel = min(r, 255) | min(g, 255) << 8 | min(b, 255) << 16 | min(alpha, 255) << 24
                        if tintAlpha > 0 { pixel = PixelMath.over(tint, pixel) }
                        row[x] = pixel
                    }
                }
            }
        }
    }

    /// One box blur of width 2r + 1 along the rows of `source` (`width` × `height`), edges
    /// repeated, written transposed into `destination` (`height` × `width`).
    private static func boxPassTransposing(_ source: UnsafeMutablePointer<SIMD4<Float>>,
                                           to destination: UnsafeMutablePointer<SIMD4<Float>>,
                                           width: Int, height: Int, radius: Int) {
        let scale = SIMD4<Float>(repeating: 1 / Float(2 * radius + 1))
        let last = width - 1
        for y in 0..<height {
            let row = source + y * width
            var sum = row[0] * Float(radius + 1)
            for i in 1...max(radius, 1) where radius > 0 { sum += row[min(i, last)] }
            for x in 0..<width {
                destination[x * height + y] = sum * scale
                sum += row[min(x + radius + 1, last)] - row[max(x - radius, 0)]
            }
        }
    }
}
