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
