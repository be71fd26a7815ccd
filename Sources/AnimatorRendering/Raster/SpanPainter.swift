import CMathShim

/// Where a rasterized shape's coverage goes: the rasterizer reports runs of fully covered
/// pixels and single pixels with partial coverage; a painter turns them into pixels.
package protocol SpanPainter {
    /// Pixels `x0 ..< x1` of row `y` are fully covered.
    func span(y: Int, x0: Int, x1: Int)
    /// Pixel `x` of row `y` is covered by `coverage` / 256 (1...255).
    func pixel(y: Int, x: Int, coverage: UInt32)
}

/// Paints a solid premultiplied color.
package struct SolidPainter: SpanPainter {
    let canvas: Canvas
    let color: UInt32

    package init(canvas: Canvas, color: UInt32) {
        self.canvas = canvas
        self.color = color
    }

    @inline(__always)
    package func span(y: Int, x0: Int, x1: Int) {
        let row = canvas.pixels + y * canvas.width
        if color >> 24 == 255 {
            if x1 - x0 >= 64 {
                // glibc's wmemset fills with the widest stores the processor has; the loop
                // below moves sixteen bytes at a time.
                ah_fill32(row + x0, color, UInt(x1 - x0))
            } else {
                (row + x0).update(repeating: color, count: x1 - x0)
            }
        } else {
            let inverse = 256 - PixelMath.factor(color >> 24)
            for x in x0..<x1 { row[x] = color &+ PixelMath.scale(row[x], inverse) }
        }
    }

    @inline(__always)
    package func pixel(y: Int, x: Int, coverage: UInt32) {
        let index = y * canvas.width + x
        canvas.pixels[index] = PixelMath.over(PixelMath.scale(color, coverage), canvas.pixels[index])
    }
}

/// Composites an off-screen canvas (the same size as the target) through the shape, at an
/// opacity: a group clipped by a rounded or transformed mask.
struct CanvasPainter: SpanPainter {
    let target: Canvas
    let source: Canvas
    let opacity: UInt32

    @inline(__always)
    package func span(y: Int, x0: Int, x1: Int) {
        let row = target.pixels + y * target.width
        let from = source.pixels + y * source.width
        for x in x0..<x1 {
            let pixel = from[x]
            if pixel != 0 { row[x] = PixelMath.over(PixelMath.scale(pixel, opacity), row[x]) }
        }
    }

    @inline(__always)
    package func pixel(y: Int, x: Int, coverage: UInt32) {
        let index = y * target.width + x
        let pixel = source.pixels[index]
        if pixel != 0 {
            target.pixels[index] = PixelMath.over(PixelMath.scale(pixel, (coverage * opacity) >> 8), target.pixels[index])
        }
    }
}

/// Writes coverage (0...255) into an alpha mask: the shape a shadow is blurred from.
struct MaskPainter: SpanPainter {
    let mask: UnsafeMutablePointer<Float>
    let width: Int
    let origin: (x: Int, y: Int)

    @inline(__always)
    package func span(y: Int, x0: Int, x1: Int) {
        (mask + (y - origin.y) * width + (x0 - origin.x)).update(repeating: 1, count: x1 - x0)
    }

    @inline(__always)
    package func pixel(y: Int, x: Int, coverage: UInt32) {
        let index = (y - origin.y) * width + (x - origin.x)
        mask[index] = max(mask[index], Float(coverage) / 256)
    }
}
