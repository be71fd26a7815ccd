import Glibc

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

    /// Whether both have the same size and pixels: the pixels compared as bytes (`memcmp`),
    /// at once when both share their storage. Frames compare their bitmaps for every node
    /// that has one, and two recordings of one picture hold equal copies.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in
                guard let x = a.baseAddress, let y = b.baseAddress, x != y else { return true }
                return memcmp(x, y, a.count) == 0
            }
        }
    }

    /// The pixel at (x, y), as (red, green, blue, alpha) bytes.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let pixel = pixels[y * width + x]
        return (UInt8(pixel & 0xFF), UInt8(pixel >> 8 & 0xFF), UInt8(pixel >> 16 & 0xFF), UInt8(pixel >> 24))
    }
}
