import AnimatorABI
import Foundation

/// CAShapeLayerFillRule.
public struct CAShapeLayerFillRule: Equatable, Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Inside where the path winds around a point a nonzero number of times.
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Inside where a ray crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// CAShapeLayerLineCap.
public struct CAShapeLayerLineCap: Equatable, Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// CAShapeLayerLineJoin.
public struct CAShapeLayerLineJoin: Equatable, Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// Core Animation's CAShapeLayer: draws a path, filled and stroked, in its own
/// coordinates. `path`, `fillColor`, `strokeColor`, `lineWidth`, `strokeStart` and
/// `strokeEnd` animate (implicitly too, on a standalone layer); paths with the same
/// elements interpolate point by point. As any layer it can be another layer's `mask`.
open class CAShapeLayer: CALayer {
    /// Creates a shape layer (inside a host call): no path, opaque black fill, no stroke.
    public override init() { super.init() }

    /// init(layer:): a new shape layer.
    public override init(layer: Any) { super.init(layer: layer) }


    override class func makeHostLayer() -> (HostLink, ah_layer)? {
        guard let link = HostLink.current, link.hasShapes else { return nil }
        var handle: ah_layer = 0
        guard link.check(link.table.shape_layer_create(link.host, &handle), "CAShapeLayer()") else { return nil }
        return (link, handle)
    }

    /// The path drawn (nil: none). Reading it gives the model path the host holds.
    public var path: CGPath? {
        get {
            guard link.hasShapes, case .path(let path)? = get("path") else { return nil }
            return path
        }
        set { set("path", .path(newValue ?? CGPath(elements: []))) }
    }

    /// The fill (nil: none). Default opaque black.
    public var fillColor: CGColor? {
        get { if case .color(let c)? = get("fillColor"), c.alpha > 0 { return c }; return nil }
        set { set("fillColor", .color(newValue ?? .clear)) }
    }

    /// The stroke (nil, the default: none).
    public var strokeColor: CGColor? {
        get { if case .color(let c)? = get("strokeColor"), c.alpha > 0 { return c }; return nil }
        set { set("strokeColor", .color(newValue ?? .clear)) }
    }

    /// The stroke's width in the layer's points (default 1).
    public var lineWidth: CGFloat {
        get { number("lineWidth") }
        set { set("lineWidth", .number(newValue)) }
    }

    /// Where along the path's length (0 ... 1) the stroke starts.
    public var strokeStart: CGFloat {
        get { number("strokeStart") }
        set { set("strokeStart", .number(newValue)) }
    }

    /// Where along the path's length (0 ... 1) the stroke ends (default 1).
    public var strokeEnd: CGFloat {
        get { number("strokeEnd") }
        set { set("strokeEnd", .number(newValue)) }
    }

    /// How the inside is decided.
    public var fillRule: CAShapeLayerFillRule {
        get { number("fillRule") == 1 ? .evenOdd : .nonZero }
        set { set("fillRule", .number(newValue == .evenOdd ? 1 : 0)) }
    }

    /// The open ends of the stroke.
    public var lineCap: CAShapeLayerLineCap {
        get { [CAShapeLayerLineCap.butt, .round, .square][Self.index(number("lineCap"), 3)] }
        set { set("lineCap", .number(newValue == .round ? 1 : newValue == .square ? 2 : 0)) }
    }

    /// The corners of the stroke.
    public var lineJoin: CAShapeLayerLineJoin {
        get { [CAShapeLayerLineJoin.miter, .round, .bevel][Self.index(number("lineJoin"), 3)] }
        set { set("lineJoin", .number(newValue == .round ? 1 : newValue == .bevel ? 2 : 0)) }
    }

    /// A miter longer than this many line widths is beveled (default 10).
    public var miterLimit: CGFloat {
        get { number("miterLimit") }
        set { set("miterLimit", .number(newValue)) }
    }

    /// lineDashPattern: painted and unpainted lengths alternating from the start of each
    /// subpath (nil: a solid line).
    public var lineDashPattern: [NSNumber]? {
        didSet { sendDashes() }
    }

    /// lineDashPhase: how far into the pattern each subpath starts (not animated here).
    public var lineDashPhase: CGFloat = 0 {
        didSet { sendDashes() }
    }

    private func sendDashes() {
        guard link.hasEngine else { return }
        let lengths = (lineDashPattern ?? []).map(\.doubleValue)
        link.check(link.table.shape_layer_set_dash(link.host, handle, lengths, UInt32(lengths.count), lineDashPhase),
                   "CAShapeLayer.lineDashPattern")
    }

    private static func index(_ value: CGFloat, _ count: Int) -> Int {
        let index = Int(value.isFinite ? value : 0)
        return index >= 0 && index < count ? index : 0
    }
}
