import AnimatorEngine
import AnimatorSupport

/// A TrueType font read from its file: the tables a text renderer needs (head, hhea,
/// hmtx, maxp, cmap formats 4 and 12, loca, glyf with simple and composite glyphs, the
/// format-0 `kern` table, OS/2 and name), every read bounds-checked so that a damaged or
/// hostile file is refused with a reason, or draws nothing, and never traps.
///
/// Units are the font's own (`unitsPerEm` to the em, y up), as the file stores them.
public struct TrueTypeFont: Sendable {
    /// A font file that cannot be used: which file and why.
    public struct FormatError: Error, CustomStringConvertible, Equatable {
        public var reason: String
        public var description: String { reason }
    }

    /// One point of a glyph's outline, in font units.
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        /// Whether the outline passes through it (false: a quadratic control point).
        public var onCurve: Bool
    }

    /// Font units per em.
    public let unitsPerEm: Int
    /// hhea's ascender (above the baseline, positive).
    public let ascender: Int
    /// hhea's descender (below the baseline, negative).
    public let descender: Int
    /// hhea's line gap.
    public let lineGap: Int
    /// The height of capital letters (OS/2 sCapHeight, or the height of "H").
    public private(set) var capHeight: Int = 0
    /// OS/2 usWeightClass: 400 regular, 600 semibold, 700 bold.
    public let weightClass: Int
    /// The family name (name ID 1, or 16 when present).
    public let familyName: String
    /// Whether the face is italic or oblique (head.macStyle bit 1).
    public let isItalic: Bool
    /// The number of glyphs.
    public let glyphCount: Int

    private let data: [UInt8]
    private let glyf: Range<Int>
    private let loca: Range<Int>
    private let hmtx: Range<Int>
    private let longLocaOffsets: Bool
    private let horizontalMetricsCount: Int
    /// The chosen cmap subtable: (format, offset in `data`).
    private let cmap: (format: Int, offset: Int)?
    /// The kern pairs: offset of the first pair and the count (format 0).
    private let kernPairs: (offset: Int, count: Int)?

    /// Reads a font file.
    ///
    /// - Throws: `FormatError` when the file cannot be read or is not a usable TrueType font.
    public init(path: String) throws(FormatError) {
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(path, limit: FileLimits.font) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw FormatError(reason: "\(path): \(refusal.reason)")
        }
        do { try self.init(data: bytes) } catch { throw FormatError(reason: "\(path): \(error.reason)") }
    }

    /// Reads a font from its bytes.
    ///
    /// - Throws: `FormatError` naming the missing or damaged table.
    public init(data: [UInt8]) throws(FormatError) {
        self.data = data
        let reader = ByteReader(data)
        let version = reader.u32(0)
        guard version == 0x0001_0000 || version == 0x7472_7565 else {
            throw FormatError(reason: version == 0x4F54_544F ? "a CFF (PostScript-outline) font; only TrueType outlines are read"
                                                             : "not a TrueType font (no sfnt header)")
        }
        let tableCount = reader.u16(4)
        var tables: [String: Range<Int>] = [:]
        for index in 0..<tableCount {
            let record = 12 + index * 16
            guard record + 16 <= data.count else { throw FormatError(reason: "the table directory is cut short") }
            let tag = String(decoding: data[record..<record + 4], as: UTF8.self)
            let offset = reader.u32(record + 8), length = reader.u32(record + 12)
            guard offset <= data.count, length <= data.count - offset else {
                throw FormatError(reason: "table '\(tag)' lies outside the file")
            }
            tables[tag] = offset..<offset + length
        }
        func table(_ tag: String, minimum: Int) throws(FormatError) -> Range<Int> {
            guard let range = tables[tag] else { throw FormatError(reason: "no '\(tag)' table") }
            guard range.count >= minimum else { throw FormatError(reason: "the '\(tag)' table is too short") }
            return range
        }
        let head = try table("head", minimum: 54)
        let hhea = try table("hhea", minimum: 36)
        let maxp = try table("maxp", minimum: 6)
        hmtx = try table("hmtx", minimum: 4)
        loca = try table("loca", minimum: 2)
        glyf = try table("glyf", minimum: 0)
        unitsPerEm = reader.u16(head.lowerBound + 18)
        guard (16...16384).contains(unitsPerEm) else { throw FormatError(reason: "unitsPerEm \(unitsPerEm) is outside 16...16384") }
        isItalic = reader.u16(head.lowerBound + 44) & 2 != 0
        longLocaOffsets = reader.i16(head.lowerBound + 50) == 1
        ascender = reader.i16(hhea.lowerBound + 4)
        descender = reader.i16(hhea.lowerBound + 6)
        lineGap = reader.i16(hhea.lowerBound + 8)
        horizontalMetricsCount = reader.u16(hhea.lowerBound + 34)
        glyphCount = reader.u16(maxp.lowerBound + 4)
        guard horizontalMetricsCount >= 1, horizontalMetricsCount * 4 <= hmtx.count else {
            throw FormatError(reason: "hhea's numberOfHMetrics (\(horizontalMetricsCount)) does not fit the 'hmtx' table")
        }
        let os2 = tables["OS/2"]
        weightClass = os2.flatMap { $0.count >= 6 ? reader.u16($0.lowerBound + 4) : nil } ?? 400
        familyName = tables["name"].flatMap { Self.family(reader, $0) } ?? "unknown"
        cmap = tables["cmap"].flatMap { Self.chooseCmap(reader, $0) }
        kernPairs = tables["kern"].flatMap { Self.kernSubtable(reader, $0) }
        capHeight = os2.flatMap { range -> Int? in
            guard range.count >= 90, reader.u16(range.lowerBound) >= 2 else { return nil }
            let value = reader.i16(range.lowerBound + 88)
            return value > 0 ? value : nil
        } ?? Self.height(of: self, character: "H") ?? Int(Double(unitsPerEm) * 0.7)
    }

    // MARK: Characters and metrics

    /// The glyph for a character (0, the missing glyph, when the font has none).
    public func glyphIndex(for scalar: Unicode.Scalar) -> Int {
        guard let cmap else { return 0 }
        let reader = ByteReader(data)
        let code = Int(scalar.value)
        switch cmap.format {
        case 4:
            guard code <= 0xFFFF else { return 0 }
            let base = cmap.offset
            let segments = reader.u16(base + 6) / 2
            let ends = base + 14, starts = ends + segments * 2 + 2
            let deltas = starts + segments * 2, rangeOffsets = deltas + segments * 2
            // Binary search for the first segment whose end is ≥ code.
            var low = 0, high = segments
            while low < high {
                let middle = (low + high) / 2
                if reader.u16(ends + middle * 2) < code { low = middle + 1 } else { high = middle }
            }
            guard low < segments else { return 0 }
            let start = reader.u16(starts + low * 2)
            guard start <= code else { return 0 }
            let delta = reader.u16(deltas + low * 2)
            let rangeOffset = reader.u16(rangeOffsets + low * 2)
            if rangeOffset == 0 { return (code + delta) & 0xFFFF }
            let address = rangeOffsets + low * 2 + rangeOffset + (code - start) * 2
            let glyph = reader.u16(address)
            return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
        case 12:
            let base = cmap.offset
            let groups = reader.u32(base + 12)
            var low = 0, high = min(groups, (data.count - base) / 12)
            while low < high {
                let middle = (low + high) / 2
                let group = base + 16 + middle * 12
                let start = reader.u32(group), end = reader.u32(group + 4)
                if code < start { high = middle } else if code > end { low = middle + 1 } else {
                    return reader.u32(group + 8) + code - start
                }
            }
            return 0
        default:
            return 0
        }
    }

    /// Whether the font has a glyph for the character.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool { glyphIndex(for: scalar) != 0 }

    /// The glyph's advance width (hmtx).
    public func advanceWidth(_ glyph: Int) -> Int {
        let reader = ByteReader(data)
        let index = min(max(glyph, 0), horizontalMetricsCount - 1)
        return reader.u16(hmtx.lowerBound + index * 4)
    }

    /// The kerning between two glyphs (the format-0 `kern` table), 0 where none is given.
    public func kerning(_ left: Int, _ right: Int) -> Int {
        guard let kernPairs else { return 0 }
        let reader = ByteReader(data)
        let key = UInt32(left) << 16 | UInt32(right)
        var low = 0, high = kernPairs.count
        while low < high {
            let middle = (low + high) / 2
            let pair = kernPairs.offset + middle * 6
            let candidate = UInt32(reader.u32(pair))
            if candidate < key { low = middle + 1 } else if candidate > key { high = middle } else {
                return reader.i16(pair + 4)
            }
        }
        return 0
    }

    // MARK: Outlines

    /// The glyph's contours, points in font units as the file stores them (composite
    /// glyphs resolved through their components' transforms); empty for a blank glyph
    /// or one that cannot be read.
    public func outline(_ glyph: Int) -> [[Point]] {
        var contours: [[Point]] = []
        appendOutline(glyph, transform: (1, 0, 0, 1, 0, 0), depth: 0, into: &contours)
        return contours
    }

    private func glyphRange(_ glyph: Int) -> Range<Int>? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        let reader = ByteReader(data)
        let start: Int, end: Int
        if longLocaOffsets {
            guard loca.lowerBound + (glyph + 2) * 4 <= loca.upperBound else { return nil }
            start = reader.u32(loca.lowerBound + glyph * 4)
            end = reader.u32(loca.lowerBound + glyph * 4 + 4)
        } else {
            guard loca.lowerBound + (glyph + 2) * 2 <= loca.upperBound else { return nil }
            start = reader.u16(loca.lowerBound + glyph * 2) * 2
            end = reader.u16(loca.lowerBound + glyph * 2 + 2) * 2
        }
        guard start < end, end <= glyf.count else { return nil }
        return glyf.lowerBound + start..<glyf.lowerBound + end
    }

    private typealias Affine = (a: Double, b: Double, c: Double, d: Double, dx: Double, dy: Double)

    private func appendOutline(_ glyph: Int, transform: Affine, depth: Int, into contours: inout [[Point]]) {
        guard depth < 8, let range = glyphRange(glyph), range.count >= 10 else { return }
        let reader = ByteReader(data)
        let contourCount = reader.i16(range.lowerBound)
        if contourCount >= 0 {
            appendSimple(range, contourCount: contourCount, transform: transform, into: &contours)
        } else {
            appendComposite(range, transform: transform, depth: depth, into: &contours)
        }
    }

    private func appendSimple(_ range: Range<Int>, contourCount: Int, transform t: Affine, into contours: inout [[Point]]) {
        let reader = ByteReader(data)
        var cursor = range.lowerBound + 10
        var ends: [Int] = []
        for _ in 0..<contourCount {
            ends.append(reader.u16(cursor))
            cursor += 2
        }
        guard let last = ends.last, ends == ends.sorted(), last < 65535 else { return }
        let pointCount = last + 1
        let instructions = reader.u16(cursor)
        cursor += 2 + instructions
        // Flags, with repeats.
        var flags: [UInt8] = []
        flags.reserveCapacity(pointCount)
        while flags.count < pointCount {
            guard cursor < range.upperBound else { return }
            let flag = data[cursor]
            cursor += 1
            flags.append(flag)
            if flag & 8 != 0 {
                guard cursor < range.upperBound else { return }
                let repeats = Int(data[cursor])
                cursor += 1
                for _ in 0..<repeats where flags.count < pointCount { flags.append(flag) }
            }
        }
        func coordinates(short: UInt8, same: UInt8) -> [Int]? {
            var values: [Int] = []
            values.reserveCapacity(pointCount)
            var value = 0
            for flag in flags {
                if flag & short != 0 {
                    guard cursor < range.upperBound else { return nil }
                    let delta = Int(data[cursor])
                    cursor += 1
                    value += flag & same != 0 ? delta : -delta
                } else if flag & same == 0 {
                    guard cursor + 2 <= range.upperBound else { return nil }
                    value += reader.i16(cursor)
                    cursor += 2
                }
                values.append(value)
            }
            return values
        }
        guard let xs = coordinates(short: 2, same: 16), let ys = coordinates(short: 4, same: 32) else { return }
        var start = 0
        for end in ends {
            guard end >= start else { continue }
            var contour: [Point] = []
            contour.reserveCapacity(end - start + 1)
            for index in start...end {
                let x = Double(xs[index]), y = Double(ys[index])
                contour.append(Point(x: t.a * x + t.c * y + t.dx, y: t.b * x + t.d * y + t.dy,
                                     onCurve: flags[index] & 1 != 0))
            }
            contours.append(contour)
            start = end + 1
        }
    }

    private func appendComposite(_ range: Range<Int>, transform outer: Affine, depth: Int, into contours: inout [[Point]]) {
        let reader = ByteReader(data)
        var cursor = range.lowerBound + 10
        var more = true
        var components = 0
        while more, cursor + 4 <= range.upperBound, components < 64 {
            components += 1
            let flags = reader.u16(cursor)
            let component = reader.u16(cursor + 2)
            cursor += 4
            var dx = 0.0, dy = 0.0
            if flags & 1 != 0 {
                if flags & 2 != 0 { dx = Double(reader.i16(cursor)); dy = Double(reader.i16(cursor + 2)) }
                cursor += 4
            } else {
                if flags & 2 != 0 {
                    dx = Double(Int8(bitPattern: data[safe: cursor] ?? 0))
                    dy = Double(Int8(bitPattern: data[safe: cursor + 1] ?? 0))
                }
                cursor += 2
            }
            var a = 1.0, b = 0.0, c = 0.0, d = 1.0
            func f2dot14(_ offset: Int) -> Double { Double(reader.i16(offset)) / 16384 }
            if flags & 0x08 != 0 {
                a = f2dot14(cursor); d = a
                cursor += 2
            } else if flags & 0x40 != 0 {
                a = f2dot14(cursor); d = f2dot14(cursor + 2)
                cursor += 4
            } else if flags & 0x80 != 0 {
                a = f2dot14(cursor); b = f2dot14(cursor + 2); c = f2dot14(cursor + 4); d = f2dot14(cursor + 6)
                cursor += 8
            }
            // The component's transform, then the outer one.
            let o = outer
            let combined: Affine = (a: a * o.a + b * o.c, b: a * o.b + b * o.d, c: c * o.a + d * o.c, d: c * o.b + d * o.d,
                                    dx: dx * o.a + dy * o.c + o.dx, dy: dx * o.b + dy * o.d + o.dy)
            appendOutline(component, transform: combined, depth: depth + 1, into: &contours)
            more = flags & 0x20 != 0
        }
    }

    // MARK: Table helpers

    private static func chooseCmap(_ reader: ByteReader, _ range: Range<Int>) -> (format: Int, offset: Int)? {
        let count = reader.u16(range.lowerBound + 2)
        var best: (format: Int, offset: Int, rank: Int)?
        for index in 0..<min(count, 64) {
            let record = range.lowerBound + 4 + index * 8
            guard record + 8 <= range.upperBound else { break }
            let platform = reader.u16(record), encoding = reader.u16(record + 2)
            let offset = range.lowerBound + reader.u32(record + 4)
            guard offset + 4 <= range.upperBound else { continue }
            let format = reader.u16(offset)
            let rank: Int
            switch (platform, encoding, format) {
            case (3, 10, 12), (0, 4, 12), (0, 6, 12): rank = 3
            case (3, 1, 4), (0, _, 4): rank = 2
            default: continue
            }
            if best == nil || rank > best!.rank { best = (format, offset, rank) }
        }
        return best.map { ($0.format, $0.offset) }
    }

    private static func kernSubtable(_ reader: ByteReader, _ range: Range<Int>) -> (offset: Int, count: Int)? {
        guard range.count >= 18, reader.u16(range.lowerBound) == 0 else { return nil }
        let subtable = range.lowerBound + 4
        let coverage = reader.u16(subtable + 4)
        // Format 0, horizontal kerning (bit 0), not minimum or cross-stream.
        guard coverage >> 8 == 0, coverage & 1 == 1, coverage & 6 == 0 else { return nil }
        let count = reader.u16(subtable + 6)
        let first = subtable + 14
        guard first + count * 6 <= range.upperBound else { return nil }
        return (first, count)
    }

    private static func family(_ reader: ByteReader, _ range: Range<Int>) -> String? {
        let count = reader.u16(range.lowerBound + 2)
        let strings = range.lowerBound + reader.u16(range.lowerBound + 4)
        var found: [Int: String] = [:]
        for index in 0..<min(count, 512) {
            let record = range.lowerBound + 6 + index * 12
            guard record + 12 <= range.upperBound else { break }
            let platform = reader.u16(record), nameID = reader.u16(record + 6)
            guard nameID == 1 || nameID == 16 else { continue }
            let length = reader.u16(record + 8), offset = strings + reader.u16(record + 10)
            guard offset + length <= range.upperBound else { continue }
            let bytes = Array(reader.bytes[offset..<offset + length])
            if platform == 3 || platform == 0 {
                var units: [UInt16] = []
                for i in stride(from: 0, to: bytes.count - 1, by: 2) { units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) }
                found[nameID] = String(decoding: units, as: UTF16.self)
            } else if found[nameID] == nil {
                found[nameID] = String(decoding: bytes, as: UTF8.self)
            }
        }
        return found[16] ?? found[1]
    }

    private static func height(of font: TrueTypeFont, character: Unicode.Scalar) -> Int? {
        let points = font.outline(font.glyphIndex(for: character)).joined()
        return points.map(\.y).max().map { Int($0) }
    }
}

/// Big-endian reads from a byte array that answer 0 outside it, so a damaged font reads
/// as nonsense numbers (checked where they matter) instead of trapping.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    @inline(__always)
    func u16(_ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    @inline(__always)
    func i16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: u16(offset))) }

    @inline(__always)
    func u32(_ offset: Int) -> Int {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
