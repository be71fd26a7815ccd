/// One row of the simplex tableau: `basic = constant + Σ coefficient × symbol`, its cells
/// kept sorted by symbol number, so every walk over them (and so every choice the solver
/// makes) is the same on every run.
struct SimplexRow {
    /// The constant.
    var constant: Double
    /// (symbol, coefficient), sorted by symbol, no zero coefficients.
    private(set) var cells: [(symbol: Int, coefficient: Double)] = []

    init(constant: Double) {
        self.constant = constant
    }

    /// Values this close to zero are zero.
    static let epsilon = 1.0e-8

    static func isNearZero(_ value: Double) -> Bool { abs(value) < epsilon }

    private func position(of symbol: Int) -> (index: Int, found: Bool) {
        var low = 0, high = cells.count
        while low < high {
            let middle = (low + high) / 2
            if cells[middle].symbol < symbol { low = middle + 1 } else { high = middle }
        }
        return (low, low < cells.count && cells[low].symbol == symbol)
    }

    /// The coefficient of `symbol` (0 when absent).
    func coefficient(of symbol: Int) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient` × `symbol`; a sum near zero removes the cell.
    mutating func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if Self.isNearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
        } else if !Self.isNearZero(coefficient) {
            cells.insert((symbol, coefficient), at: index)
        }
    }

    /// Adds `coefficient` × `row` (its constant too), merging the sorted cells.
    mutating func insert(_ row: SimplexRow, _ coefficient: Double = 1) {
        constant += row.constant * coefficient
        // A short row into a long one: cell by cell, in place (a pivot row of a few cells
        // substituted into long rows is the common case); otherwise one merge.
        if row.cells.count * 8 < cells.count {
            for cell in row.cells { insert(cell.symbol, cell.coefficient * coefficient) }
            return
        }
        var merged: [(symbol: Int, coefficient: Double)] = []
        merged.reserveCapacity(cells.count + row.cells.count)
        var i = 0, j = 0
        while i < cells.count || j < row.cells.count {
            if j == row.cells.count || (i < cells.count && cells[i].symbol < row.cells[j].symbol) {
                merged.append(cells[i])
                i += 1
            } else if i == cells.count || row.cells[j].symbol < cells[i].symbol {
                let value = row.cells[j].coefficient * coefficient
                if !Self.isNearZero(value) { merged.append((row.cells[j].symbol, value)) }
                j += 1
            } else {
                let value = cells[i].coefficient + row.cells[j].coefficient * coefficient
                if !Self.isNearZero(value) { merged.append((cells[i].symbol, value)) }
                i += 1
                j += 1
            }
        }
        cells = merged
    }

    /// Removes `symbol`'s cell.
    mutating func remove(_ symbol: Int) {
        let (index, found) = position(of: symbol)
        if found { cells.remove(at: index) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Solves for `symbol`, which must be in the row: the row becomes `symbol = ...`
    /// without it.
    mutating func solve(for symbol: Int) {
        let (index, _) = position(of: symbol)
        let factor = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= factor
        for index in cells.indices { cells[index].coefficient *= factor }
    }

    /// Solves `lhs = row` for `rhs`: the row becomes `rhs = ...`.
    mutating func solve(_ lhs: Int, for rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` with `row` (what it equals); whether the row held it.
    @discardableResult
    mutating func substitute(_ symbol: Int, with row: SimplexRow) -> Bool {
        let (index, found) = position(of: symbol)
        guard found else { return false }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, coefficient)
        return true
    }
}
