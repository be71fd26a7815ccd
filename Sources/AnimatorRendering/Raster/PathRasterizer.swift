import AnimatorEngine

/// Glyph outlines and shape layers' paths share the engine's path type.
typealias VectorPath = ShapePath

/// Turns a path into anti-aliased coverage with the nonzero rule, by accumulating each
/// edge's signed area into a buffer and summing along rows: exact for shapes whose
/// contours do not overlap (glyphs), and clamped to full coverage where they do.
/// Curves are flattened into segments after mapping their points into device pixels, so
/// the flattening follows the size on screen.
struct PathRasterizer {
    /// The coverage area in device pixels: x0 ..< x1, y0 ..< y1.
    private(set) var area = PixelRect.empty
    private var accumulation: [Float] = []

    /// Rasterizes `path` mapped by `map` into coverage over `area` (device pixels).
    ///
    /// - Returns: false when nothing is covered (the area is empty).
    mutating func rasterize(_ path: VectorPath, _ map: Homography, area: PixelRect) -> Bool {
        self.area = area
        guard !area.isEmpty else { return false }
        let width = area.x1 - area.x0, height = area.y1 - area.y0
        let count = (width + 2) * height
        if accumulation.count < count { accumulation = Array(repeating: 0, count: count) } else {
            accumulation.withUnsafeMutableBufferPointer { $0.baseAddress!.update(repeating: 0, count: count) }
        }
        var start = (x: 0.0, y: 0.0), current = (x: 0.0, y: 0.0)
        var last = (x: 0.0, y: 0.0)
        func device(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
            let p = map.apply(x, y)
            return (p.x - Double(area.x0), p.y - Double(area.y0))
        }
        accumulation.withUnsafeMutableBufferPointer { buffer in
            let acc = buffer.baseAddress!
            for element in path.elements {
                switch element {
                case .move(let x, let y):
                    if current != start { Self.edge(from: current, to: start, acc, width, height) }
                    start = device(x, y)
                    current = start
                    last = (x, y)
                case .line(let x, let y):
                    let p = device(x, y)
                    Self.edge(from: current, to: p, acc, width, height)
                    current = p
                    last = (x, y)
                case .quad(let cx, let cy, let x, let y):
                    let c = device(cx, cy), p = device(x, y)
                    let deviation = abs(current.x - 2 * c.x + p.x) + abs(current.y - 2 * c.y + p.y)
                    let steps = Self.steps(deviation * Self.quadBend, most: 128)
                    var previous = current
                    for step in 1...steps {
                        let t = Double(step) / Double(steps), u = 1 - t
                        // The curve in the path's own plane, mapped point by point (exact under perspective).
                        let q = device(u * u * last.x + 2 * u * t * cx + t * t * x, u * u * last.y + 2 * u * t * cy + t * t * y)
                        Self.edge(from: previous, to: q, acc, width, height)
                        previous = q
                    }
                    current = p
                    last = (x, y)
                case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                    let c1 = device(c1x, c1y), c2 = device(c2x, c2y), p = device(x, y)
                    let deviation = max(abs(current.x - 2 * c1.x + c2.x) + abs(current.y - 2 * c1.y + c2.y),
                                        abs(c1.x - 2 * c2.x + p.x) + abs(c1.y - 2 * c2.y + p.y))
                    let steps = Self.steps(deviation * Self.cubicBend, most: 192)
                    var previous = current
                    for step in 1...steps {
                        let t = Double(step) / Double(steps), u = 1 - t
                        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                        let q = device(a * last.x + b * c1x + c * c2x + d * x, a * last.y + b * c1y + c * c2y + d * y)
                        Self.edge(from: previous, to: q, acc, width, height)
                        previous = q
                    }
                    current = p
                    last = (x, y)
                case .close:
                    if current != start { Self.edge(from: current, to: start, acc, width, height) }
                    current = start
                }
            }
            if current != start { Self.edge(from: current, to: start, acc, width, height) }
        }
        return true
    }

    /// A curve cut into n chords strays from them by at most (bend of its control polygon)
    /// × k / n², k = 1/4 for a quadratic and 3/4 for a cubic: for a twentieth of a pixel,
    /// n = √(bend × k × 20).
    static let quadBend = 5.0, cubicBend = 15.0

    /// How many segments flatten a curve whose control polygon bends by `bend` pixels:
    /// √bend, from 1 to `most` (any input, NaN and infinity included, gives a count).
    static func steps(_ bend: Double, most: Int) -> Int {
        guard bend.isFinite, bend > 1 else { return bend.isNaN ? 1 : bend > 1 ? most : 1 }
        return min(max(Int(bend.squareRoot().rounded(.up)), 1), most)
    }

