import AnimatorABI
import Glibc

/// The tap being handled on this thread, while the host delivers one (`animator-host run
/// --tap X,Y`): the calls UIKit code makes in a tap handler (present, dismiss, push, pop,
/// selecting a tab) reach the host through it, and their completions wait in it for the
/// transition's end.
final class TapScope {
    let host: UnsafePointer<ah_host>
    /// The completions of the transitions asked for, run when the transition ends.
    private(set) var completions: [() -> Void] = []

    init(host: UnsafePointer<ah_host>) {
        self.host = host
    }

    private static let slot = ThreadSlot<TapScope>()

    /// The tap being handled on this thread, if any.
    static var current: TapScope? { slot.current }

    /// Runs `body` with this scope current.
    func with<R>(_ body: () -> R) -> R { Self.slot.with(self, body) }

    /// Asks the host for a transition (screen_show, ABI 1.9); false (logged) when it refused.
    @discardableResult
    func request(_ operation: UInt32, source: UIView, screen: UIViewController? = nil,
                 style: UIModalPresentationStyle = .fullScreen, animated: Bool, tabIndex: Int = 0,
                 completion: (() -> Void)?) -> Bool {
        let link = HostLink(host: host)
        guard link.hasEngine, link.table.abi.minor >= 9 else {
            link.table.log(host, ah_log_level(AH_LOG_WARNING), "this host (ABI before 1.9) starts no transition from a tap")
            return false
        }
        var request = ah_screen_request()
        request.abi = currentABI
        request.struct_size = UInt32(MemoryLayout<ah_screen_request>.size)
        request.operation = operation
        request.source = source.layer.handle
        request.animated = animated
        request.tab_index = UInt32(max(tabIndex, 0))
        // iOS 13 and later resolve .automatic to the page sheet.
        let resolved: UIModalPresentationStyle = style == .automatic ? .pageSheet : style
        request.presentation_style = UInt32(max(resolved.rawValue, 0))
        var title: UnsafeMutablePointer<CChar>?
        defer { free(title) }
        if let screen {
            guard let view = screen.view else { return false }
            UIViewController.keep(screen, for: view)
            screen.reportStatusBar()
            screen.reportOrientations()
            request.screen = view.layer.handle
            if let text = screen.barTitle { title = strdup(text) }
            request.title = UnsafePointer(title)
        }
        guard link.check(link.table.screen_show(host, &request), "screen_show") else { return false }
        if let completion { completions.append(completion) }
        return true
    }
}

extension UIView {
    /// Delivers a tap at `windowPoint` to this view (the hit-tested one) and then to its
    /// superviews, up to `last`: a control sends its tap actions, or a tap recognizer
    /// recognizes it; the first that takes it ends the walk.
    ///
    /// - Returns: whether one recognized it.
    func deliverTap(atWindowPoint windowPoint: CGPoint, upTo last: UIView? = nil) -> Bool {
        var cursor: UIView? = self
        while let current = cursor {
            // A control (a button) takes the tap itself, as UIKit's touch handling gives it.
            if let control = current as? UIControl, control.takeTap() { return true }
            let local = current.convert(windowPoint, from: nil)
            for case let recognizer as UITapGestureRecognizer in current.gestureRecognizerList
            where recognizer.recognizeTap(at: local, in: current) {
                return true
            }
            // A table or collection view selects the row or item under the finger, once the
            // recognizers of the views in its cells had their turn.
            if let table = current as? UITableView, table.takeTap(atWindowPoint: windowPoint) { return true }
            if let collection = current as? UICollectionView, collection.takeTap(atWindowPoint: windowPoint) { return true }
            if current === last { break }
            cursor = current.superview
        }
        return false
    }
}
