/// A JSON document, kept in the order it was written so output is stable and diffable.
///
/// The host avoids Foundation (it costs milliseconds at every start), so it reads and
/// writes JSON itself: the metadata cache, `--json` output, and later the routes, trace
/// and timeline files.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order. Duplicate keys are kept as written; lookups take the first.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }

    /// The string, or nil for any other kind.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or nil for any other kind.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an integer when it is a whole number of at most 2^53 in magnitude
    /// (exact in a double), or nil: never a trap for 1e300 or NaN.
    public var intValue: Int? {
        guard case .number(let value) = self, value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// The boolean, or nil for any other kind.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The members of an object, in order, or nil for anything else.
    public var objectMembers: [(String, JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, or nil for any other kind.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A JSON string or null for an optional string.
    public static func optional(_ string: String?) -> JSONValue {
        string.map(JSONValue.string) ?? .null
    }
}
