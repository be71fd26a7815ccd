/// Paths as text, the way SVG writes path data, for timelines: `M x y` (move), `L x y`
/// (line), `Q cx cy x y` (quadratic), `C c1x c1y c2x c2y x y` (cubic), `Z` (close),
/// separated by spaces; absolute coordinates only.
public enum PathText {
    /// Why a text is not a path: the reason, naming the command or number.
    public struct ParseError: Error, Equatable, Sendable {
        public let reason: String
    }

    /// The most commands a text may hold.
    public static let maximumElements = 1 << 20

    /// The text of a path.
    public static func format(_ path: ShapePath) -> String {
        var parts: [String] = []
        parts.reserveCapacity(path.elements.count * 5)
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        for element in path.elements {
            switch element {
            case .move(let x, let y): parts += ["M", number(x), number(y)]
            case .line(let x, let y): parts += ["L", number(x), number(y)]
            case .quad(let cx, let cy, let x, let y): parts += ["Q"] + [cx, cy, x, y].map(number)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y): parts += ["C"] + [c1x, c1y, c2x, c2y, x, y].map(number)
            case .close: parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Reads a path's text.
    ///
    /// - Throws: `ParseError` for an unknown command, a missing or non-finite number, a
    ///   drawing command before any `M`, or more than `maximumElements` commands.
    public static func parse(_ text: String) throws(ParseError) -> ShapePath {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" })
        var elements: [ShapePath.Element] = []
        var index = 0
        var started = false
        func numbers(_ count: Int, for command: Substring) throws(ParseError) -> [Double] {
            var result: [Double] = []
            for _ in 0..<count {
                guard index < tokens.count else { throw ParseError(reason: "\(command) needs \(count) numbers") }
                guard let value = Double(tokens[index]), value.isFinite else {
                    throw ParseError(reason: "'\(tokens[index].prefix(20))' after \(command) is not a finite number")
                }
                result.append(value)
                index += 1
            }
            return result
        }
        while index < tokens.count {
            guard elements.count < maximumElements else { throw ParseError(reason: "more than \(maximumElements) commands") }
            let command = tokens[index]
            index += 1
            if command != "M" && !started { throw ParseError(reason: "a path starts with M (got '\(command.prefix(20))')") }
            switch command {
            case "M":
                let v = try numbers(2, for: command)
                elements.append(.move(x: v[0], y: v[1]))
                started = true
            case "L":
                let v = try numbers(2, for: command)
                elements.append(.line(x: v[0], y: v[1]))
            case "Q":
                let v = try numbers(4, for: command)
                elements.append(.quad(cx: v[0], cy: v[1], x: v[2], y: v[3]))
            case "C":
                let v = try numbers(6, for: command)
                elements.append(.cubic(c1x: v[0], c1y: v[1], c2x: v[2], c2y: v[3], x: v[4], y: v[5]))
            case "Z":
                elements.append(.close)
            default:
                throw ParseError(reason: "'\(command.prefix(20))' is not a path command (M, L, Q, C or Z)")
            }
        }
        return ShapePath(elements)
    }
}
