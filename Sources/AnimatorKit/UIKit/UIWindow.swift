import AnimatorABI

/// UIWindow: the screen's root view, where the app's screens and every transition's
/// container live (one window; the host's). A view's `window` is it while the view is in
/// its tree and nil otherwise, as presentation controllers check before they set up
/// (`guard let window = containerView.window`). On hosts before ABI 1.11, nil.
open class UIWindow: UIView {
    /// isKeyWindow: the one window is the key window.
    public var isKeyWindow: Bool { true }

    /// The window's handle, or 0 when the host has none or does not say (before 1.11).
    static func handle(_ link: HostLink, of view: ah_layer = AH_NULL_HANDLE) -> ah_layer {
        guard link.hasWindow else { return AH_NULL_HANDLE }
        var window: ah_layer = AH_NULL_HANDLE
        guard link.table.view_window(link.host, view, &window) == ah_status(AH_OK) else { return AH_NULL_HANDLE }
        return window
    }
}

extension UIView {
    /// window: the window this view is in, or nil when it is not in the window's tree.
    public var window: UIWindow? {
        // A view made outside a host call is in no window.
        guard layer.handle != 0 else { return nil }
        let window = UIWindow.handle(link, of: layer.handle)
        guard window != AH_NULL_HANDLE else { return nil }
        return UIView.wrapping(window, host: link.host) as? UIWindow
    }
}

extension UIApplication {
    /// keyWindow: the window (nil outside a host call, or on hosts before ABI 1.11).
    public var keyWindow: UIWindow? {
        guard let link = HostLink.current else { return nil }
        let window = UIWindow.handle(link)
        guard window != AH_NULL_HANDLE else { return nil }
        return UIView.wrapping(window, host: link.host) as? UIWindow
    }

    /// windows: the app's windows: the one window, or none.
    public var windows: [UIWindow] { keyWindow.map { [$0] } ?? [] }
}
