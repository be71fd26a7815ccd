/// Text from plugins, files and users made safe for a terminal: control characters are
/// shown as escapes (`\u{1b}`, `\u{7}`, ...) instead of reaching the terminal, where they
/// could move the cursor, change colors, ring the bell or forge lines.
enum TerminalText {
    /// `text` with C0 controls, DEL and C1 controls escaped, `\n` and `\t` too unless
    /// `keepingLines` (for whole outputs of several lines the tool itself wrote).
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0, keepingLines: keepingLines) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar, keepingLines: keepingLines) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        let value = scalar.value
        if keepingLines && (value == 0x0A || value == 0x09) { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }
}

extension String {
    /// The text as one safe line: every control character escaped, line breaks included.
    var oneLine: String { TerminalText.escaped(self) }
}
