import AnimatorABI
import Glibc

/// Core Graphics' path (CGPath): subpaths of lines and Bézier curves, kept as the ABI's
/// path elements so the host gets them as they are. Immutable; build one with
/// `CGMutablePath` or `UIBezierPath`.
public class CGPath: Equatable {
    /// The elements, in order.
    var elements: [ah_path_element]

    init(elements: [ah_path_element]) {
        self.elements = elements
    }

    /// CGPath(rect:transform:): a closed rectangle.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// CGPath(ellipseIn:transform:): the ellipse inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// CGPath(roundedRect:cornerWidth:cornerHeight:transform:).
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.elements.count == rhs.elements.count && lhs.elements.withUnsafeBytes { a in
            rhs.elements.withUnsafeBytes { b in a.elementsEqual(b) }
        }
    }

    /// Points along the outline: every end point, and curves sampled at eight points each.
    func outlinePoints() -> [CGPoint] {
        var points: [CGPoint] = []
        var current = CGPoint.zero
        for element in elements {
            let p0 = CGPoint(element.points.0), p1 = CGPoint(element.points.1), p2 = CGPoint(element.points.2)
            switch element.verb {
            case AH_PATH_MOVE, AH_PATH_LINE:
                current = p0
                points.append(current)
            case AH_PATH_QUAD:
                for i in 1...8 {
                    let t = CGFloat(i) / 8, u = 1 - t
                    points.append(CGPoint(x: u * u * current.x + 2 * u * t * p0.x + t * t * p1.x,
                                          y: u * u * current.y + 2 * u * t * p0.y + t * t * p1.y))
                }
                current = p1
            case AH_PATH_CUBIC:
                for i in 1...8 {
                    let t = CGFloat(i) / 8, u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    points.append(CGPoint(x: a * current.x + b * p0.x + c * p1.x + d * p2.x,
                                          y: a * current.y + b * p0.y + c * p1.y + d * p2.y))
                }
                current = p2
            default:
                break
            }
        }
        return points
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end of the last element (CGPath.currentPoint; .zero for an empty path).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element.verb {
            case AH_PATH_MOVE: start = CGPoint(element.points.0); current = start
            case AH_PATH_LINE: current = CGPoint(element.points.0)
            case AH_PATH_QUAD: current = CGPoint(element.points.1)
            case AH_PATH_CUBIC: current = CGPoint(element.points.2)
            default: current = start
            }
        }
        return current
    }

    /// The smallest rectangle holding every point, control points included
    /// (CGPath.boundingBox); `.null`-like zero rect for an empty path.
    public var boundingBox: CGRect {
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for element in elements {
            let count = element.verb == AH_PATH_CUBIC ? 3 : element.verb == AH_PATH_QUAD ? 2 : element.verb == AH_PATH_CLOSE ? 0 : 1
            withUnsafeBytes(of: element.points) { raw in
                let points = raw.bindMemory(to: ah_point.self)
                for index in 0..<count {
                    minX = Swift.min(minX, points[index].x); maxX = Swift.max(maxX, points[index].x)
                    minY = Swift.min(minY, points[index].y); maxY = Swift.max(maxY, points[index].y)
                }
            }
        }
        guard minX <= maxX else { return .zero }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// CGPath.boundingBoxOfPath (here the same as `boundingBox`).
    public var boundingBoxOfPath: CGRect { boundingBox }

    /// An immutable copy.
    public func copy() -> CGPath? { CGPath(elements: elements) }

    /// A copy with every point transformed.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        let path = CGMutablePath()
        path.addPath(self, transform: transform?.pointee ?? .identity)
        return CGPath(elements: path.elements)
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        let path = CGMutablePath()
        path.elements = elements
        return path
    }
}

