import AnimatorABI

/// What a screen wants of the status bar: UIViewController's `preferredStatusBarStyle`,
/// `prefersStatusBarHidden` and `modalPresentationCapturesStatusBarAppearance`, as a
/// library tells it (`screen_status_bar`, ABI 1.12).
public struct StatusBarPreference: Equatable, Sendable {
    /// UIStatusBarStyle.
    public enum Style: UInt32, Sendable {
        /// Dark content in a light appearance, light in a dark one.
        case `default` = 0
        /// White.
        case lightContent = 1
        /// Black.
        case darkContent = 3
    }

    /// The style.
    public var style: Style
    /// Whether the bar is hidden.
    public var isHidden: Bool
    /// Whether, presented other than full screen, the screen still decides.
    public var capturesWhenPresented: Bool

    /// A preference.
    public init(style: Style = .default, isHidden: Bool = false, capturesWhenPresented: Bool = false) {
        self.style = style
        self.isHidden = isHidden
        self.capturesWhenPresented = capturesWhenPresented
    }

    /// The flags every ABI value may carry.
    static let knownFlags = UInt32(AH_STATUS_BAR_HIDDEN) | UInt32(AH_STATUS_BAR_CAPTURES)
}
