import AnimatorABI
import Foundation

/// CAGradientLayerType: axial, radial, conic.
public struct CAGradientLayerType: Equatable, Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let axial = CAGradientLayerType(rawValue: "axial")
    public static let radial = CAGradientLayerType(rawValue: "radial")
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// Core Animation's CAGradientLayer: a gradient over its background (axial, radial or conic). `colors`
/// takes what UIKit code gives it (`[UIColor.black.cgColor, UIColor.clear.cgColor]`);
/// `locations` (NSNumber, as there), `startPoint` and `endPoint` in unit
/// coordinates. The gradient is sent to the host whenever one of them changes; it does
/// not animate.
open class CAGradientLayer: CALayer {
    /// Creates a gradient layer (inside a host call).
    public override init() { super.init() }

    /// init(layer:): a new gradient layer.
    public override init(layer: Any) { super.init(layer: layer) }


    override class func makeHostLayer() -> (HostLink, ah_layer)? {
        guard let link = HostLink.current, link.hasShapes else { return nil }
        var handle: ah_layer = 0
        guard link.check(link.table.gradient_layer_create(link.host, &handle), "CAGradientLayer()") else { return nil }
        return (link, handle)
    }

    /// The colors (CGColor or UIColor values; anything else is logged and left out).
    public var colors: [Any]? { didSet { send() } }
    /// Where each color sits along the axis, 0...1 (nil: evenly spread).
    public var locations: [NSNumber]? { didSet { send() } }
    /// Where the axis starts, in unit coordinates (default the top middle).
    public var startPoint = CGPoint(x: 0.5, y: 0) { didSet { send() } }
    /// Where it ends (default the bottom middle).
    public var endPoint = CGPoint(x: 0.5, y: 1) { didSet { send() } }
    /// The gradient's type (`.axial` by default, `.radial`, `.conic`).
    public var type = CAGradientLayerType.axial {
        didSet {
            guard link.hasEngine else { return }
            let kinds: [CAGradientLayerType: Int32] = [.axial: Int32(AH_GRADIENT_AXIAL), .radial: Int32(AH_GRADIENT_RADIAL),
                                                       .conic: Int32(AH_GRADIENT_CONIC)]
            guard let kind = kinds[type] else {
                link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "CAGradientLayer.type: unknown type \(type.rawValue)")
                return
            }
            link.check(link.table.layer_set_gradient_type(link.host, handle, ah_gradient_type(kind)), "CAGradientLayer.type")
        }
    }

    private func send() {
        guard link.hasShapes else { return }
        let given = colors ?? []
        var cColors: [ah_color] = []
        for value in given {
            guard let color = value as? UIColor else {
                link.table.log(link.host, ah_log_level(AH_LOG_ERROR),
                               "CAGradientLayer.colors: a \(Swift.type(of: value)) is not a color; left out")
                continue
            }
            cColors.append(ah_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
        }
        let start = ah_point(x: startPoint.x, y: startPoint.y), end = ah_point(x: endPoint.x, y: endPoint.y)
        if let locations = locations?.map(\.doubleValue), locations.count == cColors.count {
            link.check(link.table.layer_set_gradient(link.host, handle, cColors, locations, UInt32(cColors.count), start, end),
                       "CAGradientLayer")
        } else {
            link.check(link.table.layer_set_gradient(link.host, handle, cColors, nil, UInt32(cColors.count), start, end),
                       "CAGradientLayer")
        }
    }
}
