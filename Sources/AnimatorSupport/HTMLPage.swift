/// What every page the host writes shares: the document around a page's style and body,
/// and escaping for text that comes from plugins, files or users.
package enum HTMLPage {
    /// A whole HTML5 document in English and UTF-8: `title` (escaped here), `style` (the
    /// inside of a `<style>` element) and `body` (the inside of `<body>`, as given).
    package static func document(title: String, style: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <title>\(escaped(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    /// `text` safe in element content and in a quoted attribute value: `&`, `<`, `>` and
    /// `"` as entities, and control characters (which a page would show as nothing or
    /// garble) written out as `\u{1b}`.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
                   character != "\n", character != "\t" {
                    out += character.unicodeScalars.map { "\\u{\(String($0.value, radix: 16))}" }.joined()
                } else {
                    out.append(character)
                }
            }
        }
        return out
    }

    /// JSON (or any text) safe inside a `<script>` element: no `</` can end the element.
    package static func scriptData(_ text: String) -> String {
        text.replacing("</", with: "<\\/")
    }
}
