import Foundation
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorRendering

/// The DEFLATE compressor against zlib itself (Python's zlib module): every stream it
/// writes inflates to its input there and in the host's own inflater, and a rendered
/// frame compresses about as small as zlib's default level makes it.
@Suite struct DeflateTests {
    let folder = TemporaryDirectory()

    /// Inputs of every kind: empty, one byte, runs long and short, text, noise, and the filtered rows
    /// of a rendered frame (what PNG compresses).
    func inputs() throws -> [(String, [UInt8])] {
        var noise: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<70_000 {
            state = state &* 1_103_515_245 &+ 12_345
            noise.append(UInt8(truncatingIfNeeded: state >> 16))
        }
        let text = Array(String(repeating: "The list slides over as the detail page comes in. ", count: 400).utf8)
        // A stretch of noise said again (matches as long as DEFLATE allows, one after the
        // other at the same distance, the last one shorter), then changed a byte at a time
        // every 258, 259 and 300 bytes (a repeated distance that runs out mid-match).
        let stretch = Array(noise[0..<1_000])
        var echo = stretch + stretch + stretch
        for (offset, step) in [(1_000, 258), (2_000, 259), (2_000, 300)] {
            for index in stride(from: offset + step, to: echo.count, by: step) { echo[index] &+= 1 }
        }
        // Runs of every length from 1 to 300, each of a byte unlike its neighbours', then
        // one that ends the input within sixteen bytes of where it starts (runs shorter
        // and longer than the fast level takes at once, and one too near the end to try).
        var shortRuns: [UInt8] = []
        for length in 1...300 { shortRuns += [UInt8](repeating: UInt8(length % 251), count: length) }
        shortRuns += [UInt8](repeating: 9, count: 12)
        return [("empty", []), ("one byte", [7]), ("zeros", [UInt8](repeating: 0, count: 100_000)),
                ("short runs", shortRuns),
                ("text", text), ("noise", noise), ("frame", try frameRows()),
                ("runs", (0..<50_000).map { UInt8(($0 / 300) % 7) }), ("echo", echo)]
    }

    /// A bundled screen's picture, as PNG's "up" filter leaves its rows (what `PNGEncoder`
    /// hands to the compressor).
    func frameRows() throws -> [UInt8] {
        let engine = AnimationEngine()
        let root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 300))
        root.backgroundColor = RGBAColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        for row in 0..<6 {
            let cell = engine.makeView(frame: Rect(x: 16, y: Double(row) * 48 + 8, width: 358, height: 40))
            cell.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
            cell.layer.cornerRadius = 10
            let dot = engine.makeView(frame: Rect(x: 8, y: 6, width: 28, height: 28))
            dot.backgroundColor = RGBAColor(red: 0.2 + 0.1 * Double(row), green: 0.5, blue: 0.9, alpha: 1)
            dot.layer.cornerRadius = 6
            try cell.addSubview(dot)
            try root.addSubview(cell)
        }
        let image = SceneRenderer(size: Size(width: 390, height: 300), scale: 1)
            .render(SceneFrame(engine: engine, root: root.layer.id))
        return PNGEncoder.filteredRows(image)
    }

    /// zlib's inflate of each stream, and zlib's own compressed size at `levels`.
    func zlibCheck(_ streams: [[UInt8]], originals: [[UInt8]], levels: [Int]) throws -> [[Int]] {
        var paths: [String] = []
        for (index, (stream, original)) in zip(streams, originals).enumerated() {
            let base = folder.file("case-\(index)")
            try Data(stream).write(to: URL(fileURLWithPath: base + ".z"))
            try Data(original).write(to: URL(fileURLWithPath: base + ".raw"))
            paths.append(base)
        }
        let script = """
            import sys, zlib, json
            levels = json.loads(sys.argv[1])
            out = []
            for base in sys.argv[2:]:
                raw = open(base + '.raw', 'rb').read()
                ok = zlib.decompress(open(base + '.z', 'rb').read()) == raw
                out.append([1 if ok else 0] + [len(zlib.compress(raw, level)) for level in levels])
            print(json.dumps(out))
            """
        let result = try Python.run(script, ["\(levels)"] + paths)
        return try JSONDecoder().decode([[Int]].self, from: Data(result.standardOutput.utf8))
    }

    @Test func everyStreamInflatesToItsInputInZlibAndOurs() throws {
        let cases = try inputs()
        for level in [Deflate.Level.fast, .default] {
            let streams = cases.map { Deflate.zlib($0.1, level: level) }
            for ((name, original), stream) in zip(cases, streams) {
                #expect(try Inflate.zlib(stream, limit: original.count + 1) == original, "\(name)")
            }
            let checked = try zlibCheck(streams, originals: cases.map(\.1), levels: [])
            #expect(checked.map { $0[0] } == [Int](repeating: 1, count: cases.count), "\(cases.map(\.0))")
        }
    }

    @Test func aFrameCompressesAboutAsSmallAsZlibAtTheSameLevel() throws {
        let frame = try frameRows(), text = Array(String(repeating: "Places · Lisbon · Kyoto · ", count: 2000).utf8)
        let ours = [frame, text].map { (Deflate.zlib($0, level: .default).count, Deflate.zlib($0, level: .fast).count) }
        let zlib = try zlibCheck([frame, text].map { Deflate.zlib($0) }, originals: [frame, text], levels: [6, 1])
        for (index, (tight, fast)) in ours.enumerated() {
            // At most 3 % larger than zlib's level 6, and the fast level within 15 % of level 1.
            #expect(Double(tight) <= 1.03 * Double(zlib[index][1]), "ours \(tight), zlib -6 \(zlib[index][1])")
            #expect(Double(fast) <= 1.15 * Double(zlib[index][2]), "ours \(fast), zlib -1 \(zlib[index][2])")
        }
    }

    @Test func huffmanLengthsAndCanonicalCodesAsTheTextbooksWorkThem() {
        // The classic six-symbol example: a 45, b 13, c 12, d 16, e 9, f 5 give a 1 bit,
        // b, c and d 3 bits, e and f 4 bits (Cormen et al., 16.3).
        #expect(HuffmanCode.lengths([45, 13, 12, 16, 9, 5], limit: 15) == [1, 3, 3, 3, 4, 4])
        // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) give 010, 011, 100, 101, 110,
        // 00, 1110, 1111.
        #expect(HuffmanCode.canonical([3, 3, 3, 3, 3, 2, 4, 4]) == [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
        // Fibonacci frequencies make a tree 24 deep; limited to 15 the code stays complete
        // (Kraft sum exactly 1) and every length is at most 15.
        var fibonacci = [1, 1]
        while fibonacci.count < 25 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        let limited = HuffmanCode.lengths(fibonacci, limit: 15)
        #expect(limited.allSatisfy { $0 >= 1 && $0 <= 15 })
        #expect(limited.reduce(0) { $0 + (1 << (15 - Int($1))) } == 1 << 15)
        // One symbol alone still gets a complete code of two one-bit codes.
        #expect(HuffmanCode.lengths([0, 0, 9, 0], limit: 7).filter { $0 > 0 } == [1, 1])
    }
}
