/// An incremental Cassowary solver, as Auto Layout has at its heart: linear equalities and
/// inequalities over `LayoutVariable`s, required ones held exactly and optional ones
/// broken where they must be, at the least total cost (each broken point weighs its
/// priority). Constraints are added and removed one at a time, each change re-solving from
/// the last answer (a primal simplex for additions, a dual one for edits). Every choice
/// walks its candidates in symbol order, so an ambiguous layout gets the same answer on
/// every run.
///
/// Pure value code with no clock and no platform: `ConstraintSolverTests` check its answers
/// against layouts worked by hand.
public final class ConstraintSolver {
    /// The kinds of tableau symbols.
    private enum Kind: UInt8 { case external, slack, error, dummy }

    /// A constraint added to the solver.
    public struct ConstraintID: Hashable, Sendable {
        let number: Int
    }

    /// The markers a constraint left in the tableau.
    private struct Tag {
        var marker: Int
        var other: Int?
        let constraint: LayoutConstraint
    }

    private struct Edit {
        let constraint: ConstraintID
        var constant: Double
    }

    private var kinds: [Kind] = []
    /// The row of each basic symbol, by symbol number.
    private var rows: [SimplexRow?] = []
    /// The basic symbols, in a deterministic order.
    private var basic: [Int] = []
    private var basicPosition: [Int] = []
    private var variableSymbols: [Int] = []
    private var variableNames: [String] = []
    private var tags: [Int: Tag] = [:]
    private var edits: [LayoutVariable: Edit] = [:]
    private var nextConstraint = 0
    private var objective = SimplexRow(constant: 0)
    private var artificial: SimplexRow?
    private var infeasible: [Int] = []

    /// An empty solver.
    public init() {}

    /// A new variable (0 until constraints say otherwise); `name` is for messages.
    public func makeVariable(_ name: String = "") -> LayoutVariable {
        let variable = LayoutVariable(index: variableSymbols.count)
        variableSymbols.append(makeSymbol(.external))
        variableNames.append(name)
        return variable
    }

    /// How many constraints it holds (edit constraints included).
    public var constraintCount: Int { tags.count }

    /// The variable's value in the current solution.
    public func value(of variable: LayoutVariable) -> Double {
        rows[variableSymbols[variable.index]]?.constant ?? 0
    }

    // MARK: Constraints

    /// Adds a constraint and re-solves.
    ///
    /// - Throws: `LayoutError.unsatisfiable` for a required constraint the required ones
    ///   already there rule out (nothing changes then).
    @discardableResult
    public func add(_ constraint: LayoutConstraint) throws(LayoutError) -> ConstraintID {
        let id = ConstraintID(number: nextConstraint)
        nextConstraint += 1
        var (row, tag) = makeRow(for: constraint)
        var subject = chooseSubject(row, tag)
        if subject == nil, row.cells.allSatisfy({ kinds[$0.symbol] == .dummy }) {
            guard SimplexRow.isNearZero(row.constant) else {
                undoSymbols(of: tag)
                throw LayoutError(kind: .unsatisfiable, message: "unable to simultaneously satisfy constraints: "
                                  + describe(constraint) + " contradicts the required constraints")
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, with: row)
            setRow(subject, row)
        } else {
            guard try addWithArtificialVariable(row) else {
                // Take the partial work back out: the marker's row or column goes.
                tags[id.number] = tag
                try? remove(id)
                throw LayoutError(kind: .unsatisfiable, message: "unable to simultaneously satisfy constraints: "
                                  + describe(constraint) + " contradicts the required constraints")
            }
        }
        tags[id.number] = tag
        try optimize()
        return id
    }

