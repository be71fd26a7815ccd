import AnimatorLayout
import Glibc

/// The constraint solver against kiwisolver (a C++ Cassowary, Benchmarks/kiwi_layout.py) on
/// the same layout in the same run: 1,000 views held by 4,000 constraints (per view: a
/// required minimum width, a preferred width at priority 500, its left edge after the
/// previous view's right edge plus 4, its height half its width plus 0 to 2), built and
/// solved; then one preferred width changed to 120 (removed and added again, as kiwisolver
/// has no constant edit) and re-solved.
enum LayoutBenchmark {
    static func run(packageRoot: String, quick: Bool) -> [String] {
        let views = 1000
        let rounds = quick ? 3 : 9
        var builds: [Double] = [], edits: [Double] = []
        var values: (last: Double, width: Double, height: Double) = (0, 0, 0)
        for _ in 0..<rounds {
            var solver = ConstraintSolver()
            var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = [], heights: [LayoutVariable] = []
            var preferred: [ConstraintSolver.ConstraintID] = []
            builds.append(Clock.milliseconds {
                (solver, lefts, widths, heights, preferred) = build(views)
            })
            let middle = views / 2
            edits.append(Clock.milliseconds {
                try? solver.remove(preferred[middle])
                _ = try? solver.add(LayoutConstraint(widths[middle].expression, .equal, 120, priority: LayoutPriority(500)))
            })
            values = (solver.value(of: lefts[views - 1]), solver.value(of: widths[middle]), solver.value(of: heights[middle]))
        }
        // By hand: widths 50 + 10 (i mod 7), view 500's 120 after the edit; the last left
        // edge is the sum of the others' widths plus 4 each; view 500's height 60 + 2.
        var expectedLast = 0.0
        for i in 0..<(views - 1) { expectedLast += (i == views / 2 ? 120 : 50 + 10 * Double(i % 7)) + 4 }
        var lines = ["\(views) views, \(4 * views) constraints; median ms over \(rounds) rounds (kiwisolver's from Python, "
                     + "its own build and solve timed inside the script):", "",
                     "| solver | build and solve | edit one constant and re-solve |", "|---|---|---|",
                     "| animator-host (AnimatorLayout) | \(fixed(median(builds), 2)) | \(fixed(median(edits), 3)) |"]
        let reference = kiwi(packageRoot: packageRoot, views: views, rounds: rounds)
        if let reference {
            lines.append("| kiwisolver \(reference.version) | \(fixed(reference.build, 2)) | \(fixed(reference.edit, 3)) |")
            lines += ["", "Ratio (ours / kiwisolver): build and solve \(fixed(median(builds) / reference.build, 2))x, "
                      + "edit \(fixed(median(edits) / reference.edit, 2))x."]
        } else {
            lines.append("| kiwisolver | n/a (pip install kiwisolver) | n/a |")
        }
        let agrees = abs(values.last - expectedLast) < 1e-6 && abs(values.width - 120) < 1e-9 && abs(values.height - 62) < 1e-9
        lines.append("")
        lines.append("Solutions: last left edge \(fixed(values.last, 3)) (by hand \(fixed(expectedLast, 3))), view 500 "
                     + "\(fixed(values.width, 3)) × \(fixed(values.height, 3)) (by hand 120 × 62)"
                     + (agrees ? "" : ": DIFFERENT") + (reference.map { ", kiwisolver \(fixed($0.last, 3))" } ?? "") + ".")
        return lines
    }

    static func build(_ views: Int) -> (ConstraintSolver, [LayoutVariable], [LayoutVariable], [LayoutVariable],
                                        [ConstraintSolver.ConstraintID]) {
        let solver = ConstraintSolver()
        var lefts: [LayoutVariable] = [], widths: [LayoutVariable] = [], heights: [LayoutVariable] = []
        var preferred: [ConstraintSolver.ConstraintID] = []
        for i in 0..<views {
            let l = solver.makeVariable("l\(i)"), w = solver.makeVariable("w\(i)"), h = solver.makeVariable("h\(i)")
            lefts.append(l)
            widths.append(w)
            heights.append(h)
            _ = try? solver.add(LayoutConstraint(w.expression, .greaterThanOrEqual, 20))
            if let id = try? solver.add(LayoutConstraint(w.expression, .equal, 50 + 10 * Double(i % 7),
                                                          priority: LayoutPriority(500))) {
                preferred.append(id)
            }
            let left = i == 0 ? LinearExpression() : lefts[i - 1] + widths[i - 1] + 4
            _ = try? solver.add(LayoutConstraint(l.expression, .equal, left))
            _ = try? solver.add(LayoutConstraint(h.expression, .equal, w * 0.5 + Double(i % 3)))
        }
        return (solver, lefts, widths, heights, preferred)
    }

    static func kiwi(packageRoot: String, views: Int, rounds: Int)
        -> (build: Double, edit: Double, last: Double, version: String)? {
        let script = packageRoot + "/Benchmarks/kiwi_layout.py"
        guard access(script, R_OK) == 0 else { return nil }
        let output = "/tmp/animator-bench-kiwi-\(getpid()).txt"
        defer { unlink(output) }
        let command = "python3 -c 'import kiwisolver; print(kiwisolver.__version__)' > '\(output)' 2>&1 && "
            + "python3 '\(script)' \(views) \(rounds) >> '\(output)' 2>&1"
        guard spawnAndWait("/bin/sh", ["-c", command]) == 0 else { return nil }
        let lines = String(decoding: readAll(output), as: UTF8.self).split(separator: "\n")
        guard lines.count >= 2 else { return nil }
        let words = lines[1].split(separator: " ")
        guard words.count >= 8, let build = Double(words[1]), let edit = Double(words[3]), let last = Double(words[5]) else {
            return nil
        }
        return (build, edit, last, String(lines[0]))
    }
}
