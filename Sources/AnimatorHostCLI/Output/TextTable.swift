/// A plain-text table: a header row and left-aligned columns separated by two spaces.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    /// The widest a cell other than the last of its row is shown: longer text is cut,
    /// ending in "…", so one long value cannot pad every other row.
    static let maximumCellWidth = 80

    /// The lines of the table, without trailing spaces.
    var lines: [String] {
        var widths = header.map(TextTable.width)
        let rows = self.rows.map { row in
            row.enumerated().map { column, cell in
                column < row.count - 1 ? TextTable.cut(cell.oneLine, to: TextTable.maximumCellWidth) : cell.oneLine
            }
        }
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TextTable.width(cell)) }
        }
        return ([header] + rows).map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - TextTable.width(cell) + 2) }
            }
            return line
        }
    }

    /// `text` cut to `width` columns, its last one "…", when it is wider.
    static func cut(_ text: String, to width: Int) -> String {
        guard TextTable.width(text) > width else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(width - 1))) + "…"
    }

    /// The columns a cell takes: its Unicode scalars, counted from UTF-8 lead bytes.
    static func width(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
