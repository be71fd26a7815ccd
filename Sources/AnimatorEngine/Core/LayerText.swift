/// The text a layer shows, as a UILabel would: drawn by the renderers with a TrueType
/// font found on the system (`FontLibrary`), or their built-in bitmap font when there is
/// none, centred vertically in the layer's bounds.
public struct LayerText: Hashable, Sendable {
    /// How the lines sit horizontally in the bounds (NSTextAlignment).
    public enum Alignment: String, Sendable {
        case left, center, right
    }

    /// The font's weight (UIFont.Weight's regular, semibold and bold).
    public enum Weight: String, Sendable, CaseIterable {
        case regular, semibold, bold
    }

    /// The text.
    public var string: String
    /// The text's color.
    public var color: RGBAColor
    /// The font's point size (UIFont.pointSize: the em, not the height of a capital).
    public var size: Double
    /// The font's weight.
    public var weight: Weight
    /// The horizontal alignment.
    public var alignment: Alignment
    /// UILabel's numberOfLines: 1 draws one line, cut with an ellipsis when it is too
    /// long; 0 wraps at spaces into as many lines as the bounds hold; n wraps into at most
    /// n lines, the last one cut with an ellipsis.
    public var lines: Int

    /// Creates a label's text.
    public init(_ string: String, color: RGBAColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1),
                size: Double = 17, weight: Weight = .regular, alignment: Alignment = .center, lines: Int = 1) {
        self.string = string
        self.color = color
        self.size = size
        self.weight = weight
        self.alignment = alignment
        self.lines = max(lines, 0)
    }
}
