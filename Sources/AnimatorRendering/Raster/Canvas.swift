import AnimatorEngine

/// A rectangle of whole pixels: x0 ..< x1, y0 ..< y1.
package struct PixelRect: Hashable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    static let empty = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)

    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    /// The number of pixels inside (0 when empty).
    var pixelCount: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    func intersection(_ other: PixelRect) -> PixelRect {
        let result = PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
        return result.isEmpty ? .empty : result
    }

    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x0: x0 + amount, y0: y0 + amount, x1: x1 - amount, y1: y1 - amount)
    }
}

/// A drawing surface the renderer owns: premultiplied pixels in memory it allocated once
/// and reuses frame after frame (the main surface and the off-screen ones for groups), or,
/// for a one-off picture, memory it borrows (an image's own, drawn into directly).
package final class Canvas {
    let width: Int
    let height: Int
    package let pixels: UnsafeMutablePointer<UInt32>
    /// Whether the memory is the canvas's own (freed with it).
    private let owns: Bool

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = .allocate(capacity: max(width * height, 1))
        pixels.initialize(repeating: 0, count: max(width * height, 1))
        owns = true
    }

    /// A canvas over `pixels` (`width` × `height`, initialized), which the caller keeps
    /// alive for as long as the canvas is used and frees itself.
    package init(borrowing pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        self.width = width
        self.height = height
        self.pixels = pixels
        owns = false
    }

    deinit { if owns { pixels.deallocate() } }

    package var bounds: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

    /// Sets every pixel of `rect` to `value`.
    package func fill(_ rect: PixelRect, with value: UInt32) {
        guard !rect.isEmpty else { return }
        for y in rect.y0..<rect.y1 {
            (pixels + y * width + rect.x0).update(repeating: value, count: rect.x1 - rect.x0)
        }
    }

    /// Composites `rect` of `source` (same size as this canvas) over this canvas, scaled by
    /// `opacity` (0...256).
    func composite(_ source: Canvas, in rect: PixelRect, opacity: UInt32) {
        guard !rect.isEmpty, opacity > 0 else { return }
        for y in rect.y0..<rect.y1 {
            let destination = pixels + y * width
            let from = source.pixels + y * width
            if opacity >= 256 {
                for x in rect.x0..<rect.x1 {
                    let pixel = from[x]
                    let alpha = pixel >> 24
                    if alpha == 255 { destination[x] = pixel } else if alpha != 0 { destination[x] = PixelMath.over(pixel, destination[x]) }
                }
            } else {
                // Without a branch (a transparent pixel scales to 0, and 0 over a pixel is
                // that pixel, exactly), so that the loop can run on vectors.
                for x in rect.x0..<rect.x1 {
                    destination[x] = PixelMath.over(PixelMath.scale(from[x], opacity), destination[x])
                }
            }
        }
    }

    /// Copies the pixels into an image.
    package func image() -> Image {
        Image(width: width, height: height, pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height)))
    }
}
