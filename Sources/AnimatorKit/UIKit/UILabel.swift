import AnimatorABI

/// UIFont, as the host draws text: the system font at a size and a weight (regular,
/// semibold or bold; lighter weights draw regular, heavier ones bold).
public struct UIFont: Equatable, Sendable {
    /// UIFont.Weight.
    public struct Weight: Equatable, Hashable, Sendable, RawRepresentable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// The point size.
    public let pointSize: CGFloat
    /// The weight asked for.
    public let weight: Weight

    /// UIFont.systemFont(ofSize:weight:).
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight)
    }

    /// UIFont.boldSystemFont(ofSize:).
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, weight: .bold) }

    /// The host's weight: semibold from medium up to it, bold from bold on.
    var hostWeight: ah_font_weight {
        weight.rawValue >= Weight.bold.rawValue ? ah_font_weight(AH_FONT_BOLD)
            : weight.rawValue >= Weight.medium.rawValue ? ah_font_weight(AH_FONT_SEMIBOLD) : ah_font_weight(AH_FONT_REGULAR)
    }
}

/// NSTextAlignment (natural and justified lay out as left).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// UILabel: a view showing a line (or lines) of text in the system font, laid out as
/// UIKit lays it out in its bounds. Text does not animate: a change shows at once.
open class UILabel: UIView {
    /// The text (nil: none).
    public var text: String? { didSet { send() } }
    /// The text color (default black).
    public var textColor: UIColor! = .black { didSet { send() } }
    /// The font (default the system font at 17 points).
    public var font: UIFont! = .systemFont(ofSize: 17) { didSet { send() } }
    /// The alignment (default natural: left).
    public var textAlignment: NSTextAlignment = .natural { didSet { send() } }
    /// numberOfLines: 1 by default; 0 as many as fit.
    public var numberOfLines: Int = 1 { didSet { send() } }

    private func send() {
        guard link.hasEngine else { return }
        guard let text else {
            link.check(link.table.layer_set_text(link.host, layer.handle, nil, nil), "UILabel.text")
            return
        }
        let color = textColor ?? .black, font = self.font ?? .systemFont(ofSize: 17)
        let alignment: Int32 = textAlignment == .center ? Int32(AH_TEXT_CENTER) : textAlignment == .right ? Int32(AH_TEXT_RIGHT)
            : Int32(AH_TEXT_LEFT)
        var style = ah_text_style()
        style.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        style.struct_size = UInt32(MemoryLayout<ah_text_style>.size)
        style.color = ah_color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        style.size = font.pointSize
        style.weight = font.hostWeight
        style.alignment = ah_text_alignment(alignment)
        style.lines = UInt32(max(numberOfLines, 0))
        link.check(link.table.layer_set_text(link.host, layer.handle, text, &style), "UILabel.text")
    }
}
