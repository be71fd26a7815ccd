/// A plain-text table: a header row and left-aligned columns separated by two spaces.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    /// The lines of the table, without trailing spaces.
    var lines: [String] {
        var widths = header.map(TextTable.width)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TextTable.width(cell)) }
        }
        let rows = self.rows.map { $0.map(\.oneLine) }
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

    /// The columns a cell takes: its Unicode scalars, counted from UTF-8 lead bytes.
    static func width(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}
