import AnimatorEngine

/// A palette of at most 256 colors for a whole animation, by median cut: the colors of
/// all frames are counted in a 64×64×64 histogram (each bin remembering the sums and
/// squared sums of the exact colors in it), the box whose colors lie furthest from its
/// mean (the largest sum of squared errors) is cut at the median along its channel of
/// largest variance until there are enough, and each box's color is the mean of its
/// pixels, or, when one bin holds most of a box's pixels, that bin's most frequent exact
/// color (a majority vote kept per bin), so flat colors that fill large areas come out
/// exact even where a bin also holds their anti-aliased neighbours. A few rounds of
/// k-means over the histogram then move the other colors to the means of what they stand
/// for. Pixels map to the nearest color of their exact value (what PSNR measures).
struct Palette {
    /// The colors, packed as image pixels (alpha 255).
    private(set) var colors: [UInt32]

    fileprivate struct Bin {
        var count = 0
        var red = 0, green = 0, blue = 0
        /// Sums of the squared channels, for the boxes' variances.
        var redSquares = 0, greenSquares = 0, blueSquares = 0
        /// The exact color winning the bin's running majority vote (Boyer–Moore), and its lead.
        var candidate: UInt32 = 0
        var votes = 0
    }

    /// The bin of a pixel: 6 bits per channel.
    @inline(__always)
    static func bin(_ pixel: UInt32) -> Int {
        Int((pixel >> 2) & 0x3F) | Int((pixel >> 10) & 0x3F) << 6 | Int((pixel >> 18) & 0x3F) << 12
    }

    /// The 64×64×64 bins, kept sparse: a four-byte slot per bin, and a `Bin` only for those
    /// a pixel fell in (a screen's frames use a few thousand), so a histogram costs 1 MiB and
    /// what its colors fill, not 19 MB of empty bins.
    fileprivate struct Histogram {
        private var slots = [Int32](repeating: -1, count: 1 << 18)
        private(set) var store: [Bin] = []
        private var ids: [Int] = []

        /// The bin `b` (an empty one where no pixel fell).
        subscript(b: Int) -> Bin {
            let slot = slots[b]
            return slot < 0 ? Bin() : store[Int(slot)]
        }

        /// The bins a pixel fell in, in increasing order.
        var used: [Int] { ids.sorted() }

        /// Counts the pixels of `area` of an image `width` pixels wide, every `step`-th
        /// in reading order across the area's rows.
        mutating func add(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, area: PixelRect, step: Int) {
            counting { count in
                // Runs of one color (flat areas) are counted once, with their length.
                var pending = pixels.isEmpty ? 0 : pixels[0], repeats = 0
                // The pixels to pass over before the next one counted, carried from row to row.
                var skip = 0
                for y in area.y0..<area.y1 {
                    var index = y * width + area.x0 + skip
                    let end = y * width + area.x1
                    while index < end {
                        let pixel = pixels[index]
                        if pixel == pending {
                            repeats += 1
                        } else {
                            if repeats > 0 { count(pending, repeats) }
                            pending = pixel
                            repeats = 1
                        }
                        index += step
                    }
                    skip = index - end
                }
                if repeats > 0 { count(pending, repeats) }
            }
        }

        /// Counts the same pixels as `add(_:width:area:step:)` from the area packed as runs
        /// (`PixelRuns`), in the same order and with the same counts: a run's samples (the
        /// positions in the area's reading order that are multiples of `step`) are counted
        /// at once, without reading the run pixel by pixel.
        mutating func add(packed words: UnsafeBufferPointer<UInt32>, step: Int) {
            counting { count in
                var pending: UInt32 = 0, repeats = 0
                @inline(__always) func sample(_ pixel: UInt32, _ n: Int) {
                    if repeats > 0, pixel == pending {
                        repeats += n
                    } else {
                        if repeats > 0 { count(pending, repeats) }
                        pending = pixel
                        repeats = n
                    }
                }
                // `position`: the reading-order position of the token's first pixel.
                var word = 0, position = 0
                while word < words.count {
                    let token = words[word]
                    let length = Int(token & ~PixelRuns.runFlag)
                    // The first position counted at or after `position`, as an offset.
                    let first = (position + step - 1) / step * step - position
                    if token & PixelRuns.runFlag != 0 {
                        if first < length { sample(words[word + 1], (length - 1 - first) / step + 1) }
                        word += 2
                    } else {
                        var offset = first
                        while offset < length {
                            sample(words[word + 1 + offset], 1)
                            offset += step
                        }
                        word += 1 + length
                    }
                    position += length
                }
                if repeats > 0 { count(pending, repeats) }
            }
        }

        /// Calls `body` with the function that counts a pixel n times, the histogram's
        /// storage taken out of self meanwhile.
        private mutating func counting(_ body: ((UInt32, Int) -> Void) -> Void) {
            // Taken out of self for the loop (no copy: self gives them up meanwhile).
            var slots = self.slots, store = self.store, ids = self.ids
            self.slots = []
            self.store = []
            self.ids = []
            defer {
                self.slots = slots
                self.store = store
                self.ids = ids
            }
            slots.withUnsafeMutableBufferPointer { slots in
                /// Counts `pixel` `n` times, as n counts one after the other would: sums
                /// times n, and the vote as n votes in a row (the candidate keeps its lead
                /// less n, or a new candidate leads by what is left).
                func count(_ pixel: UInt32, _ n: Int) {
                    let b = Palette.bin(pixel)
                    var slot = Int(slots[b])
                    if slot < 0 {
                        slot = store.count
                        slots[b] = Int32(slot)
                        store.append(Bin())
                        ids.append(b)
                    }
                    let red = Int(pixel & 0xFF), green = Int(pixel >> 8 & 0xFF), blue = Int(pixel >> 16 & 0xFF)
                    let color = pixel & 0x00FF_FFFF
                    store.withUnsafeMutableBufferPointer { bins in
                        bins[slot].count += n
                        bins[slot].red += red * n
                        bins[slot].green += green * n
                        bins[slot].blue += blue * n
                        bins[slot].redSquares += red * red * n
                        bins[slot].greenSquares += green * green * n
                        bins[slot].blueSquares += blue * blue * n
                        if bins[slot].candidate == color && bins[slot].votes > 0 {
                            bins[slot].votes += n
                        } else if bins[slot].votes >= n {
                            bins[slot].votes -= n
                        } else {
                            bins[slot].candidate = color
                            bins[slot].votes = n - bins[slot].votes
                        }
                    }
                }
                body(count)
            }
        }
    }

