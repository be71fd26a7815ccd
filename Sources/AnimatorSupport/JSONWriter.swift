extension JSONValue {
    /// The JSON text of this value.
    ///
    /// - Parameter pretty: indent objects and arrays by two spaces per level.
    /// - Returns: the text, without a trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONValue.format(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if pretty { JSONValue.newline(&output, indent + 1) }
                element.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(&output, indent) }
            output += "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                if pretty { JSONValue.newline(&output, indent + 1) }
                JSONValue.writeString(key, to: &output)
                output += pretty ? ": " : ":"
                value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.newline(&output, indent) }
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int) {
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    /// Formats a number as JSON does here: integers without a fraction, others in Swift's shortest round-trip form;
    /// non-finite values, which JSON cannot hold, as null.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func writeString(_ string: String, to output: inout String) {
        // Most strings need no escape: copied whole.
        if !string.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += "\""
            output += string
            output += "\""
            return
        }
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
