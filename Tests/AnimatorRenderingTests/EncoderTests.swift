import Foundation
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The PNG and GIF writers, read back by an independent decoder: Python's Pillow
/// (installed by Tests/setup.sh).
@Suite struct EncoderTests {
    let folder = TemporaryDirectory()

    /// Pillow's view of a file: size, frame count, per-frame durations and loop, and every
    /// frame's pixels as 0xRRGGBB numbers.
    struct Decoded: Decodable {
        var size: [Int]
        var frames: Int
        var durations: [Int]
        var loop: Int?
        var pixels: [[Int]]
    }

    func decode(_ path: String) throws -> Decoded {
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            frames, durations, pixels = getattr(im, 'n_frames', 1), [], []
            for i in range(frames):
                im.seek(i)
                durations.append(im.info.get('duration', 0))
                raw = im.convert('RGB').tobytes()
                pixels.append([raw[i] << 16 | raw[i + 1] << 8 | raw[i + 2] for i in range(0, len(raw), 3)])
            print(json.dumps({'size': list(im.size), 'frames': frames, 'durations': durations,
                              'loop': im.info.get('loop'), 'pixels': pixels}))
            """
        let result = try Python.run(script, [path])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(Decoded.self, from: Data(result.standardOutput.utf8))
    }

    /// A test picture: flat areas, a gradient and noise from a fixed generator.
    func picture(width: Int, height: Int, seed: UInt32, colors: Int? = nil) -> Image {
        var state = seed
        var image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_103_515_245 &+ 12345
                let value: UInt32
                if let colors {
                    // One of `colors` fixed colors, chosen at random: noise that fits a palette.
                    let k = UInt32((state >> 16) % UInt32(colors))
                    value = (k &* 37 & 0xFF) | (k &* 91 & 0xFF) << 8 | (k &* 13 & 0xFF) << 16
                } else if y < height / 3 {
                    value = 0xF6_823B
                } else if y < 2 * height / 3 {
                    value = UInt32(x * 255 / max(width - 1, 1)) | UInt32(y & 0xFF) << 8 | 0x80 << 16
                } else {
                    value = state >> 8 & 0xFF_FFFF
                }
                image.pixels[y * width + x] = value | 0xFF00_0000
            }
        }
        return image
    }

    func rgb(_ pixel: UInt32) -> Int { Int(pixel & 0xFF) << 16 | Int(pixel >> 8 & 0xFF) << 8 | Int(pixel >> 16 & 0xFF) }

    @Test func aPNGDecodesToExactlyTheImage() throws {
        let image = picture(width: 97, height: 61, seed: 7)
        let path = folder.file("picture.png")
        try OutputFile.write(path, PNGEncoder.encode(image))
        let decoded = try decode(path)
        #expect(decoded.size == [97, 61])
        #expect(decoded.pixels.first == image.pixels.map(rgb))
    }

    @Test func anOpaquePictureIsWrittenAsRGBAndATranslucentOneKeepsItsAlpha() throws {
        // Widths around the four-pixels-at-a-time filter (1 to 3, then 4 to 7: every
        // remainder after a group of four, and wider ones), heights of one row and more.
        for (width, height) in [(1, 1), (2, 3), (3, 2), (4, 1), (5, 4), (6, 2), (7, 3), (17, 9), (390, 7)] {
            let opaque = picture(width: width, height: height, seed: UInt32(width * 31 + height))
            // One pixel half transparent (premultiplied: its color halved too): the last, the
            // first, or the last of the middle row (the odd one out of the pairs when the
            // width is odd); the encoder finds it while it writes the rows.
            var pictures = [("opaque", opaque, "RGB")]
            for (position, index) in [("last", width * height - 1), ("first", 0), ("middle", (height / 2 + 1) * width - 1)] {
                var translucent = opaque
                translucent.pixels[index] = 0x8040_2010
                pictures.append(("translucent-\(position)", translucent, "RGBA"))
            }
            for (name, image, mode) in pictures {
                let path = folder.file("\(name)-\(width)x\(height).png")
                let bytes = PNGEncoder.encode(image, level: .fast)
                try OutputFile.write(path, bytes)
                // IHDR's color type: byte 25 of the file (2 RGB, 6 RGBA).
                #expect(bytes[25] == (mode == "RGB" ? 2 : 6), "\(name) \(width)×\(height)")
                let script = """
                    import sys
                    from PIL import Image
                    im = Image.open(sys.argv[1])
                    print(im.mode, im.size[0], im.size[1], im.convert('RGBA').tobytes().hex())
                    """
                let result = try Python.run(script, [path])
                let fields = result.standardOutput.split(separator: " ").map(String.init)
                let expected = image.pixels.map { pixel in
                    (0..<4).map { String(format: "%02x", pixel >> (8 * $0) & 0xFF) }.joined()
                }.joined()
                #expect(fields.count == 4 && fields[0] == mode && fields[1] == "\(width)" && fields[2] == "\(height)",
                        "\(name) \(width)×\(height): \(result.standardOutput.prefix(40)) \(result.standardError)")
                #expect(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(name) \(width)×\(height) pixels")
                // Our own decoder reads them back too (it premultiplies what a file holds
                // straight: the translucent pixel comes back darker, its alpha the same).
                let back = try PNGDecoder.decode(bytes).pixels
                #expect(back.count == image.pixels.count, "\(name) \(width)×\(height) read back")
                for (index, pixel) in image.pixels.enumerated() where index < back.count {
                    #expect(pixel >> 24 == 0xFF ? back[index] == pixel : back[index] >> 24 == pixel >> 24,
                            "\(name) \(width)×\(height) pixel \(index) read back")
                }
            }
        }
    }

    @Test func aGIFKeepsColorsTimingAndLoops() throws {
        // Three frames of at most 200 colors each (the palette holds them all), noisy
        // enough that the LZW table fills and restarts.
        let frames = (0..<3).map { picture(width: 160, height: 120, seed: UInt32($0 + 1), colors: 200) }
        let path = folder.file("animation.gif")
        // At 0, 0.05 and 0.13 s; the animation ends at 0.2 s and the last frame holds 1 s.
        try OutputFile.write(path, GIFEncoder.encode(frames, times: [0, 0.05, 0.13], end: 0.2, hold: 1))
        let decoded = try decode(path)
        #expect(decoded.size == [160, 120])
        #expect(decoded.frames == 3)
        // Delays in milliseconds (hundredths × 10): 5, 8, then 7 + 100 hundredths.
        #expect(decoded.durations == [50, 80, 1070])
        #expect(decoded.loop == 0)
        for (index, frame) in frames.enumerated() {
            #expect(decoded.pixels[index] == frame.pixels.map(rgb), "frame \(index)")
        }
    }

    @Test func runsOfEveryLengthDecodeExactly() throws {
        // One run of 120,000 pixels (its strings outgrow the 256 repeats LZW keeps codes
        // for), then runs of one color 1, 2, 3, ... 700 pixels long in 12 colors by turns,
        // then noise: runs cross rows, the table fills and starts again many times, and
        // every pixel must come back.
        let width = 600, height = 400
        var image = Image(width: width, height: height)
        let colors: [UInt32] = (0..<12).map { (k: Int) -> UInt32 in
            let red = UInt32(k * 20), green = UInt32(255 - k * 20), blue = UInt32(k * 7)
            return red | green << 8 | blue << 16 | 0xFF00_0000
        }
        for pixel in 0..<120_000 { image.pixels[pixel] = colors[0] }
        var index = 120_000, length = 1, turn = 1
        while index < width * height * 3 / 4 {
            for _ in 0..<length where index < width * height { image.pixels[index] = colors[turn % colors.count]; index += 1 }
            turn += 1
            length = length % 700 + 1
        }
        var state: UInt32 = 99
        while index < width * height {
            state = state &* 1_103_515_245 &+ 12345
            image.pixels[index] = colors[Int(state >> 16) % colors.count]
            index += 1
        }
        let path = folder.file("runs.gif")
        try OutputFile.write(path, GIFEncoder.encode([image], times: [0], end: 0))
        let decoded = try decode(path)
        #expect(decoded.size == [width, height])
        #expect(decoded.pixels.first == image.pixels.map(rgb))
    }

    @Test func aCoderUsedFrameAfterFrameWritesWhatAFreshOneWrites() throws {
        // One coder, as a GIF's worker uses it: a noisy picture that fills the table many
        // times, a short run, an empty one, then noise of another size and code width.
        // Nothing of one call may leak into the next.
        var state: UInt32 = 7
        func noise(_ count: Int, below limit: UInt32) -> [UInt8] {
            (0..<count).map { _ in
                state = state &* 1_103_515_245 &+ 12345
                return UInt8((state >> 16) % limit)
            }
        }
        let inputs: [(indices: [UInt8], codeSize: Int)] = [
            (noise(200_000, below: 256), 8), (Array(repeating: 3, count: 900), 2), ([], 4),
            (noise(5_000, below: 16), 4), (noise(300_000, below: 256) + Array(repeating: 9, count: 70_000), 8),
        ]
        let coder = LZW.Coder()
        for (number, input) in inputs.enumerated() {
            let reused = input.indices.withUnsafeBufferPointer { coder.encode($0, minimumCodeSize: input.codeSize) }
            let fresh = input.indices.withUnsafeBufferPointer { LZW.Coder().encode($0, minimumCodeSize: input.codeSize) }
            #expect(reused == fresh, "input \(number)")
        }
        // And through the file: twelve frames, each changing another area with noise or a
        // flat color, one after another on each worker, read back by Pillow.
        let frames = (0..<12).map { index in
            var image = picture(width: 90, height: 70, seed: 5, colors: 200)
            let size = 10 + 5 * index
            for y in (index % 4)..<min(70, index % 4 + size) {
                for x in index..<min(90, index + size) {
                    image.pixels[y * 90 + x] = index % 2 == 0 ? 0xFF10_2030 : image.pixels[(69 - y) * 90 + 89 - x]
                }
            }
            return image
        }
        let path = folder.file("reused.gif")
        try OutputFile.write(path, GIFEncoder.encode(frames, times: (0..<12).map { Double($0) * 0.05 }, end: 0.6))
        let decoded = try decode(path)
        #expect(decoded.frames == 12)
        for (index, frame) in frames.enumerated() {
            #expect(decoded.pixels[index] == frame.pixels.map(rgb), "frame \(index)")
        }
    }

    @Test func framesCloserThanTwoHundredthsAreMergedAndTheTotalIsKept() throws {
        // 60 fps for 0.1 s: 7 frames 1/60 s apart; browsers slow delays under 2/100 s
        // down, so frames are dropped until each lasts at least 2/100 s.
        let frames = (0..<7).map { picture(width: 8, height: 8, seed: UInt32($0), colors: 4) }
        let times = (0..<7).map { Double($0) / 60 }
        let path = folder.file("fast.gif")
        try OutputFile.write(path, GIFEncoder.encode(frames, times: times, end: 0.1, hold: 0))
        let decoded = try decode(path)
        #expect(decoded.durations.allSatisfy { $0 >= 20 })
        // Kept: the frames whose rounded start is at least 2/100 s after the last kept one.
        // Starts in hundredths: 0, 2, 3, 5, 7, 8, 10 → kept 0 (0), 1 (2), 3 (5), 4 (7), 6 (10),
        // so the delays are 2, 3, 2, 3 and the last frame (with no hold) the minimum, 2.
        #expect(decoded.durations == [20, 30, 20, 30, 20])
        #expect(decoded.pixels.count == 5)
        #expect(decoded.pixels[2] == frames[3].pixels.map(rgb))
    }

    @Test func laterFramesStoreOnlyTheRectangleThatChanged() throws {
        // Two 40 × 30 frames that differ in the rectangle x 10…19, y 5…7.
        let first = Image(width: 40, height: 30, fill: 0xFFFF_FFFF)
        var second = first
        for y in 5..<8 { for x in 10..<20 { second.pixels[y * 40 + x] = 0xFF00_00FF } }
        let path = folder.file("delta.gif")
        try OutputFile.write(path, GIFEncoder.encode([first, second], times: [0, 0.1], end: 0.1))
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1]); im.seek(1)
            extent = list(im.tile[0].extents)
            raw = im.convert('RGB').tobytes()
            print(json.dumps({'extent': extent,
                              'pixels': [raw[i] << 16 | raw[i + 1] << 8 | raw[i + 2] for i in range(0, len(raw), 3)]}))
            """
        let result = try Python.run(script, [path])
        struct Frame: Decodable { var extent: [Int]; var pixels: [Int] }
        let frame = try JSONDecoder().decode(Frame.self, from: Data(result.standardOutput.utf8))
        #expect(frame.extent == [10, 5, 20, 8])
        // Composed over the first frame, it is the whole second picture.
        #expect(frame.pixels == second.pixels.map(rgb))
    }

