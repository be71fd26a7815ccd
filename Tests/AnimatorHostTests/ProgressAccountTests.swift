import AnimatorHost
import Testing

/// The host's account of a child's progress, driven with explicit readings: 50 ms steps of
/// wall-clock time with the CPU time and the state a reading would give.
@Suite struct ProgressAccountTests {
    static let step = 0.05

    /// Advances `seconds` of wall-clock time in 50 ms steps, with `share` of each step as
    /// CPU time, `runnable` as the state, moving the call page every `pageEvery` steps.
    static func run(_ account: inout ProgressAccount, seconds: Double, share: Double, runnable: Bool,
                    pageEvery: Int? = nil, partial: Bool = false, insideCall: Bool = true, timeout: Double = 10,
                    hostWork: Double = 120) -> (verdict: ProgressAccount.Verdict?, after: Double) {
        let steps = Int((seconds / step).rounded())
        for index in 1...steps {
            account.advance(wall: step, cpu: step * share, runnable: runnable, partial: partial)
            if let pageEvery, index % pageEvery == 0 { account.callProgress() }
            if let verdict = account.verdict(insideCall: insideCall, timeout: timeout, hostWork: hostWork) {
                return (verdict, Double(index) * step)
            }
        }
        return (nil, seconds)
    }

    @Test func anEndlessLoopIsStoppedAfterTheTimeoutInCPUTime() {
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 20, share: 1, runnable: true)
        #expect(result.verdict == .noProgress(10))
        // The first step past 10 s (10 s or 10.05 s, as the sum of the steps rounds).
        #expect(abs(result.after - 10.025) <= Self.step / 2 + 1e-9)
    }

    @Test func aLoopOnALoadedMachineIsStoppedAfterTheSameCPUTime() {
        // 24 busy processes on 2 cores: the child gets 2/25 of a core while it waits for one.
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 200, share: 2.0 / 25, runnable: true)
        #expect(result.verdict == .noProgress(10))
        // 10 s of CPU at 0.08 per second of wall: 125 s, within a step.
        #expect(abs(result.after - 125) <= Self.step + 1e-9)
    }

    @Test func aHealthyCallOnALoadedMachineIsNotStopped() {
        // A call that needs 2 s of CPU gets 2/25 of a core: 25 s of wall-clock time, more
        // than twice the timeout, and it is not stopped.
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 25, share: 2.0 / 25, runnable: true)
        #expect(result.verdict == nil)
        #expect(abs(account.cpuSinceProgress - 2) < 1e-9)
    }

    @Test func aDeadlockIsStoppedAfterTheTimeoutAsleep() {
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 20, share: 0, runnable: false)
        #expect(result.verdict == .noProgress(10))
        #expect(abs(result.after - 10.025) <= Self.step / 2 + 1e-9)
    }

    @Test func movingTheCallPageWhileAsleepIsNotProgress() {
        // A plugin that sleeps and moves the page every 0.1 s: only a message resets sleep.
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 20, share: 0, runnable: false, pageEvery: 2)
        #expect(result.verdict == .noProgress(10))
        #expect(abs(result.after - 10.025) <= Self.step / 2 + 1e-9)
        var answered = ProgressAccount()
        _ = Self.run(&answered, seconds: 9, share: 0, runnable: false)
        answered.messageArrived()
        #expect(Self.run(&answered, seconds: 9, share: 0, runnable: false).verdict == nil)
    }

    @Test func computingThatMovesThePageGoesOnForAsLongAsItTakes() {
        // 60 s of CPU, entering and leaving calls every 0.5 s, no message at all.
        var account = ProgressAccount()
        #expect(Self.run(&account, seconds: 60, share: 1, runnable: true, pageEvery: 10).verdict == nil)
    }

    @Test func betweenCallsTheHostsOwnWorkHasTwoMinutes() {
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 200, share: 1, runnable: true, insideCall: false)
        #expect(result.verdict == .noProgress(120))
        #expect(abs(result.after - 120.025) <= Self.step / 2 + 1e-9)
    }

    @Test func aMessageBegunAndNotFinishedHasTheTimeout() {
        // Between calls (two minutes of allowance) a half-sent message still gets 10 s.
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 60, share: 0, runnable: false, partial: true, insideCall: false)
        #expect(result.verdict == .partialMessage(10))
        #expect(abs(result.after - 10.025) <= Self.step / 2 + 1e-9)
    }

    @Test func aChildThatNeverGetsAProcessorIsStoppedByTheWallClockBound() {
        // Runnable all the time and given nothing: 30 times the allowance.
        var account = ProgressAccount()
        let result = Self.run(&account, seconds: 400, share: 0, runnable: true)
        #expect(result.verdict == .noProgress(300))
        #expect(abs(result.after - 300.025) <= Self.step / 2 + 1e-9)
    }
}
