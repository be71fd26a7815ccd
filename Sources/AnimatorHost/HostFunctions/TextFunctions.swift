import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/text.h: `layer_set_text`.
// Table batches 1.6.

extension HostSession {
    /// Text in layers, as UILabel draws it.
    static func installTextFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_set_text = { host, layer, text, style in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard let text else {
                    target.text = nil
                    return
                }
                let label = try HostSession.layerText(String(cString: text), style: style?.pointee)
                target.text = label
            }
        }
    }

    /// A label's text from C: control characters (but newlines), which would draw as boxes
    /// or move nothing, become spaces; the style checked (nil: UILabel's defaults).
    static func layerText(_ text: String, style: ah_text_style?) throws(HostCallError) -> LayerText {
        let shown = String(text.unicodeScalars.map { scalar -> Character in
            scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) ? Character(scalar) : " "
        })
        var label = LayerText(shown)
        guard let s = style else { return label }
        guard Int(s.struct_size) >= MemoryLayout<ah_text_style>.size else {
            throw .invalidArgument("the text style is truncated (struct_size \(s.struct_size))")
        }
        guard s.size.isFinite, s.size >= 0, [s.color.red, s.color.green, s.color.blue, s.color.alpha].allSatisfy(\.isFinite) else {
            throw .invalidArgument("the text size and color must be finite, the size not negative")
        }
        let weights: [LayerText.Weight] = [.regular, .semibold, .bold]
        let alignments: [LayerText.Alignment] = [.left, .center, .right]
        guard Int(s.weight) < weights.count, Int(s.alignment) < alignments.count else {
            throw .invalidArgument("unknown font weight \(s.weight) or alignment \(s.alignment)")
        }
        label.color = RGBAColor(red: s.color.red, green: s.color.green, blue: s.color.blue, alpha: s.color.alpha)
        label.size = s.size == 0 ? 17 : s.size
        label.weight = weights[Int(s.weight)]
        label.alignment = alignments[Int(s.alignment)]
        label.lines = Int(min(s.lines, 10_000))
        return label
    }
}
