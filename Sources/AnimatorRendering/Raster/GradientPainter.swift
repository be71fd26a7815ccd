import AnimatorEngine

/// Paints a gradient layer's gradient through a shape: each device pixel's center is
/// mapped back into the layer's unit coordinates (through the inverse of the layer's
/// projective map) and placed along the gradient by `LayerGradient.position(ofUnit:_:size:)`
/// (the last color where that is undefined); the color comes
/// from a table of 1024 steps along it, premultiplied, at the layer's opacity. Partly
/// covered pixels at the shape's edge are scaled by their coverage.
struct GradientPainter: SpanPainter {
    let canvas: Canvas
    /// Device pixel center → the layer's unit coordinates.
    private let toUnit: Homography
    private let gradient: LayerGradient
    /// The layer's size in points (conic angles are measured in points).
    private let size: Size
    private let table: [UInt32]

    static let steps = 1024

    /// A painter for `gradient` over `bounds` under `map`, or nil when nothing can show.
    init?(canvas: Canvas, gradient: LayerGradient, bounds: Rect, map: Homography, opacity: Double) {
        guard !gradient.colors.isEmpty, bounds.size.width != 0, bounds.size.height != 0, let inverse = map.inverse else {
            return nil
        }
        // Layer point → unit coordinates of the bounds.
        let unit = Homography(m11: 1 / bounds.size.width, m12: 0, m13: 0, m21: 0, m22: 1 / bounds.size.height, m23: 0,
                              m31: -bounds.origin.x / bounds.size.width, m32: -bounds.origin.y / bounds.size.height, m33: 1)
        toUnit = inverse.concatenating(unit)
        self.gradient = gradient
        size = bounds.size
        self.canvas = canvas
        let steps = Self.steps
        table = (0...steps).map { premultipliedPixel(gradient.color(at: Double($0) / Double(steps)), opacity: opacity) }
    }

    @inline(__always)
    private func color(x: Int, y: Int) -> UInt32 {
        let p = toUnit.apply(Double(x) + 0.5, Double(y) + 0.5)
        guard p.w > 0 else { return 0 }
        let t = gradient.position(ofUnit: p.x, p.y, size: size) ?? 1
        guard t.isFinite else { return 0 }
        let index = Int((min(max(t, 0), 1) * Double(Self.steps)).rounded())
        return table[index]
    }

    @inline(__always)
    func span(y: Int, x0: Int, x1: Int) {
        let row = canvas.pixels + y * canvas.width
        for x in x0..<x1 {
            let pixel = color(x: x, y: y)
            if pixel >> 24 == 255 { row[x] = pixel } else if pixel != 0 { row[x] = PixelMath.over(pixel, row[x]) }
        }
    }

    @inline(__always)
    func pixel(y: Int, x: Int, coverage: UInt32) {
        let index = y * canvas.width + x
        canvas.pixels[index] = PixelMath.over(PixelMath.scale(color(x: x, y: y), coverage), canvas.pixels[index])
    }
}
