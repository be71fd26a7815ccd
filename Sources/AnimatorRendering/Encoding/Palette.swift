import AnimatorEngine

/// A palette of at most 256 colors for a whole animation, by median cut: the colors of
/// all frames are counted in a 32×32×32 histogram (each bin remembering the mean of the
/// exact colors in it), the histogram is cut into boxes along their longest side at the
/// median, and each box's color is the mean of its pixels, or, when one bin holds most of
/// a box's pixels, that bin's most frequent exact color (a majority vote kept per bin), so
/// flat colors that fill large areas come out exact even where a bin also holds their
/// anti-aliased neighbours.
struct Palette {
    /// The colors, packed as image pixels (alpha 255).
    private(set) var colors: [UInt32]
    /// For each 15-bit bin, the index of the nearest palette color.
    private var lookup: [UInt8]

    fileprivate struct Bin {
        var count = 0
        var red = 0, green = 0, blue = 0
        /// The exact color winning the bin's running majority vote (Boyer–Moore), and its lead.
        var candidate: UInt32 = 0
        var votes = 0
    }

    /// The bin of a pixel: 5 bits per channel.
    @inline(__always)
    static func bin(_ pixel: UInt32) -> Int {
        Int((pixel >> 3) & 0x1F) | Int((pixel >> 11) & 0x1F) << 5 | Int((pixel >> 19) & 0x1F) << 10
    }

    /// Counts the colors of frames, one at a time, for a palette of them all.
    struct Builder {
        fileprivate var bins = [Bin](repeating: Bin(), count: 1 << 15)
        /// Every `step`-th pixel is counted.
        var step = 3

        /// Counts the colors of one frame.
        mutating func add(_ image: Image) {
            let step = self.step
            bins.withUnsafeMutableBufferPointer { bins in
                image.pixels.withUnsafeBufferPointer { pixels in
                    var index = 0
                    while index < pixels.count {
                        let pixel = pixels[index]
                        let b = Palette.bin(pixel)
                        bins[b].count += 1
                        bins[b].red += Int(pixel & 0xFF)
                        bins[b].green += Int(pixel >> 8 & 0xFF)
                        bins[b].blue += Int(pixel >> 16 & 0xFF)
                        let color = pixel & 0x00FF_FFFF
                        if bins[b].votes == 0 {
                            bins[b].candidate = color
                            bins[b].votes = 1
                        } else {
                            bins[b].votes += bins[b].candidate == color ? 1 : -1
                        }
                        index += step
                    }
                }
            }
        }

        /// The palette of what was counted, of at most `size` colors.
        func palette(size: Int = 256) -> Palette { Palette(bins: bins, size: size) }
    }

    private init(bins: [Bin], size: Int) {
        let used = bins.indices.filter { bins[$0].count > 0 }
        var boxes: [[Int]] = used.isEmpty ? [] : [used]
        // Cut the box with the most pixels that can still be cut, until there are enough.
        while boxes.count < size {
            var chosen = -1, most = 0
            for (index, box) in boxes.enumerated() where box.count > 1 {
                let pixels = box.reduce(0) { $0 + bins[$1].count }
                if pixels > most { most = pixels; chosen = index }
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            // The channel with the widest range of bin coordinates.
            var low = [31, 31, 31], high = [0, 0, 0]
            for b in box {
                for channel in 0..<3 {
                    let value = b >> (5 * channel) & 0x1F
                    low[channel] = min(low[channel], value); high[channel] = max(high[channel], value)
                }
            }
            let channel = (0..<3).max { high[$0] - low[$0] < high[$1] - low[$1] }!
            let sorted = box.sorted { ($0 >> (5 * channel) & 0x1F, $0) < ($1 >> (5 * channel) & 0x1F, $1) }
            var half = 0, cut = 0
            let total = sorted.reduce(0) { $0 + bins[$1].count }
            while cut < sorted.count - 1, half + bins[sorted[cut]].count <= total / 2 || cut == 0 {
                half += bins[sorted[cut]].count
                cut += 1
            }
            boxes[chosen] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        colors = boxes.map { box in
            var count = 0, red = 0, green = 0, blue = 0
            var dominant = box[0]
            for b in box {
                count += bins[b].count; red += bins[b].red; green += bins[b].green; blue += bins[b].blue
                if bins[b].count > bins[dominant].count { dominant = b }
            }
            if bins[dominant].count * 2 >= count, bins[dominant].votes > 0 {
                return bins[dominant].candidate | 0xFF00_0000
            }
            let n = max(count, 1)
            return UInt32((red + n / 2) / n) | UInt32((green + n / 2) / n) << 8 | UInt32((blue + n / 2) / n) << 16 | 0xFF00_0000
        }
        if colors.isEmpty { colors = [0xFF00_0000] }
        // Nearest color for every bin (by the bin's center), so mapping a pixel is a lookup.
        lookup = [UInt8](repeating: 0, count: 1 << 15)
        let palette = colors.map { (Int($0 & 0xFF), Int($0 >> 8 & 0xFF), Int($0 >> 16 & 0xFF)) }
        for b in 0..<(1 << 15) {
            let r = bins[b].count > 0 ? bins[b].red / bins[b].count : (b & 0x1F) << 3 | 4
            let g = bins[b].count > 0 ? bins[b].green / bins[b].count : (b >> 5 & 0x1F) << 3 | 4
            let bl = bins[b].count > 0 ? bins[b].blue / bins[b].count : (b >> 10 & 0x1F) << 3 | 4
            var best = 0, bestDistance = Int.max
            for (index, color) in palette.enumerated() {
                let dr = color.0 - r, dg = color.1 - g, db = color.2 - bl
                let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                if distance < bestDistance { bestDistance = distance; best = index }
            }
            lookup[b] = UInt8(best)
        }
    }

    /// Maps every pixel of `image` to palette indices.
    func indices(of image: Image) -> [UInt8] {
        lookup.withUnsafeBufferPointer { table in
            image.pixels.map { table[Self.bin($0)] }
        }
    }
}
