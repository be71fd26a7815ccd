/// The simplex tableau a `ConstraintSolver` works on: the basic symbols' rows, the
/// objective, and the pivoting. One value, changed through mutating methods, so that each
/// pivot's walk over every row is one access to it.
struct SimplexTableau {
    /// The kinds of symbols.
    enum Kind: UInt8 { case external, slack, error, dummy }

    private(set) var kinds: [Kind] = []
    /// The row of each basic symbol, by symbol number.
    private(set) var rows: [SimplexRow?] = []
    /// The basic symbols, in a deterministic order.
    private(set) var basic: [Int] = []
    private var basicPosition: [Int] = []
    /// What the solver minimizes: the weighted errors of optional constraints.
    var objective = SimplexRow(constant: 0)
    private var artificial: SimplexRow?
    /// Rows an edit left with a negative constant.
    var infeasible: [Int] = []

    mutating func makeSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        basicPosition.append(-1)
        return kinds.count - 1
    }

    mutating func setRow(_ symbol: Int, _ row: SimplexRow) {
        if rows[symbol] == nil {
            basicPosition[symbol] = basic.count
            basic.append(symbol)
        }
        rows[symbol] = row
    }

    @discardableResult
    mutating func clearRow(_ symbol: Int) -> SimplexRow? {
        guard let row = rows[symbol] else { return nil }
        rows[symbol] = nil
        let position = basicPosition[symbol]
        let last = basic.removeLast()
        if last != symbol {
            basic[position] = last
            basicPosition[last] = position
        }
        basicPosition[symbol] = -1
        return row
    }

    /// Adds `delta` to a basic row's constant; notes it when it turns infeasible.
    mutating func shiftConstant(of symbol: Int, by delta: Double) {
        rows[symbol]!.constant += delta
        if rows[symbol]!.constant < 0 { infeasible.append(symbol) }
    }

    /// Adds `delta` × the row's coefficient of `marker` to every row holding it (an edit
    /// whose markers are not basic).
    mutating func shiftConstants(along marker: Int, by delta: Double) {
        for symbol in basic {
            let coefficient = rows[symbol]!.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            rows[symbol]!.constant += delta * coefficient
            if rows[symbol]!.constant < 0, kinds[symbol] != .external { infeasible.append(symbol) }
        }
    }

    /// Replaces `symbol` with `row` everywhere.
    mutating func substitute(_ symbol: Int, with row: SimplexRow) {
        for basicSymbol in basic {
            guard rows[basicSymbol]!.substitute(symbol, with: row) else { continue }
            if kinds[basicSymbol] != .external, rows[basicSymbol]!.constant < 0 { infeasible.append(basicSymbol) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Pivots: `leaving` leaves the basis, `entering` takes its row.
    mutating func pivot(leaving: Int, entering: Int) {
        guard var row = clearRow(leaving) else { return }
        row.solve(leaving, for: entering)
        substitute(entering, with: row)
        setRow(entering, row)
    }

    /// The primal simplex on the objective (or on the artificial one while a row is added
    /// with an artificial variable).
    mutating func optimize(artificialPass: Bool = false) throws(LayoutError) {
        while true {
            let target = artificialPass ? (artificial ?? objective) : objective
            guard let entering = target.cells.first(where: { $0.coefficient < 0 && kinds[$0.symbol] != .dummy })?.symbol else {
                return
            }
            var leaving: Int?
            var ratio = Double.infinity
            for symbol in basic where kinds[symbol] != .external {
                let coefficient = rows[symbol]!.coefficient(of: entering)
                guard coefficient < 0 else { continue }
                let candidate = -rows[symbol]!.constant / coefficient
                if candidate < ratio { ratio = candidate; leaving = symbol }
            }
            guard let leaving else {
                throw LayoutError(kind: .unbounded, message: "the objective is unbounded (a solver fault)")
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The dual simplex: rows made infeasible by an edit come back feasible.
    mutating func dualOptimize() throws(LayoutError) {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var entering: Int?
            var ratio = Double.infinity
            for cell in row.cells where cell.coefficient > 0 && kinds[cell.symbol] != .dummy {
                let candidate = objective.coefficient(of: cell.symbol) / cell.coefficient
                if candidate < ratio { ratio = candidate; entering = cell.symbol }
            }
            guard let entering else {
                throw LayoutError(kind: .unbounded, message: "the dual simplex found no entering symbol (a solver fault)")
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Adds `row` through an artificial variable (no subject was found); whether it is
    /// satisfiable.
    mutating func addWithArtificialVariable(_ row: SimplexRow) throws(LayoutError) -> Bool {
        let art = makeSymbol(.slack)
        setRow(art, row)
        artificial = row
        try optimize(artificialPass: true)
        let success = SimplexRow.isNearZero(artificial?.constant ?? 0)
        artificial = nil
        if var artRow = clearRow(art) {
            if artRow.cells.isEmpty { return success }
            guard let entering = artRow.cells.first(where: { [.slack, .error].contains(kinds[$0.symbol]) })?.symbol else {
                return false
            }
            artRow.solve(art, for: entering)
            substitute(entering, with: artRow)
            setRow(entering, artRow)
        }
        for symbol in basic { rows[symbol]!.remove(art) }
        objective.remove(art)
        return success
    }

    /// The row to pivot out when a non-basic marker leaves: the most restrictive one where
    /// it has a negative coefficient, else a positive one, else an external row.
    func markerLeavingRow(_ marker: Int) -> Int? {
        var first: Int?, second: Int?, third: Int?
        var ratioFirst = Double.infinity, ratioSecond = Double.infinity
        for symbol in basic {
            let coefficient = rows[symbol]!.coefficient(of: marker)
            guard coefficient != 0 else { continue }
            if kinds[symbol] == .external {
                if third == nil { third = symbol }
            } else if coefficient < 0 {
                let ratio = -rows[symbol]!.constant / coefficient
                if ratio < ratioFirst { ratioFirst = ratio; first = symbol }
            } else {
                let ratio = rows[symbol]!.constant / coefficient
                if ratio < ratioSecond { ratioSecond = ratio; second = symbol }
            }
        }
        return first ?? second ?? third
    }
}
