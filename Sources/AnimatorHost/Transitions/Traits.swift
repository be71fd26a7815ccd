import AnimatorEngine
import AnimatorSupport

/// What UIKit tells an app about where it runs: the traits of its trait collection
/// (`userInterfaceStyle`, `layoutDirection`, `preferredContentSizeCategory`,
/// `displayScale`), the accessibility settings a transition looks at (Reduce Motion, with
/// its Prefer Cross-Fade Transitions), and the device: its screen in points, its safe area
/// and the radius of its corners, in an orientation. A run has one (`--variant`); the
/// system transitions follow it as UIKit's do.
public struct Traits: Equatable, Sendable {
    /// `UIUserInterfaceStyle`.
    public enum UserInterfaceStyle: String, Sendable, CaseIterable {
        case light, dark
    }

    /// `UITraitEnvironmentLayoutDirection`.
    public enum LayoutDirection: String, Sendable, CaseIterable {
        case leftToRight, rightToLeft
    }

    /// `UIContentSizeCategory`, smallest to largest; `large` is the default.
    public enum ContentSizeCategory: String, Sendable, CaseIterable {
        case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
        case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge
        case accessibilityExtraExtraExtraLarge

        /// The short name `--variant` takes: xs, s, m, l, xl, xxl, xxxl, ax1 ... ax5.
        public var shortName: String {
            ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"][Self.allCases.firstIndex(of: self)!]
        }

        /// Whether it is one of the accessibility sizes.
        public var isAccessibilityCategory: Bool { Self.allCases.firstIndex(of: self)! >= 7 }
    }

    /// `UIDeviceOrientation`, as far as a screen's shape goes.
    public enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape
    }

    /// Light or dark.
    public var userInterfaceStyle = UserInterfaceStyle.light
    /// Left-to-right or right-to-left.
    public var layoutDirection = LayoutDirection.leftToRight
    /// The text size the user chose.
    public var contentSizeCategory = ContentSizeCategory.large
    /// `UIAccessibility.isReduceMotionEnabled`; with it, UIKit's push and pop cross-fade
    /// (`UIAccessibility.prefersCrossFadeTransitions`, the setting iOS offers beside it).
    public var reduceMotion = false
    /// The device.
    public var device = Device.iPhone
    /// How it is held.
    public var orientation = Orientation.portrait
    /// On an iPad, the share of the screen split view gives the app (nil: the whole screen).
    public var split: SplitShare?

    /// The defaults: light, left-to-right, large text, motion as usual, an iPhone upright.
    public init() {}

    /// The screen in points, as held.
    public var screenSize: Size {
        orientation == .portrait ? device.portraitSize : Size(width: device.portraitSize.height, height: device.portraitSize.width)
    }

    /// The app's window in points: the screen as held, or the part split view gives it
    /// (the screen's height, `split`'s width).
    public var windowSize: Size {
        let screen = screenSize
        guard let split, device.isPad else { return screen }
        return Size(width: split.width(onScreenWidth: screen.width), height: screen.height)
    }

    /// The safe area's insets in points, as held.
    public var safeArea: EdgeInsets { orientation == .portrait ? device.portraitSafeArea : device.landscapeSafeArea }

    /// `UIAccessibility.prefersCrossFadeTransitions`: on with Reduce Motion.
    public var prefersCrossFadeTransitions: Bool { reduceMotion }

    /// The words of a `--variant` value, comma-separated, in any order, each at most once
    /// per kind: `light`/`dark`, `ltr`/`rtl`, `reduce-motion`, `text-xs` ... `text-xxxl`,
    /// `text-ax1` ... `text-ax5`, a device (`iphone-se`, `iphone`, `iphone-pro-max`,
    /// `ipad`), `portrait`/`landscape`, and with `ipad` a split view share (`split-third`,
    /// `split-half`, `split-two-thirds`). Empty: the defaults.
    ///
    /// - Throws: `VariantError` naming the word that is not one, or two words of a kind.
    public init(variant: String) throws(VariantError) {
        self.init()
        var seen: [String: String] = [:]
        func once(_ kind: String, _ word: String) throws(VariantError) {
            if let earlier = seen[kind] { throw VariantError("'\(earlier)' and '\(word)' both set the \(kind)") }
            seen[kind] = word
        }
        for part in variant.split(separator: ",", omittingEmptySubsequences: false) {
            let word = String(part.trimmingSpaces).lowercased()
            if word.isEmpty {
                if variant.isEmpty { break }
                throw VariantError("an empty word in '\(variant)'")
            }
            if let style = UserInterfaceStyle(rawValue: word) {
                try once("appearance", word)
                userInterfaceStyle = style
            } else if word == "ltr" || word == "rtl" {
                try once("layout direction", word)
                layoutDirection = word == "rtl" ? .rightToLeft : .leftToRight
            } else if word == "reduce-motion" {
                try once("motion", word)
                reduceMotion = true
            } else if word.hasPrefix("text-"), let category = ContentSizeCategory.allCases.first(where: { "text-" + $0.shortName == word }) {
                try once("text size", word)
                contentSizeCategory = category
            } else if let device = Device.presets.first(where: { $0.name == word }) {
                try once("device", word)
                self.device = device
            } else if let orientation = Orientation(rawValue: word) {
                try once("orientation", word)
                self.orientation = orientation
            } else if word.hasPrefix("split-"), let share = SplitShare(rawValue: String(word.dropFirst(6))) {
                try once("split view share", word)
                split = share
            } else {
                throw VariantError("'\(word)' is not a variant word (" + Self.words.joined(separator: ", ") + ")"
                                   + Suggestion.hint(word, among: Self.wordsSpelledOut))
            }
        }
        if let split, !device.isPad {
            throw VariantError("'split-\(split.rawValue)' needs an iPad: split view is iPadOS's (add ipad)")
        }
    }

    /// Every word `init(variant:)` takes, grouped as in messages.
    public static let words = ["light", "dark", "ltr", "rtl", "reduce-motion", "text-xs ... text-xxxl", "text-ax1 ... text-ax5"]
        + Device.presets.map(\.name) + ["portrait", "landscape"] + SplitShare.allCases.map { "split-" + $0.rawValue }

    private static let wordsSpelledOut = ["light", "dark", "ltr", "rtl", "reduce-motion", "portrait", "landscape"]
        + SplitShare.allCases.map { "split-" + $0.rawValue }
        + ContentSizeCategory.allCases.map { "text-" + $0.shortName } + Device.presets.map(\.name)

    /// The words that say how it differs from the defaults, in a fixed order: what
    /// `init(variant:)` reads back as the same traits ("" for the defaults).
    public var variant: String {
        var words: [String] = []
        if userInterfaceStyle == .dark { words.append("dark") }
        if layoutDirection == .rightToLeft { words.append("rtl") }
        if reduceMotion { words.append("reduce-motion") }
        if contentSizeCategory != .large { words.append("text-" + contentSizeCategory.shortName) }
        if device != .iPhone { words.append(device.name) }
        if orientation == .landscape { words.append("landscape") }
        if let split { words.append("split-" + split.rawValue) }
        return words.joined(separator: ",")
    }
}

/// A `--variant` value that is not one, in one line.
public struct VariantError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    /// Creates the error.
    public init(_ description: String) { self.description = description }
}
