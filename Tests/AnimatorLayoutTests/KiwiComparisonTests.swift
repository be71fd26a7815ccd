import AnimatorLayout
import Foundation
import Testing

/// A hundred-variable layout drawn from a fixed pseudo-random sequence, solved here, by the
/// closed form (each free variable is its preference clamped into its bounds; each dependent
/// one the linear combination it is defined as) and by kiwisolver (a C++ Cassowary, from
/// PyPI; Tests/setup.sh installs it).
@Suite struct KiwiComparisonTests {
    /// One variable: free (bounds and a preference at a priority) or defined from two
    /// earlier ones.
    enum Definition {
        case free(low: Double, high: Double, preferred: Double, priority: Double)
        case combination(a: Int, aCoefficient: Double, b: Int, bCoefficient: Double, constant: Double)
    }

    static func layout(count: Int) -> [Definition] {
        var state: UInt64 = 0x1A70_0775
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<count).map { index in
            if index < 2 || next() < 0.5 {
                let low = (next() * 200).rounded(), high = low + (next() * 300).rounded()
                return .free(low: low, high: high, preferred: (next() * 600 - 50).rounded(), priority: (1 + next() * 998).rounded())
            }
            return .combination(a: Int(next() * Double(index)), aCoefficient: (next() * 4 - 2).rounded() / 2,
                                b: Int(next() * Double(index)), bCoefficient: (next() * 4 - 2).rounded() / 2,
                                constant: (next() * 100).rounded())
        }
    }

    static func closedForm(_ layout: [Definition]) -> [Double] {
        var values: [Double] = []
        for definition in layout {
            switch definition {
            case .free(let low, let high, let preferred, _): values.append(min(max(preferred, low), high))
            case .combination(let a, let ca, let b, let cb, let constant): values.append(ca * values[a] + cb * values[b] + constant)
            }
        }
        return values
    }

    @Test func aRandomLayoutSolvesAsTheClosedFormAndKiwisolverSay() throws {
        let layout = Self.layout(count: 100)
        let solver = ConstraintSolver()
        let variables = layout.indices.map { solver.makeVariable("x\($0)") }
        var script = "import kiwisolver as k\ns = k.Solver()\nx = [k.Variable('x%d' % i) for i in range(\(layout.count))]\n"
        for (index, definition) in layout.enumerated() {
            let x = variables[index]
            switch definition {
            case .free(let low, let high, let preferred, let priority):
                try solver.add(LayoutConstraint(x.expression, .greaterThanOrEqual, low))
                try solver.add(LayoutConstraint(x.expression, .lessThanOrEqual, high))
                try solver.add(LayoutConstraint(x.expression, .equal, preferred, priority: LayoutPriority(Float(priority))))
                script += "s.addConstraint(x[\(index)] >= \(low))\ns.addConstraint(x[\(index)] <= \(high))\n"
                    + "s.addConstraint((x[\(index)] == \(preferred)) | \(priority))\n"
            case .combination(let a, let ca, let b, let cb, let constant):
                try solver.add(LayoutConstraint(x.expression, .equal, variables[a] * ca + variables[b] * cb + constant))
                script += "s.addConstraint(x[\(index)] == \(ca) * x[\(a)] + \(cb) * x[\(b)] + \(constant))\n"
            }
        }
        script += "s.updateVariables()\nprint(' '.join(repr(v.value()) for v in x))\n"
        let expected = Self.closedForm(layout)
        for (index, variable) in variables.enumerated() {
            #expect(abs(solver.value(of: variable) - expected[index]) < 1e-6, "x\(index)")
        }
        // kiwisolver's answer for the same constraints.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "kiwisolver (Tests/setup.sh installs it): \(problem)")
        let kiwi = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(kiwi.count == layout.count)
        for (index, variable) in variables.enumerated() {
            #expect(abs(solver.value(of: variable) - kiwi[index]) < 1e-6, "x\(index): ours \(solver.value(of: variable)), kiwi \(kiwi[index])")
        }
    }
}
