import AnimatorABI

/// The context of one transition: UIKit's UIViewControllerContextTransitioning.
///
/// A thin handle: every property asks the host. After the transition has ended the host
/// answers "stale handle"; the properties then answer their neutral values.
public final class TransitionContext {
    let host: UnsafePointer<ah_host>
    /// The host's handle for this context.
    public let handle: ah_context

    init(host: UnsafePointer<ah_host>, handle: ah_context) {
        self.host = host
        self.handle = handle
    }

    /// The operation this transition performs.
    public var operation: Operations {
        var value: ah_operation = 0
        guard host.pointee.context_operation(host, handle, &value) == ah_status(AH_OK) else { return [] }
        return Operations(rawValue: value)
    }

    /// Whether the transition is animated.
    public var isAnimated: Bool {
        var value = false
        guard host.pointee.context_is_animated(host, handle, &value) == ah_status(AH_OK) else { return false }
        return value
    }

    /// Whether an interaction controller drives the transition.
    public var isInteractive: Bool {
        var value = false
        guard host.pointee.context_is_interactive(host, handle, &value) == ah_status(AH_OK) else { return false }
        return value
    }

    /// Writes a message to the host's log for this run.
    ///
    /// - Parameters:
    ///   - message: the text.
    ///   - level: its severity.
    public func log(_ message: String, level: ah_log_level = ah_log_level(AH_LOG_INFO)) {
        host.pointee.log(host, level, message)
    }
}
