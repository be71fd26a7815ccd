import AnimatorEngine

/// UIKit's semantic colors in light and dark appearance, as the host's generated screens
/// and bars use them: `systemBackground`, the grouped backgrounds, the labels, separators,
/// `systemBlue`, `systemGreen`, and the bars' own color. The values are Apple's published
/// figures (translucent labels and separators as they look over their usual background).
public struct SystemPalette: Equatable, Sendable {
    /// systemBackground: a plain screen.
    public let background: UInt32
    /// systemGroupedBackground: behind grouped lists.
    public let groupedBackground: UInt32
    /// secondarySystemGroupedBackground: a grouped list's cells.
    public let cell: UInt32
    /// label.
    public let label: UInt32
    /// secondaryLabel.
    public let secondaryLabel: UInt32
    /// opaqueSeparator.
    public let separator: UInt32
    /// A disclosure chevron (tertiaryLabel).
    public let chevron: UInt32
    /// systemBlue.
    public let blue: UInt32
    /// systemGreen.
    public let green: UInt32
    /// A switch's track when off.
    public let switchOff: UInt32
    /// A navigation or tab bar's background.
    public let bar: UInt32
    /// An unselected tab item (systemGray).
    public let gray: UInt32

    /// The light appearance.
    public static let light = SystemPalette(background: 0xFFFFFF, groupedBackground: 0xF2F2F7, cell: 0xFFFFFF, label: 0x000000,
                                            secondaryLabel: 0x8A8A8E, separator: 0xC6C6C8, chevron: 0xC4C4C7,
                                            blue: 0x007AFF, green: 0x34C759, switchOff: 0xE9E9EA, bar: 0xF9F9F9,
                                            gray: 0x999999)
    /// The dark appearance.
    public static let dark = SystemPalette(background: 0x000000, groupedBackground: 0x000000, cell: 0x1C1C1E, label: 0xFFFFFF,
                                           secondaryLabel: 0x8D8D93, separator: 0x38383A, chevron: 0x5A5A5E,
                                           blue: 0x0A84FF, green: 0x30D158, switchOff: 0x39393D, bar: 0x161616,
                                           gray: 0x8E8E93)

    /// The palette of an appearance.
    public static func of(_ style: Traits.UserInterfaceStyle) -> SystemPalette { style == .dark ? .dark : .light }

    /// An opaque color from 0xRRGGBB.
    public static func color(_ rgb: UInt32) -> RGBAColor {
        RGBAColor(red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255,
                  blue: Double(rgb & 0xFF) / 255, alpha: 1)
    }
}
