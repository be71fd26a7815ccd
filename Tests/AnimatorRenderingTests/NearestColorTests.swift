import Testing
@testable import AnimatorRendering

/// The palette search walks out from a color's green instead of comparing with every
/// color: it must give what comparing with every color gives, ties included.
@Suite struct NearestColorTests {
    /// The nearest color by its definition: every color compared, the lowest index kept
    /// among the nearest.
    func bruteForce(_ colors: [UInt32], _ r: Int, _ g: Int, _ b: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, color) in colors.enumerated() {
            let dr = Int(color & 0xFF) - r, dg = Int(color >> 8 & 0xFF) - g, db = Int(color >> 16 & 0xFF) - b
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { bestDistance = distance; best = index }
        }
        return best
    }

    @Test func itFindsWhatComparingWithEveryColorFinds() {
        var state: UInt32 = 12345
        func next() -> UInt32 { state = state &* 1_103_515_245 &+ 12345; return state >> 8 }
        for size in [1, 2, 3, 16, 200, 256] {
            // Colors from a coarse grid, so that equal greens and equal distances (ties) are common.
            let colors = (0..<size).map { _ in (next() % 8 * 36) | (next() % 8 * 36) << 8 | (next() % 8 * 36) << 16 | 0xFF00_0000 }
            let search = NearestColor(colors)
            for _ in 0..<2_000 {
                let r = Int(next() % 256), g = Int(next() % 256), b = Int(next() % 256)
                #expect(search.index(red: r, green: g, blue: b) == bruteForce(colors, r, g, b), "\(size) colors, (\(r), \(g), \(b))")
            }
            // Each color finds itself, or an earlier copy of itself.
            for (index, color) in colors.enumerated() {
                let found = search.index(of: color)
                #expect(colors[found] == color && found <= index)
            }
        }
    }

    @Test func anEmptyPaletteAnswersZero() {
        #expect(NearestColor([]).index(red: 10, green: 20, blue: 30) == 0)
    }
}