    /// Removes a constraint and re-solves.
    ///
    /// - Throws: `LayoutError.unknown` for one not in the solver.
    public func remove(_ id: ConstraintID) throws(LayoutError) {
        guard let tag = tags.removeValue(forKey: id.number) else {
            throw LayoutError(kind: .unknown, message: "the constraint is not in the solver")
        }
        removeEffects(of: tag)
        if rows[tag.marker] != nil {
            clearRow(tag.marker)
        } else {
            guard let leaving = markerLeavingRow(tag.marker), var row = clearRow(leaving) else {
                throw LayoutError(kind: .unbounded, message: "the constraint's marker leaves no row (a solver fault)")
            }
            row.solve(leaving, for: tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize()
    }

    /// Whether `id` is in the solver.
    public func contains(_ id: ConstraintID) -> Bool { tags[id.number] != nil }

    // MARK: Edit variables

    /// Makes `variable` editable at `priority` (not required): `suggest` then moves it.
    ///
    /// - Throws: `LayoutError.invalid` when it is editable already or the priority is required.
    public func addEditVariable(_ variable: LayoutVariable, priority: LayoutPriority) throws(LayoutError) {
        guard edits[variable] == nil else { throw LayoutError(kind: .invalid, message: "the variable is editable already") }
        guard !priority.isRequired else { throw LayoutError(kind: .invalid, message: "an edit variable cannot be required") }
        let id = try add(LayoutConstraint(variable.expression, .equal, 0, priority: priority))
        edits[variable] = Edit(constraint: id, constant: 0)
    }

    /// Suggests a value for an edit variable and re-solves (a dual simplex from the last answer).
    ///
    /// - Throws: `LayoutError.unknown` for a variable that is not editable.
    public func suggest(_ value: Double, for variable: LayoutVariable) throws(LayoutError) {
        guard var edit = edits[variable], let tag = tags[edit.constraint.number] else {
            throw LayoutError(kind: .unknown, message: "the variable is not editable")
        }
        let delta = value - edit.constant
        edit.constant = value
        edits[variable] = edit
        if rows[tag.marker] != nil {
            rows[tag.marker]!.constant -= delta
            if rows[tag.marker]!.constant < 0 { infeasible.append(tag.marker) }
        } else if let other = tag.other, rows[other] != nil {
            rows[other]!.constant += delta
            if rows[other]!.constant < 0 { infeasible.append(other) }
        } else {
            for symbol in basic {
                let coefficient = rows[symbol]!.coefficient(of: tag.marker)
                guard coefficient != 0 else { continue }
                rows[symbol]!.constant += delta * coefficient
                if rows[symbol]!.constant < 0, kinds[symbol] != .external { infeasible.append(symbol) }
            }
        }
        try dualOptimize()
    }

    // MARK: The tableau

    private func makeSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        basicPosition.append(-1)
        return kinds.count - 1
    }

    private func setRow(_ symbol: Int, _ row: SimplexRow) {
        if rows[symbol] == nil {
            basicPosition[symbol] = basic.count
            basic.append(symbol)
        }
        rows[symbol] = row
    }

    @discardableResult
    private func clearRow(_ symbol: Int) -> SimplexRow? {
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

    /// Forgets the symbols of a constraint refused before it entered the tableau.
    private func undoSymbols(of tag: Tag) {
        objective.remove(tag.marker)
        if let other = tag.other { objective.remove(other) }
    }

    private func weight(_ priority: LayoutPriority) -> Double { Double(priority.value) }

    private func makeRow(for constraint: LayoutConstraint) -> (SimplexRow, Tag) {
        var row = SimplexRow(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !SimplexRow.isNearZero(term.coefficient) {
            let symbol = variableSymbols[term.variable.index]
            if let basicRow = rows[symbol] { row.insert(basicRow, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = makeSymbol(.slack)
            row.insert(slack, sign)
            if constraint.priority.isRequired {
                tag = Tag(marker: slack, other: nil, constraint: constraint)
            } else {
                let error = makeSymbol(.error)
                row.insert(error, -sign)
                objective.insert(error, weight(constraint.priority))
                tag = Tag(marker: slack, other: error, constraint: constraint)
            }
        case .equal:
            if constraint.priority.isRequired {
                let dummy = makeSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy, other: nil, constraint: constraint)
            } else {
                let plus = makeSymbol(.error), minus = makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight(constraint.priority))
                objective.insert(minus, weight(constraint.priority))
                tag = Tag(marker: plus, other: minus, constraint: constraint)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol the new row is solved for: an external one; else a marker (slack or
    /// error) with a negative coefficient.
    private func chooseSubject(_ row: SimplexRow, _ tag: Tag) -> Int? {
        if let external = row.cells.first(where: { kinds[$0.symbol] == .external }) { return external.symbol }
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where [.slack, .error].contains(kinds[marker]) {
            if row.coefficient(of: marker) < 0 { return marker }
        }
        return nil
    }

    private func addWithArtificialVariable(_ row: SimplexRow) throws(LayoutError) -> Bool {
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

    private func substitute(_ symbol: Int, with row: SimplexRow) {
        for basicSymbol in basic {
            rows[basicSymbol]!.substitute(symbol, with: row)
            if kinds[basicSymbol] != .external, rows[basicSymbol]!.constant < 0 { infeasible.append(basicSymbol) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// The primal simplex on the objective (the solver's, or the artificial one while a
    /// row is added with an artificial variable).
    private func optimize(artificialPass: Bool = false) throws(LayoutError) {
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
            guard let leaving, var row = clearRow(leaving) else {
                throw LayoutError(kind: .unbounded, message: "the objective is unbounded (a solver fault)")
            }
            row.solve(leaving, for: entering)
            substitute(entering, with: row)
            setRow(entering, row)
        }
    }

    /// The dual simplex: rows made infeasible by an edit come back feasible.
    private func dualOptimize() throws(LayoutError) {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var entering: Int?
            var ratio = Double.infinity
            for cell in row.cells where cell.coefficient > 0 && kinds[cell.symbol] != .dummy {
                let candidate = objective.coefficient(of: cell.symbol) / cell.coefficient
                if candidate < ratio { ratio = candidate; entering = cell.symbol }
            }
            guard let entering, var moved = clearRow(leaving) else {
                throw LayoutError(kind: .unbounded, message: "the dual simplex found no entering symbol (a solver fault)")
            }
            moved.solve(leaving, for: entering)
            substitute(entering, with: moved)
            setRow(entering, moved)
        }
    }

    private func removeEffects(of tag: Tag) {
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where kinds[marker] == .error {
            let strength = weight(tag.constraint.priority)
            if let row = rows[marker] { objective.insert(row, -strength) } else { objective.insert(marker, -strength) }
        }
    }

    /// The row to pivot out when a non-basic marker leaves: the most restrictive one where
    /// it has a negative coefficient, else a positive one, else an external row.
    private func markerLeavingRow(_ marker: Int) -> Int? {
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

    private func describe(_ constraint: LayoutConstraint) -> String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        var text = ""
        for term in constraint.expression.terms {
            let name = variableNames[term.variable.index].isEmpty ? "v\(term.variable.index)" : variableNames[term.variable.index]
            let size = abs(term.coefficient)
            let part = size == 1 ? name : "\(number(size))·\(name)"
            text += text.isEmpty ? (term.coefficient < 0 ? "-" : "") + part : (term.coefficient < 0 ? " - " : " + ") + part
        }
        let constant = constraint.expression.constant
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + number(abs(constant)) }
        let relation = constraint.relation == .equal ? "==" : constraint.relation == .lessThanOrEqual ? "<=" : ">="
        return "\(text.isEmpty ? "0" : text) \(relation) 0"
    }
}
