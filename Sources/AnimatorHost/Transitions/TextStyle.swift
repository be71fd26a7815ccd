/// UIFont.TextStyle and its Dynamic Type sizes: the point size of each style at each
/// content size category, as Apple's Human Interface Guidelines list them (iOS, from extra
/// small to the fifth accessibility size; `large` is the default).
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// Points at each category, in `Traits.ContentSizeCategory`'s order.
    private var sizes: [Double] {
        switch self {
        case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The style's size at `category`.
    public func size(at category: Traits.ContentSizeCategory) -> Double {
        sizes[Traits.ContentSizeCategory.allCases.firstIndex(of: category)!]
    }

    /// The style's size at the default category (`large`).
    public var defaultSize: Double { size(at: .large) }

    /// `length` (laid out for the default size) grown or shrunk with the style's size at
    /// `category`: what a self-sizing line or cell takes. Exact at the default.
    public func scaled(_ length: Double, at category: Traits.ContentSizeCategory) -> Double {
        length * size(at: category) / defaultSize
    }
}
