import Foundation

/// Core Animation's CADisplayLink, on the host's clock: the screen refreshes 60 times a
/// second of the transition's time (at 0, 1/60, 2/60... s), and a link added to a run loop
/// calls its handler at each refresh (or every second or third for a lower
/// `preferredFramesPerSecond`), never on the wall clock.
///
/// Linux has no selectors: give the handler as a closure (`CADisplayLink { link in ... }`),
/// where iOS code writes `CADisplayLink(target: self, selector: #selector(step))`.
public final class CADisplayLink {
    /// The refresh rate of the host's screen.
    public static let refreshRate = 60

    private let handler: (CADisplayLink) -> Void
    private var added = false
    private var invalidated = false
    /// The refresh the pending callback is for; another pending callback is stale.
    private var pending: Int?

    /// A link calling `handler` at each refresh once added to a run loop.
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// A link calling `handler` with `target` (kept, as UIKit keeps its target).
    public convenience init<Target: AnyObject>(target: Target, handler: @escaping (Target) -> Void) {
        self.init { _ in handler(target) }
    }

    /// The time of the refresh being handled (the last one shown).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the next refresh, when the frame being prepared is shown.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between two refreshes of the screen.
    public var duration: CFTimeInterval { 1 / Double(Self.refreshRate) }

    /// Calls per second wanted; 0 (the default) is the screen's rate. The host rounds to a
    /// divisor of 60 (60, 30, 20, 15...).
    public var preferredFramesPerSecond: Int = 0
    /// iOS 15's range; its `preferred` (else its `maximum`) is used as preferredFramesPerSecond.
    public var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { preferredFramesPerSecond = Int((preferredFrameRateRange.preferred ?? preferredFrameRateRange.maximum).rounded()) }
    }

    /// Paused links keep their place in the run loop and are not called.
    public var isPaused = false {
        didSet { if !isPaused && oldValue { scheduleNext() } }
    }

    /// Starts the calls (the mode is not used: the host has one run loop).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !invalidated, !added else { return }
        added = true
        scheduleNext()
    }

    /// Stops the calls until added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        added = false
        pending = nil
    }

    /// Stops the calls for good and lets the handler go.
    public func invalidate() {
        invalidated = true
        added = false
        pending = nil
    }

    /// Refreshes between two calls.
    private var interval: Int {
        let wanted = preferredFramesPerSecond
        guard wanted > 0, wanted < Self.refreshRate else { return 1 }
        return max(Int((Double(Self.refreshRate) / Double(wanted)).rounded()), 1)
    }

    private func scheduleNext() {
        guard added, !invalidated, !isPaused, let now = HostTimer.now else { return }
        let rate = Double(Self.refreshRate)
        // The next refresh strictly after now (a rounding error's margin), on the interval.
        var refresh = Int((now * rate + 1e-6).rounded(.down)) + 1
        let step = interval
        if step > 1 { refresh = (refresh + step - 1) / step * step }
        pending = refresh
        HostTimer.after(Double(refresh) / rate - now, "CADisplayLink") { [self] in fire(refresh) }
    }

    private func fire(_ refresh: Int) {
        guard pending == refresh, added, !invalidated, !isPaused else { return }
        pending = nil
        let rate = Double(Self.refreshRate)
        timestamp = Double(refresh) / rate
        targetTimestamp = Double(refresh + 1) / rate
        handler(self)
        if pending == nil { scheduleNext() }
    }
}

/// iOS 15's CAFrameRateRange.
public struct CAFrameRateRange: Equatable, Sendable {
    /// The lowest rate wanted.
    public var minimum: Float
    /// The highest.
    public var maximum: Float
    /// The one preferred, if any.
    public var preferred: Float?

    /// A range.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The screen's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: nil)
}
