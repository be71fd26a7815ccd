import AnimatorABI
import Foundation

/// Core Graphics' drawing context, as UIKit gives one (UIGraphicsImageRenderer, a view's
/// `draw(_:)`, UIGraphicsGetCurrentContext()): UIKit's coordinates (points, y down), a
/// transform, a clip and a graphics state saved and restored, paths filled and stroked,
/// gradients, images and text. What is drawn is recorded and rasterized by the host when
/// the image is made (draw.h), with the renderer that draws frames.
///
/// Differences: the current path is kept in the coordinates of the transform current when
/// it is filled or stroked (change the transform between building and drawing a path and
/// it moves with it); blend modes, shadows and interpolation quality are kept, not drawn.
public final class CGContext {
    /// The drawing's size in points and pixels per point.
    let size: CGSize
    let scale: CGFloat

    struct State {
        var transform = CGAffineTransform.identity
        var fill = UIColor.black
        var stroke = UIColor.black
        var lineWidth: CGFloat = 1
        var lineCap = CGLineCap.butt
        var lineJoin = CGLineJoin.miter
        var miterLimit: CGFloat = 10
        var dashes: [CGFloat] = []
        var dashPhase: CGFloat = 0
        var alpha: CGFloat = 1
        var blendMode = CGBlendMode.normal
    }

    enum Operation {
        case save, restore
        case concat(CGAffineTransform)
        case clip(CGPath, evenOdd: Bool)
        case fill(CGPath, evenOdd: Bool, UIColor, alpha: CGFloat)
        case stroke(CGPath, State)
        case gradient(CGGradient, radial: Bool, start: CGPoint, end: CGPoint, startRadius: CGFloat, endRadius: CGFloat,
                      options: CGGradientDrawingOptions, alpha: CGFloat)
        case image(UIImage, CGRect, flipped: Bool, alpha: CGFloat)
        case text(String, CGRect, UIFont, UIColor, NSTextAlignment, lines: Int, alpha: CGFloat)
        case layer(CALayer, CGRect, alpha: CGFloat)
    }

    private(set) var operations: [Operation] = []
    private var state = State()
    private var saved: [State] = []
    private var path = CGMutablePath()

    /// A context for a drawing of `size` points at `scale` pixels per point.
    init(size: CGSize, scale: CGFloat) {
        self.size = size
        self.scale = scale
    }

    // MARK: State

    /// saveGState(): the transform, clip, colors and line settings.
    public func saveGState() {
        saved.append(state)
        operations.append(.save)
    }

    /// restoreGState(): back to the last saved state.
    public func restoreGState() {
        guard let last = saved.popLast() else { return }
        state = last
        operations.append(.restore)
    }

    /// The current transform (ctm), from user space to the drawing's points.
    public var ctm: CGAffineTransform { state.transform }

    /// concatenate(_:): `transform` applied before the current transform.
    public func concatenate(_ transform: CGAffineTransform) {
        state.transform = transform.concatenating(state.transform)
        operations.append(.concat(transform))
    }