    @Test func drawingInSmallBatchesWritesTheSameFile() throws {
        // Frames across batch boundaries still store only what changed since the frame before.
        let frames = (0..<7).map { picture(width: 24, height: 16, seed: UInt32($0 % 3), colors: 6) }
        let times = (0..<7).map { Double($0) * 0.04 }
        let whole = GIFEncoder.encode(frames, times: times, end: 0.3)
        var asked: [[Int]] = []
        let batched = GIFEncoder.encode(times: times, end: 0.3, width: 24, height: 16, batch: 2) { wanted in
            asked.append(wanted)
            return wanted.map { frames[$0] }
        }
        #expect(batched == whole)
        // Once over the batches: what each frame changed is kept for the encoding.
        #expect(asked == [[0, 1], [2, 3], [4, 5], [6]])
        // With no room to keep it, twice (once for the palette, once to encode), and the
        // same file.
        asked = []
        let drawnTwice = GIFEncoder.encode(times: times, end: 0.3, width: 24, height: 16, batch: 2, holdLimit: 0) { wanted in
            asked.append(wanted)
            return wanted.map { frames[$0] }
        }
        #expect(drawnTwice == whole)
        #expect(asked == [[0, 1], [2, 3], [4, 5], [6], [0, 1], [2, 3], [4, 5], [6]])
        // Frames of one color each, every one another color: each changes its whole area,
        // which packs as one run (a count word and the color: 8 bytes), 56 bytes for the
        // seven. At 56 all are kept. At 55, the second frame shows that the seven will not
        // fit (8 for the first, then 8 for each of the six others at the second's size):
        // only the first is kept, and every later frame is drawn again, the batch it
        // shares with the kept one included.
        let flat = (0..<7).map { index in
            Image(width: 24, height: 16, pixels: Array(repeating: 0xFF00_0000 | UInt32(index * 0x24_1A0B), count: 24 * 16))
        }
        /// Encodes `frames` in batches of two under `limit` and checks the file against the
        /// one encoded whole, and which frames were drawn again after the first pass.
        func check(_ frames: [Image], limit: Int, drawnAgain second: [[Int]]) {
            let whole = GIFEncoder.encode(frames, times: times, end: 0.3)
            asked = []
            let partly = GIFEncoder.encode(times: times, end: 0.3, width: 24, height: 16, batch: 2, holdLimit: limit) { wanted in
                asked.append(wanted)
                return wanted.map { frames[$0] }
            }
            #expect(partly == whole, "limit \(limit)")
            #expect(asked == [[0, 1], [2, 3], [4, 5], [6]] + second, "limit \(limit)")
        }
        for (limit, second) in [(56, []), (55, [[1], [2, 3], [4, 5], [6]]), (8, [[1], [2, 3], [4, 5], [6]]),
                                (7, [[0, 1], [2, 3], [4, 5], [6]]), (0, [[0, 1], [2, 3], [4, 5], [6]])] {
            check(flat, limit: limit, drawnAgain: second)
        }
        // Four flat frames, then three of noise (no four equal pixels in a row: one literal
        // of 384 pixels and its count, 1,540 bytes each). The flat ones promise 56 bytes in
        // all and fit in 100; the first noisy one does not fit, so it and the frames after
        // it are drawn again, whatever the promise was.
        let mixed = flat.prefix(4) + (4..<7).map { frame in
            Image(width: 24, height: 16, pixels: (0..<(24 * 16)).map { pixel in
                0xFF00_0000 | (UInt32(pixel) &* 2_654_435_761 &+ UInt32(frame) &* 40_503) & 0x00FF_FFFF
            })
        }
        for (limit, second) in [(100, [[4, 5], [6]]), (32 + 3 * 1540, [])] {
            check(Array(mixed), limit: limit, drawnAgain: second)
        }
    }

