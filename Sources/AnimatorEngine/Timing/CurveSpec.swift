/// A timing curve or spring written as text, as `animator-host curve` takes it:
///
///     linear | easeIn | easeOut | easeInOut | default
///     cubic-bezier(x1,y1,x2,y2)
///     spring(mass=M,stiffness=K,damping=C,velocity=V)       physical (CASpringAnimation)
///     spring(dampingRatio=Z,response=R)                     SwiftUI-style
///     spring(duration=D,dampingRatio=Z,velocity=V)          UIView's mapping
///
/// For springs the input is seconds; for curves it is the fraction of the duration.
public enum CurveSpec: Equatable, Sendable {
    /// A Bézier curve, named or given by control points.
    case bezier(CubicBezier)
    /// A spring; `duration` is set for UIView's form (the motion ends there).
    case spring(Spring, duration: Double?)

    /// The value at `x` (a fraction for curves, seconds for springs).
    public func value(at x: Double) -> Double {
        switch self {
        case .bezier(let curve): return curve.value(at: x)
        case .spring(let spring, _): return spring.value(at: x)
        }
    }

    /// Parses a spec.
    ///
    /// - Throws: `CurveSpecError` saying what is wrong and at which column.
    public static func parse(_ text: String) throws(CurveSpecError) -> CurveSpec {
        var scanner = SpecScanner(text)
        scanner.skipSpaces()
        let name = scanner.identifier()
        let named: [String: CubicBezier] = [
            "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
            "easeInEaseOut": .easeInOut, "default": .caDefault,
        ]
        if let curve = named[name] {
            try scanner.expectEnd()
            return .bezier(curve)
        }
        switch name {
        case "cubic-bezier":
            let (values, start) = try scanner.arguments()
            guard values.count == 4, values.allSatisfy({ $0.name == nil }) else {
                throw CurveSpecError(column: start, reason: "cubic-bezier takes four numbers: cubic-bezier(x1,y1,x2,y2)")
            }
            switch CubicBezier.validated(values[0].value, values[1].value, values[2].value, values[3].value) {
            case .success(let curve): return .bezier(curve)
            case .failure(let error): throw CurveSpecError(column: start, reason: error.reason)
            }
        case "spring":
            let (values, start) = try scanner.arguments()
            var named: [String: Double] = [:]
            for value in values {
                guard let key = value.name else {
                    throw CurveSpecError(column: value.column, reason: "spring arguments are name=value")
                }
                guard named[key] == nil else { throw CurveSpecError(column: value.column, reason: "'\(key)' given twice") }
                named[key] = value.value
            }
            return try spring(named, column: start)
        case "":
            throw CurveSpecError(column: scanner.column, reason: "expected a curve name, cubic-bezier(...) or spring(...)")
        default:
            throw CurveSpecError(column: 1, reason: "unknown curve '\(name)' (known: linear, easeIn, easeOut, easeInOut, "
                                 + "default, cubic-bezier(...), spring(...))")
        }
    }

    private static func spring(_ values: [String: Double], column: Int) throws(CurveSpecError) -> CurveSpec {
        let keys = Set(values.keys)
        func positive(_ key: String) throws(CurveSpecError) -> Double {
            let value = values[key]!
            guard value > 0 else { throw CurveSpecError(column: column, reason: "\(key) must be greater than 0 (got \(value))") }
            return value
        }
        let velocity = values["velocity"] ?? 0
        if keys.isSubset(of: ["mass", "stiffness", "damping", "velocity"]), keys.contains("stiffness"), keys.contains("damping") {
            let mass = values["mass"] == nil ? 1 : try positive("mass")
            let damping = values["damping"]!
            guard damping >= 0 else { throw CurveSpecError(column: column, reason: "damping must not be negative (got \(damping))") }
            return .spring(Spring(mass: mass, stiffness: try positive("stiffness"), damping: damping,
                                  initialVelocity: velocity), duration: nil)
        }
        if keys.isSubset(of: ["dampingRatio", "response", "velocity"]), keys.contains("dampingRatio"), keys.contains("response") {
            let ratio = values["dampingRatio"]!
            guard ratio >= 0 else { throw CurveSpecError(column: column, reason: "dampingRatio must not be negative (got \(ratio))") }
            return .spring(Spring(dampingRatio: ratio, response: try positive("response"), initialVelocity: velocity),
                           duration: nil)
        }
        if keys.isSubset(of: ["duration", "dampingRatio", "velocity"]), keys.contains("duration"), keys.contains("dampingRatio") {
            let duration = try positive("duration")
            let ratio = try positive("dampingRatio")
            return .spring(Spring(duration: duration, dampingRatio: ratio, initialVelocity: velocity), duration: duration)
        }
        throw CurveSpecError(column: column, reason: "a spring takes (mass, stiffness, damping, velocity), "
                             + "(dampingRatio, response) or (duration, dampingRatio, velocity); got ("
                             + values.keys.sorted().joined(separator: ", ") + ")")
    }
}

/// Why a curve spec was refused, and where (1-based column).
public struct CurveSpecError: Error, Equatable, CustomStringConvertible {
    /// The column of the problem.
    public var column: Int
    /// What is wrong.
    public var reason: String

    public var description: String { "column \(column): \(reason)" }
}

/// A cursor over a spec's characters.
private struct SpecScanner {
    let characters: [Character]
    var index = 0

    init(_ text: String) { characters = Array(text) }

    var column: Int { index + 1 }

    mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    /// A letter, then letters or '-' (as in cubic-bezier).
    mutating func identifier() -> String {
        let start = index
        guard index < characters.count, characters[index].isLetter else { return "" }
        while index < characters.count, characters[index].isLetter || characters[index] == "-" { index += 1 }
        return String(characters[start..<index])
    }

    mutating func expectEnd() throws(CurveSpecError) {
        skipSpaces()
        if index < characters.count { throw CurveSpecError(column: column, reason: "unexpected '\(characters[index])'") }
    }

    /// `(a, b, ...)` or `(name=a, ...)`, then the end. Returns the values and the column
    /// of the opening parenthesis.
    mutating func arguments() throws(CurveSpecError) -> ([(name: String?, value: Double, column: Int)], Int) {
        skipSpaces()
        let open = column
        guard index < characters.count, characters[index] == "(" else { throw CurveSpecError(column: column, reason: "expected '('") }
        index += 1
        var values: [(name: String?, value: Double, column: Int)] = []
        while true {
            skipSpaces()
            let start = column
            var name: String?
            let word = identifier()
            if !word.isEmpty {
                skipSpaces()
                guard index < characters.count, characters[index] == "=" else {
                    throw CurveSpecError(column: column, reason: "expected '=' after '\(word)'")
                }
                index += 1
                name = word
                skipSpaces()
            }
            let numberStart = index
            while index < characters.count, "+-.0123456789eE".contains(characters[index]) { index += 1 }
            guard let value = Double(String(characters[numberStart..<index])), value.isFinite else {
                throw CurveSpecError(column: numberStart + 1, reason: "expected a number" + (name.map { " after '\($0)='" } ?? ""))
            }
            values.append((name, value, start))
            skipSpaces()
            guard index < characters.count else { throw CurveSpecError(column: column, reason: "expected ')'") }
            if characters[index] == "," { index += 1; continue }
            if characters[index] == ")" { index += 1; break }
            throw CurveSpecError(column: column, reason: "expected ',' or ')'")
        }
        try expectEnd()
        return (values, open)
    }
}
