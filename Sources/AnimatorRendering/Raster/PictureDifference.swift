import AnimatorEngine
import AnimatorSupport

/// How two pictures of the same size differ, pixel by pixel: the oracle's measure of
/// "the same picture".
public struct PictureDifference: Equatable, Sendable {
    /// How far apart two pixels may be, in 8-bit levels on any channel, and still count as
    /// the same: anti-aliased edges drawn under float noise land a level or two apart.
    public static let defaultChannelTolerance = 6

    /// The pixels compared.
    public var total: Int
    /// The pixels whose largest channel difference exceeds the tolerance.
    public var differing: Int
    /// The largest channel difference anywhere, in 8-bit levels.
    public var largest: Int
    /// The smallest rectangle, in pixels, holding every differing pixel (nil when none).
    public var box: (x: Int, y: Int, width: Int, height: Int)?
    /// One differing pixel and its two colors, for the report (nil when none).
    public var example: (x: Int, y: Int, actual: UInt32, expected: UInt32)?

    /// Compares `actual` with `expected`, counting pixels whose channels differ by more
    /// than `channelTolerance` levels.
    ///
    /// - Precondition: the images have the same size.
    public init(actual: Image, expected: Image, channelTolerance: Int = defaultChannelTolerance) {
        precondition(actual.width == expected.width && actual.height == expected.height, "pictures of one size")
        total = actual.pixels.count
        differing = 0
        largest = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<actual.height {
            let row = y * actual.width
            for x in 0..<actual.width {
                let a = actual.pixels[row + x], e = expected.pixels[row + x]
                if a == e { continue }
                var worst = 0
                for shift in stride(from: 0, through: 24, by: 8) {
                    let d = abs(Int(a >> UInt32(shift) & 0xFF) - Int(e >> UInt32(shift) & 0xFF))
                    worst = max(worst, d)
                }
                largest = max(largest, worst)
                guard worst > channelTolerance else { continue }
                differing += 1
                if example == nil { example = (x, y, a, e) }
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        box = differing == 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Whether the pictures count as the same: no pixel beyond the channel tolerance.
    public var isSame: Bool { differing == 0 }

    /// "1234 of 329160 pixels differ (up to 255 levels) in x 0…389, y 96…843; at (10, 100)
    /// #3b82f6 where #f2f2f7 was expected", in points at `scale`.
    public func summary(scale: Double = 1) -> String {
        guard let box, let example else { return "the pictures match (largest difference \(largest) levels)" }
        func points(_ pixels: Int) -> String { JSONValue.format((Double(pixels) / scale * 10).rounded() / 10) }
        return "\(differing) of \(total) pixels differ (by up to \(largest) of 255 levels) in x \(points(box.x))…"
            + "\(points(box.x + box.width - 1)), y \(points(box.y))…\(points(box.y + box.height - 1)) (points); "
            + "at (\(points(example.x)), \(points(example.y))) \(Self.hex(example.actual)) where "
            + "\(Self.hex(example.expected)) was expected"
    }

    static func hex(_ pixel: UInt32) -> String {
        let bytes = [pixel & 0xFF, pixel >> 8 & 0xFF, pixel >> 16 & 0xFF]
        return "#" + bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    public static func == (lhs: PictureDifference, rhs: PictureDifference) -> Bool {
        lhs.total == rhs.total && lhs.differing == rhs.differing && lhs.largest == rhs.largest
    }
}
