/// A plain-text table: a header row and left-aligned columns separated by two spaces.
struct TextTable {
    var header: [String]
    var rows: [[String]] = []

    /// The lines of the table, without trailing spaces.
    var lines: [String] {
        var widths = header.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        return ([header] + rows).map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
            }
            return line
        }
    }
}
