import AnimatorEngine
import AnimatorSupport

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
