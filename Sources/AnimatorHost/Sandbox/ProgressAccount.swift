/// The host's account of a child's progress, kept from what the kernel says of the
/// child's processes (the CPU time they used; whether a thread was running or waiting for a
/// processor, or asleep) and from the whole messages the host read. Pure value code:
/// `PluginSandbox` feeds it readings, tests feed it numbers.
///
/// - Time spent waiting for a processor counts for nothing, so a loaded machine slows the
///   account down exactly as much as it slows the child.
/// - CPU time counts until the call page moves (a call entered or left, a frame): an
///   endless loop is caught, a long computation that enters and leaves calls is not.
/// - Time asleep (on a lock, a pipe, a timer) counts until a whole message arrives. The
///   call page lives in the child's memory, where a plugin can move it; a sleeping plugin
///   that moves it is still asleep. Bytes that do not make a whole message count for
///   nothing either, and a message begun has its own deadline.
public struct ProgressAccount: Equatable, Sendable {
    /// CPU seconds since the call page last moved or a message arrived.
    public private(set) var cpuSinceProgress = 0.0
    /// Seconds asleep since the last whole message.
    public private(set) var asleepSinceMessage = 0.0
    /// Seconds (CPU or asleep) a message has been begun and not ended; 0 when none is.
    public private(set) var partialMessage = 0.0
    /// Wall-clock seconds since the last progress, for the last-resort bound.
    public private(set) var wallSinceProgress = 0.0

    /// Why the child is to be stopped.
    public enum Verdict: Equatable, Sendable {
        /// No progress within this many seconds (the allowance that ran out).
        case noProgress(Double)
        /// A message begun and not finished within this many seconds.
        case partialMessage(Double)
    }

    /// An empty account.
    public init() {}

    /// Adds `wall` seconds in which the child used `cpu` seconds of CPU and, as last seen,
    /// had a thread running or waiting for a processor (`runnable`) or none (asleep);
    /// `partial` says whether a message was begun and not ended.
    public mutating func advance(wall: Double, cpu: Double, runnable: Bool, partial: Bool) {
        let wall = max(0, wall), cpu = max(0, cpu)
        let asleep = runnable ? 0 : wall
        cpuSinceProgress += cpu
        asleepSinceMessage += asleep
        partialMessage = partial ? partialMessage + cpu + asleep : 0
        wallSinceProgress += wall
    }

    /// Adds `wall` seconds for which no reading could be made: counted as CPU time, so
    /// that a loop is still caught.
    public mutating func advanceUnread(wall: Double, partial: Bool) {
        advance(wall: wall, cpu: wall, runnable: true, partial: partial)
    }

    /// The call page moved: a call entered or left, or a frame.
    public mutating func callProgress() {
        cpuSinceProgress = 0
        wallSinceProgress = 0
    }

    /// A whole message arrived.
    public mutating func messageArrived() {
        callProgress()
        asleepSinceMessage = 0
    }

    /// Whether to stop the child. The allowance is `timeout` inside a plugin call and at
    /// least `hostWork` between calls (the host's own code in the child); it applies to CPU
    /// time without progress and to time asleep without a message. A message half sent has
    /// `timeout`; and whatever the readings say, `wallFactor` times the allowance of wall-clock
    /// time without progress ends it.
    public func verdict(insideCall: Bool, timeout: Double, hostWork: Double, wallFactor: Double = 30) -> Verdict? {
        let allowance = insideCall ? timeout : max(timeout, hostWork)
        if cpuSinceProgress > allowance || asleepSinceMessage > allowance { return .noProgress(allowance) }
        if partialMessage > timeout { return .partialMessage(timeout) }
        if wallSinceProgress > allowance * wallFactor { return .noProgress(allowance * wallFactor) }
        return nil
    }
}
