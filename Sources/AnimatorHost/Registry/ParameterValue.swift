/// An sRGB color with straight alpha, each component in [0, 1].
public struct RGBAColor: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a color.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses "#rrggbb" or "#rrggbbaa".
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9,
              let bits = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let rgba = hex.count == 7 ? bits << 8 | 0xFF : bits
        self.init(red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                  blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    /// "#rrggbbaa", each component rounded to 8 bits.
    public var hex: String {
        let digits = [red, green, blue, alpha].map { component -> String in
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }
}

/// A parameter's value on the host side.
public enum ParameterValue: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)
    case color(RGBAColor)
    case string(String)
    /// An enum parameter's chosen name.
    case choice(String)

    /// The type this value has.
    public var type: ParameterType {
        switch self {
        case .number: return .number
        case .bool: return .bool
        case .point: return .point
        case .size: return .size
        case .color: return .color
        case .string: return .string
        case .choice: return .enumeration
        }
    }

    /// The value in the text form `--param` accepts.
    public var text: String {
        switch self {
        case .number(let value): return JSONValue.format(value)
        case .bool(let value): return value ? "true" : "false"
        case .point(let x, let y): return "\(JSONValue.format(x)),\(JSONValue.format(y))"
        case .size(let width, let height): return "\(JSONValue.format(width))x\(JSONValue.format(height))"
        case .color(let color): return color.hex
        case .string(let value), .choice(let value): return value
        }
    }

    /// The value in JSON: numbers, booleans and strings as such, points and sizes as
    /// two-element arrays, colors as "#rrggbbaa".
    public var json: JSONValue {
        switch self {
        case .number(let value): return .number(value)
        case .bool(let value): return .bool(value)
        case .point(let x, let y): return .array([.number(x), .number(y)])
        case .size(let width, let height): return .array([.number(width), .number(height)])
        case .color(let color): return .string(color.hex)
        case .string(let value), .choice(let value): return .string(value)
        }
    }
}

/// The type of a parameter, named as in `--json` output and the ABI.
public enum ParameterType: String, Sendable, CaseIterable {
    case number, bool, point, size, color, string
    case enumeration = "enum"
}
