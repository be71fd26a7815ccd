import AnimatorABI
import Foundation

/// UIKit's UIApplication, as transition code reads it: the status bar's frame (the top of
/// the safe area, from the host's traits), the layout direction, the app's state, the
/// window (`keyWindow`, `windows`: ABI 1.11), and the names of its notifications.
public final class UIApplication {
    /// The app.
    nonisolated(unsafe) public static let shared = UIApplication()

    private init() {}

    /// The status bar's frame: the screen's width, the safe area's top (0 outside a host call).
    public var statusBarFrame: CGRect {
        guard let traits = HostTraits.read() else { return .zero }
        return CGRect(x: 0, y: 0, width: traits.screen_size.width, height: traits.safe_area_top)
    }

    /// Whether the status bar is hidden (never, here).
    public var isStatusBarHidden: Bool { false }

    /// The app's layout direction (the run's variant: `rtl`).
    public var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection {
        UITraitCollection.current.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
    }

    /// UIApplication.State.
    public enum State: Int, Sendable { case active, inactive, background }

    /// Active: a transition runs in the foreground.
    public var applicationState: State { .active }

    /// Kept for code that sets it.
    public var isIdleTimerDisabled = false

    // The app's notifications, by UIKit's names. A transition runs in an app that stays in
    // the foreground with one status bar: none of them is posted here, so observers added
    // for them (as menus and sheets add them to close on backgrounding) are never called.

    /// didEnterBackgroundNotification.
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// willEnterForegroundNotification.
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// didBecomeActiveNotification.
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// willResignActiveNotification.
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// willTerminateNotification.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// didReceiveMemoryWarningNotification.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    /// willChangeStatusBarFrameNotification.
    public static let willChangeStatusBarFrameNotification = Notification.Name("UIApplicationWillChangeStatusBarFrameNotification")
    /// didChangeStatusBarFrameNotification.
    public static let didChangeStatusBarFrameNotification = Notification.Name("UIApplicationDidChangeStatusBarFrameNotification")
}

/// UIKit's UIDevice.
public final class UIDevice {
    /// The device the app runs on (the run's variant: a phone, or a pad with `ipad`).
    nonisolated(unsafe) public static let current = UIDevice()

    private init() {}

    /// Phone or pad.
    public var userInterfaceIdiom: UIUserInterfaceIdiom { UITraitCollection.current.userInterfaceIdiom }
    /// "iPhone" or "iPad".
    public var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    /// The system's name.
    public var systemName: String { "iOS" }
    /// The system version the host's semantics follow.
    public var systemVersion: String { "17.0" }
    /// The device's name.
    public var name: String { model }

    /// UIDeviceOrientation.
    public enum Orientation: Int, Sendable {
        case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        /// Whether it is one of the landscapes.
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
        /// Whether it is one of the portraits.
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    }

    /// Portrait, or landscape (left) when the screen is wider than tall.
    public var orientation: Orientation {
        guard let traits = HostTraits.read() else { return .portrait }
        return traits.screen_size.width > traits.screen_size.height ? .landscapeLeft : .portrait
    }

    /// Kept: the host's devices send no orientation notifications.
    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}
}

/// UIKit's UIFeedbackGenerator: haptics. The host has no motor: each feedback is a line in
/// the host's log (debug level), so a test can see it was asked for.
open class UIFeedbackGenerator {
    public init() {}

    /// Kept (the motor would wake).
    open func prepare() {}

    func played(_ what: String) {
        guard let link = HostLink.current else { return }
        link.table.log(link.host, ah_log_level(AH_LOG_DEBUG), "haptic feedback: \(what)")
    }
}

/// UIImpactFeedbackGenerator.
open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// UIImpactFeedbackGenerator.FeedbackStyle.
    public enum FeedbackStyle: Int, Sendable { case light, medium, heavy, soft, rigid }

    private let style: FeedbackStyle

    /// A generator of `style` impacts.
    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    /// A medium one.
    public override convenience init() { self.init(style: .medium) }

    /// impactOccurred().
    open func impactOccurred() { played("impact (\(style))") }
    /// impactOccurred(intensity:).
    open func impactOccurred(intensity: CGFloat) { played("impact (\(style), intensity \(intensity))") }
}

/// UISelectionFeedbackGenerator.
open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    /// selectionChanged().
    open func selectionChanged() { played("selection changed") }
}

/// UINotificationFeedbackGenerator.
open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// UINotificationFeedbackGenerator.FeedbackType.
    public enum FeedbackType: Int, Sendable { case success, warning, error }
    /// notificationOccurred(_:).
    open func notificationOccurred(_ type: FeedbackType) { played("notification (\(type))") }
}
