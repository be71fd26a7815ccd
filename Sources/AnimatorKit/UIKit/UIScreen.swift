import AnimatorABI

/// UIScreen: the screen the host's transitions run on. `UIScreen.main.bounds` is the run's
/// window as the interface is held now (it changes when the device turns; the host's
/// default, 390 × 844 points, outside a run); `scale` is the device's pixels per point.
public final class UIScreen {
    /// The main screen.
    public static var main: UIScreen { UIScreen() }

    private let metrics: (bounds: CGRect, scale: CGFloat)

    private init() {
        var rect = ah_rect(origin: ah_point(x: 0, y: 0), size: ah_size(width: 390, height: 844))
        var scale = 3.0
        if let link = HostLink.current, link.hasEngine {
            link.check(link.table.screen_bounds(link.host, &rect, &scale), "UIScreen.main")
        }
        metrics = (CGRect(rect), scale)
    }

    /// The screen's bounds, in points.
    public var bounds: CGRect { metrics.bounds }
    /// Pixels per point.
    public var scale: CGFloat { metrics.scale }
    /// Pixels per point of the panel (the same here).
    public var nativeScale: CGFloat { metrics.scale }
    /// The bounds in pixels.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: metrics.bounds.size.width * metrics.scale, height: metrics.bounds.size.height * metrics.scale)
    }
}
