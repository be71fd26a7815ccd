import AnimatorEngine

/// Where each glyph of a label's text goes in its layer, as UILabel lays it out: lines
/// broken at spaces (or inside a word longer than a line) up to `LayerText.lines`, the
/// last line cut with an ellipsis when text is left over, each line aligned, and the
/// block of lines centred vertically in the bounds. Advances come from the font's hmtx
/// table and pairs are kerned by its kern table.
struct TextLayout {
    /// One glyph at its place: x of its origin and y of the baseline, in the layer's points.
    struct PlacedGlyph {
        var glyph: Int
        var x: Double
        var baseline: Double
    }

    /// The face the glyphs come from.
    let font: TrueTypeFont
    /// Points per font unit.
    let scale: Double
    /// The glyphs, line after line.
    let glyphs: [PlacedGlyph]
    /// The text of each line as drawn (with the ellipsis where one was added).
    let lines: [String]
    /// The width of each line in points.
    let widths: [Double]

    /// The most lines a label lays out, whatever its size asks for.
    static let maximumLines = 10_000

    /// Lays out `text` in a layer of `size` points with `font`. A point size that is not
    /// a positive finite number lays out nothing.
    init(_ text: LayerText, in size: Size, font: TrueTypeFont) {
        self.font = font
        guard text.size > 0, text.size.isFinite else {
            (scale, glyphs, lines, widths) = (0, [], [], [])
            return
        }
        let scale = text.size / Double(font.unitsPerEm)
        self.scale = scale
        let lineHeight = Double(font.ascender - font.descender + font.lineGap) * scale
        let available = size.width
        // How many lines fit: numberOfLines, and never fewer than one.
        let room = lineHeight > 0 ? (size.height / lineHeight + 1e-9).rounded(.down) : 1
        let fitting = room.isFinite ? Int(min(max(room, 1), Double(Self.maximumLines))) : (room > 0 ? Self.maximumLines : 1)
        let maximum = min(text.lines == 0 ? fitting : text.lines, Self.maximumLines)

        func width(_ scalars: [Unicode.Scalar]) -> Double {
            var total = 0, previous: Int?
            for scalar in scalars {
                let glyph = font.glyphIndex(for: scalar)
                if let previous { total += font.kerning(previous, glyph) }
                total += font.advanceWidth(glyph)
                previous = glyph
            }
            return Double(total) * scale
        }
        let ellipsis: [Unicode.Scalar] = font.hasGlyph(for: "\u{2026}") ? ["\u{2026}"] : [".", ".", "."]

        // Break into lines.
        let paragraphs = text.string.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Array($0.unicodeScalars) }
        var lines: [[Unicode.Scalar]] = []
        var truncated = false
        paragraphs: for paragraph in paragraphs {
            if maximum == 1 && text.lines == 1 {
                // A single-line label does not wrap.
                lines.append(paragraph)
                if paragraphs.count > 1 { truncated = true }
                break
            }
            var rest = paragraph[...]
            repeat {
                if lines.count == maximum {
                    truncated = true
                    break paragraphs
                }
                if width(Array(rest)) <= available + 1e-9 {
                    lines.append(Array(rest))
                    break
                }
                // The longest prefix ending before a space that fits, else the longest that fits.
                var end = rest.startIndex
                var lastBreak: Int?
                var index = rest.startIndex
                while index < rest.endIndex {
                    if width(Array(rest[rest.startIndex...index])) > available + 1e-9 { break }
                    if rest[index] == " " { lastBreak = index }
                    index += 1
                    end = index
                }
                let cut = lastBreak ?? max(end, rest.startIndex + 1)
                lines.append(Array(rest[rest.startIndex..<cut]))
                rest = rest[cut...]
                while rest.first == " " { rest = rest.dropFirst() }
            } while !rest.isEmpty
        }
        if lines.isEmpty { lines = [[]] }
        // Cut the last line with an ellipsis when text was left over or it is too wide.
        if truncated || width(lines[lines.count - 1]) > available + 1e-9 {
            var last = lines[lines.count - 1]
            while !last.isEmpty && width(last + ellipsis) > available + 1e-9 { last.removeLast() }
            while last.last == " " { last.removeLast() }
            lines[lines.count - 1] = last + ellipsis
        }

        // Place the glyphs.
        let blockHeight = Double(lines.count) * lineHeight
        let top = (size.height - blockHeight) / 2
        var glyphs: [PlacedGlyph] = []
        var widths: [Double] = []
        for (number, line) in lines.enumerated() {
            let lineWidth = width(line)
            widths.append(lineWidth)
            var x: Double
            switch text.alignment {
            case .left: x = 0
            case .center: x = (available - lineWidth) / 2
            case .right: x = available - lineWidth
            }
            let baseline = top + Double(font.ascender) * scale + Double(number) * lineHeight
            var previous: Int?
            for scalar in line {
                let glyph = font.glyphIndex(for: scalar)
                if let previous { x += Double(font.kerning(previous, glyph)) * scale }
                glyphs.append(PlacedGlyph(glyph: glyph, x: x, baseline: baseline))
                x += Double(font.advanceWidth(glyph)) * scale
                previous = glyph
            }
        }
        self.glyphs = glyphs
        self.widths = widths
        self.lines = lines.map { String(String.UnicodeScalarView($0)) }
    }
}

extension TrueTypeFont {
    /// A glyph's outline as a path in font units (y up), TrueType's implied on-curve
    /// points between consecutive control points made explicit.
    func path(_ glyph: Int) -> VectorPath {
        var path = VectorPath()
        for contour in outline(glyph) where contour.count >= 2 {
            // Start on an on-curve point (or the midpoint of the first two control points).
            let count = contour.count
            let startIndex = contour.firstIndex(where: \.onCurve)
            let start: TrueTypeFont.Point
            if let startIndex {
                start = contour[startIndex]
            } else {
                start = Point(x: (contour[0].x + contour[1].x) / 2, y: (contour[0].y + contour[1].y) / 2, onCurve: true)
            }
            path.elements.append(.move(x: start.x, y: start.y))
            let first = startIndex.map { $0 + 1 } ?? 0
            var control: TrueTypeFont.Point?
            for step in 0..<count {
                let point = contour[(first + step) % count]
                if startIndex != nil && step == count - 1 && point == start { break }
                if point.onCurve {
                    if let c = control {
                        path.elements.append(.quad(cx: c.x, cy: c.y, x: point.x, y: point.y))
                        control = nil
                    } else {
                        path.elements.append(.line(x: point.x, y: point.y))
                    }
                } else {
                    if let c = control {
                        let middle = Point(x: (c.x + point.x) / 2, y: (c.y + point.y) / 2, onCurve: true)
                        path.elements.append(.quad(cx: c.x, cy: c.y, x: middle.x, y: middle.y))
                    }
                    control = point
                }
            }
            if let c = control {
                path.elements.append(.quad(cx: c.x, cy: c.y, x: start.x, y: start.y))
            }
            path.elements.append(.close)
        }
        return path
    }
}
