import Glibc

/// A JSON syntax error, with the line and column where it was found.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in bytes.
    public var column: Int

    public var description: String { "line \(line), column \(column): \(reason)" }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259), with line and column in errors.
    ///
    /// - Parameter text: the document.
    /// - Returns: the value.
    /// - Throws: `JSONSyntaxError` for malformed input.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses JSON from UTF-8 bytes, e.g. a file's content.
    ///
    /// - Parameter bytes: the document.
    /// - Returns: the value.
    /// - Throws: `JSONSyntaxError` for malformed input.
    public static func parse(bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            do throws(JSONSyntaxError) { return .success(try parser.parseDocument()) } catch { return .failure(error) }
        }
        return try result.get()
    }
}

/// A recursive-descent parser over a byte buffer. Strings without escapes are decoded in
/// one step from the buffer. A reader of a large file can parse it a value at a time from a
/// window of it (`parseValue` where a value starts; `index` is where it ended).
package struct JSONParser {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0
    package var depth = 0

    package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    package mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count { throw error("unexpected text after the document") }
        return value
    }

    package func error(_ reason: String) -> JSONSyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return JSONSyntaxError(reason: reason, line: line, column: column)
    }

    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, or nil at the end.
    package mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    package mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case JSONParser.quote: return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(UnicodeScalar(bytes[index])))', expected a value")
        }
    }

    package mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else {
            throw error("invalid literal, expected '\(word)'")
        }
        index += count
    }

    package mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 512 { throw error("nesting deeper than 512 levels") }
        index += 1
    }

    package mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [(String, JSONValue)] = []
        if peek() == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            guard peek() == JSONParser.quote else { throw error("expected a string key") }
            let key = try parseString()
            guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            case nil: throw error("unexpected end of input in an object")
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    package mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if peek() == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            case nil: throw error("unexpected end of input in an array")
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    package mutating func digits() -> Int {
        let first = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - first
    }

    package mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        if integerDigits == 0 { throw error("invalid number") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") { throw error("numbers may not have leading zeros") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw error("expected digits in the exponent") }
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) else {
            throw error("invalid number")
        }
        return value
    }

    package mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    package mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // The common case: no escapes, decoded straight from the buffer.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == JSONParser.quote {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == JSONParser.backslash { break }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            index += 1
        }
        var result = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        var run = index
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == JSONParser.quote {
                result += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                index += 1
                return result
            }
            if byte < 0x20 { throw error("control character in a string (escape it)") }
            if byte != JSONParser.backslash { index += 1; continue }
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case JSONParser.quote: result += "\""
            case JSONParser.backslash: result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard index + 1 < bytes.count, bytes[index] == JSONParser.backslash,
                          bytes[index + 1] == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw error("unpaired surrogate in \\u escape")
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                result.unicodeScalars.append(scalar)
            default:
                index -= 1
                throw error("invalid escape '\\\(Character(UnicodeScalar(escape)))'")
            }
            run = index
        }
    }
}
