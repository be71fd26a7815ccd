import Glibc

/// A path, as Core Graphics keeps one (CGPath): subpaths of straight lines and quadratic
/// and cubic Bézier curves, each begun by a move and possibly closed, in a layer's
/// coordinates. A shape layer's `path` and glyph outlines are paths.
///
/// Two paths with the same elements in the same order interpolate point by point, as
/// Core Animation animates `path`; paths that differ in structure jump halfway.
public struct ShapePath: Hashable, Sendable {
    /// One drawing command. Curves start at the current point.
    public enum Element: Hashable, Sendable {
        case move(x: Double, y: Double)
        case line(x: Double, y: Double)
        case quad(cx: Double, cy: Double, x: Double, y: Double)
        case cubic(c1x: Double, c1y: Double, c2x: Double, c2y: Double, x: Double, y: Double)
        case close

        /// How many numbers the element carries.
        var componentCount: Int {
            switch self {
            case .move, .line: return 2
            case .quad: return 4
            case .cubic: return 6
            case .close: return 0
            }
        }

        /// The element's points, in order (control points first, the end point last).
        var points: [Point] {
            switch self {
            case .move(let x, let y), .line(let x, let y): return [Point(x: x, y: y)]
            case .quad(let cx, let cy, let x, let y): return [Point(x: cx, y: cy), Point(x: x, y: y)]
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                return [Point(x: c1x, y: c1y), Point(x: c2x, y: c2y), Point(x: x, y: y)]
            case .close: return []
            }
        }

