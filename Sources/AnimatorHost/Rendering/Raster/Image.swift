/// A picture: width × height pixels, each a premultiplied RGBA color packed in a UInt32
/// whose bytes in memory are R, G, B, A (little-endian `r | g << 8 | b << 16 | a << 24`).
/// Frames rendered by `SceneRenderer` are opaque, so for them premultiplied and straight
/// color are the same.
public struct Image: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixels, row by row from the top.
    public var pixels: [UInt32]

    /// Creates an image filled with `fill`.
    public init(width: Int, height: Int, fill: UInt32 = 0) {
        self.width = width
        self.height = height
        pixels = Array(repeating: fill, count: width * height)
    }

    /// Creates an image from its pixels.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "an image needs width × height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (x, y), as (red, green, blue, alpha) bytes.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let pixel = pixels[y * width + x]
        return (UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 24))
    }
}

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
