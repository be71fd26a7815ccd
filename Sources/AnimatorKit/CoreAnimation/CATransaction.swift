import AnimatorABI

/// CATransaction, for the current host.
public enum CATransaction {
    private static func call(_ what: String, _ body: (HostLink) -> ah_status) {
        guard let link = HostLink.current, link.hasEngine else { return }
        link.check(body(link), what)
    }

    /// CATransaction.begin().
    public static func begin() { call("CATransaction.begin") { $0.table.transaction_begin($0.host) } }

    /// CATransaction.commit().
    public static func commit() { call("CATransaction.commit") { $0.table.transaction_commit($0.host) } }

    /// CATransaction.setAnimationDuration(_:).
    public static func setAnimationDuration(_ duration: CGFloat) {
        call("CATransaction.setAnimationDuration") { $0.table.transaction_set_duration($0.host, duration) }
    }

    /// CATransaction.setAnimationTimingFunction(_:).
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        call("CATransaction.setAnimationTimingFunction") { link in
            guard var c = function?.c else { return link.table.transaction_set_timing_function(link.host, nil) }
            return link.table.transaction_set_timing_function(link.host, &c)
        }
    }

    /// CATransaction.setDisableActions(_:).
    public static func setDisableActions(_ disable: Bool) {
        call("CATransaction.setDisableActions") { $0.table.transaction_set_disable_actions($0.host, disable) }
    }

    /// CATransaction.animationDuration(): the current transaction's (0.25 s unless set).
    public static func animationDuration() -> CFTimeInterval {
        guard let link = HostLink.current, link.hasEngine else { return 0.25 }
        var duration = 0.25
        link.check(link.table.transaction_get_duration(link.host, &duration), "CATransaction.animationDuration")
        return duration
    }

    /// CATransaction.animationTimingFunction(): the current transaction's, nil when none is set.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        guard let link = HostLink.current, link.hasEngine else { return nil }
        var c = ah_timing_function()
        guard link.check(link.table.transaction_get_timing_function(link.host, &c), "CATransaction.animationTimingFunction"),
              Int(c.kind) != AH_TIMING_DEFAULT else { return nil }
        return CAMediaTimingFunction(c: c)
    }

    /// CATransaction.disableActions().
    public static func disableActions() -> Bool {
        guard let link = HostLink.current, link.hasEngine else { return false }
        var disabled = false
        link.check(link.table.transaction_get_disable_actions(link.host, &disabled), "CATransaction.disableActions")
        return disabled
    }

    /// CATransaction.setCompletionBlock(_:).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        call("CATransaction.setCompletionBlock") { link in
            guard let block else { return link.table.transaction_set_completion(link.host, nil, nil) }
            let box = CallbackBox(host: link.host, block: block)
            return link.table.transaction_set_completion(link.host, CallbackBox.runBlockOnce, box.retained())
        }
    }
}
