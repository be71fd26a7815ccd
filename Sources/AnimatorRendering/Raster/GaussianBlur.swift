/// A Gaussian blur approximated by three box blurs (the central limit theorem at work),
/// each a running sum, so the cost per pixel does not grow with the radius.
enum GaussianBlur {
    /// The widths of three successive box blurs whose combined variance is closest to σ².
    /// A box of odd width w has variance (w² − 1) / 12; m boxes of width wl and 3 − m of
    /// width wl + 2 are chosen to sum to 3 boxes' worth of σ².
    static func boxWidths(sigma: Double) -> [Int] {
        let passes = 3.0
        let ideal = (12 * sigma * sigma / passes + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let wl = Double(lower)
        let m = ((12 * sigma * sigma - passes * wl * wl - 4 * passes * wl - 3 * passes) / (-4 * wl - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    /// Blurs a `width` × `height` mask in place with standard deviation `sigma` pixels;
    /// outside the mask counts as zero.
    static func blur(_ mask: UnsafeMutablePointer<Float>, width: Int, height: Int, sigma: Double, scratch: inout [Float]) {
        let count = width * height
        if scratch.count < count { scratch = Array(repeating: 0, count: count) }
        scratch.withUnsafeMutableBufferPointer { buffer in
            let temporary = buffer.baseAddress!
            for box in boxWidths(sigma: sigma) where box > 1 {
                let radius = box / 2
                // Rows into the scratch buffer, then columns back into the mask.
                for y in 0..<height {
                    boxPass(from: mask + y * width, to: temporary + y * width, count: width, stride: 1, radius: radius)
                }
                for x in 0..<width {
                    boxPass(from: temporary + x, to: mask + x, count: height, stride: width, radius: radius)
                }
            }
        }
    }

    /// One box blur of width 2 × radius + 1 along a line.
    private static func boxPass(from source: UnsafeMutablePointer<Float>, to destination: UnsafeMutablePointer<Float>,
                                count: Int, stride: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) { sum += source[i * stride] }
        for i in 0..<count {
            let entering = i + radius, leaving = i - radius - 1
            if entering < count { sum += source[entering * stride] }
            if leaving >= 0 { sum -= source[leaving * stride] }
            destination[i * stride] = max(sum, 0) * scale
        }
    }
}
