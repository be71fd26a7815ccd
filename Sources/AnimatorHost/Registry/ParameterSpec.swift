import AnimatorEngine
import AnimatorSupport

/// A parameter an animator declares: its name, type, default and limits.
public struct ParameterSpec: Equatable, Sendable {
    /// The identifier users write in `--param name=value`.
    public var name: String
    /// The value's type.
    public var type: ParameterType
    /// One line of help, if the animator gave one.
    public var help: String?
    /// The value used when the user gives none.
    public var defaultValue: ParameterValue
    /// Inclusive lower bound of a number.
    public var minimum: Double?
    /// Inclusive upper bound of a number.
    public var maximum: Double?
    /// The names an enum parameter accepts, in declaration order.
    public var choices: [String]

    /// Creates a spec.
    public init(name: String, type: ParameterType, help: String? = nil, defaultValue: ParameterValue,
                minimum: Double? = nil, maximum: Double? = nil, choices: [String] = []) {
        self.name = name
        self.type = type
        self.help = help
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
    }

    /// Parses and checks a value written as text.
    ///
    /// - Parameter text: `0.4`, `true`, `x,y`, `WxH` or `W,H`, `#rrggbb[aa]`, any string,
    ///   or one of `choices`.
    /// - Returns: the value.
    /// - Throws: the reason the text is not a valid value for this parameter.
    public func parse(_ text: String) throws(ParameterError) -> ParameterValue {
        let value: ParameterValue
        switch type {
        case .number:
            guard let number = Double(text), number.isFinite else {
                throw ParameterError(parameter: name, reason: "'\(text)' is not a number")
            }
            value = .number(number)
        case .bool:
            switch text.lowercased() {
            case "true", "yes", "1", "on": value = .bool(true)
            case "false", "no", "0", "off": value = .bool(false)
            default: throw ParameterError(parameter: name, reason: "'\(text)' is not true or false")
            }
        case .point:
            guard let (x, y) = ParameterSpec.pair(text, separators: [","]) else {
                throw ParameterError(parameter: name, reason: "'\(text)' is not a point (write x,y)")
            }
            value = .point(x: x, y: y)
        case .size:
            guard let (width, height) = ParameterSpec.pair(text, separators: [",", "x"]), width >= 0, height >= 0 else {
                throw ParameterError(parameter: name, reason: "'\(text)' is not a size (write WxH or W,H, not negative)")
            }
            value = .size(width: width, height: height)
        case .color:
            guard let color = RGBAColor(hex: text) else {
                throw ParameterError(parameter: name, reason: "'\(text)' is not a color (write #rrggbb or #rrggbbaa)")
            }
            value = .color(color)
        case .string:
            value = .string(text)
        case .enumeration:
            guard choices.contains(text) else {
                throw ParameterError(parameter: name,
                                     reason: "'\(text)' is not one of \(choices.joined(separator: ", "))")
            }
            value = .choice(text)
        }
        try check(value)
        return value
    }

    /// Checks a value against the type, range and choices.
    ///
    /// - Throws: the reason `value` is not acceptable.
    public func check(_ value: ParameterValue) throws(ParameterError) {
        guard value.type == type else {
            throw ParameterError(parameter: name, reason: "expects a \(type.rawValue), got a \(value.type.rawValue)")
        }
        switch value {
        case .number(let number):
            guard number.isFinite else { throw ParameterError(parameter: name, reason: "\(number) is not finite") }
            if let minimum, number < minimum {
                throw ParameterError(parameter: name, reason: "\(value.text) is below the minimum \(JSONValue.format(minimum))")
            }
            if let maximum, number > maximum {
                throw ParameterError(parameter: name, reason: "\(value.text) is above the maximum \(JSONValue.format(maximum))")
            }
        case .choice(let chosen):
            guard choices.contains(chosen) else {
                throw ParameterError(parameter: name, reason: "'\(chosen)' is not one of \(choices.joined(separator: ", "))")
            }
        case .point(let x, let y):
            guard x.isFinite, y.isFinite else { throw ParameterError(parameter: name, reason: "the point is not finite") }
        case .size(let width, let height):
            guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
                throw ParameterError(parameter: name, reason: "the size is negative or not finite")
            }
        case .color(let color):
            let components = [color.red, color.green, color.blue, color.alpha]
            guard components.allSatisfy({ $0 >= 0 && $0 <= 1 }) else {
                throw ParameterError(parameter: name, reason: "color components must be in [0, 1]")
            }
        case .bool, .string:
            break
        }
    }

    private static func pair(_ text: String, separators: [Character]) -> (Double, Double)? {
        for separator in separators {
            let parts = text.split(separator: separator, omittingEmptySubsequences: false)
            if parts.count == 2,
               let first = Double(parts[0].trimmingSpaces), let second = Double(parts[1].trimmingSpaces),
               first.isFinite, second.isFinite {
                return (first, second)
            }
        }
        return nil
    }

    /// The spec in JSON: name, type, default, min, max, choices, help; a color's default
    /// also as exact components (`defaultComponents`).
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("type", .string(type.rawValue)), ("default", defaultValue.json),
        ]
        if case .color(let color) = defaultValue {
            // The hex form has 8 bits a channel; the exact components keep a cached spec
            // identical to the plugin's own (an alpha of 0.5 is not n/255).
            members.append(("defaultComponents", .array([color.red, color.green, color.blue, color.alpha].map(JSONValue.number))))
        }
        if let minimum { members.append(("min", .number(minimum))) }
        if let maximum { members.append(("max", .number(maximum))) }
        if type == .enumeration { members.append(("choices", .array(choices.map(JSONValue.string)))) }
        members.append(("help", .optional(help)))
        return .object(members)
    }

    /// Reads a spec written by `json`.
    init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue, let typeName = json["type"]?.stringValue,
              let type = ParameterType(rawValue: typeName), let defaultJSON = json["default"] else { return nil }
        self.name = name
        self.type = type
        help = json["help"]?.stringValue
        minimum = json["min"]?.numberValue
        maximum = json["max"]?.numberValue
        choices = json["choices"]?.arrayValue?.compactMap(\.stringValue) ?? []
        switch (type, defaultJSON) {
        case (.number, .number(let value)): defaultValue = .number(value)
        case (.bool, .bool(let value)): defaultValue = .bool(value)
        case (.point, .array(let xy)) where xy.count == 2:
            guard let x = xy[0].numberValue, let y = xy[1].numberValue else { return nil }
            defaultValue = .point(x: x, y: y)
        case (.size, .array(let wh)) where wh.count == 2:
            guard let width = wh[0].numberValue, let height = wh[1].numberValue else { return nil }
            defaultValue = .size(width: width, height: height)
        case (.color, .string(let hex)):
            guard let color = RGBAColor(hex: hex) else { return nil }
            if let exact = json["defaultComponents"]?.arrayValue?.compactMap(\.numberValue), exact.count == 4 {
                defaultValue = .color(RGBAColor(red: exact[0], green: exact[1], blue: exact[2], alpha: exact[3]))
            } else {
                defaultValue = .color(color)
            }
        case (.string, .string(let value)): defaultValue = .string(value)
        case (.enumeration, .string(let value)): defaultValue = .choice(value)
        default: return nil
        }
    }
}

/// Why a parameter value was refused.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    /// The parameter's name (or the text the user wrote, when it names none).
    public var parameter: String
    /// Why.
    public var reason: String

    public var description: String { "parameter '\(parameter)': \(reason)" }
}

extension Substring {
    var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result.removeFirst() }
        while result.last == " " { result.removeLast() }
        return result
    }
}
