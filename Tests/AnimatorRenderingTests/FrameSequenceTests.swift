import Foundation
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// `PNGFrameSequence`: frames written one after another, each read back by Pillow, each
/// file the same as a sequence made afresh for that frame alone writes, and the strips
/// taken from the frame before exactly those whose rows (and the row above them) did not
/// change.
extension EncoderTests {
    @Test func aSequenceKeepsTheStripsThatDidNotChangeAndWritesEachFrameAsIfAlone() throws {
        // 100 pixels wide: 301 filtered bytes a row, so a strip of at least 16 KiB is
        // ⌈16384 / 301⌉ = 55 rows: rows 0–54, 55–109, 110–164 and 165–199.
        let (width, height) = (100, 200)
        #expect((PNGFrameSequence.stripBytes + 300) / 301 == 55)
        let first = picture(width: width, height: height, seed: 3)   // flat to row 66, then a gradient, then noise
        func changing(_ image: Image, rows: Range<Int>, to color: UInt32) -> Image {
            var changed = image
            for y in rows { for x in 0..<width { changed.pixels[y * width + x] = color | UInt32(x) << 8 } }
            return changed
        }
        // Row 53 of the flat top: strip 0 changes; strips 1–3 are kept. Strip 1's rows are
        // flat too, but its tokens may not reach back into strip 0, whose last rows now
        // filter to other bytes.
        let second = changing(first, rows: 53..<54, to: 0xFF00_0010)
        // Rows 120–130: strip 2 changes; 0, 1 and 3 are kept.
        let third = changing(second, rows: 120..<131, to: 0xFF20_0000)
        // Row 54 alone: strip 0 and strip 1, whose first row is filtered against it, change.
        let fourth = changing(third, rows: 54..<55, to: 0xFF00_3000)
        // The same picture again: every strip kept.
        let fifth = fourth
        // A translucent pixel in strip 0: written with its alpha, as PNGEncoder writes it.
        var sixth = fifth
        sixth.pixels[10 * width + 7] = 0x8040_2010
        // Opaque again after it: nothing to keep from a frame not written in strips.
        let seventh = fifth
        let frames = [first, second, third, fourth, fifth, sixth, seventh]
        let keptAfter = [0, 3, 6, 8, 12, 12, 12]

        let sequence = PNGFrameSequence(width: width, height: height)
        var files: [[UInt8]] = []
        for (index, frame) in frames.enumerated() {
            let file = sequence.encode { pixels in
                _ = pixels.initialize(from: frame.pixels)
            }
            files.append(file)
            #expect(sequence.stripsKept == keptAfter[index], "frame \(index)")
            let alone = PNGFrameSequence(width: width, height: height).encode { _ = $0.initialize(from: frame.pixels) }
            #expect(file == alone, "frame \(index) differs from the same frame written alone")
        }
        #expect(files[5] == PNGEncoder.encode(sixth, level: .fast))
        #expect(files[4] == files[3])
        for (index, file) in files.enumerated() {
            let path = folder.file("frame-\(index).png")
            try OutputFile.write(path, file)
            let decoded = try decode(path)
            #expect(decoded.size == [width, height])
            #expect(decoded.pixels.first == frames[index].pixels.map(rgb), "frame \(index)")
        }
        // Strips cost a little: at most a twentieth more than one stream for the frame.
        let whole = PNGEncoder.encode(first, level: .fast).count
        #expect(files[0].count > whole && files[0].count < whole + whole / 20, "\(files[0].count) against \(whole)")
    }

    @Test func aRendererDrawsIntoTheSequencesMemoryAndOnlyTheStripsTheSquareCrossesChange() throws {
        // A 100 × 200 red page at scale 1 (strips of rows 0–54, 55–109, 110–164, 165–199)
        // and a 10-point green square moving down 25 points a frame from y = 5: each file
        // decodes to the picture worked out by hand.
        let engine = SnapshotRasterizer.engine()
        let red: UInt32 = 0xFF00_00FF, green: UInt32 = 0xFF00_FF00
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        let page = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 200))
        page.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        let square = engine.makeView(frame: Rect(x: 45, y: 5, width: 10, height: 10))
        square.backgroundColor = RGBAColor(red: 0, green: 1, blue: 0, alpha: 1)
        try window.addSubview(page)
        try page.addSubview(square)
        let renderer = SceneRenderer(size: Size(width: 100, height: 200), scale: 1)
        let sequence = PNGFrameSequence(width: renderer.width, height: renderer.height)
        // Frame k changes rows 5 + 25(k − 1) ..< 15 + 25k (where the square was and is); a
        // strip is kept when none of its rows nor the one above it is among them:
        // k = 1: strips 1–3; 2: 2, 3; 3: 0, 2, 3; 4: 0, 3; 5: 0, 3; 6: 0, 1; 7: 0, 1.
        let keptAfter = [0, 3, 5, 8, 10, 12, 14, 16]
        for step in 0..<8 {
            let top = 5 + 25 * step
            square.frame = Rect(x: 45, y: Double(top), width: 10, height: 10)
            let frame = SceneFrame(engine: engine, root: window.layer.id)
            let file = sequence.encode { renderer.draw(frame, into: $0) }
            #expect(sequence.stripsKept == keptAfter[step], "frame \(step)")
            let path = folder.file("square-\(step).png")
            try OutputFile.write(path, file)
            var expected = [UInt32](repeating: red, count: 100 * 200)
            for y in top..<(top + 10) { for x in 45..<55 { expected[y * 100 + x] = green } }
            #expect(try decode(path).pixels.first == expected.map(rgb), "frame \(step)")
        }
    }

    @Test func sequencesOfEveryShapeWriteEachFrameExactly() throws {
        // One pixel; a column (one strip of many rows); a few pixels; a wide band (strips of
        // two rows: 9,001 bytes a row); each through frames that change random rows, stay
        // the same, or change everywhere: each file decodes to its frame and is the file
        // of that frame written alone.
        var state: UInt32 = 99
        func next() -> UInt32 {
            state = state &* 1_103_515_245 &+ 12345
            return state >> 8
        }
        for (width, height) in [(1, 1), (1, 300), (5, 3), (333, 7), (3000, 4), (64, 129)] {
            let sequence = PNGFrameSequence(width: width, height: height)
            var pixels = (0..<(width * height)).map { _ in next() | 0xFF00_0000 }
            for step in 0..<6 {
                switch step % 3 {
                case 0:
                    let first = Int(next()) % height, rows = 1 + Int(next()) % max(height / 3, 1)
                    for y in first..<min(first + rows, height) {
                        for x in 0..<width { pixels[y * width + x] = next() | 0xFF00_0000 }
                    }
                case 1: break
                default: pixels = pixels.map { $0 ^ 0x0001_0101 }
                }
                let frame = pixels
                let file = sequence.encode { _ = $0.initialize(from: frame) }
                #expect(try PNGDecoder.decode(file).pixels == frame, "\(width)x\(height), frame \(step)")
                let alone = PNGFrameSequence(width: width, height: height).encode { _ = $0.initialize(from: frame) }
                #expect(file == alone, "\(width)x\(height), frame \(step)")
            }
        }
    }
}
