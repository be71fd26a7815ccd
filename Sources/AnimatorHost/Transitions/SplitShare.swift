import AnimatorEngine

/// iPad split view: the share of the screen the app's window has beside another app's,
/// as iPadOS sizes it: a third is 320 points wide (375 on screens 1366 points wide or
/// more), two thirds the rest of the screen beyond a 10-point divider, a half the screen
/// less the divider, halved. On a 1024-point screen (a 9.7-inch iPad on its side) that is
/// 320, 507 and 694; on a 1366-point one (a 12.9-inch iPad Pro), 375, 678 and 981.
public enum SplitShare: String, Sendable, CaseIterable {
    case third
    case half
    case twoThirds = "two-thirds"

    /// The divider between the two apps, in points.
    public static let dividerWidth = 10.0

    /// The window's width on a screen `screenWidth` points wide as held.
    public func width(onScreenWidth screenWidth: Double) -> Double {
        let third = screenWidth >= 1366 ? 375.0 : 320.0
        switch self {
        case .third: return third
        case .half: return ((screenWidth - Self.dividerWidth) / 2).rounded(.down)
        case .twoThirds: return screenWidth - Self.dividerWidth - third
        }
    }
}
