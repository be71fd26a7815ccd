import AnimatorABI
import Foundation

/// UIScene: a connected scene of the app (here, the one window scene).
open class UIScene: NSObject {
    /// UIScene.ActivationState.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive = 1, background = 2
    }

    /// activationState: a transition runs in the foreground.
    public var activationState: ActivationState { .foregroundActive }
    /// title: the scene's title (none).
    public var title: String? { nil }
}

/// UIWindowScene: the scene the host's one window is in, as transition code reads it (the
/// status bar's frame, the windows, the orientation, the screen). Every answer is the
/// current run's (outside a host call, the host's defaults or nothing).
public final class UIWindowScene: UIScene {
    /// The one scene.
    nonisolated(unsafe) static let shared = UIWindowScene()

    private override init() {}

    /// windows: the scene's windows: the host's window, or none outside a host call.
    public var windows: [UIWindow] { UIApplication.shared.windows }
    /// keyWindow (iOS 15): the window.
    public var keyWindow: UIWindow? { UIApplication.shared.keyWindow }
    /// screen: the main screen.
    public var screen: UIScreen { UIScreen.main }
    /// statusBarManager: the status bar's frame and visibility.
    public var statusBarManager: UIStatusBarManager? { UIStatusBarManager() }
    /// interfaceOrientation: portrait when the run's screen (its traits) is at least as tall
    /// as it is wide, else landscape (the home indicator on the right).
    public var interfaceOrientation: UIInterfaceOrientation {
        let size = HostTraits.read().map { CGSize(width: $0.screen_size.width, height: $0.screen_size.height) }
            ?? UIScreen.main.bounds.size
        return size.height >= size.width ? .portrait : .landscapeRight
    }
    /// traitCollection: the run's traits.
    public var traitCollection: UITraitCollection { UITraitCollection.current }
}

/// UIStatusBarManager: where the status bar is.
public final class UIStatusBarManager {
    /// statusBarFrame: the screen's width by the safe area's top (zero outside a host call).
    public var statusBarFrame: CGRect { UIApplication.shared.statusBarFrame }
    /// isStatusBarHidden: the bar is shown.
    public var isStatusBarHidden: Bool { false }
}

/// UIInterfaceOrientation.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait = 1, portraitUpsideDown = 2, landscapeLeft = 4, landscapeRight = 3

    /// isPortrait.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// isLandscape.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

extension UIWindow {
    /// windowScene: the app's window scene.
    public var windowScene: UIWindowScene? { UIWindowScene.shared }

    /// rootViewController: the view controller whose view is the window's first (the app's
    /// root screen: its navigation or tab bar controller, or the screen itself), the one
    /// UIKit code walks `presentedViewController` from. The host owns the window: setting
    /// it changes nothing and says so in the host's log.
    public var rootViewController: UIViewController? {
        get {
            guard let root = subviews.first else { return nil }
            return UIViewController.object(for: root)
        }
        set {
            let link = layer.link
            guard link.hasEngine else { return }
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "UIWindow.rootViewController: the window is the host's (its screens come from the run); "
                           + "\(newValue?.title ?? "the view controller") was not made its root")
        }
    }
}

extension UIApplication {
    /// connectedScenes: the one window scene.
    public var connectedScenes: Set<UIScene> { [UIWindowScene.shared] }
}
