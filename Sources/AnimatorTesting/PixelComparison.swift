import AnimatorEngine

/// Compares two pictures pixel by pixel: a pixel differs when any channel is more than a
/// threshold apart. Makes the diff picture: the golden one faded to grey, with each
/// differing pixel in magenta (brighter the further apart), so a change stands out
/// where it is.
public struct PixelComparison: Sendable {
    /// Pixels past the threshold.
    public let differing: Int
    /// Pixels in all.
    public let total: Int
    /// The largest channel difference, in levels.
    public let largest: Int
    /// The smallest rectangle holding every differing pixel (x, y, width, height in
    /// pixels), or nil when none differ.
    public let box: (x: Int, y: Int, width: Int, height: Int)?
    /// Whether the sizes differ (then nothing else is compared).
    public let sizeDiffers: Bool

    /// Compares `actual` with `golden`.
    public init(golden: Image, actual: Image, threshold: Int) {
        total = golden.width * golden.height
        guard golden.width == actual.width, golden.height == actual.height else {
            sizeDiffers = true
            differing = max(total, actual.width * actual.height)
            largest = 255
            box = (0, 0, max(golden.width, actual.width), max(golden.height, actual.height))
            return
        }
        sizeDiffers = false
        var count = 0, most = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        golden.pixels.withUnsafeBufferPointer { g in
            actual.pixels.withUnsafeBufferPointer { a in
                for index in 0..<g.count where g[index] != a[index] {
                    let distance = Self.distance(g[index], a[index])
                    most = max(most, distance)
                    guard distance > threshold else { continue }
                    count += 1
                    let x = index % golden.width, y = index / golden.width
                    minX = min(minX, x); maxX = max(maxX, x)
                    minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        differing = count
        largest = most
        box = count > 0 ? (minX, minY, maxX - minX + 1, maxY - minY + 1) : nil
    }

    /// The largest channel difference of two packed pixels, in levels.
    static func distance(_ x: UInt32, _ y: UInt32) -> Int {
        let r = abs(Int(x & 0xFF) - Int(y & 0xFF)), g = abs(Int(x >> 8 & 0xFF) - Int(y >> 8 & 0xFF))
        let b = abs(Int(x >> 16 & 0xFF) - Int(y >> 16 & 0xFF)), a = abs(Int(x >> 24) - Int(y >> 24))
        return max(max(r, g), max(b, a))
    }

    /// Pixels more than `threshold` levels apart in some channel (both pictures the same size).
    static func count(_ x: Image, _ y: Image, threshold: Int) -> Int {
        if x.pixels == y.pixels { return 0 }
        var count = 0
        x.pixels.withUnsafeBufferPointer { a in
            y.pixels.withUnsafeBufferPointer { b in
                for index in 0..<min(a.count, b.count) where a[index] != b[index] && distance(a[index], b[index]) > threshold {
                    count += 1
                }
            }
        }
        return count
    }

    /// The diff picture: the golden one in faded grey, differing pixels in magenta. When
    /// the sizes differ, the actual picture's area beyond the golden one is magenta too.
    public static func diffImage(golden: Image, actual: Image, threshold: Int) -> Image {
        let width = max(golden.width, actual.width), height = max(golden.height, actual.height)
        var out = Image(width: width, height: height, fill: 0xFFFF_00FF)
        // Outside the area both pictures cover every pixel stays magenta; inside it, a row
        // at a time over plain memory.
        let commonWidth = min(golden.width, actual.width), commonHeight = min(golden.height, actual.height)
        guard commonWidth > 0, commonHeight > 0 else { return out }
        golden.pixels.withUnsafeBufferPointer { g in
            actual.pixels.withUnsafeBufferPointer { a in
                out.pixels.withUnsafeMutableBufferPointer { o in
                    for y in 0..<commonHeight {
                        let goldenRow = g.baseAddress! + y * golden.width, actualRow = a.baseAddress! + y * actual.width
                        let row = o.baseAddress! + y * width
                        for x in 0..<commonWidth {
                            row[x] = diffPixel(goldenRow[x], actualRow[x], threshold: threshold)
                        }
                    }
                }
            }
        }
        return out
    }

    /// One pixel of the diff picture where both pictures have one: magenta (brighter the
    /// further apart) past the threshold, else the golden pixel's luminance as grey,
    /// faded toward white.
    @inline(__always)
    static func diffPixel(_ g: UInt32, _ a: UInt32, threshold: Int) -> UInt32 {
        if g != a || threshold < 0 {
            let distance = Self.distance(g, a)
            if distance > threshold {
                let strength = UInt32(128 + min(distance, 127))
                return strength | strength << 16 | 0xFF00_0000
            }
        }
        let luma = (Int(g & 0xFF) * 299 + Int(g >> 8 & 0xFF) * 587 + Int(g >> 16 & 0xFF) * 114) / 1000
        let faded = UInt32(200 + luma * 55 / 255)
        return faded | faded << 8 | faded << 16 | 0xFF00_0000
    }
}