    @Test func anArenaGivesBackTheEndOfItsLastAllocation() {
        // Allocations are 64-byte aligned steps of one block: 100 pixels take 448 bytes.
        let arena = PixelArena()
        let first = arena.allocate(100)
        let second = arena.allocate(100)
        #expect(UnsafeRawPointer(second.baseAddress!) - UnsafeRawPointer(first.baseAddress!) == 448)
        // Kept 10 pixels (64 bytes): the next allocation starts 64 bytes after it.
        arena.shrinkLast(second, to: 10)
        let third = arena.allocate(5)
        #expect(UnsafeRawPointer(third.baseAddress!) - UnsafeRawPointer(second.baseAddress!) == 64)
        // Given back whole: the next one starts where it did.
        arena.shrinkLast(third, to: 0)
        let fourth = arena.allocate(1)
        #expect(fourth.baseAddress == third.baseAddress)
        // Only the last allocation can shrink: an earlier one is left as it is.
        arena.shrinkLast(first, to: 0)
        let fifth = arena.allocate(1)
        #expect(UnsafeRawPointer(fifth.baseAddress!) - UnsafeRawPointer(fourth.baseAddress!) == 64)
        // What was written stays.
        first.initialize(repeating: 7)
        fifth.initialize(repeating: 9)
        #expect(first.allSatisfy { $0 == 7 } && fifth[0] == 9)
        // A reset hands the first block out again from its start, even after a second
        // block (an allocation larger than the 32 MiB blocks gets one of its own).
        let large = arena.allocate(9 << 20)
        #expect(large.count == 9 << 20)
        large[large.count - 1] = 5
        arena.reset()
        #expect(arena.allocate(100).baseAddress == first.baseAddress)
    }

