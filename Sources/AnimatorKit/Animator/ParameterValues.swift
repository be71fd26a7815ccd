import AnimatorABI

/// The values the host passed for an animator's parameters, read by name.
///
/// The host checks every value against the descriptor before it creates the animator, so
/// reading a declared parameter with its declared type always succeeds. Reading an
/// undeclared name, or with another type, is a programming error in the animator and
/// answers the type's zero value.
public struct ParameterValues: Sendable {
    /// One value, as passed by the host.
    public enum Value: Sendable, Equatable {
        case number(Double)
        case bool(Bool)
        case point(CGPoint)
        case size(CGSize)
        case color(UIColor)
        case string(String)
        case choice(String)
    }

    private let values: [String: Value]

    /// Creates values directly, e.g. in a unit test of an animator.
    public init(_ values: [String: Value]) {
        self.values = values
    }

    /// Copies the host's C values, matched to the descriptor's parameters by position.
    init(parameters: [Parameter], cValues: UnsafePointer<ah_param_value>?, count: Int) {
        var values: [String: Value] = [:]
        for (index, parameter) in parameters.enumerated() {
            guard let cValues, index < count else {
                values[parameter.name] = parameter.defaultValue
                continue
            }
            let raw = cValues[index]
            switch parameter.kind {
            case .number: values[parameter.name] = .number(raw.number)
            case .bool: values[parameter.name] = .bool(raw.boolean)
            case .point: values[parameter.name] = .point(CGPoint(x: raw.point.x, y: raw.point.y))
            case .size: values[parameter.name] = .size(CGSize(width: raw.size.width, height: raw.size.height))
            case .color:
                values[parameter.name] = .color(UIColor(red: raw.color.red, green: raw.color.green,
                                                        blue: raw.color.blue, alpha: raw.color.alpha))
            case .string: values[parameter.name] = .string(raw.string.map { String(cString: $0) } ?? "")
            case .choice: values[parameter.name] = .choice(raw.string.map { String(cString: $0) } ?? "")
            }
        }
        self.values = values
    }

    /// The number parameter `name`.
    public func number(_ name: String) -> Double {
        if case .number(let value)? = values[name] { return value }
        return 0
    }

    /// The boolean parameter `name`.
    public func bool(_ name: String) -> Bool {
        if case .bool(let value)? = values[name] { return value }
        return false
    }

    /// The point parameter `name`.
    public func point(_ name: String) -> CGPoint {
        if case .point(let value)? = values[name] { return value }
        return .zero
    }

    /// The size parameter `name`.
    public func size(_ name: String) -> CGSize {
        if case .size(let value)? = values[name] { return value }
        return .zero
    }

    /// The color parameter `name`.
    public func color(_ name: String) -> UIColor {
        if case .color(let value)? = values[name] { return value }
        return .clear
    }

    /// The string or choice parameter `name`.
    public func string(_ name: String) -> String {
        switch values[name] {
        case .string(let value)?, .choice(let value)?: return value
        default: return ""
        }
    }
}

extension Parameter {
    /// The default, as a value.
    var defaultValue: ParameterValues.Value {
        switch kind {
        case .number(let value, _, _): return .number(value)
        case .bool(let value): return .bool(value)
        case .point(let value): return .point(value)
        case .size(let value): return .size(value)
        case .color(let value): return .color(value)
        case .string(let value): return .string(value)
        case .choice(_, let value): return .choice(value)
        }
    }
}
