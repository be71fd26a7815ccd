import AnimatorLayout
import Testing

/// The solver against layouts worked by hand: equalities, inequalities, priorities that
/// compete, contradictions, removals, edits, a long chain.
@Suite struct ConstraintSolverTests {
    @Test func equalitiesChainAsWritten() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(LayoutConstraint(y.expression, .equal, x + 20))
        try solver.add(LayoutConstraint(x.expression, .equal, 10))
        #expect(solver.value(of: x) == 10 && solver.value(of: y) == 30)
    }

    @Test func twoEqualColumnsBetweenMargins() throws {
        // |-16-[a]-8-[b]-16-| in 390 points, a and b as wide: (390 − 16 − 8 − 16) / 2 = 175.
        let solver = ConstraintSolver()
        let aLeft = solver.makeVariable("a.left"), aWidth = solver.makeVariable("a.width")
        let bLeft = solver.makeVariable("b.left"), bWidth = solver.makeVariable("b.width")
        try solver.add(LayoutConstraint(aLeft.expression, .equal, 16))
        try solver.add(LayoutConstraint(bLeft.expression, .equal, aLeft + aWidth + 8))
        try solver.add(LayoutConstraint(bLeft + bWidth, .equal, 390 - 16))
        try solver.add(LayoutConstraint(aWidth.expression, .equal, bWidth.expression))
        #expect(abs(solver.value(of: aWidth) - 175) < 1e-9 && abs(solver.value(of: bWidth) - 175) < 1e-9)
        #expect(abs(solver.value(of: bLeft) - 199) < 1e-9)
    }

    @Test func requiredInequalitiesWinOverOptionalEqualities() throws {
        let solver = ConstraintSolver()
        let width = solver.makeVariable("width")
        try solver.add(LayoutConstraint(width.expression, .greaterThanOrEqual, 100))
        try solver.add(LayoutConstraint(width.expression, .equal, 50, priority: .defaultHigh))
        #expect(abs(solver.value(of: width) - 100) < 1e-9)
    }

    @Test func competingOptionalConstraintsSettleAtTheLeastWeightedCost() throws {
        // w <= 300 required; w == 500 at 250 and w == 200 at 750: the cost 250·|w − 500| +
        // 750·|w − 200| is least at w = 200 (75,000; at 300 it is 125,000).
        let solver = ConstraintSolver()
        let w = solver.makeVariable("w")
        try solver.add(LayoutConstraint(w.expression, .lessThanOrEqual, 300))
        try solver.add(LayoutConstraint(w.expression, .equal, 500, priority: .defaultLow))
        try solver.add(LayoutConstraint(w.expression, .equal, 200, priority: .defaultHigh))
        #expect(abs(solver.value(of: w) - 200) < 1e-9)
        // a == 0 at 100 against a == 10 at 300: 10 (cost 1,000 against 3,000).
        let a = solver.makeVariable("a")
        try solver.add(LayoutConstraint(a.expression, .equal, 0, priority: LayoutPriority(100)))
        try solver.add(LayoutConstraint(a.expression, .equal, 10, priority: LayoutPriority(300)))
        #expect(abs(solver.value(of: a) - 10) < 1e-9)
    }

    @Test func aContradictionIsRefusedAndTheSolverKeepsWorking() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(LayoutConstraint(x.expression, .equal, 10))
        #expect(throws: LayoutError.self) { try solver.add(LayoutConstraint(x.expression, .equal, 20)) }
        do {
            try solver.add(LayoutConstraint(x.expression, .greaterThanOrEqual, 30))
            Issue.record("x >= 30 was accepted beside x == 10")
        } catch {
            #expect(error.kind == .unsatisfiable)
            #expect(error.message == "unable to simultaneously satisfy constraints: x - 30 >= 0 contradicts the "
                    + "required constraints")
        }
        #expect(solver.value(of: x) == 10)
        try solver.add(LayoutConstraint(y.expression, .equal, x + 1))
        #expect(solver.value(of: y) == 11)
    }

    @Test func removingAConstraintLetsTheOthersHaveTheirWay() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x")
        let floor = try solver.add(LayoutConstraint(x.expression, .greaterThanOrEqual, 50))
        try solver.add(LayoutConstraint(x.expression, .equal, 0, priority: LayoutPriority(500)))
        #expect(abs(solver.value(of: x) - 50) < 1e-9)
        try solver.remove(floor)
        #expect(abs(solver.value(of: x)) < 1e-9)
        #expect(throws: LayoutError.self) { try solver.remove(floor) }
        // Put back: 50 again.
        try solver.add(LayoutConstraint(x.expression, .greaterThanOrEqual, 50))
        #expect(abs(solver.value(of: x) - 50) < 1e-9)
    }

    @Test func anEditVariableMovesWithinItsRequiredBounds() throws {
        let solver = ConstraintSolver()
        let x = solver.makeVariable("x"), right = solver.makeVariable("right")
        try solver.add(LayoutConstraint(x.expression, .lessThanOrEqual, 100))
        try solver.add(LayoutConstraint(right.expression, .equal, x + 40))
        try solver.addEditVariable(x, priority: LayoutPriority(999))
        for (suggested, expected) in [(30.0, 30.0), (150, 100), (-20, -20), (100, 100)] {
            try solver.suggest(suggested, for: x)
            #expect(abs(solver.value(of: x) - expected) < 1e-9, "suggested \(suggested)")
            #expect(abs(solver.value(of: right) - (expected + 40)) < 1e-9)
        }
        #expect(throws: LayoutError.self) { try solver.addEditVariable(x, priority: LayoutPriority(999)) }
        #expect(throws: LayoutError.self) { try solver.suggest(1, for: right) }
    }

    @Test func aLongRowOfEqualCellsFillsItsContainer() throws {
        // n cells of equal width, 2 points apart and from both edges, across 4,000 points:
        // each (4000 − 2(n + 1)) / n wide, cell i at 2 + i(w + 2).
        let n = 400
        let solver = ConstraintSolver()
        let lefts = (0..<n).map { solver.makeVariable("left\($0)") }
        let widths = (0..<n).map { solver.makeVariable("width\($0)") }
        try solver.add(LayoutConstraint(lefts[0].expression, .equal, 2))
        for i in 1..<n {
            try solver.add(LayoutConstraint(lefts[i].expression, .equal, lefts[i - 1] + widths[i - 1] + 2))
            try solver.add(LayoutConstraint(widths[i].expression, .equal, widths[0].expression))
        }
        try solver.add(LayoutConstraint(lefts[n - 1] + widths[n - 1], .equal, 4000 - 2))
        let width = (4000 - 2 * Double(n + 1)) / Double(n)
        for i in [0, 1, n / 2, n - 1] {
            #expect(abs(solver.value(of: widths[i]) - width) < 1e-6)
            #expect(abs(solver.value(of: lefts[i]) - (2 + Double(i) * (width + 2))) < 1e-6)
        }
    }

    @Test func anAmbiguousLayoutGetsTheSameAnswerEveryTime() throws {
        // a + b == 100 and nothing else: any split holds; two solvers built alike agree.
        func solve() throws -> (Double, Double) {
            let solver = ConstraintSolver()
            let a = solver.makeVariable("a"), b = solver.makeVariable("b")
            try solver.add(LayoutConstraint(a + b, .equal, 100))
            try solver.add(LayoutConstraint(a.expression, .greaterThanOrEqual, 0))
            try solver.add(LayoutConstraint(b.expression, .greaterThanOrEqual, 0))
            return (solver.value(of: a), solver.value(of: b))
        }
        let first = try solve(), second = try solve()
        #expect(first == second && abs(first.0 + first.1 - 100) < 1e-9)
    }
}