    @Test func colorsCountedFromRunsAreTheColorsCountedFromThePixels() {
        // Every third pixel in reading order is counted. Packed, a run of 7 starting at
        // position 2 holds the samples at 3, 6: two counts at once. Hand-worked: the row
        // A A B B B B B B B (9 pixels, one row) samples A (0), B (3), B (6): A once, B twice;
        // the palette of either way has exactly A and B.
        let (a, b): (UInt32, UInt32) = (0xFF10_2030, 0xFF40_5060)
        let row: [UInt32] = [a, a, b, b, b, b, b, b, b]
        let area = PixelRect(x0: 0, y0: 0, x1: 9, y1: 1)
        var output = [UInt32](repeating: 0, count: PixelRuns.capacity(for: 9))
        let count = row.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { PixelRuns.pack(pixels, width: 9, area: area, into: $0.baseAddress!) }
        }
        var fromPixels = Palette.Builder(), fromRuns = Palette.Builder()
        row.withUnsafeBufferPointer { fromPixels.add($0, width: 9, in: area) }
        output[0..<count].withUnsafeBufferPointer { fromRuns.add(packed: $0) }
        #expect(Set(fromRuns.palette().colors) == [a, b])
        #expect(fromRuns.palette().colors == fromPixels.palette().colors)
        // Pictures of runs, short runs and noise, areas at every offset inside wider
        // pictures, several frames into one builder (the sampling starts again with each):
        // the same palettes, built from the same counts in the same order.
        for seed in 0..<8 {
            var fromPixels = Palette.Builder(), fromRuns = Palette.Builder()
            for frame in 0..<3 {
                let noise = picture(width: 37, height: 11, seed: UInt32(seed * 3 + frame), colors: 5 + seed)
                var pixels = noise.pixels
                for index in pixels.indices where (index / (4 + seed) + frame) % 3 == 0 { pixels[index] = 0xFF00_80FF }
                let area = PixelRect(x0: (seed + frame) % 5, y0: frame, x1: 37 - seed % 4, y1: 11 - (seed + frame) % 3)
                var output = [UInt32](repeating: 0, count: PixelRuns.capacity(for: area.pixelCount))
                let count = pixels.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { PixelRuns.pack(source, width: 37, area: area, into: $0.baseAddress!) }
                }
                pixels.withUnsafeBufferPointer { fromPixels.add($0, width: 37, in: area) }
                output[0..<count].withUnsafeBufferPointer { fromRuns.add(packed: $0) }
            }
            #expect(fromRuns.palette().colors == fromPixels.palette().colors, "seed \(seed)")
            #expect(fromRuns.palette(size: 8).colors == fromPixels.palette(size: 8).colors, "seed \(seed)")
        }
    }

    /// The pixels of a sequence packed as runs, read by the format's definition (a word
    /// with the top bit set: that many copies of the next word; without: that many words
    /// as they are).
    func unpacked(_ words: UnsafeBufferPointer<UInt32>) -> [UInt32] {
        var pixels: [UInt32] = [], index = 0
        while index < words.count {
            let count = Int(words[index] & 0x7FFF_FFFF)
            if words[index] >> 31 == 1 {
                pixels += Array(repeating: words[index + 1], count: count)
                index += 2
            } else {
                pixels += words[(index + 1)..<(index + 1 + count)]
                index += 1 + count
            }
        }
        return pixels
    }

    @Test func packedRunsFollowTheHandWorkedExample() {
        // A 6 × 2 area at (1, 1) of an 8 × 3 picture, read row after row as one sequence:
        // A A A A B C | C C C D D D. A×4 is a run; B and C alone go into a literal; the C
        // ending the first row and the three starting the second make a run of 4 across
        // the rows; D×3 is too short for a run and ends as a literal.
        let (a, b, c, d, x): (UInt32, UInt32, UInt32, UInt32, UInt32) = (0xFF00_0001, 0xFF00_0002, 0xFF00_0003, 0xFF00_0004, 0xFFFF_FFFF)
        let picture: [UInt32] = [x, x, x, x, x, x, x, x,
                                 x, a, a, a, a, b, c, x,
                                 x, c, c, c, d, d, d, x]
        let area = PixelRect(x0: 1, y0: 1, x1: 7, y1: 3)
        var output = [UInt32](repeating: 0, count: PixelRuns.capacity(for: 12))
        let count = picture.withUnsafeBufferPointer { pixels in
            output.withUnsafeMutableBufferPointer { PixelRuns.pack(pixels, width: 8, area: area, into: $0.baseAddress!) }
        }
        let run: UInt32 = 0x8000_0000
        #expect(Array(output[0..<count]) == [run | 4, a, 1, b, run | 4, c, 3, d, d, d])
        #expect(output[0..<count].withUnsafeBufferPointer { unpacked($0) } == [a, a, a, a, b, c, c, c, c, d, d, d])
    }

    @Test func packedRunsComeBackExactlyAndMapAsThePixelsDo() {
        // Pictures mixing long runs, short ones and noise, in areas inside wider pictures:
        // unpacked, the pixels of the area in order; at most one word more than the pixels
        // (all noise: one literal); mapped to a palette, each pixel's nearest color (least
        // squared distance, the lowest index on a tie), found here by trying them all.
        for seed in 0..<6 {
            let noise = picture(width: 40, height: 12, seed: UInt32(seed), colors: seed % 3 == 0 ? 2 : 7)
            var pixels = noise.pixels
            for index in pixels.indices where (index / 9 + seed) % 3 == 0 { pixels[index] = 0xFF33_6699 }
            let area = PixelRect(x0: seed, y0: seed % 4, x1: 40 - seed % 5, y1: 12 - seed % 3)
            let expected = (area.y0..<area.y1).flatMap { y in (area.x0..<area.x1).map { pixels[y * 40 + $0] } }
            var output = [UInt32](repeating: 0, count: PixelRuns.capacity(for: expected.count))
            let count = pixels.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { PixelRuns.pack(source, width: 40, area: area, into: $0.baseAddress!) }
            }
            #expect(count <= expected.count + 1)
            let packed = Array(output[0..<count])
            #expect(packed.withUnsafeBufferPointer { unpacked($0) } == expected, "seed \(seed)")
            var builder = Palette.Builder()
            pixels.withUnsafeBufferPointer { builder.add($0, width: 40, in: area) }
            let palette = builder.palette(size: 4)
            let nearest = expected.map { pixel in
                let distances = palette.colors.map { color in
                    (0..<3).reduce(0) { sum, channel in
                        let difference = Int(pixel >> (8 * channel) & 0xFF) - Int(color >> (8 * channel) & 0xFF)
                        return sum + difference * difference
                    }
                }
                return UInt8(distances.firstIndex(of: distances.min()!)!)
            }
            let mapper = Palette.Mapper(palette)
            var indices = [UInt8](repeating: 0, count: expected.count)
            packed.withUnsafeBufferPointer { words in
                indices.withUnsafeMutableBufferPointer { mapper.indices(ofPacked: words, into: $0) }
            }
            #expect(indices == nearest, "seed \(seed)")
        }
        // All noise of many colors: one literal, the pixels and their count.
        let noise = picture(width: 16, height: 4, seed: 9).pixels
        var output = [UInt32](repeating: 0, count: PixelRuns.capacity(for: 64))
        let count = noise.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer {
                PixelRuns.pack(source, width: 16, area: PixelRect(x0: 0, y0: 3, x1: 16, y1: 4), into: $0.baseAddress!)
            }
        }
        let lastRow = Array(noise[48..<64])
        #expect(zip(lastRow, lastRow.dropFirst()).allSatisfy { $0 != $1 }, "no two neighbours alike")
        #expect(Array(output[0..<count]) == [16] + lastRow)
    }

    @Test func aPaletteFromManyColorsStaysClose() throws {
        // A smooth gradient of 4096 colors cannot fit 256: every pixel must come back
        // within the median cut's box size (a few levels per channel).
        var image = Image(width: 64, height: 64)
        for y in 0..<64 {
            for x in 0..<64 {
                image.pixels[y * 64 + x] = UInt32(x * 4) | UInt32(y * 4) << 8 | UInt32((x + y) * 2) << 16 | 0xFF00_0000
            }
        }
        let path = folder.file("gradient.gif")
        try OutputFile.write(path, GIFEncoder.encode([image], times: [0], end: 0))
        let decoded = try decode(path)
        var worst = 0
        for (pixel, back) in zip(image.pixels, decoded.pixels[0]) {
            let source = rgb(pixel)
            for shift in [16, 8, 0] { worst = max(worst, abs((source >> shift & 0xFF) - (back >> shift & 0xFF))) }
        }
        #expect(worst <= 24, "worst channel error \(worst)")
    }

    @Test func base64MatchesRFC4648sExamples() {
        // RFC 4648, section 10.
        let cases = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (input, output) in cases { #expect(Base64.encode(Array(input.utf8)) == output) }
    }

    @Test func checksumsMatchTheirStandardCheckValues() {
        // The CRC-32 check value of "123456789" is 0xCBF43926; Adler-32 of "Wikipedia" is 0x11E60398.
        #expect(Checksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        // CRC-32 by its definition, a bit at a time (reflected polynomial 0xEDB88320), against
        // the table-driven one: every length to 40 (eight-byte steps and every tail), a long
        // run, contiguous and not (a lazy collection), and continued from a split anywhere.
        func bitwise(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                c ^= UInt32(byte)
                for _ in 0..<8 { c = c & 1 != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
            }
            return ~c
        }
        var seed: UInt32 = 11
        let noise = (0..<100_003).map { _ -> UInt8 in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            return UInt8(seed >> 24)
        }
        for length in Array(0...40) + [100_003] {
            let bytes = Array(noise[..<length])
            #expect(Checksums.crc32(bytes) == bitwise(bytes), "\(length) bytes")
            #expect(Checksums.crc32(bytes.lazy.map { $0 }) == bitwise(bytes), "\(length) bytes, not contiguous")
        }
        let whole = Array(noise[..<37])
        for split in 0...37 {
            #expect(Checksums.crc32(whole[split...], continuing: Checksums.crc32(whole[..<split])) == bitwise(whole))
        }
        let adler = Array("Wikipedia".utf8).withUnsafeBufferPointer { Checksums.adler32($0) }
        #expect(adler == 0x11E6_0398)
        #expect(Array("Wikipedia".utf8).withUnsafeBufferPointer { Checksums.adler32Lanes($0) } == 0x11E6_0398)
        // Long inputs (many 5,552-byte blocks, sixteen-byte chunks and a tail), against the
        // definition summed a byte at a time: a = 1 + Σ bytes, b = Σ of the a's, mod 65521.
        // All 255s is the worst case for the sums' size. Both the processor's own code (on
        // x86-64) and the portable one.
        for (length, fill) in [(0, 0), (1, 255), (15, -1), (16, 0), (17, -1), (5552, 255), (5553, 255), (100_003, 255),
                               (1_000_000, -1)] {
            var state: UInt32 = 7
            let bytes = (0..<length).map { _ -> UInt8 in
                if fill >= 0 { return UInt8(fill) }
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(state >> 24)
            }
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in bytes {
                a = (a + UInt32(byte)) % 65521
                b = (b + a) % 65521
            }
            let ours = bytes.withUnsafeBufferPointer { Checksums.adler32($0) }
            #expect(ours == b << 16 | a, "\(length) bytes")
            #expect(bytes.withUnsafeBufferPointer { Checksums.adler32Lanes($0) } == b << 16 | a, "\(length) bytes, portable")
            // Two runs' checksums combined, for a split anywhere (ends, middle, past the
            // modulus in length): the whole's, by the definition above.
            for split in Set([0, length / 3, length / 2, min(65_530, length), length]) {
                let first = bytes[..<split].withUnsafeBufferPointer { Checksums.adler32($0) }
                let second = bytes[split...].withUnsafeBufferPointer { Checksums.adler32($0) }
                #expect(Checksums.adler32(combining: first, with: second, secondLength: length - split) == b << 16 | a,
                        "\(length) bytes split at \(split)")
            }
        }
    }

    @Test func rowsAreFilteredUpByteForByte() {
        // Widths around the sixteen bytes the filter takes at a time: each byte of a row
        // after the first minus the byte above, wrapping; the first row as it is.
        for width in [1, 3, 4, 5, 7] {
            let image = picture(width: width, height: 3, seed: UInt32(width))
            let rows = PNGEncoder.filteredRows(image)
            let stride = width * 4
            #expect(rows.count == (stride + 1) * 3)
            let raw = image.pixels.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 24)] }
            #expect(rows[0] == 0 && Array(rows[1...stride]) == Array(raw[0..<stride]))
            for y in 1..<3 {
                #expect(rows[y * (stride + 1)] == 2)
                for x in 0..<stride {
                    #expect(rows[y * (stride + 1) + 1 + x] == raw[y * stride + x] &- raw[(y - 1) * stride + x])
                }
            }
        }
    }
}
