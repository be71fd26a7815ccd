import AnimatorABI
import Foundation

/// UIKit's current graphics contexts (UIGraphicsGetCurrentContext), per thread: the
/// renderer's or view's context while its drawing code runs, and the image contexts of
/// UIGraphicsBeginImageContextWithOptions.
enum GraphicsContextStack {
    private final class Stack {
        var contexts: [CGContext] = []
    }

    private static let slot = ThreadSlot<Stack>()

    static var current: CGContext? { slot.current?.contexts.last }

    static func push(_ context: CGContext) { slot.value(orMake: Stack.init).contexts.append(context) }

    @discardableResult
    static func pop() -> CGContext? { slot.current?.contexts.popLast() }

    /// Runs `body` with `context` current.
    static func with<R>(_ context: CGContext, _ body: () -> R) -> R {
        push(context)
        defer { pop() }
        return body()
    }
}

/// UIGraphicsGetCurrentContext(): the context drawing code draws into, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? { GraphicsContextStack.current }

/// UIGraphicsPushContext(_:).
public func UIGraphicsPushContext(_ context: CGContext) { GraphicsContextStack.push(context) }

/// UIGraphicsPopContext().
public func UIGraphicsPopContext() { GraphicsContextStack.pop() }

/// UIGraphicsBeginImageContextWithOptions(_:_:_:): a context of `size` points made current;
/// a scale of 0 is the screen's.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    GraphicsContextStack.push(CGContext(size: size, scale: scale > 0 ? scale : UIScreen.main.scale))
}

/// UIGraphicsBeginImageContext(_:): at scale 1.
public func UIGraphicsBeginImageContext(_ size: CGSize) { UIGraphicsBeginImageContextWithOptions(size, false, 1) }

/// UIGraphicsGetImageFromCurrentImageContext(): what the current image context holds.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? { GraphicsContextStack.current?.image() }

/// UIGraphicsEndImageContext().
public func UIGraphicsEndImageContext() { GraphicsContextStack.pop() }

/// UIKit's UIGraphicsImageRendererFormat.
public final class UIGraphicsImageRendererFormat {
    /// Pixels per point (the screen's by default).
    public var scale: CGFloat
    /// Kept; images are transparent where nothing is drawn.
    public var opaque = false
    /// Kept.
    public var preferredRange = Range.standard

    /// UIGraphicsImageRendererFormat.Range.
    public enum Range: Int, Sendable { case unspecified = -1, automatic = 0, extended = 1, standard = 2 }

    /// The screen's scale.
    public init() { scale = UIScreen.main.scale }

    /// preferred().
    public static func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// default().
    public static func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// UIKit's UIGraphicsImageRendererContext: what `image(actions:)` hands the drawing code.
public final class UIGraphicsImageRendererContext {
    /// The Core Graphics context.
    public let cgContext: CGContext
    /// The renderer's format.
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// What has been drawn so far, as an image.
    public var currentImage: UIImage { cgContext.image() ?? UIImage(rgba: [0, 0, 0, 0], width: 1, height: 1)! }

    /// fill(_:): the rectangle in the current fill color.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// fill(_:blendMode:): the blend mode is kept, not drawn.
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) { cgContext.fill(rect) }
    /// stroke(_:): the rectangle's outline.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    /// clip(to:).
    public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// UIKit's UIGraphicsImageRenderer: drawing code run into a context whose result is an
/// image (rasterized by the host; see CGContext).
public final class UIGraphicsImageRenderer {
    /// The image's bounds in points.
    public let bounds: CGRect
    /// Its format.
    public let format: UIGraphicsImageRendererFormat

    /// A renderer of `size` points at the screen's scale.
    public convenience init(size: CGSize) { self.init(size: size, format: .preferred()) }

    /// A renderer of `size` points in `format`.
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        bounds = CGRect(origin: .zero, size: size)
        self.format = format
    }

    /// A renderer of `bounds` (its origin at the image's top left).
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .preferred()) {
        self.bounds = bounds
        self.format = format
    }

    /// image(actions:): the image `actions` draws; an empty image (a transparent pixel)
    /// outside a host call or when the host refused (the reason in its log).
    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = CGContext(size: bounds.size, scale: format.scale)
        if bounds.origin != .zero { context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y) }
        GraphicsContextStack.with(context) { actions(UIGraphicsImageRendererContext(cgContext: context, format: format)) }
        return context.image() ?? UIImage(rgba: [0, 0, 0, 0], width: 1, height: 1)!
    }
}

/// Core Foundation's array, as Core Graphics takes colors (`[c1, c2] as CFArray`).
public typealias CFArray = [Any]

extension UIColor {
    /// setFill(): the current context's fill color.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(self) }
    /// setStroke(): the current context's stroke color.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(self) }
    /// set(): both.
    public func set() {
        setFill()
        setStroke()
    }
}

extension UIImage {
    /// draw(in:): the image upright in `rect` of the current context.
    public func draw(in rect: CGRect) { UIGraphicsGetCurrentContext()?.drawUpright(self, in: rect, alpha: 1) }
    /// draw(in:blendMode:alpha:): the blend mode is kept, not drawn.
    public func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        UIGraphicsGetCurrentContext()?.drawUpright(self, in: rect, alpha: alpha)
    }
    /// draw(at:): at its size.
    public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

extension NSAttributedString.Key {
    /// A UIFont.
    public static let font = NSAttributedString.Key("NSFont")
    /// A UIColor.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// An NSParagraphStyle (its alignment is used).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// UIKit's NSParagraphStyle, for the alignment of drawn text.
open class NSParagraphStyle {
    /// The alignment.
    public var alignment: NSTextAlignment = .natural
    public init() {}
    /// The default style.
    public static var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// NSMutableParagraphStyle.
open class NSMutableParagraphStyle: NSParagraphStyle {}

extension String {
    /// draw(in:withAttributes:): the text laid out in `rect` (wrapped, as many lines as fit)
    /// with the font, color and alignment of `attributes` (UIKit's defaults: 12 points,
    /// black, natural).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let color = attributes?[.foregroundColor] as? UIColor ?? .black
        let alignment = (attributes?[.paragraphStyle] as? NSParagraphStyle)?.alignment ?? .natural
        UIGraphicsGetCurrentContext()?.drawText(self, in: rect, font: font, color: color, alignment: alignment, lines: 0)
    }

    /// draw(at:withAttributes:): one line from `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let width = CGFloat(count) * font.pointSize * 0.6 + font.pointSize
        let color = attributes?[.foregroundColor] as? UIColor ?? .black
        UIGraphicsGetCurrentContext()?.drawText(self, in: CGRect(x: point.x, y: point.y, width: width, height: font.pointSize * 1.2),
                                                font: font, color: color, alignment: .left, lines: 1)
    }
}

extension NSString {
    /// NSString's draw(in:withAttributes:).
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(in: rect, withAttributes: attributes)
    }

    /// NSString's draw(at:withAttributes:).
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        String(self).draw(at: point, withAttributes: attributes)
    }
}
