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

    private var tableau = SimplexTableau()
    private var variableSymbols: [Int] = []
    private var variableNames: [String] = []
    private var tags: [Int: Tag] = [:]
    private var edits: [LayoutVariable: Edit] = [:]
    private var nextConstraint = 0

    /// An empty solver.
    public init() {}

    /// A new variable (0 until constraints say otherwise); `name` is for messages.
    public func makeVariable(_ name: String = "") -> LayoutVariable {
        let variable = LayoutVariable(index: variableSymbols.count)
        variableSymbols.append(tableau.makeSymbol(.external))
        variableNames.append(name)
        return variable
    }

    /// How many constraints it holds (edit constraints included).
    public var constraintCount: Int { tags.count }

    /// The variable's value in the current solution.
    public func value(of variable: LayoutVariable) -> Double {
        tableau.rows[variableSymbols[variable.index]]?.constant ?? 0
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
        if subject == nil, row.cells.allSatisfy({ tableau.kinds[$0.symbol] == .dummy }) {
            guard SimplexRow.isNearZero(row.constant) else {
                undoSymbols(of: tag)
                throw LayoutError(kind: .unsatisfiable, message: "unable to simultaneously satisfy constraints: "
                                  + describe(constraint) + " contradicts the required constraints")
            }
            subject = tag.marker
        }
        if let subject {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.setRow(subject, row)
        } else {
            guard try tableau.addWithArtificialVariable(row) else {
                // Take the partial work back out: the marker's row or column goes.
                tags[id.number] = tag
                try? remove(id)
                throw LayoutError(kind: .unsatisfiable, message: "unable to simultaneously satisfy constraints: "
                                  + describe(constraint) + " contradicts the required constraints")
            }
        }
        tags[id.number] = tag
        try tableau.optimize()
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
        if tableau.rows[tag.marker] != nil {
            tableau.clearRow(tag.marker)
        } else {
            guard let leaving = tableau.markerLeavingRow(tag.marker), var row = tableau.clearRow(leaving) else {
                throw LayoutError(kind: .unbounded, message: "the constraint's marker leaves no row (a solver fault)")
            }
            row.solve(leaving, for: tag.marker)
            tableau.substitute(tag.marker, with: row)
        }
        try tableau.optimize()
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
        if tableau.rows[tag.marker] != nil {
            tableau.shiftConstant(of: tag.marker, by: -delta)
        } else if let other = tag.other, tableau.rows[other] != nil {
            tableau.shiftConstant(of: other, by: delta)
        } else {
            tableau.shiftConstants(along: tag.marker, by: delta)
        }
        try tableau.dualOptimize()
    }

    // MARK: Rows

    /// Forgets the symbols of a constraint refused before it entered the tableau.
    private func undoSymbols(of tag: Tag) {
        tableau.objective.remove(tag.marker)
        if let other = tag.other { tableau.objective.remove(other) }
    }

    private func weight(_ priority: LayoutPriority) -> Double { Double(priority.value) }

    private func makeRow(for constraint: LayoutConstraint) -> (SimplexRow, Tag) {
        var row = SimplexRow(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !SimplexRow.isNearZero(term.coefficient) {
            let symbol = variableSymbols[term.variable.index]
            if let basicRow = tableau.rows[symbol] { row.insert(basicRow, term.coefficient) } else { row.insert(symbol, term.coefficient) }
        }
        let tag: Tag
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = tableau.makeSymbol(.slack)
            row.insert(slack, sign)
            if constraint.priority.isRequired {
                tag = Tag(marker: slack, other: nil, constraint: constraint)
            } else {
                let error = tableau.makeSymbol(.error)
                row.insert(error, -sign)
                tableau.objective.insert(error, weight(constraint.priority))
                tag = Tag(marker: slack, other: error, constraint: constraint)
            }
        case .equal:
            if constraint.priority.isRequired {
                let dummy = tableau.makeSymbol(.dummy)
                row.insert(dummy)
                tag = Tag(marker: dummy, other: nil, constraint: constraint)
            } else {
                let plus = tableau.makeSymbol(.error), minus = tableau.makeSymbol(.error)
                row.insert(plus, -1)
                row.insert(minus, 1)
                tableau.objective.insert(plus, weight(constraint.priority))
                tableau.objective.insert(minus, weight(constraint.priority))
                tag = Tag(marker: plus, other: minus, constraint: constraint)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol the new row is solved for: an external one; else a marker (slack or
    /// error) with a negative coefficient.
    private func chooseSubject(_ row: SimplexRow, _ tag: Tag) -> Int? {
        if let external = row.cells.first(where: { tableau.kinds[$0.symbol] == .external }) { return external.symbol }
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where [.slack, .error].contains(tableau.kinds[marker]) {
            if row.coefficient(of: marker) < 0 { return marker }
        }
        return nil
    }

    private func removeEffects(of tag: Tag) {
        for marker in [tag.marker, tag.other].compactMap({ $0 }) where tableau.kinds[marker] == .error {
            let strength = weight(tag.constraint.priority)
            if let row = tableau.rows[marker] {
                tableau.objective.insert(row, -strength)
            } else {
                tableau.objective.insert(marker, -strength)
            }
        }
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
