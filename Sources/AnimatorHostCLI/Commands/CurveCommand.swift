import AnimatorEngine
import AnimatorSupport

/// `animator-host curve`: a timing curve or spring, plotted in the terminal with its key
/// figures, or sampled.
enum CurveCommand: Command {
    static let name = "curve"
    static let summary = "Plot a timing curve or spring, with its key figures; sample it with --at or --json."
    static let usage = "animator-host curve <spec> [--at X]... [--json] [--samples N]"
    static let options: [OptionSpec] = [
        .value("--at", valueName: "X", repeatable: true,
               help: "Print the value at X as an 'X Y' line (repeatable). X is seconds for springs, else a fraction."),
        .flag("--json", help: "Print {\"spec\", \"samples\": [{\"t\", \"value\"}], \"settlingDuration\"} (the last for springs)."),
        .value("--samples", valueName: "N", help: "Number of samples for --json and the plot (default 101)."),
    ]
    static let discussion = """
        Specs: linear, easeIn, easeOut, easeInOut, default, cubic-bezier(x1,y1,x2,y2),
        spring(mass=M,stiffness=K,damping=C,velocity=V), spring(dampingRatio=Z,response=R),
        spring(duration=D,dampingRatio=Z,velocity=V) (UIView's mapping of a duration to a spring).
        Spring velocities are in whole distances per second, positive toward the target.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "curve needs a spec, e.g. easeInOut or spring(dampingRatio=0.8,response=0.4)"
                                                           : "curve takes one spec (quote it if it has spaces)")
        }
        let text = arguments.positionals[0]
        let spec: CurveSpec
        do {
            spec = try CurveSpec.parse(text)
        } catch {
            console.error("animator-host curve: '\(text)': \(error)")
            return 1
        }
        var sampleCount = 101
        if let given = arguments.value("--samples") {
            guard let count = Int(given), count >= 2, count <= 100_000 else {
                throw UsageError("--samples takes a whole number from 2 to 100000 (got '\(given)')")
            }
            sampleCount = count
        }
        let positions = arguments.values("--at")
        if !positions.isEmpty {
            for position in positions {
                guard let x = Double(position), x.isFinite else { throw UsageError("--at takes a number (got '\(position)')") }
                console.out("\(JSONValue.format(x)) \(JSONValue.format(spec.value(at: x)))")
            }
            return 0
        }
        let span = extent(of: spec)
        let samples = (0..<sampleCount).map { index -> (Double, Double) in
            let t = span * Double(index) / Double(sampleCount - 1)
            return (t, spec.value(at: t))
        }
        if arguments.flag("--json") {
            var members: [(String, JSONValue)] = [
                ("spec", .string(text)),
                ("samples", .array(samples.map { .object([("t", .number($0.0)), ("value", .number($0.1))]) })),
            ]
            if case .spring(let spring, _) = spec {
                let settling = spring.settlingDuration()
                members.append(("settlingDuration", settling.isFinite ? .number(settling) : .null))
            }
            console.out(JSONValue.object(members).serialized(pretty: true))
            return 0
        }
        figures(of: spec, text: text, samples: samples).forEach { console.out($0) }
        console.out()
        CurvePlot(samples: samples, isTime: span != 1).lines.forEach { console.out($0) }
        return 0
    }

    /// What X runs over: [0, 1] for curves, until the spring has settled for springs.
    /// The span plotted: the curve's unit, or a spring's settling duration; an undamped
    /// spring (damping 0), which never settles, and one slower than a minute are shown
    /// over their first 10 seconds.
    private static func extent(of spec: CurveSpec) -> Double {
        switch spec {
        case .bezier: return 1
        case .spring(let spring, let duration):
            let settling = spring.settlingDuration()
            let span = max(settling.isFinite ? settling : 10, duration ?? 0)
            return span.isFinite && span <= 60 ? span : 10
        }
    }

    private static func figures(of spec: CurveSpec, text: String, samples: [(Double, Double)]) -> [String] {
        func number(_ value: Double) -> String { JSONValue.format((value * 10_000).rounded() / 10_000) }
        switch spec {
        case .bezier(let curve):
            return [
                "\(text): cubic-bezier(\(number(curve.x1)), \(number(curve.y1)), \(number(curve.x2)), \(number(curve.y2)))",
                "value at 0.25: \(number(curve.value(at: 0.25)))   0.5: \(number(curve.value(at: 0.5)))   "
                    + "0.75: \(number(curve.value(at: 0.75)))",
            ]
        case .spring(let spring, let duration):
            let peak = samples.max { $0.1 < $1.1 } ?? (0, 0)
            var lines = [
                "\(text): mass \(number(spring.mass)), stiffness \(number(spring.stiffness)), damping \(number(spring.damping)), "
                    + "initial velocity \(number(spring.initialVelocity))",
                "damping ratio \(number(spring.dampingRatio)), natural frequency \(number(spring.naturalFrequency)) rad/s, "
                    + (spring.settlingDuration().isFinite ? "settling duration \(number(spring.settlingDuration())) s"
                                                          : "never settles (undamped; the first 10 s are shown)"),
                peak.1 > 1 ? "overshoot \(number((peak.1 - 1) * 100))% at \(number(peak.0)) s" : "no overshoot",
            ]
            if let duration { lines.append("UIKit duration \(number(duration)) s") }
            return lines
        }
    }
}

/// A curve drawn with characters: x to the right, value upwards, with the 0 and 1 levels.
struct CurvePlot {
    let samples: [(Double, Double)]
    let isTime: Bool
    var width = 64
    var height = 16

    var lines: [String] {
        let values = samples.map(\.1)
        let top = max(1, values.max() ?? 1)
        let bottom = min(0, values.min() ?? 0)
        let span = top - bottom
        func row(_ value: Double) -> Int {
            let position = ((top - value) / span * Double(height - 1)).rounded()
            return position.isFinite ? min(max(Int(position), 0), height - 1) : height - 1
        }
        var grid = Array(repeating: Array(repeating: " ", count: width), count: height)
        for level in [0.0, 1.0] {
            let line = row(level)
            for column in 0..<width where column % 2 == 0 { grid[line][column] = "·" }
        }
        let last = samples.last?.0 ?? 1
        for column in 0..<width {
            let x = last * Double(column) / Double(width - 1)
            let nearest = samples.min { abs($0.0 - x) < abs($1.0 - x) }?.1 ?? 0
            grid[row(nearest)][column] = "•"
        }
        let labels = (0..<height).map { line -> String in
            if line == row(1) { return "   1 │" }
            if line == row(0) { return "   0 │" }
            return "     │"
        }
        var lines = zip(labels, grid).map { $0 + $1.joined() }
        lines.append("     └" + String(repeating: "─", count: width))
        let end = JSONValue.format((last * 1000).rounded() / 1000) + (isTime ? " s" : "")
        lines.append("      0" + String(repeating: " ", count: max(1, width - end.count - 1)) + end)
        return lines
    }
}
