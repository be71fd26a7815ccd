import AnimatorABI

/// UIKit's UIBezierPath: a path built in UIKit's coordinates (y down), whose `cgPath`
/// goes to a shape layer, or drawn into the current context (`fill()`, `stroke()`,
/// `addClip()` in a view's `draw(_:)` or a UIGraphicsImageRenderer). Angles of arcs turn
/// clockwise on screen when `clockwise` is true, as on iOS.
open class UIBezierPath {
    private let storage: CGMutablePath
    /// The line width `stroke()` uses.
    public var lineWidth: CGFloat = 1
    /// Whether `fill()` and `addClip()` use the even-odd rule (a shape layer's `fillRule`
    /// decides how the layer fills).
    public var usesEvenOddFillRule = false
    /// The stroke's caps, joins and miter limit when drawn with `stroke()`.
    public var lineCapStyle = CGLineCap.butt
    public var lineJoinStyle = CGLineJoin.miter
    public var miterLimit: CGFloat = 10
    /// The stroke's dashes (`setLineDash`).
    var dashPattern: [CGFloat] = []
    var dashPhase: CGFloat = 0

    /// An empty path.
    public init() {
        storage = CGMutablePath()
    }

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        storage.addRect(rect)
    }

    /// The ellipse inscribed in `rect`: from the middle of the right side, clockwise on
    /// screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        storage.appendEllipse(in: rect, increasingAngles: true, transform: .identity)
    }

    /// A rectangle with circular corners (at most half the shorter side), from the top
    /// edge after the top-left corner, clockwise on screen.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        storage.addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
    }

    /// A rectangle whose `corners` are rounded with `cornerRadii.width` (at most half the
    /// shorter side), the others square; clockwise from the top left, as UIKit draws it.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = max(min(cornerRadii.width, rect.width / 2, rect.height / 2), 0)
        let k: CGFloat = 0.5522847498 * r
        func radius(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? r : 0 }
        let (tl, tr, br, bl) = (radius(.topLeft), radius(.topRight), radius(.bottomRight), radius(.bottomLeft))
        func control(_ corner: UIRectCorner) -> CGFloat { corners.contains(corner) ? k : 0 }
        storage.move(to: CGPoint(x: rect.minX + tl, y: rect.minY))
        storage.addLine(to: CGPoint(x: rect.maxX - tr, y: rect.minY))
        if tr > 0 {
            storage.addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + tr),
                             control1: CGPoint(x: rect.maxX - tr + control(.topRight), y: rect.minY),
                             control2: CGPoint(x: rect.maxX, y: rect.minY + tr - control(.topRight)))
        }
        storage.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - br))
        if br > 0 {
            storage.addCurve(to: CGPoint(x: rect.maxX - br, y: rect.maxY),
                             control1: CGPoint(x: rect.maxX, y: rect.maxY - br + control(.bottomRight)),
                             control2: CGPoint(x: rect.maxX - br + control(.bottomRight), y: rect.maxY))
        }
        storage.addLine(to: CGPoint(x: rect.minX + bl, y: rect.maxY))
        if bl > 0 {
            storage.addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - bl),
                             control1: CGPoint(x: rect.minX + bl - control(.bottomLeft), y: rect.maxY),
                             control2: CGPoint(x: rect.minX, y: rect.maxY - bl + control(.bottomLeft)))
        }
        storage.addLine(to: CGPoint(x: rect.minX, y: rect.minY + tl))
        if tl > 0 {
            storage.addCurve(to: CGPoint(x: rect.minX + tl, y: rect.minY),
                             control1: CGPoint(x: rect.minX, y: rect.minY + tl - control(.topLeft)),
                             control2: CGPoint(x: rect.minX + tl - control(.topLeft), y: rect.minY))
        }
        storage.closeSubpath()
    }

    /// An arc: `clockwise` true turns toward larger angles, clockwise on screen.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with a CGPath's elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        storage.addPath(cgPath)
    }

    /// The path as Core Graphics sees it (a copy: changing this path later does not
    /// change it). Setting it replaces the elements.
    public var cgPath: CGPath {
        get { CGPath(elements: storage.elements) }
        set { storage.elements = newValue.elements }
    }

    /// Begins a subpath.
    public func move(to point: CGPoint) { storage.move(to: point) }

    /// A straight line from the current point.
    public func addLine(to point: CGPoint) { storage.addLine(to: point) }

    /// A cubic curve from the current point.
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        storage.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic curve from the current point.
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
        storage.addQuadCurve(to: end, control: controlPoint)
    }

    /// An arc, joined by a line to the current point if there is one; `clockwise` as on
    /// screen (toward larger angles).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool) {
        // UIKit's y points down, so clockwise on screen is Core Graphics' counterclockwise.
        storage.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath.
    public func close() { storage.closeSubpath() }

    /// Appends another path.
    public func append(_ path: UIBezierPath) { storage.addPath(path.storage) }

    /// Removes every element.
    public func removeAllPoints() { storage.elements.removeAll() }

    /// Transforms every point.
    public func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(storage, transform: transform)
        storage.elements = moved.elements
    }

    /// The box of every point, control points included.
    public var bounds: CGRect { storage.boundingBox }

    /// Where the path is now.
    public var currentPoint: CGPoint { storage.currentPoint }

    /// Whether the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// A copy.
    public func copy() -> Any { UIBezierPath(cgPath: storage) }
}

extension UIBezierPath {
    /// fill(): the path filled in the current context's fill color (`UIColor.setFill()`),
    /// with its fill rule.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(storage)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// fill(with:alpha:): the blend mode is kept, not drawn.
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setAlpha(alpha)
        fill()
        context.restoreGState()
    }

    /// stroke(): the path stroked in the current stroke color with the path's own line
    /// width, caps, joins, miter limit and dashes.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
        context.addPath(storage)
        context.strokePath()
        context.restoreGState()
    }

    /// stroke(with:alpha:).
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setAlpha(alpha)
        stroke()
        context.restoreGState()
    }

    /// addClip(): the current context's clip narrowed to the path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(storage)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// setLineDash(_:count:phase:).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        dashPhase = phase
    }
}

/// UIKit's UIRectCorner: which corners of a rectangle.
public struct UIRectCorner: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let topLeft = UIRectCorner(rawValue: 1)
    public static let topRight = UIRectCorner(rawValue: 2)
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    public static let bottomRight = UIRectCorner(rawValue: 8)
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