    /// Hands the coverage to `painter`, with the fill rule: runs of full coverage as
    /// spans, the rest pixel by pixel (coverage out of 256), clipped to `clip`.
    func paint(_ rule: FillRule, clip: PixelRect, painter: some SpanPainter) {
        let visible = area.intersection(clip)
        guard !visible.isEmpty else { return }
        let width = area.x1 - area.x0
        let evenOdd = rule == .evenOdd
        accumulation.withUnsafeBufferPointer { buffer in
            for y in visible.y0..<visible.y1 {
                var sum: Float = 0
                let base = (y - area.y0) * (width + 2) - area.x0
                // Sums start at the row's first column, even left of the clip.
                for x in area.x0..<visible.x0 { sum += buffer[base + x] }
                var runStart = -1
                for x in visible.x0..<visible.x1 {
                    sum += buffer[base + x]
                    var coverage = abs(sum)
                    if evenOdd {
                        coverage = coverage.truncatingRemainder(dividingBy: 2)
                        if coverage > 1 { coverage = 2 - coverage }
                    } else if coverage > 1 {
                        coverage = 1
                    }
                    if coverage >= 0.998 {
                        if runStart < 0 { runStart = x }
                        continue
                    }
                    if runStart >= 0 {
                        painter.span(y: y, x0: runStart, x1: x)
                        runStart = -1
                    }
                    let level = UInt32(coverage * 256 + 0.5)
                    if level > 0 { painter.pixel(y: y, x: x, coverage: min(level, 255)) }
                }
                if runStart >= 0 { painter.span(y: y, x0: runStart, x1: visible.x1) }
            }
        }
    }

    /// Calls `body(y, x, coverage)` for every pixel with coverage (1...255 of 255), row by row.
    func forEachCoveredPixel(_ body: (Int, Int, UInt32) -> Void) {
        let width = area.x1 - area.x0, height = area.y1 - area.y0
        accumulation.withUnsafeBufferPointer { buffer in
            for row in 0..<height {
                var sum: Float = 0
                let base = row * (width + 2)
                for column in 0..<width {
                    sum += buffer[base + column]
                    let coverage = min(abs(sum), 1)
                    guard coverage > 0.5 / 255 else { continue }
                    body(area.y0 + row, area.x0 + column, UInt32(coverage * 255 + 0.5))
                }
            }
        }
    }

    /// Adds one straight edge's signed area, in the buffer's pixels (x may leave the
    /// buffer: it is clamped to its columns, which keeps each row's total right).
    private static func edge(from p0: (x: Double, y: Double), to p1: (x: Double, y: Double),
                             _ acc: UnsafeMutablePointer<Float>, _ width: Int, _ height: Int) {
        guard p0.y != p1.y, p0.y.isFinite, p1.y.isFinite, p0.x.isFinite, p1.x.isFinite else { return }
        let direction: Double = p0.y < p1.y ? 1 : -1
        let (top, bottom) = p0.y < p1.y ? (p0, p1) : (p1, p0)
        let limit = Double(width)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let firstRow = max(Int(max(top.y, -1).rounded(.down)), 0)
        let endRow = min(Int(min(bottom.y, Double(height) + 1).rounded(.up)), height)
        guard firstRow < endRow else { return }
        let stride = width + 2
        for row in firstRow..<endRow {
            let rowTop = max(Double(row), top.y), rowBottom = min(Double(row + 1), bottom.y)
            guard rowBottom > rowTop else { continue }
            let xa = min(max(top.x + (rowTop - top.y) * slope, 0), limit)
            let xb = min(max(top.x + (rowBottom - top.y) * slope, 0), limit)
            let d = Float((rowBottom - rowTop) * direction)
            let line = acc + row * stride
            let (left, right) = xa < xb ? (xa, xb) : (xb, xa)
            let leftFloor = left.rounded(.down)
            let leftIndex = Int(leftFloor)
            let rightIndex = Int(right.rounded(.up))
            if rightIndex <= leftIndex + 1 {
                // Within one pixel column: split by the mean x.
                let inside = Float((xa + xb) / 2 - leftFloor)
                line[leftIndex] += d * (1 - inside)
                line[leftIndex + 1] += d * inside
            } else {
                // Across columns: the trapezoid's area ramps from the left pixel to the right one.
                let inverse = 1 / (right - left)
                let leftPart = left - leftFloor
                let firstArea = 0.5 * inverse * (1 - leftPart) * (1 - leftPart)
                let rightPart = right - Double(rightIndex) + 1
                let lastArea = 0.5 * inverse * rightPart * rightPart
                line[leftIndex] += d * Float(firstArea)
                if rightIndex == leftIndex + 2 {
                    line[leftIndex + 1] += d * Float(1 - firstArea - lastArea)
                } else {
                    let second = inverse * (1.5 - leftPart)
                    line[leftIndex + 1] += d * Float(second - firstArea)
                    for column in (leftIndex + 2)..<(rightIndex - 1) { line[column] += d * Float(inverse) }
                    let beforeLast = second + Double(rightIndex - leftIndex - 3) * inverse
                    line[rightIndex - 1] += d * Float(1 - beforeLast - lastArea)
                }
                line[rightIndex] += d * Float(lastArea)
            }
        }
    }
}
