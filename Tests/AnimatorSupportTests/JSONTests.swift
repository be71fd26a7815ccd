import Foundation
import Testing
@testable import AnimatorSupport

/// The host's own JSON reader and writer, checked against Foundation's as the reference.
@Suite struct JSONTests {
    @Test func whatWeWriteFoundationReads() throws {
        let value = JSONValue.object([
            ("text", .string("quote \" backslash \\ newline \n tab \t bell \u{07} é 😀")),
            ("numbers", .array([.number(0), .number(-3), .number(0.1), .number(1e-7), .number(123456789012)])),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("nested", .object([("empty", .object([])), ("list", .array([]))])),
        ])
        for pretty in [false, true] {
            let data = Data(value.serialized(pretty: pretty).utf8)
            let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(decoded["text"] as? String == "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀")
            let numbers = try #require(decoded["numbers"] as? [Double])
            #expect(numbers == [0, -3, 0.1, 1e-7, 123456789012])
            #expect((decoded["flags"] as? [Any])?.count == 3)
            #expect((decoded["nested"] as? [String: Any])?.count == 2)
        }
    }

    @Test func whatFoundationWritesWeRead() throws {
        let object: [String: Any] = ["a": [1, 2.5, "x"], "b": ["c": true, "d": NSNull()], "e": "π \u{1F600} \\ \""]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let value = try JSONValue.parse(String(decoding: data, as: UTF8.self))
        #expect(value["a"] == .array([.number(1), .number(2.5), .string("x")]))
        #expect(value["b"] == .object([("c", .bool(true)), ("d", .null)]))
        #expect(value["e"] == .string("π \u{1F600} \\ \""))
    }

    @Test func escapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\u00e9\ud83d\ude00\/\b\f""#) == .string("é😀/\u{08}\u{0C}"))
    }

    @Test func errorsSayWhereAndWhy() {
        let cases: [(String, String, Int, Int)] = [
            ("{\"a\": 1,}", "expected a string key", 1, 9),
            ("[1 2]", "expected ',' or ']' in an array", 1, 4),
            ("{\n  \"a\": tru\n}", "invalid literal, expected 'true'", 2, 8),
            ("\"\\ud800\"", "unpaired surrogate in \\u escape", 1, 8),
            ("01", "numbers may not have leading zeros", 1, 3),
            ("[1] x", "unexpected text after the document", 1, 5),
            ("\"abc", "unterminated string", 1, 5),
            ("", "unexpected end of input, expected a value", 1, 1),
        ]
        for (text, reason, line, column) in cases {
            #expect(throws: JSONSyntaxError(reason: reason, line: line, column: column), "\(text)") {
                try JSONValue.parse(text)
            }
        }
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(deep) }
    }

    @Test func numbersRoundTrip() throws {
        for number in [0.4, 1.0 / 3.0, 1e300, -2.5e-300, 42, 5e15] {
            #expect(try JSONValue.parse(JSONValue.number(number).serialized()) == .number(number))
        }
        #expect(JSONValue.number(.nan).serialized() == "null")
    }
}