        /// Whether two elements are the same command.
        func isSameVerb(as other: Element) -> Bool {
            switch (self, other) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): return true
            default: return false
            }
        }
    }

    /// The commands, in order.
    public var elements: [Element]

    /// Creates a path from its elements (none: the empty path).
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// Whether the path draws nothing (no element beyond moves).
    public var isEmpty: Bool {
        !elements.contains { if case .move = $0 { return false } else { return true } }
    }

    /// Where the path is now (the end of its last element), if anywhere.
    public var currentPoint: Point? {
        var start: Point?
        var current: Point?
        for element in elements {
            switch element {
            case .move(let x, let y):
                start = Point(x: x, y: y)
                current = start
            case .close:
                current = start
            default:
                current = element.points.last
            }
        }
        return current
    }

    // MARK: Building

    /// Begins a subpath at (x, y).
    public mutating func move(to point: Point) { elements.append(.move(x: point.x, y: point.y)) }

    /// A straight line from the current point.
    public mutating func addLine(to point: Point) { elements.append(.line(x: point.x, y: point.y)) }

    /// A quadratic curve from the current point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quad(cx: control.x, cy: control.y, x: point.x, y: point.y))
    }

    /// A cubic curve from the current point.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.cubic(c1x: control1.x, c1y: control1.y, c2x: control2.x, c2y: control2.y, x: point.x, y: point.y))
    }

    /// Closes the current subpath (a line back to its start).
    public mutating func close() { elements.append(.close) }

    /// Appends another path's elements.
    public mutating func append(_ other: ShapePath) { elements += other.elements }

    /// A closed rectangle: from its minimum corner, along x first (CGPath's order).
    public static func rect(_ rect: Rect) -> ShapePath {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        return ShapePath([.move(x: x0, y: y0), .line(x: x1, y: y0), .line(x: x1, y: y1), .line(x: x0, y: y1), .close])
    }

    /// The ellipse inscribed in `rect`: four cubic quarter arcs from the middle of the
    /// right side, going down first (positive angles, UIKit's clockwise), closed.
    public static func oval(in rect: Rect) -> ShapePath {
        var path = ShapePath()
        let rx = abs(rect.size.width) / 2, ry = abs(rect.size.height) / 2
        path.appendEllipticArc(center: Point(x: rect.midX, y: rect.midY), rx: rx, ry: ry, start: 0, sweep: 2 * .pi,
                               connect: false)
        path.close()
        return path
    }

    /// A rectangle with circular corners of `radius` (at most half the shorter side),
    /// starting after the top-left corner and going clockwise on screen, closed.
    public static func roundedRect(_ rect: Rect, radius: Double) -> ShapePath {
        let r = min(max(radius, 0), abs(rect.size.width) / 2, abs(rect.size.height) / 2)
        guard r > 0 else { return .rect(rect) }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        var path = ShapePath([.move(x: x0 + r, y: y0), .line(x: x1 - r, y: y0)])
        path.appendEllipticArc(center: Point(x: x1 - r, y: y0 + r), rx: r, ry: r, start: -.pi / 2, sweep: .pi / 2, connect: false)
        path.addLine(to: Point(x: x1, y: y1 - r))
        path.appendEllipticArc(center: Point(x: x1 - r, y: y1 - r), rx: r, ry: r, start: 0, sweep: .pi / 2, connect: false)
        path.addLine(to: Point(x: x0 + r, y: y1))
        path.appendEllipticArc(center: Point(x: x0 + r, y: y1 - r), rx: r, ry: r, start: .pi / 2, sweep: .pi / 2, connect: false)
        path.addLine(to: Point(x: x0, y: y0 + r))
        path.appendEllipticArc(center: Point(x: x0 + r, y: y0 + r), rx: r, ry: r, start: .pi, sweep: .pi / 2, connect: false)
        path.close()
        return path
    }

    /// An arc of a circle (UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)
    /// and addArc): angles in radians from the positive x axis; `clockwise` as UIKit sees
    /// it on screen (y down), which is the direction of increasing angles. A line joins
    /// the current point to the arc's start; with no current point the arc begins a
    /// subpath. A sweep of a whole turn or more draws the whole circle once.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        guard radius.isFinite, startAngle.isFinite, endAngle.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let turn = 2 * Double.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = min(sweep, turn)
        } else {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = max(sweep, -turn)
        }
        appendEllipticArc(center: center, rx: abs(radius), ry: abs(radius), start: startAngle, sweep: sweep,
                          connect: currentPoint != nil)
    }

    /// Appends an elliptic arc as cubic curves of at most a quarter turn each, beginning
    /// with a line (`connect`) or a move to its start.
    mutating func appendEllipticArc(center: Point, rx: Double, ry: Double, start: Double, sweep: Double, connect: Bool) {
        func point(_ angle: Double) -> Point { Point(x: center.x + rx * cos(angle), y: center.y + ry * sin(angle)) }
        let first = point(start)
        if connect { addLine(to: first) } else { move(to: first) }
        guard sweep != 0 else { return }
        let pieces = max(Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)), 1)
        let step = sweep / Double(pieces)
        // The control arm of a cubic matching a circular arc of angle θ: 4/3 · tan(θ/4).
        let arm = 4.0 / 3.0 * tan(step / 4)
        var angle = start
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = point(angle), p3 = point(next)
            let c1 = Point(x: p0.x - arm * rx * sin(angle), y: p0.y + arm * ry * cos(angle))
            let c2 = Point(x: p3.x + arm * rx * sin(next), y: p3.y - arm * ry * cos(next))
            addCurve(to: p3, control1: c1, control2: c2)
            angle = next
        }
    }

    /// The path with every point mapped by an affine transform.
    public func applying(_ t: AffineTransform) -> ShapePath {
        ShapePath(elements.map { element in
            func map(_ x: Double, _ y: Double) -> (Double, Double) {
                (t.a * x + t.c * y + t.tx, t.b * x + t.d * y + t.ty)
            }
            switch element {
            case .move(let x, let y): let p = map(x, y); return .move(x: p.0, y: p.1)
            case .line(let x, let y): let p = map(x, y); return .line(x: p.0, y: p.1)
            case .quad(let cx, let cy, let x, let y):
                let c = map(cx, cy), p = map(x, y)
                return .quad(cx: c.0, cy: c.1, x: p.0, y: p.1)
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let c1 = map(c1x, c1y), c2 = map(c2x, c2y), p = map(x, y)
                return .cubic(c1x: c1.0, c1y: c1.1, c2x: c2.0, c2y: c2.1, x: p.0, y: p.1)
            case .close: return .close
            }
        })
    }

    // MARK: Measuring

    /// The smallest rectangle holding every point and control point (CGPath's
    /// boundingBox is tighter on curves; this one never misses ink), nil when empty.
    public var controlPointBounds: Rect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for element in elements {
            for p in element.points {
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Interpolating

    /// Whether `other` has the same commands in the same order (so the two interpolate).
    public func hasSameStructure(as other: ShapePath) -> Bool {
        elements.count == other.elements.count && zip(elements, other.elements).allSatisfy { $0.isSameVerb(as: $1) }
    }

    /// Every number of every element, in order.
    var components: [Double] {
        var result: [Double] = []
        result.reserveCapacity(elements.count * 4)
        for element in elements {
            for p in element.points { result.append(p.x); result.append(p.y) }
        }
        return result
    }

    /// A path of this structure whose numbers are `a + (b − a) · t`, component by
    /// component (`a` and `b` are two paths' `components`), built in one pass.
    func interpolated(_ a: [Double], _ b: [Double], _ t: Double) -> ShapePath {
        var index = 0
        @inline(__always) func next() -> Double {
            defer { index += 1 }
            return a[index] + (b[index] - a[index]) * t
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .move: result.append(.move(x: next(), y: next()))
            case .line: result.append(.line(x: next(), y: next()))
            case .quad: result.append(.quad(cx: next(), cy: next(), x: next(), y: next()))
            case .cubic: result.append(.cubic(c1x: next(), c1y: next(), c2x: next(), c2y: next(), x: next(), y: next()))
            case .close: result.append(.close)
            }
        }
        return ShapePath(result)
    }

    /// A path of the same structure with its numbers taken from `components`.
    func with(_ components: [Double]) -> ShapePath {
        var index = 0
        func next() -> Double {
            defer { index += 1 }
            return index < components.count ? components[index] : 0
        }
        return ShapePath(elements.map { element in
            switch element {
            case .move: return .move(x: next(), y: next())
            case .line: return .line(x: next(), y: next())
            case .quad: return .quad(cx: next(), cy: next(), x: next(), y: next())
            case .cubic: return .cubic(c1x: next(), c1y: next(), c2x: next(), c2y: next(), x: next(), y: next())
            case .close: return .close
            }
        })
    }
}

