/// UIVisualEffectView's backdrop: what lies under a layer, blurred by a Gaussian (three box
/// blurs of the widths `GaussianBlur.boxWidths` gives), its saturation changed, a tint laid
/// over it.
///
/// Pixels beyond the sampled region repeat its edge (as a backdrop at the screen's edge
/// shows no dark rim). Wide blurs work on a reduced backdrop (`reduction(for:)`). The four channels are blurred together as SIMD vectors, each box
/// pass reading rows and writing columns (a transpose), so both directions read memory in
/// order.
struct BackdropFilter {
    private var bufferA: [SIMD4<Float>] = []
    private var bufferB: [SIMD4<Float>] = []

    /// Blurs wider than this many pixels (σ) are computed on the backdrop reduced by a whole
    /// factor, as Core Animation reduces its backdrops: the blur hides the lost detail, and
    /// the cost falls with the square of the factor.
    static let reductionThreshold = 16.0

    /// The reduction for a blur of `sigma` pixels: 1 below the threshold, else about σ/6,
    /// at most 8.
    static func reduction(for sigma: Double) -> Int {
        sigma < reductionThreshold ? 1 : min(max(Int(sigma / 6), 2), 8)
    }

    /// Writes into `area` of `target` the filtered pixels of `source`, sampling `region`
    /// (which holds `area`; the blur reaches into it). σ is in pixels; `tint` premultiplied.
    mutating func apply(source: Canvas, region: PixelRect, into target: Canvas, area: PixelRect, sigma: Double,
                        saturation: Double, tint: UInt32) {
        let (w, h) = (region.x1 - region.x0, region.y1 - region.y0)
        guard w > 0, h > 0 else { return }
        let k = Self.reduction(for: sigma)
        // The reduced backdrop: each cell the mean of k × k pixels (edges repeated).
        let (sw, sh) = ((w + k - 1) / k, (h + k - 1) / k)
        let count = sw * sh
        if bufferA.count < count { bufferA = Array(repeating: .zero, count: count) }
        if bufferB.count < count { bufferB = Array(repeating: .zero, count: count) }
        bufferA.withUnsafeMutableBufferPointer { a in
            bufferB.withUnsafeMutableBufferPointer { b in
                let (planeA, planeB) = (a.baseAddress!, b.baseAddress!)
                // Unpack (r, g, b, a) as floats, summed into k × k cells row by row (a cell
                // past the region's edge repeats its last pixels), then averaged.
                let scale = 1 / Float(k * k)
                for cy in 0..<sh where k == 1 {
                    let row = source.pixels + (region.y0 + cy) * source.width + region.x0
                    let out = planeA + cy * sw
                    for x in 0..<w {
                        let p = row[x]
                        out[x] = SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
                    }
                }
                for cy in 0..<sh where k > 1 {
                    let out = planeA + cy * sw
                    out.update(repeating: .zero, count: sw)
                    for dy in 0..<k {
                        let y = min(cy * k + dy, h - 1)
                        let row = source.pixels + (region.y0 + y) * source.width + region.x0
                        var x = 0
                        for cx in 0..<sw {
                            var sum = out[cx]
                            for _ in 0..<k {
                                let p = row[x < w ? x : w - 1]
                                sum += SIMD4(Float(p & 0xFF), Float(p >> 8 & 0xFF), Float(p >> 16 & 0xFF), Float(p >> 24))
                                x += 1
                            }
                            out[cx] = sum
                        }
                    }
                    for cx in 0..<sw { out[cx] *= scale }
                }
                // Each box: rows of A into columns of B (B transposed), then back. On a reduced
                // backdrop σ shrinks by k, less the spread the averaging and the bilinear
                // reading back already give (about ¼ of a cell squared).
                let reducedSigma = k == 1 ? sigma : max((sigma / Double(k)) * (sigma / Double(k)) - 0.25, 0.1).squareRoot()
                if reducedSigma > 0.2 {
                    for box in GaussianBlur.boxWidths(sigma: reducedSigma) where box > 1 {
                        Self.boxPassTransposing(planeA, to: planeB, width: sw, height: sh, radius: box / 2)
                        Self.boxPassTransposing(planeB, to: planeA, width: sh, height: sw, radius: box / 2)
                    }
                }
                // Saturation, tint, pack (read back bilinearly from a reduced backdrop).
                let s = Float(saturation)
                let weights = SIMD4<Float>(0.2126, 0.7152, 0.0722, 0)
                let tintAlpha = tint >> 24
                let inverse = 1 / Double(k)
                // Where each column of the area reads the reduced backdrop: two cells and a weight.
                let columns = (area.x0..<area.x1).map { x -> (Int, Int, Float) in
                    guard k > 1 else { return (x - region.x0, x - region.x0, 0) }
                    let fx = max((Double(x - region.x0) + 0.5) * inverse - 0.5, 0)
                    let x0 = min(Int(fx), sw - 1)
                    return (x0, min(x0 + 1, sw - 1), Float(fx - Double(x0)))
                }
                for y in area.y0..<area.y1 {
                    let row = target.pixels + y * target.width
                    let fy = k == 1 ? 0 : max((Double(y - region.y0) + 0.5) * inverse - 0.5, 0)
                    let y0 = k == 1 ? y - region.y0 : min(Int(fy), sh - 1), y1 = min(y0 + 1, sh - 1)
                    let ty = Float(fy - Double(y0))
                    let upper = planeA + y0 * sw, lower = planeA + y1 * sw
                    for (index, x) in (area.x0..<area.x1).enumerated() {
                        let (x0, x1, tx) = columns[index]
                        var v: SIMD4<Float>
                        if k == 1 {
                            v = upper[x0]
                        } else {
                            let top = upper[x0] + (upper[x1] - upper[x0]) * tx
                            let bottom = lower[x0] + (lower[x1] - lower[x0]) * tx
                            v = top + (bottom - top) * ty
                        }
                        if s != 1 {
                            let luminance = (v * weights).sum()
                            var c = SIMD4<Float>(repeating: luminance) + (v - SIMD4(repeating: luminance)) * s
                            c = Self.clamp(c, to: v.w)
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

    /// `color.clamped(lowerBound: .zero, upperBound: alpha)` written out: the library's
    /// clamp calls `pointwiseMax` and `pointwiseMin`, which are not inlined, at every pixel.
    /// Lane by lane as the library computes them (checked against it, zeros' signs and NaN
    /// included): max(c, 0) keeps c where c ≥ 0, else 0 (for NaN too); min(m, a) keeps m
    /// where m < a or a is NaN, else a.
    @inline(__always)
    static func clamp(_ color: SIMD4<Float>, to alpha: Float) -> SIMD4<Float> {
        let upper = SIMD4<Float>(repeating: alpha)
        let positive = SIMD4<Float>.zero.replacing(with: color, where: color .>= .zero)
        return upper.replacing(with: positive, where: (positive .< upper) .| (upper .!= upper))
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
