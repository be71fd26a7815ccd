import AnimatorABI
import Glibc

/// The settings of the `UIView.beginAnimations` blocks open on this thread, innermost
/// last (UIKit keeps them per thread too: its main thread).
final class BeginAnimationsStack {
    struct Entry {
        var duration = 0.2
        var delay = 0.0
        var curve = UIView.AnimationCurve.easeInOut
        var autoreverses = false
        var beginsFromCurrentState = false
    }

    var entries: [Entry] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, { pointer in
            if let pointer { Unmanaged<BeginAnimationsStack>.fromOpaque(pointer).release() }
        })
        return key
    }()

    /// This thread's stack.
    static var current: BeginAnimationsStack {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<BeginAnimationsStack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = BeginAnimationsStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }
}

extension UIView {
    /// UIView.beginAnimations(_:context:), the animation API before blocks: changes of view
    /// properties until `commitAnimations()` animate then, with what the `setAnimation…`
    /// calls in between set (0.2 s on easeInOut by default). Nests. The animation id and
    /// context are not used (there are no selectors on Linux to pass them to).
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        guard let link = HostLink.current, link.hasEngine else { return }
        guard link.check(link.table.view_begin_animations(link.host), "UIView.beginAnimations") else { return }
        BeginAnimationsStack.current.entries.append(.init())
    }

    /// UIView.commitAnimations(): animates every view property changed since the matching
    /// `beginAnimations` from its value before the first change to its last one.
    public static func commitAnimations() {
        guard let link = HostLink.current, link.hasEngine else { return }
        let stack = BeginAnimationsStack.current
        guard let entry = stack.entries.popLast() else {
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR), "UIView.commitAnimations without beginAnimations")
            return
        }
        var options = UIView.AnimationOptions(rawValue: UInt(entry.curve.rawValue) << 16)
        if entry.autoreverses { options.insert(.autoreverse) }
        if entry.beginsFromCurrentState { options.insert(.beginFromCurrentState) }
        var settings = UIView.settings(entry.duration, entry.delay, options)
        link.check(link.table.view_commit_animations(link.host, &settings, nil, nil), "UIView.commitAnimations")
    }

    private static func changeOpenBlock(_ what: String, _ change: (inout BeginAnimationsStack.Entry) -> Void) {
        let stack = BeginAnimationsStack.current
        guard !stack.entries.isEmpty else {
            if let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING), "UIView.\(what) outside beginAnimations: ignored")
            }
            return
        }
        change(&stack.entries[stack.entries.count - 1])
    }

    /// UIView.setAnimationDuration(_:), between beginAnimations and commitAnimations.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        changeOpenBlock("setAnimationDuration") { $0.duration = max(duration, 0) }
    }

    /// UIView.setAnimationDelay(_:).
    public static func setAnimationDelay(_ delay: TimeInterval) {
        changeOpenBlock("setAnimationDelay") { $0.delay = max(delay, 0) }
    }

    /// UIView.setAnimationCurve(_:).
    public static func setAnimationCurve(_ curve: UIView.AnimationCurve) {
        changeOpenBlock("setAnimationCurve") { $0.curve = curve }
    }

    /// UIView.setAnimationRepeatAutoreverses(_:).
    public static func setAnimationRepeatAutoreverses(_ autoreverses: Bool) {
        changeOpenBlock("setAnimationRepeatAutoreverses") { $0.autoreverses = autoreverses }
    }

    /// UIView.setAnimationBeginsFromCurrentState(_:).
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        changeOpenBlock("setAnimationBeginsFromCurrentState") { $0.beginsFromCurrentState = fromCurrentState }
    }

    /// UIView.setAnimationRepeatCount(_:): not kept (the animation runs once); the host's log
    /// says so for a count other than 0.
    public static func setAnimationRepeatCount(_ repeatCount: Float) {
        changeOpenBlock("setAnimationRepeatCount") { _ in
            if repeatCount != 0, let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                               "UIView.setAnimationRepeatCount(\(repeatCount)) is not kept: the animation runs once")
            }
        }
    }
}
