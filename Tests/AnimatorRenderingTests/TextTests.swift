import Foundation
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Text drawn from the system's TrueType font, held against fontTools, an independent
/// reader of the same file (Tests/Fonts/font_facts.py), and against layouts worked out by
/// hand from the font's own metrics.
@Suite struct TextTests {
    let fonts = FontLibrary.system

    struct Facts: Decodable {
        struct Glyph: Decodable {
            var id: Int
            var advance: Int
            var composite: Bool
            var contours: [[[Double]]]
        }
        var unitsPerEm: Int
        var ascender: Int
        var descender: Int
        var lineGap: Int
        var glyphs: [String: Glyph]
        var kerning: [String: Int]
    }

    func regular() throws -> (TrueTypeFont, String) {
        let font = try #require(fonts.face(.regular), "no TrueType font found: run Tests/setup.sh")
        return (font, try #require(fonts.files[.regular]))
    }

    func facts(_ path: String, _ characters: String, pairs: [String] = []) throws -> Facts {
        let script = "import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        let result = try Python.run(script, [PackageLayout.root + "/Tests/Fonts/font_facts.py", path, characters] + pairs)
        try #require(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(Facts.self, from: Data(result.standardOutput.utf8))
    }

    @Test func metricsGlyphIdsAdvancesAndOutlinesMatchFontTools() throws {
        let (font, path) = try regular()
        // Letters with curves (g, e), straight stems (H), a composite (Å: A and a ring).
        let characters = "HgeÅa0"
        let facts = try facts(path, characters)
        #expect(font.unitsPerEm == facts.unitsPerEm)
        #expect(font.ascender == facts.ascender && font.descender == facts.descender && font.lineGap == facts.lineGap)
        for character in characters {
            let expected = try #require(facts.glyphs[String(character)])
            let glyph = font.glyphIndex(for: character.unicodeScalars.first!)
            #expect(glyph == expected.id, "\(character)")
            #expect(font.advanceWidth(glyph) == expected.advance, "\(character)")
            let contours = font.outline(glyph).map { $0.map { [$0.x, $0.y, $0.onCurve ? 1 : 0] } }
            let reference = expected.contours.map { $0.map { [$0[0], $0[1], $0[2]] } }
            #expect(contours == reference, "\(character)")
        }
        #expect(facts.glyphs["Å"]?.composite == true, "the font's Å is not composite: the test needs another")
    }

    @Test func kerningComesFromTheKernTable() throws {
        let (font, path) = try regular()
        let pairs = ["AV", "To", "Ty", "LT", "HH"]
        let facts = try facts(path, "AVToyLH", pairs: pairs)
        var kerned = 0
        for pair in pairs {
            let scalars = Array(pair.unicodeScalars)
            let value = font.kerning(font.glyphIndex(for: scalars[0]), font.glyphIndex(for: scalars[1]))
            #expect(value == facts.kerning[pair], "\(pair)")
            if value != 0 { kerned += 1 }
        }
        #expect(kerned > 0 || facts.kerning.values.allSatisfy { $0 == 0 })
    }

    /// "H" at 100 pt, left-aligned in a 300 × 200 label at (20, 30): its ink covers the
    /// glyph's box in font units scaled by 100 / unitsPerEm, its baseline centred as
    /// UILabel centres a line: (200 − lineHeight) / 2 + ascender below the label's top.
    @Test func aRenderedLettersInkBoxIsTheGlyphsBoxAtItsSize() throws {
        let (_, path) = try regular()
        let facts = try facts(path, "H")
        let outline = try #require(facts.glyphs["H"]).contours.joined()
        let s = 100.0 / Double(facts.unitsPerEm)
        let lineHeight = Double(facts.ascender - facts.descender + facts.lineGap) * s
        let baseline = 30 + (200 - lineHeight) / 2 + Double(facts.ascender) * s
        let left = 20 + outline.map { $0[0] }.min()! * s, right = 20 + outline.map { $0[0] }.max()! * s
        let top = baseline - outline.map { $0[1] }.max()! * s, bottom = baseline - outline.map { $0[1] }.min()! * s

        let engine = SnapshotRasterizer.engine()
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let label = engine.makeView(frame: Rect(x: 20, y: 30, width: 300, height: 200))
        label.layer.text = LayerText("H", size: 100, alignment: .left)
        try window.addSubview(label)
        for scale in [1.0, 3.0] {
            let image = SceneRenderer(size: window.bounds.size, scale: scale).render(SceneFrame(engine: engine, root: window.layer.id))
            var box = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
            for y in 0..<image.height {
                for x in 0..<image.width where image.rgba(x: x, y: y).red < 128 {
                    box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
                }
            }
            // Pixels at least half inked: the box's edges within one pixel.
            #expect(abs(Double(box.minX) - left * scale) <= 1, "scale \(scale)")
            #expect(abs(Double(box.maxX + 1) - right * scale) <= 1, "scale \(scale)")
            #expect(abs(Double(box.minY) - top * scale) <= 1, "scale \(scale)")
            #expect(abs(Double(box.maxY + 1) - bottom * scale) <= 1, "scale \(scale)")
            // The stems are solid: the middle of the left stem is black.
            let stem = image.rgba(x: Int((left + 5) * scale), y: Int((top + bottom) / 2 * scale))
            #expect(stem.red == 0)
        }
    }

    /// Layout by hand from advances: "Hello world" is wider than 60 pt at 17 pt, so with
    /// two lines it wraps at the space; with one line it is cut with an ellipsis that fits.
    @Test func labelsWrapAtSpacesAndCutWithAnEllipsis() throws {
        let (font, _) = try regular()
        let s = 17.0 / Double(font.unitsPerEm)
        func width(_ text: String) -> Double {
            var total = 0, previous: Int?
            for scalar in text.unicodeScalars {
                let glyph = font.glyphIndex(for: scalar)
                total += (previous.map { font.kerning($0, glyph) } ?? 0) + font.advanceWidth(glyph)
                previous = glyph
            }
            return Double(total) * s
        }
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * s
        let wrapped = TextLayout(LayerText("Hello world", size: 17, lines: 2), in: Size(width: 60, height: 60), font: font)
        #expect(wrapped.lines == ["Hello", "world"])
        #expect(abs(wrapped.widths[0] - width("Hello")) < 1e-9)
        // Two lines centred in 60 pt: the first baseline at (60 − 2 × lineHeight) / 2 + ascender.
        let firstBaseline = (60 - 2 * lineHeight) / 2 + Double(font.ascender) * s
        #expect(abs(wrapped.glyphs[0].baseline - firstBaseline) < 1e-9)
        #expect(abs(wrapped.glyphs.last!.baseline - firstBaseline - lineHeight) < 1e-9)

        let cut = TextLayout(LayerText("Hello world", size: 17, alignment: .left, lines: 1), in: Size(width: 60, height: 30),
                             font: font)
        let line = try #require(cut.lines.first)
        #expect(cut.lines.count == 1)
        #expect(line.hasSuffix("\u{2026}") || line.hasSuffix("..."))
        #expect(width(line) <= 60)
        // The longest prefix that fits with the ellipsis: one more letter would not.
        let kept = String(line.dropLast(line.hasSuffix("...") ? 3 : 1))
        let next = String("Hello world".prefix(kept.count + 1))
        #expect(width(next + "\u{2026}") > 60)
        // Right alignment puts the line's end at the bounds' edge.
        let right = TextLayout(LayerText("Hi", size: 17, alignment: .right), in: Size(width: 100, height: 30), font: font)
        #expect(abs(right.glyphs[0].x - (100 - width("Hi"))) < 1e-9)
    }

    @Test func damagedFontFilesAreRefusedWithAReason() throws {
        #expect(throws: TrueTypeFont.FormatError.self) { try TrueTypeFont(data: []) }
        #expect(throws: TrueTypeFont.FormatError.self) { try TrueTypeFont(data: Array("OTTO and then nothing".utf8)) }
        let (_, path) = try regular()
        let bytes = try FileSystem.read(path, limit: FileLimits.font)
        // Every table cut off: the directory points outside the file.
        let cut = Array(bytes.prefix(400))
        #expect(throws: TrueTypeFont.FormatError.self) { try TrueTypeFont(data: cut) }
        // Glyph data overwritten with noise: reads without trapping, and draws.
        var noisy = bytes
        var seed: UInt64 = 42
        for index in stride(from: noisy.count / 2, to: noisy.count, by: 7) {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            noisy[index] = UInt8(truncatingIfNeeded: seed >> 33)
        }
        if let font = try? TrueTypeFont(data: noisy) {
            for glyph in 0..<min(font.glyphCount, 400) { _ = font.path(glyph) }
        }
    }
}

/// Inputs no label should have, drawn without trapping or hanging.
@Suite struct AbsurdTextTests {
    @Test func absurdSizesAndLengthsDrawWithoutTrapping() throws {
        let engine = SnapshotRasterizer.engine()
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let long = String(repeating: "word ", count: 2000) + String(repeating: "x", count: 3000)
        for (size, lines, text) in [(1e300, 1, "Huge"), (1e-300, 0, "Tiny"), (Double.nan, 2, "NaN"),
                                    (-12, 1, "Negative"), (17, 0, long), (Double.infinity, 0, long)] {
            let label = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            label.layer.text = LayerText(text, size: size, lines: lines)
            label.layer.transform = .rotation(0.3, 0, 0, 1)          // the path rasterizer too
            try window.addSubview(label)
        }
        for scale in [1.0, 3.0] {
            _ = SceneRenderer(size: Size(width: 100, height: 100), scale: scale)
                .render(SceneFrame(engine: engine, root: window.layer.id))
        }
        // Upright in the built-in font, twice on one renderer: kept as painted, then painted
        // again from what was kept (or, past the limit, drawn again).
        let upright = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        for (size, text) in [(1e300, "Huge"), (Double.nan, "NaN"), (-12, "Negative"), (17, long)] {
            let label = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            label.layer.text = LayerText(text, size: size)
            try upright.addSubview(label)
        }
        let renderer = SceneRenderer(size: Size(width: 100, height: 100), scale: 1, fonts: .none)
        let frame = SceneFrame(engine: engine, root: upright.layer.id)
        #expect(renderer.render(frame) == renderer.render(frame))
    }

    @Test func curvesFlattenIntoABoundedNumberOfSegments() {
        // √bend segments, between 1 and the cap, for any bend.
        #expect(PathRasterizer.steps(100, most: 64) == 10)
        #expect(PathRasterizer.steps(0.5, most: 64) == 1)
        #expect(PathRasterizer.steps(1e12, most: 64) == 64)
        #expect(PathRasterizer.steps(.infinity, most: 64) == 64)
        #expect(PathRasterizer.steps(.nan, most: 64) == 1)
        #expect(PathRasterizer.steps(-5, most: 64) == 1)
    }
}
