import AnimatorABI

/// UIKit's UIBezierPath: a path built in UIKit's coordinates (y down), whose `cgPath`
/// goes to a shape layer. Angles of arcs turn clockwise on screen when `clockwise` is
/// true, as on iOS. Drawing calls (`fill()`, `stroke()`) have no context to draw into
/// here; layers draw paths (CAShapeLayer).
open class UIBezierPath {
    private let storage: CGMutablePath
    /// The line width a `stroke()` would use (kept for code that sets it).
    public var lineWidth: CGFloat = 1
    /// Whether filling uses the even-odd rule (kept for code that sets it; a shape
    /// layer's `fillRule` decides how it fills).
    public var usesEvenOddFillRule = false

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
