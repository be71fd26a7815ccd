/// The renderers' built-in font: 5×7 pixel glyphs for printable ASCII, drawn for this
/// project (tools/bitmap-font.py prints the table). Each glyph is 35 bits, row by row
/// from the top, the leftmost pixel of a row in its highest bit. Characters outside
/// ASCII draw as a box.
package enum BitmapFont {
    package static let columns = 5
    package static let rows = 7
    /// Advance from one character to the next, in font pixels.
    package static let advance = 6

    /// Whether a glyph's bits (`glyph(_:)`, looked up once per character) have ink at
    /// (column, row).
    @inline(__always)
    package static func ink(_ bits: UInt64, column: Int, row: Int) -> Bool {
        bits >> UInt64(34 - (row * columns + column)) & 1 == 1
    }

    /// The glyph's 35 bits.
    package static func glyph(_ character: Character) -> UInt64 {
        guard let ascii = character.asciiValue, ascii >= 32, ascii < 127 else { return box }
        return glyphs[Int(ascii) - 32]
    }

    /// The width of `text`, in font pixels.
    package static func width(of text: String) -> Int {
        text.isEmpty ? 0 : text.count * advance - 1
    }

    /// A hollow box for characters the font lacks.
    static let box: UInt64 = 0x7E318C63F

    static let glyphs: [UInt64] = [
        0x000000000, 0x108421004, 0x294000000, 0x2BEA52BEA, 0x11F4717C4, 0x632222263,
        0x32544564D, 0x108000000, 0x088842082, 0x208210888, 0x009575480, 0x0084F9080,
        0x000003088, 0x0000F8000, 0x00000018C, 0x002222200, 0x3A33AE62E, 0x11842108E,
        0x3A211111F, 0x7C441062E, 0x08CA97C42, 0x7E1E0862E, 0x1910F462E, 0x7C2222108,
        0x3A317462E, 0x3A317844C, 0x018C03180, 0x018C03088, 0x088882082, 0x001F07C00,
        0x208208888, 0x3A2111004, 0x3A216D6AE, 0x3A31FC631, 0x7A31F463E, 0x3A308422E,
        0x72518C65C, 0x7E10F421F, 0x7E10F4210, 0x3A30BC62F, 0x4631FC631, 0x38842108E,
        0x1C4210A4C, 0x4654C5251, 0x42108421F, 0x4775AC631, 0x4639ACE31, 0x3A318C62E,
        0x7A31F4210, 0x3A318D64D, 0x7A31F5251, 0x3E107043E, 0x7C8421084, 0x46318C62E,
        0x46318C544, 0x4631AD6AA, 0x462A22A31, 0x463151084, 0x7C222221F, 0x39084210E,
        0x020820820, 0x38421084E, 0x115100000, 0x00000001F, 0x208000000, 0x000E0BE2F,
        0x4216CC63E, 0x000E8422E, 0x042D9C62F, 0x000E8FE0E, 0x1928E2108, 0x01F18BC2E,
        0x4216CC631, 0x100C2108E, 0x080610A4C, 0x4212A6292, 0x30842108E, 0x001AAD631,
        0x0016CC631, 0x000E8C62E, 0x001E8FA10, 0x000D9BC21, 0x0016CC210, 0x000E8383E,
        0x211C42126, 0x00118C66D, 0x00118C544, 0x00118D6AA, 0x001151151, 0x00118BC2E,
        0x001F1111F, 0x088441082, 0x108421084, 0x208411088, 0x0008A8800,
    ]
}
