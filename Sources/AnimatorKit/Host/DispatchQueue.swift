import AnimatorABI

/// DispatchTime, on the host's clock: `.now() + 0.3` is 0.3 seconds of the transition's
/// time from now, never the wall clock, so a delayed step lands on the same frame on every
/// run.
public struct DispatchTime: Comparable, Sendable {
    /// Seconds on the host's clock.
    let seconds: Double

    /// Now, on the host's clock (0 outside a host call).
    public static func now() -> DispatchTime {
        guard let link = HostLink.current, link.hasEngine else { return DispatchTime(seconds: 0) }
        var now = 0.0
        _ = link.table.current_time(link.host, &now)
        return DispatchTime(seconds: now)
    }

    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds + seconds)
    }

    public static func < (a: DispatchTime, b: DispatchTime) -> Bool { a.seconds < b.seconds }
}

/// DispatchQueue.main, as animators use it: `async` and `asyncAfter` run the work on the
/// host thread as the host's clock passes the deadline (`host_after`), inside the host like
/// a completion. Importing Foundation or Dispatch as well makes the name ambiguous: write
/// `AnimatorKit.DispatchQueue` then.
public final class DispatchQueue {
    /// The main queue: the host thread (it holds nothing: every call goes to the host of
    /// the calling thread's current call).
    nonisolated(unsafe) public static let main = DispatchQueue()

    private init() {}

    /// async(execute:): after the current host step.
    public func async(execute work: @escaping () -> Void) {
        schedule(delay: 0, work)
    }

    /// asyncAfter(deadline:execute:).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void) {
        schedule(delay: max(deadline.seconds - DispatchTime.now().seconds, 0), work)
    }

    private func schedule(delay: Double, _ work: @escaping () -> Void) {
        HostTimer.after(delay, "DispatchQueue.main", work)
    }
}
