import AnimatorSupport

/// How far an actual snapshot may be from its golden one and still match: for timelines,
/// a tolerance per kind of value; for pictures, a per-pixel threshold and how many pixels
/// past it are allowed (as Playwright's `threshold` / `maxDiffPixels` /
/// `maxDiffPixelRatio` and Paparazzi's `maxPercentDifference`).
public struct SnapshotTolerance: Equatable, Sendable {
    /// Positions, sizes, corner radii, border widths, shadow radii and offsets, zPosition,
    /// in points.
    public var points = 0.01
    /// Opacity, shadow opacity, anchor points and a CATransition's progress (0...1 values).
    public var alpha = 0.001
    /// Each of a transform's 16 entries.
    public var transform = 0.0001
    /// Levels (of 255) a color channel may differ by.
    public var colorLevels = 0
    /// Levels (of 255) a pixel's channel may differ by and still count as the same pixel.
    public var pixelThreshold = 6
    /// How many pixels past the threshold a picture may have.
    public var maxDiffPixels = 0
    /// The fraction (0...1) of a picture's pixels that may be past the threshold.
    public var maxDiffRatio = 0.0

    /// The defaults: exact up to float noise and a picture's rounding.
    public init() {}

    /// The pixels a picture of `count` pixels may have past the threshold.
    public func allowedPixels(of count: Int) -> Int {
        max(maxDiffPixels, Int((maxDiffRatio * Double(count)).rounded(.down)))
    }

    /// The JSON keys, in the order documented.
    public static let keys = ["points", "alpha", "transform", "colorLevels", "pixelThreshold", "maxDiffPixels", "maxDiffRatio"]

    /// This tolerance with the members of a manifest's `"tolerance"` object applied.
    ///
    /// - Throws: `SnapshotError` naming the member (`place` is its JSON path) and the reason.
    public func applying(_ json: JSONValue, at place: String) throws(SnapshotError) -> SnapshotTolerance {
        guard case .object(let members) = json else { throw SnapshotError(place, "expected an object of tolerances") }
        var result = self
        for (key, value) in members {
            guard let number = value.numberValue, number.isFinite, number >= 0 else {
                throw SnapshotError("\(place).\(key)", "expected a number, 0 or more")
            }
            func whole(_ limit: Int) throws(SnapshotError) -> Int {
                guard number == number.rounded(), number <= Double(limit) else {
                    throw SnapshotError("\(place).\(key)", "expected a whole number from 0 to \(limit)")
                }
                return Int(number)
            }
            switch key {
            case "points": result.points = number
            case "alpha": result.alpha = number
            case "transform": result.transform = number
            case "colorLevels": result.colorLevels = try whole(255)
            case "pixelThreshold": result.pixelThreshold = try whole(255)
            case "maxDiffPixels": result.maxDiffPixels = try whole(1 << 30)
            case "maxDiffRatio":
                guard number <= 1 else { throw SnapshotError("\(place).\(key)", "expected a fraction from 0 to 1") }
                result.maxDiffRatio = number
            default:
                throw SnapshotError("\(place).\(key)", "unknown tolerance (expected \(Self.keys.joined(separator: ", ")))")
            }
        }
        return result
    }
}
