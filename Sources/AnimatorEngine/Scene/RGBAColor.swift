/// An sRGB color with straight alpha, each component in [0, 1].
public struct RGBAColor: Equatable, Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a color.
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses "#rrggbb" or "#rrggbbaa".
    public init?(hex: String) {
        guard hex.hasPrefix("#"), hex.count == 7 || hex.count == 9,
              let bits = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        let rgba = hex.count == 7 ? bits << 8 | 0xFF : bits
        self.init(red: Double(rgba >> 24 & 0xFF) / 255, green: Double(rgba >> 16 & 0xFF) / 255,
                  blue: Double(rgba >> 8 & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    /// "#rrggbbaa", each component rounded to 8 bits.
    public var hex: String {
        let digits = [red, green, blue, alpha].map { component -> String in
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }
}
