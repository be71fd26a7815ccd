import AnimatorABI
import Foundation

/// UIStatusBarStyle: what the status bar is drawn in.
public enum UIStatusBarStyle: Int, Sendable {
    /// Dark content in a light appearance, light content in a dark one.
    case `default` = 0
    /// White, for dark backgrounds.
    case lightContent = 1
    /// Black, for light backgrounds.
    case darkContent = 3
}

/// UIStatusBarAnimation: how a change of the status bar shows (kept: the host shows it at once).
public enum UIStatusBarAnimation: Int, Sendable {
    case none, fade, slide
}

extension UIViewController {
    /// The style and visibility this view controller's status bar preference resolves to:
    /// its own, or its `childForStatusBarStyle`'s and `childForStatusBarHidden`'s.
    var resolvedStatusBar: (style: UIStatusBarStyle, hidden: Bool) {
        var styleSource = self, hiddenSource = self
        var hops = 0
        while let child = styleSource.childForStatusBarStyle, child !== styleSource, hops < 32 { styleSource = child; hops += 1 }
        hops = 0
        while let child = hiddenSource.childForStatusBarHidden, child !== hiddenSource, hops < 32 { hiddenSource = child; hops += 1 }
        return (styleSource.preferredStatusBarStyle, hiddenSource.prefersStatusBarHidden)
    }

    /// Tells the host what this screen wants of the status bar (screen_status_bar, ABI
    /// 1.12): when it is handed to the host, and at `setNeedsStatusBarAppearanceUpdate()`.
    func reportStatusBar() {
        guard let view = viewIfLoaded, view.layer.handle != 0 else { return }
        let link = view.layer.link
        let end = MemoryLayout<ah_host>.offset(of: \.screen_status_bar)! + MemoryLayout<UnsafeRawPointer?>.size
        guard link.hasEngine, link.table.abi.minor >= 12, Int(link.table.struct_size) >= end else { return }
        let (style, hidden) = resolvedStatusBar
        var flags: UInt32 = hidden ? UInt32(AH_STATUS_BAR_HIDDEN) : 0
        if modalPresentationCapturesStatusBarAppearance { flags |= UInt32(AH_STATUS_BAR_CAPTURES) }
        link.check(link.table.screen_status_bar(link.host, view.layer.handle, UInt32(style.rawValue), flags),
                   "setNeedsStatusBarAppearanceUpdate")
    }
}
