import AnimatorEngine

/// A picture as terminal text: each character cell shows two pixels, one above the other,
/// with the upper half block "▀" (foreground: the upper pixel, background: the lower).
public enum TerminalPicture {
    /// How many colors the terminal shows.
    public enum Palette: Sendable {
        /// 24-bit color (COLORTERM=truecolor or 24bit).
        case trueColor
        /// The xterm 256-color palette: the 6×6×6 cube and the 24 greys.
        case indexed256
        /// No color (NO_COLOR): shades drawn with characters of increasing ink.
        case monochrome
    }

    /// The picture's lines, without a trailing newline: `image.height / 2` rows (rounded
    /// up) of `image.width` cells. Color escapes are reset at the end of every line.
    public static func lines(_ image: Image, palette: Palette) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity((image.height + 1) / 2)
        var y = 0
        while y < image.height {
            var line = ""
            var last: (UInt32, UInt32)?
            for x in 0..<image.width {
                let top = image.pixels[y * image.width + x]
                let bottom = y + 1 < image.height ? image.pixels[(y + 1) * image.width + x] : top
                switch palette {
                case .monochrome:
                    line += String(shade(top, bottom))
                case .trueColor, .indexed256:
                    // Escapes only where the colors change.
                    if last.map({ $0 != (top, bottom) }) ?? true {
                        line += escape(top, foreground: true, palette) + escape(bottom, foreground: false, palette)
                        last = (top, bottom)
                    }
                    line += "▀"
                }
            }
            if palette != .monochrome { line += "\u{1B}[0m" }
            lines.append(line)
            y += 2
        }
        return lines
    }

    /// The SGR escape for a pixel's color as foreground or background.
    static func escape(_ pixel: UInt32, foreground: Bool, _ palette: Palette) -> String {
        let (r, g, b) = (Int(pixel & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel >> 16 & 0xFF))
        let layer = foreground ? 38 : 48
        if palette == .trueColor { return "\u{1B}[\(layer);2;\(r);\(g);\(b)m" }
        return "\u{1B}[\(layer);5;\(index256(r, g, b))m"
    }

    /// The nearest xterm-256 color: the cube's levels are 0, 95, 135, 175, 215, 255 and the
    /// greys 8, 18, …, 238; whichever of the nearest cube color and the nearest grey is
    /// closer wins.
    public static func index256(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func nearestLevel(_ value: Int) -> Int {
            levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }!
        }
        let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cubeColor = (levels[ri], levels[gi], levels[bi])
        let average = (r + g + b) / 3
        let greyIndex = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyIndex
        func distance(_ c: (Int, Int, Int)) -> Int {
            (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
        }
        return distance((grey, grey, grey)) < distance(cubeColor) ? 232 + greyIndex : cube
    }

    /// A character for the mean luminance of two pixels, from blank to full.
    static func shade(_ top: UInt32, _ bottom: UInt32) -> Character {
        let ramp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
        func luminance(_ p: UInt32) -> Double {
            0.2126 * Double(p & 0xFF) + 0.7152 * Double(p >> 8 & 0xFF) + 0.0722 * Double(p >> 16 & 0xFF)
        }
        let mean = (luminance(top) + luminance(bottom)) / 2 / 255
        // Bright pixels get more ink: the terminal's background is taken to be dark.
        return ramp[min(Int(mean * Double(ramp.count)), ramp.count - 1)]
    }
}
