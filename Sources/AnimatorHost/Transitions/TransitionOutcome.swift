import AnimatorABI

/// What happened in one transition.
public struct TransitionOutcome: Equatable, Sendable {
    /// The operation performed.
    public var operation: TransitionOperation
    /// The animator's id, or nil for a transition without one.
    public var animator: String?
    /// What transitionDuration answered.
    public var duration: Double
    /// Clock time from start to completeTransition.
    public var elapsed: Double
    /// Whether it completed (false: cancelled, by the animator or the watchdog).
    public var completed: Bool
    /// Problems: the watchdog firing, a second completeTransition, ...
    public var problems: [String]
    /// Whether the watchdog ended it: the animator never called completeTransition.
    public var watchdogFired = false

    /// Creates an outcome (timelines read back, benchmarks, tests).
    public init(operation: TransitionOperation, animator: String?, duration: Double, elapsed: Double, completed: Bool,
                problems: [String]) {
        self.operation = operation
        self.animator = animator
        self.duration = duration
        self.elapsed = elapsed
        self.completed = completed
        self.problems = problems
    }
}