    /// Counts the colors of frames, one at a time, for a palette of them all.
    struct Builder {
        fileprivate var bins = Histogram()
        /// Every `step`-th pixel is counted.
        var step = 3

        /// Counts the colors inside `area` of a frame `width` pixels wide (what a GIF frame
        /// that stores only the rectangle it changes shows).
        mutating func add(_ pixels: UnsafeBufferPointer<UInt32>, width: Int, in area: PixelRect) {
            bins.add(pixels, width: width, area: area, step: step)
        }

        /// Counts the colors of an area packed as runs (`PixelRuns`): the same counts as
        /// `add(_:width:in:)` of the pixels it was packed from.
        mutating func add(packed words: UnsafeBufferPointer<UInt32>) {
            bins.add(packed: words, step: step)
        }

        /// The palette of what was counted, of at most `size` colors.
        func palette(size: Int = 256) -> Palette { Palette(bins: bins, size: size) }
    }

    private init(bins: Histogram, size: Int) {
        let used = bins.used
        var boxes: [[Int]] = used.isEmpty ? [] : [used]
        // Cut the box whose colors are furthest from its mean (the largest sum of squared
        // errors) along its channel of largest variance, at the median, until there are enough.
        func variances(_ box: [Int]) -> (total: Double, channels: [Double]) {
            var count = 0, sums = [0, 0, 0], squares = [0, 0, 0]
            for b in box {
                count += bins[b].count
                sums[0] += bins[b].red; sums[1] += bins[b].green; sums[2] += bins[b].blue
                squares[0] += bins[b].redSquares; squares[1] += bins[b].greenSquares; squares[2] += bins[b].blueSquares
            }
            guard count > 0 else { return (0, [0, 0, 0]) }
            let channels = (0..<3).map { Double(squares[$0]) - Double(sums[$0]) * Double(sums[$0]) / Double(count) }
            return (channels.reduce(0, +), channels)
        }
        var errors = boxes.map(variances)
        while boxes.count < size {
            var chosen = -1, largest = 0.0
            for (index, box) in boxes.enumerated() where box.count > 1 && errors[index].total > largest {
                largest = errors[index].total
                chosen = index
            }
            guard chosen >= 0 else { break }
            let box = boxes[chosen]
            let channelVariances = errors[chosen].channels
            let channel = (0..<3).max { channelVariances[$0] < channelVariances[$1] }!
            let sorted = box.sorted { ($0 >> (6 * channel) & 0x3F, $0) < ($1 >> (6 * channel) & 0x3F, $1) }
            var half = 0, cut = 0
            let total = sorted.reduce(0) { $0 + bins[$1].count }
            while cut < sorted.count - 1, half + bins[sorted[cut]].count <= total / 2 || cut == 0 {
                half += bins[sorted[cut]].count
                cut += 1
            }
            boxes[chosen] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
            errors[chosen] = variances(boxes[chosen])
            errors.append(variances(boxes[boxes.count - 1]))
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
        refine(bins: bins, fixed: boxes.map { box in
            var count = 0, dominant = box[0]
            for b in box {
                count += bins[b].count
                if bins[b].count > bins[dominant].count { dominant = b }
            }
            return bins[dominant].count * 2 >= count && bins[dominant].votes > 0
        })
    }

    /// A few rounds of k-means over the histogram: every used bin (its mean color, weighted
    /// by its pixels) goes to its nearest palette color, and each color not `fixed` (a flat
    /// color kept exact) moves to the mean of what went to it.
    private mutating func refine(bins: Histogram, fixed: [Bool], rounds: Int = 4) {
        let used = bins.used
        guard colors.count == fixed.count, !used.isEmpty else { return }
        let means = used.map { b -> (Int, Int, Int, Int) in
            let n = bins[b].count
            return (bins[b].red / n, bins[b].green / n, bins[b].blue / n, n)
        }
        for _ in 0..<rounds {
            let nearest = NearestColor(colors)
            var sums = [(Int, Int, Int, Int)](repeating: (0, 0, 0, 0), count: colors.count)
            for mean in means {
                let best = nearest.index(red: mean.0, green: mean.1, blue: mean.2)
                sums[best].0 += mean.0 * mean.3
                sums[best].1 += mean.1 * mean.3
                sums[best].2 += mean.2 * mean.3
                sums[best].3 += mean.3
            }
            for index in colors.indices where !fixed[index] && sums[index].3 > 0 {
                let n = sums[index].3
                colors[index] = UInt32((sums[index].0 + n / 2) / n) | UInt32((sums[index].1 + n / 2) / n) << 8
                    | UInt32((sums[index].2 + n / 2) / n) << 16 | 0xFF00_0000
            }
        }
    }

    /// Maps pixels to the index of the palette color nearest their exact color (least
    /// squared RGB distance, what PSNR measures). The nearest color is searched once per
    /// distinct color and kept in a direct-mapped cache that lasts from frame to frame (the
    /// frames of one animation share most of their colors). A mapper is used by one thread.
    final class Mapper {
        private let nearest: NearestColor
        private static let slots = 1 << 16
        private var keys = [UInt32](repeating: 0xFFFF_FFFF, count: Mapper.slots)
        private var values = [UInt8](repeating: 0, count: Mapper.slots)

        /// A mapper to the colors of `palette`.
        init(_ palette: Palette) {
            nearest = NearestColor(palette.colors)
        }

        /// Writes the indices of the pixels packed in `words` (`PixelRuns`) in order over the
        /// whole of `result` (its count is the pixels'): a run's color is mapped once for the
        /// whole run, and so is a repeated color inside a literal.
        func indices(ofPacked words: UnsafeBufferPointer<UInt32>, into result: UnsafeMutableBufferPointer<UInt8>) {
            let count = result.count
            withCache { lookUp in
                var word = 0, done = 0
                var previous: UInt32 = 0xFFFF_FFFF, previousIndex: UInt8 = 0
                while word < words.count {
                    let token = words[word]
                    let length = Int(token & ~PixelRuns.runFlag)
                    precondition(done + length <= count, "packed pixels beyond the count")
                    if token & PixelRuns.runFlag != 0 {
                        (result.baseAddress! + done).initialize(repeating: lookUp(words[word + 1] & 0x00FF_FFFF), count: length)
                        word += 2
                    } else {
                        for index in 0..<length {
                            let color = words[word + 1 + index] & 0x00FF_FFFF
                            if color != previous {
                                previous = color
                                previousIndex = lookUp(color)
                            }
                            result[done + index] = previousIndex
                        }
                        word += 1 + length
                    }
                    done += length
                }
                precondition(done == count, "packed pixels short of the count")
            }
        }

        /// Calls `body` with the look-up of a 24-bit color's index: the cache's, or the
        /// nearest palette color's, then kept in the cache.
        @inline(__always)
        private func withCache(_ body: ((UInt32) -> UInt8) -> Void) {
            let slots = Self.slots
            keys.withUnsafeMutableBufferPointer { keys in
                values.withUnsafeMutableBufferPointer { values in
                    body { color in
                        // A multiplicative hash of the 24 bits into 16.
                        let slot = Int((color &* 0x9E37_79B1) >> 16) & (slots - 1)
                        if keys[slot] == color { return values[slot] }
                        let best = UInt8(nearest.index(of: color))
                        keys[slot] = color
                        values[slot] = best
                        return best
                    }
                }
            }
        }
    }
}