/// How a shape layer decides what is inside a path (CAShapeLayerFillRule).
public enum FillRule: String, Sendable, CaseIterable {
    /// Inside where the path winds around a point a nonzero number of times (the default).
    case nonZero
    /// Inside where a ray from the point crosses the path an odd number of times.
    case evenOdd
}

/// How a stroke's open ends look (CAShapeLayerLineCap).
public enum LineCap: String, Sendable, CaseIterable {
    case butt, round, square
}

/// How a stroke turns a corner (CAShapeLayerLineJoin).
public enum LineJoin: String, Sendable, CaseIterable {
    case miter, round, bevel
}

/// What a shape layer draws besides the animatable properties in `LayerProperties`:
/// its path (animatable through the engine's `path` key) and its non-animatable style.
public struct LayerShape: Hashable, Sendable {
    /// The path (nil draws nothing).
    public var path: ShapePath?
    /// fillRule.
    public var fillRule: FillRule
    /// lineCap.
    public var lineCap: LineCap
    /// lineJoin.
    public var lineJoin: LineJoin
    /// miterLimit: a miter longer than this many line widths is beveled.
    public var miterLimit: Double
    /// lineDashPattern: lengths of painted and unpainted pieces, alternating, from the
    /// start of each subpath (an odd count repeats twice over, as in Core Graphics); empty:
    /// a solid line.
    public var dashPattern: [Double]
    /// lineDashPhase: how far into the pattern each subpath starts.
    public var dashPhase: Double
    /// The most lengths a dash pattern may have: what the host function, timelines and
    /// the child's frames accept.
    public static let maximumDashes = 1024

    /// A shape layer's defaults: no path, nonzero, butt caps, miter joins, limit 10, solid.
    public init(path: ShapePath? = nil, fillRule: FillRule = .nonZero, lineCap: LineCap = .butt,
                lineJoin: LineJoin = .miter, miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0) {
        self.path = path
        self.fillRule = fillRule
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }

    /// The pattern dashes are drawn with: nil for a solid line (no lengths, a negative or
    /// non-finite one, or nothing painted), an odd count doubled.
    public var effectiveDashes: [Double]? {
        guard !dashPattern.isEmpty, dashPattern.allSatisfy({ $0.isFinite && $0 >= 0 }),
              dashPattern.reduce(0, +) > 0, dashPhase.isFinite else { return nil }
        return dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
    }
}