    public func translateBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(translationX: x, y: y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { concatenate(CGAffineTransform(scaleX: x, y: y)) }
    public func rotate(by angle: CGFloat) { concatenate(CGAffineTransform(rotationAngle: angle)) }

    public func setFillColor(_ color: UIColor) { state.fill = color }
    public func setStrokeColor(_ color: UIColor) { state.stroke = color }
    /// setFillColor(red:green:blue:alpha:).
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = max(width, 0) }
    public func setLineCap(_ cap: CGLineCap) { state.lineCap = cap }
    public func setLineJoin(_ join: CGLineJoin) { state.lineJoin = join }
    public func setMiterLimit(_ limit: CGFloat) { state.miterLimit = limit }
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) { (state.dashPhase, state.dashes) = (phase, lengths) }
    /// setAlpha(_:): every drawing after it at this opacity.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }
    /// Kept; the host draws source over.
    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }
    /// Kept; the host draws no shadows in drawings.
    public func setShadow(offset: CGSize, blur: CGFloat, color: UIColor? = nil) {}
    /// Kept; the host's images are filtered bilinearly.
    public var interpolationQuality = CGInterpolationQuality.default
    /// Kept; edges are always antialiased.
    public func setShouldAntialias(_ value: Bool) {}
    public func setAllowsAntialiasing(_ value: Bool) {}

    // MARK: The current path

    public func beginPath() { path = CGMutablePath() }
    public func move(to point: CGPoint) { path.move(to: point) }
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    public func addLines(between points: [CGPoint]) { path.addLines(between: points) }
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        path.addCurve(to: end, control1: control1, control2: control2)
    }
    public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, control: control) }
    public func addRect(_ rect: CGRect) { path.addRect(rect) }
    public func addRects(_ rects: [CGRect]) { path.addRects(rects) }
    public func addEllipse(in rect: CGRect) { path.addEllipse(in: rect) }
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    public func addPath(_ other: CGPath) { path.addPath(other) }
    public func closePath() { path.closeSubpath() }
    /// Whether the current path has nothing.
    public var isPathEmpty: Bool { path.isEmpty }

    /// The current path, handed over (the context's is emptied, as drawing it does).
    private func takePath() -> CGPath {
        let taken = CGPath(elements: path.elements)
        path = CGMutablePath()
        return taken
    }

    // MARK: Drawing

    public func fillPath(using rule: CGPathFillRule = .winding) {
        operations.append(.fill(takePath(), evenOdd: rule == .evenOdd, state.fill, alpha: state.alpha))
    }
    public func strokePath() { operations.append(.stroke(takePath(), state)) }
    public func drawPath(using mode: CGPathDrawingMode) {
        let taken = takePath()
        if [.fill, .eoFill, .fillStroke, .eoFillStroke].contains(mode) {
            operations.append(.fill(taken, evenOdd: mode == .eoFill || mode == .eoFillStroke, state.fill, alpha: state.alpha))
        }
        if [.stroke, .fillStroke, .eoFillStroke].contains(mode) { operations.append(.stroke(taken, state)) }
    }
    /// clip(using:): the clip narrowed to the current path (which is emptied).
    public func clip(using rule: CGPathFillRule = .winding) {
        operations.append(.clip(takePath(), evenOdd: rule == .evenOdd))
    }
    public func clip(to rect: CGRect) { operations.append(.clip(CGPath(rect: rect, transform: nil), evenOdd: false)) }
    public func clip(to rects: [CGRect]) {
        let union = CGMutablePath()
        union.addRects(rects)
        operations.append(.clip(union, evenOdd: false))
    }

    public func fill(_ rect: CGRect) {
        operations.append(.fill(CGPath(rect: rect, transform: nil), evenOdd: false, state.fill, alpha: state.alpha))
    }
    public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
    public func fillEllipse(in rect: CGRect) {
        operations.append(.fill(CGPath(ellipseIn: rect, transform: nil), evenOdd: false, state.fill, alpha: state.alpha))
    }
    public func stroke(_ rect: CGRect) { operations.append(.stroke(CGPath(rect: rect, transform: nil), state)) }
    public func stroke(_ rect: CGRect, width: CGFloat) {
        var style = state
        style.lineWidth = width
        operations.append(.stroke(CGPath(rect: rect, transform: nil), style))
    }
    public func strokeEllipse(in rect: CGRect) { operations.append(.stroke(CGPath(ellipseIn: rect, transform: nil), state)) }
    public func strokeLineSegments(between points: [CGPoint]) {
        let segments = CGMutablePath()
        var index = 0
        while index + 1 < points.count {
            segments.move(to: points[index])
            segments.addLine(to: points[index + 1])
            index += 2
        }
        operations.append(.stroke(segments, state))
    }
    /// clear(_:): drawn as the host's transparent backdrop only where nothing was drawn yet
    /// (the host composites source over; it cannot erase).
    public func clear(_ rect: CGRect) {}

    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint,
                                   options: CGGradientDrawingOptions) {
        operations.append(.gradient(gradient, radial: false, start: start, end: end, startRadius: 0, endRadius: 0,
                                    options: options, alpha: state.alpha))
    }

    /// drawRadialGradient: the host keeps both circles on `startCenter`.
    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint,
                                   endRadius: CGFloat, options: CGGradientDrawingOptions) {
        operations.append(.gradient(gradient, radial: true, start: startCenter, end: endCenter, startRadius: startRadius,
                                    endRadius: endRadius, options: options, alpha: state.alpha))
    }

    /// draw(_:in:): a CGImage in a UIKit context comes out upside down, as on iOS (draw a
    /// UIImage with `image.draw(in:)` to have it upright).
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        operations.append(.image(image.image, rect, flipped: true, alpha: state.alpha))
    }

    /// An image upright (UIImage.draw(in:)).
    func drawUpright(_ image: UIImage, in rect: CGRect, alpha: CGFloat) {
        operations.append(.image(image, rect, flipped: false, alpha: state.alpha * alpha))
    }

    /// Text laid out in `rect` (NSString.draw(in:withAttributes:)).
    func drawText(_ text: String, in rect: CGRect, font: UIFont, color: UIColor, alignment: NSTextAlignment, lines: Int) {
        operations.append(.text(text, rect, font, color, alignment, lines: lines, alpha: state.alpha))
    }

    /// A layer's tree as it is now (CALayer.render(in:)), its bounds at `rect`.
    func drawLayer(_ layer: CALayer, in rect: CGRect) {
        operations.append(.layer(layer, rect, alpha: state.alpha))
    }

    /// Whether anything was drawn (not only state changed).
    var drewSomething: Bool {
        operations.contains { operation in
            switch operation {
            case .save, .restore, .concat, .clip: return false
            default: return true
            }
        }
    }

    /// makeImage(): the drawing so far as an image, or nil outside a host call (or when
    /// the host refused: the reason is in its log).
    public func makeImage() -> CGImage? {
        image().map { CGImage(image: $0) }
    }

    /// The drawing as a UIImage of the context's size and scale.
    func image() -> UIImage? {
        guard let link = HostLink.current, link.hasDrawing else {
            HostLink.current?.table.log(HostLink.current!.host, ah_log_level(AH_LOG_ERROR),
                                        "drawing: the host cannot draw images (ABI 1.10 needed)")
            return nil
        }
        return DrawingUpload(link: link).image(of: operations, size: size, scale: scale)
    }
}