/// CGMutablePath: a path being built. Every call takes an optional affine transform
/// applied to its points, as Core Graphics does.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public init() {
        super.init(elements: [])
    }

    private func append(_ verb: ah_path_verb, _ points: [CGPoint], _ t: CGAffineTransform) {
        var element = ah_path_element()
        element.verb = verb
        let mapped = points.map { $0.applying(t).c }
        if mapped.count > 0 { element.points.0 = mapped[0] }
        if mapped.count > 1 { element.points.1 = mapped[1] }
        if mapped.count > 2 { element.points.2 = mapped[2] }
        elements.append(element)
    }

    /// Begins a subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(AH_PATH_MOVE, [point], transform)
    }

    /// A line from the current point.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(AH_PATH_LINE, [point], transform)
    }

    /// A move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        for (index, point) in points.enumerated() { append(index == 0 ? AH_PATH_MOVE : AH_PATH_LINE, [point], transform) }
    }

    /// A quadratic curve from the current point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append(AH_PATH_QUAD, [control, end], transform)
    }

    /// A cubic curve from the current point.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        append(AH_PATH_CUBIC, [control1, control2, end], transform)
    }

    /// Closes the current subpath.
    public func closeSubpath() {
        append(AH_PATH_CLOSE, [], .identity)
    }

    /// A closed rectangle: from its minimum corner along x first.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        addLines(between: [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)],
                 transform: transform)
        closeSubpath()
    }

    /// Several rectangles.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The ellipse inscribed in `rect`, a closed subpath of four cubic quarters from the
    /// middle of the right side toward smaller y (Core Graphics' clockwise, which on a
    /// UIKit screen turns counterclockwise; `UIBezierPath(ovalIn:)` turns the other way).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        appendEllipse(in: rect, increasingAngles: false, transform: transform)
    }

    /// The ellipse as cubic quarters, turning toward larger angles or smaller ones.
    func appendEllipse(in rect: CGRect, increasingAngles: Bool, transform: CGAffineTransform) {
        let scale = CGAffineTransform(a: rect.width / 2, b: 0, c: 0, d: rect.height / 2, tx: rect.midX, ty: rect.midY)
        appendArc(start: 0, sweep: increasingAngles ? 2 * .pi : -2 * .pi, unitTo: scale.concatenating(transform), connect: false)
        closeSubpath()
    }

    /// A rectangle with elliptic corners.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let rx = Swift.min(Swift.max(cornerWidth, 0), abs(rect.width) / 2)
        let ry = Swift.min(Swift.max(cornerHeight, 0), abs(rect.height) / 2)
        guard rx > 0, ry > 0 else { addRect(rect, transform: transform); return }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        func corner(_ cx: CGFloat, _ cy: CGFloat, _ start: CGFloat, connect: Bool) {
            let unit = CGAffineTransform(a: rx, b: 0, c: 0, d: ry, tx: cx, ty: cy)
            appendArc(start: start, sweep: .pi / 2, unitTo: unit.concatenating(transform), connect: connect)
        }
        move(to: CGPoint(x: x0 + rx, y: y0), transform: transform)
        corner(x1 - rx, y0 + ry, -.pi / 2, connect: true)
        corner(x1 - rx, y1 - ry, 0, connect: true)
        corner(x0 + rx, y1 - ry, .pi / 2, connect: true)
        corner(x0 + rx, y0 + ry, .pi, connect: true)
        closeSubpath()
    }

    /// An arc of a circle in Core Graphics' sense of `clockwise` (toward smaller angles),
    /// joined to the current point by a line when there is one. A sweep of a whole turn
    /// or more draws one circle.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: CGAffineTransform = .identity) {
        let turn = 2 * CGFloat.pi
        var sweep = endAngle - startAngle
        if clockwise {
            if sweep > 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) - turn }
            sweep = Swift.max(sweep, -turn)
        } else {
            if sweep < 0 { sweep = sweep.truncatingRemainder(dividingBy: turn) + turn }
            sweep = Swift.min(sweep, turn)
        }
        let unit = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
        appendArc(start: startAngle, sweep: sweep, unitTo: unit.concatenating(transform), connect: !elements.isEmpty)
    }

    /// Appends an arc of the unit circle from `start` through `sweep` radians, mapped by
    /// `unitTo`, as cubic curves of at most a quarter turn.
    func appendArc(start: CGFloat, sweep: CGFloat, unitTo t: CGAffineTransform, connect: Bool) {
        guard start.isFinite, sweep.isFinite else { return }
        let first = CGPoint(x: cos(start), y: sin(start))
        append(connect ? AH_PATH_LINE : AH_PATH_MOVE, [first], t)
        let quarters = Swift.max(Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)), sweep == 0 ? 0 : 1)
        guard quarters > 0 else { return }
        let step = sweep / CGFloat(quarters)
        let handle = 4 / 3 * tan(step / 4)
        for index in 0..<quarters {
            let a = start + CGFloat(index) * step, b = a + step
            let from = CGPoint(x: cos(a), y: sin(a)), to = CGPoint(x: cos(b), y: sin(b))
            append(AH_PATH_CUBIC, [CGPoint(x: from.x - handle * from.y, y: from.y + handle * from.x),
                                   CGPoint(x: to.x + handle * to.y, y: to.y - handle * to.x), to], t)
        }
    }

    /// Appends another path's elements, transformed.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            var copy = element
            copy.points.0 = CGPoint(element.points.0).applying(transform).c
            copy.points.1 = CGPoint(element.points.1).applying(transform).c
            copy.points.2 = CGPoint(element.points.2).applying(transform).c
            elements.append(copy)
        }
    }
}

extension CGPoint {
    init(_ c: ah_point) {
        self.init(x: c.x, y: c.y)
    }

    var c: ah_point { ah_point(x: x, y: y) }
}
