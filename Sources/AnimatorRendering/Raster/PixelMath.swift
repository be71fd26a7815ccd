import AnimatorEngine

/// Packs a color into a premultiplied pixel.
@inline(__always)
func premultipliedPixel(_ color: RGBAColor, opacity: Double = 1) -> UInt32 {
    let alpha = min(max(color.alpha * opacity, 0), 1)
    func channel(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * alpha * 255).rounded()) }
    return channel(color.red) | channel(color.green) << 8 | channel(color.blue) << 16
        | UInt32((alpha * 255).rounded()) << 24
}

/// Pixel arithmetic on premultiplied RGBA, two channels at a time (the 0x00FF00FF trick).
enum PixelMath {
    /// `pixel` × `factor` / 256, per channel, rounded; `factor` in 0...256.
    @inline(__always)
    static func scale(_ pixel: UInt32, _ factor: UInt32) -> UInt32 {
        let rb = (((pixel & 0x00FF_00FF) &* factor) &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ga = (((pixel >> 8) & 0x00FF_00FF) &* factor &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ga
    }

    /// Source over destination, both premultiplied.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let alpha = source >> 24
        return source &+ scale(destination, 256 - (alpha + (alpha >> 7)))
    }

    /// A coverage or alpha byte (0...255) as a factor (0...256).
    @inline(__always)
    static func factor(_ byte: UInt32) -> UInt32 { byte + (byte >> 7) }
}