/// CGLineCap.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// CGLineJoin.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// CGPathFillRule.
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
/// CGPathDrawingMode.
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }
/// CGBlendMode (kept, not drawn: the host composites source over).
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference
    case exclusion, hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver
    case destinationIn, destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
/// CGInterpolationQuality (kept).
public enum CGInterpolationQuality: Int32, Sendable { case `default`, none, low, medium, high }

/// CGGradientDrawingOptions: whether a gradient extends beyond its ends.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// CGColorSpace: the host draws in device RGB whatever the space.
public final class CGColorSpace {
    /// CGColorSpace(name:).
    public init?(name: CFString) {}
    init() {}
    /// kCGColorSpaceSRGB and friends.
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
}

/// Core Foundation's string, as color space names are.
public typealias CFString = String

/// CGColorSpaceCreateDeviceRGB().
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace() }

/// CGGradient: colors at locations, drawn with CGContext.drawLinearGradient or
/// drawRadialGradient.
public final class CGGradient {
    let colors: [UIColor]
    let locations: [CGFloat]?

    /// CGGradient(colorsSpace:colors:locations:): `colors` an array of CGColor (UIColor);
    /// nil when it holds none.
    public init?(colorsSpace space: CGColorSpace?, colors: [Any], locations: UnsafePointer<CGFloat>?) {
        let list = colors.compactMap { $0 as? UIColor }
        guard !list.isEmpty else { return nil }
        self.colors = list
        self.locations = locations.map { Array(UnsafeBufferPointer(start: $0, count: list.count)) }
    }

    /// CGGradient(colorsSpace:colors:locations:) with the locations as an array.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: [Any], locations: [CGFloat]?) {
        guard let locations else {
            self.init(colorsSpace: space, colors: colors, locations: nil as UnsafePointer<CGFloat>?)
            return
        }
        let copy = locations
        let made: CGGradient? = copy.withUnsafeBufferPointer { buffer in
            CGGradient(colorsSpace: space, colors: colors, locations: buffer.baseAddress)
        }
        guard let made else { return nil }
        self.init(copying: made)
    }

    private init(copying other: CGGradient) {
        colors = other.colors
        locations = other.locations
    }

    /// CGGradient(colorSpace:colorComponents:locations:count:): RGBA components, 4 per color.
    public init?(colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
                 locations: UnsafePointer<CGFloat>?, count: Int) {
        guard count > 0 else { return nil }
        colors = (0..<count).map { i in
            UIColor(red: components[i * 4], green: components[i * 4 + 1], blue: components[i * 4 + 2],
                    alpha: components[i * 4 + 3])
        }
        self.locations = locations.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
    }
}

extension HostLink {
    /// Whether the host has the drawing batch (ABI 1.10).
    var hasDrawing: Bool { table.abi.minor >= 10 && Int(table.struct_size) >= MemoryLayout<ah_host>.size }
}

extension CALayer {
    /// render(in:): the layer and its sublayers as they are now, drawn at its bounds' size
    /// from the context's origin.
    public func render(in context: CGContext) {
        context.drawLayer(self, in: CGRect(origin: .zero, size: bounds.size))
    }
}
