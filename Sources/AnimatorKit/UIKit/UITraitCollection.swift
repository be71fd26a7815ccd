import AnimatorABI

/// UIUserInterfaceStyle.
public enum UIUserInterfaceStyle: Int, Sendable {
    case unspecified = 0, light = 1, dark = 2
}

/// UITraitEnvironmentLayoutDirection.
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight = 0, rightToLeft = 1
}

/// UIUserInterfaceLayoutDirection: what `effectiveUserInterfaceLayoutDirection` answers.
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0, rightToLeft = 1
}

/// UIUserInterfaceIdiom.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1
}

/// UIContentSizeCategory: the text size the user chose, ordered smallest to largest.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    /// UIKit's name for it.
    public let rawValue: String
    /// A category by UIKit's name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// No preference (a trait collection that does not say).
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    /// xSmall (body 14 points).
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    /// Small (body 15).
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    /// Medium (body 16).
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    /// Large, the default (body 17).
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    /// xLarge (body 19).
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    /// xxLarge (body 21).
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    /// xxxLarge (body 23).
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    /// The first accessibility size (body 28).
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    /// The second accessibility size (body 33).
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    /// The third accessibility size (body 40).
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    /// The fourth accessibility size (body 47).
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    /// The largest accessibility size (body 53).
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// Smallest to largest, in the ABI's order (AH_CONTENT_SIZE_*).
    static let ordered: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Whether it is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { (Self.ordered.firstIndex(of: self) ?? 0) >= 7 }

    /// Whether `lhs` is the smaller text size.
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        (ordered.firstIndex(of: lhs) ?? -1) < (ordered.firstIndex(of: rhs) ?? -1)
    }
}

/// UIUserInterfaceSizeClass.
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0, compact = 1, regular = 2
}

/// UITraitCollection: the traits the app runs with, as the host tells them (a run's
/// `--variant`); UIKit's defaults outside a host call or on a host older than ABI 1.7.
public final class UITraitCollection: Sendable {
    /// Light or dark.
    public let userInterfaceStyle: UIUserInterfaceStyle
    /// Left-to-right or right-to-left.
    public let layoutDirection: UITraitEnvironmentLayoutDirection
    /// The text size.
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// The screen's pixels per point.
    public let displayScale: CGFloat
    /// Phone or pad.
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// horizontalSizeClass, as iOS gives it a full-screen app: regular on an iPad, and on
    /// an iPhone on its side whose long side is 896 points or more (the Plus and Max
    /// models); compact on other iPhones.
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// verticalSizeClass: compact on an iPhone on its side, regular otherwise.
    public let verticalSizeClass: UIUserInterfaceSizeClass

    init(_ traits: ah_traits?) {
        guard let traits else {
            userInterfaceStyle = .light
            layoutDirection = .leftToRight
            preferredContentSizeCategory = .large
            displayScale = 3
            userInterfaceIdiom = .phone
            horizontalSizeClass = .compact
            verticalSizeClass = .regular
            return
        }
        // The window's size (ABI 1.14; the screen's before): split view narrows it.
        let covers = Int(traits.struct_size) >= MemoryLayout<ah_traits>.offset(of: \.window_size)! + MemoryLayout<ah_size>.size
        let window = covers && traits.window_size.width > 0 ? traits.window_size : traits.screen_size
        (horizontalSizeClass, verticalSizeClass) = Self.sizeClasses(isPad: traits.is_pad, width: window.width,
                                                                    height: window.height)
        userInterfaceStyle = traits.user_interface_style == AH_USER_INTERFACE_STYLE_DARK ? .dark : .light
        layoutDirection = traits.layout_direction == AH_LAYOUT_DIRECTION_RIGHT_TO_LEFT ? .rightToLeft : .leftToRight
        let index = Int(traits.content_size_category)
        preferredContentSizeCategory = UIContentSizeCategory.ordered.indices.contains(index) ? UIContentSizeCategory.ordered[index] : .large
        displayScale = traits.display_scale
        userInterfaceIdiom = traits.is_pad ? .pad : .phone
    }

    /// These traits on a screen of `size` (a turn of the device changes the size classes).
    func turned(to size: CGSize) -> UITraitCollection {
        UITraitCollection(copying: self, screenSize: size)
    }

    private init(copying other: UITraitCollection, screenSize size: CGSize) {
        userInterfaceStyle = other.userInterfaceStyle
        layoutDirection = other.layoutDirection
        preferredContentSizeCategory = other.preferredContentSizeCategory
        displayScale = other.displayScale
        userInterfaceIdiom = other.userInterfaceIdiom
        (horizontalSizeClass, verticalSizeClass) = Self.sizeClasses(isPad: other.userInterfaceIdiom == .pad,
                                                                    width: Double(size.width), height: Double(size.height))
    }

    /// UIKit's size classes of an app's window: on an iPad regular tall, and regular wide
    /// from 678 points (the narrowest split view window iPadOS makes regular: half of a
    /// 12.9-inch iPad Pro on its side; half of a 10.5-inch one, 551, is compact), so a
    /// full-screen iPad is regular both ways; on an iPhone regular wide only on its side
    /// with a long side of 896 points or more, compact tall on its side.
    static func sizeClasses(isPad: Bool, width: Double, height: Double) -> (UIUserInterfaceSizeClass, UIUserInterfaceSizeClass) {
        if isPad { return (width >= 678 ? .regular : .compact, .regular) }
        let sideways = width > height
        return (sideways && width >= 896 ? .regular : .compact, sideways ? .compact : .regular)
    }

    /// Whether the size classes differ from `other`'s.
    func sizeClassesDiffer(from other: UITraitCollection) -> Bool {
        horizontalSizeClass != other.horizontalSizeClass || verticalSizeClass != other.verticalSizeClass
    }

    /// The traits of the current host call (UITraitCollection.current).
    public static var current: UITraitCollection { UITraitCollection(HostTraits.read()) }
}

/// UIAccessibility's settings a transition looks at.
public enum UIAccessibility {
    /// Reduce Motion.
    public static var isReduceMotionEnabled: Bool { HostTraits.read()?.reduce_motion ?? false }
    /// Prefer Cross-Fade Transitions (on with Reduce Motion).
    public static var prefersCrossFadeTransitions: Bool { HostTraits.read()?.prefers_cross_fade_transitions ?? false }
    /// VoiceOver (never running in the host).
    public static var isVoiceOverRunning: Bool { false }
    /// Reduce Transparency (off: the host has no such trait).
    public static var isReduceTransparencyEnabled: Bool { false }
}

extension UIView {
    /// The traits of the app (the host's, for every view).
    public var traitCollection: UITraitCollection { .current }

    /// The layout direction the view's content follows.
    public var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }
}

extension UIViewController {
    /// The traits of the app.
    public var traitCollection: UITraitCollection { .current }
}

/// Reads the host's traits (host_traits, ABI 1.7).
enum HostTraits {
    /// The traits, or nil outside a host call or on an older host.
    static func read() -> ah_traits? {
        guard let link = HostLink.current, link.hasTraits else { return nil }
        var traits = ah_traits()
        traits.struct_size = UInt32(MemoryLayout<ah_traits>.size)
        guard link.check(link.table.host_traits(link.host, &traits), "traitCollection") else { return nil }
        return traits
    }
}
