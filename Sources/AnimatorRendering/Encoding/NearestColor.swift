/// Finds the color of a palette nearest a given color (least squared RGB distance, what
/// PSNR measures), the lowest index among equally near ones: the same answer as comparing
/// with every color, found by walking out from the color's green through the palette
/// sorted by green and stopping on a side once the green difference alone is further than
/// the nearest found (every color as near as the nearest is still met).
struct NearestColor {
    /// A palette color and its index.
    private struct Entry {
        var red: Int, green: Int, blue: Int, index: Int
    }

    /// The colors in increasing green (ties by index).
    private let entries: [Entry]

    /// A search over `colors` (packed as image pixels: red in the low byte).
    init(_ colors: [UInt32]) {
        entries = colors.enumerated().map { index, color in
            Entry(red: Int(color & 0xFF), green: Int(color >> 8 & 0xFF), blue: Int(color >> 16 & 0xFF), index: index)
        }.sorted { ($0.green, $0.index) < ($1.green, $1.index) }
    }

    /// The index of the color nearest `color` (a pixel; alpha is ignored); 0 for an empty palette.
    func index(of color: UInt32) -> Int {
        index(red: Int(color & 0xFF), green: Int(color >> 8 & 0xFF), blue: Int(color >> 16 & 0xFF))
    }

    /// The index of the color nearest (red, green, blue); 0 for an empty palette.
    func index(red r: Int, green g: Int, blue b: Int) -> Int {
        entries.withUnsafeBufferPointer { palette in
            // The first entry whose green is at least g.
            var low = 0, high = palette.count
            while low < high {
                let middle = (low + high) / 2
                if palette[middle].green < g { low = middle + 1 } else { high = middle }
            }
            var best = Int.max, bestDistance = Int.max
            var up = low, down = low - 1
            while up < palette.count || down >= 0 {
                let upGap = up < palette.count ? palette[up].green - g : Int.max
                let downGap = down >= 0 ? g - palette[down].green : Int.max
                let entry: Entry
                if upGap <= downGap {
                    // Every color further up is at least this far in green alone.
                    if upGap * upGap > bestDistance { break }
                    entry = palette[up]
                    up += 1
                } else {
                    if downGap * downGap > bestDistance { break }
                    entry = palette[down]
                    down -= 1
                }
                let dr = entry.red - r, dg = entry.green - g, db = entry.blue - b
                let distance = dr * dr + dg * dg + db * db
                if distance < bestDistance || (distance == bestDistance && entry.index < best) {
                    bestDistance = distance
                    best = entry.index
                }
            }
            return best == Int.max ? 0 : best
        }
    }
}
