import AnimatorEngine

/// Paints a gradient layer's gradient through a shape: each device pixel's center is
/// mapped back into the layer's unit coordinates (through the inverse of the layer's
/// projective map) and placed along the gradient (projected onto the axis, or by
/// `LayerGradient.position(ofUnit:_:size:)` for radial and conic ones); the color comes
/// from a table of 1024 steps along it, premultiplied, at the layer's opacity. Partly
/// covered pixels at the shape's edge are scaled by their coverage.
struct GradientPainter: SpanPainter {
    let canvas: Canvas
    /// Device pixel center → the layer's unit coordinates.
    private let toUnit: Homography
    private let start: (x: Double, y: Double)
    private let axis: (x: Double, y: Double)
    /// Ends that coincide: every point is past the end (the last color).
    private let pastEnd: Bool
    private let table: [UInt32]
    /// The gradient and the layer's size, for radial and conic gradients (nil: axial).
    private let around: (gradient: LayerGradient, size: Size)?

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
        start = (gradient.startPoint.x, gradient.startPoint.y)
        let dx = gradient.endPoint.x - gradient.startPoint.x, dy = gradient.endPoint.y - gradient.startPoint.y
        let length = dx * dx + dy * dy
        axis = length > 0 ? (dx / length, dy / length) : (0, 0)
        pastEnd = !(length > 0)
        around = gradient.kind == .axial ? nil : (gradient, bounds.size)
        self.canvas = canvas
        let steps = Self.steps
        table = (0...steps).map { premultipliedPixel(gradient.color(at: Double($0) / Double(steps)), opacity: opacity) }
    }

    @inline(__always)
    private func color(x: Int, y: Int) -> UInt32 {
        let p = toUnit.apply(Double(x) + 0.5, Double(y) + 0.5)
        guard p.w > 0 else { return 0 }
        let t: Double
        if let around {
            t = around.gradient.position(ofUnit: p.x, p.y, size: around.size) ?? 1
        } else {
            let u = p.x - start.x, v = p.y - start.y
            t = pastEnd ? 1 : u * axis.x + v * axis.y
        }
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
