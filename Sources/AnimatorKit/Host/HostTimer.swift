import AnimatorABI

/// Work run on the host's clock (`host_after`): what DispatchQueue.main, CADisplayLink and
/// UIDynamicAnimator schedule.
enum HostTimer {
    /// The host's time now; nil outside a host call (or before the engine batch).
    static var now: Double? {
        guard let link = HostLink.current, link.hasEngine else { return nil }
        var now = 0.0
        return link.table.current_time(link.host, &now) == ah_status(AH_OK) ? now : nil
    }

    /// Runs `work` on the host thread once the clock has advanced `delay` seconds (0: after
    /// the current step). False outside a host call, or when the host refused.
    @discardableResult
    static func after(_ delay: Double, _ what: String, _ work: @escaping () -> Void) -> Bool {
        guard let link = HostLink.current, link.hasEngine else { return false }
        let box = CallbackBox(host: link.host, block: work)
        let pointer = box.retained()
        guard link.check(link.table.host_after(link.host, max(delay, 0), CallbackBox.runBlockOnce, pointer), what) else {
            CallbackBox.release(pointer)
            return false
        }
        return true
    }
}
