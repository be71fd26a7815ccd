import AnimatorABI
import Glibc
import Synchronization

/// What a transition context answers: the facts of batch 1.0 and, for a transition the
/// runtime performs, its live state (views, frames, completion: batch 1.2).
struct ContextState {
    var operation: TransitionOperation
    var isAnimated: Bool
    /// isInteractive when no transition runs behind the context (duration queries).
    var interactiveWithoutTransition: Bool
    var transition: TransitionState?

    init(operation: TransitionOperation, isAnimated: Bool, isInteractive: Bool, transition: TransitionState? = nil) {
        self.operation = operation
        self.isAnimated = isAnimated
        interactiveWithoutTransition = isInteractive
        self.transition = transition
    }

    /// isInteractive now: it changes during a transition (finish, cancel, pause).
    var isInteractive: Bool { transition?.isInteractive ?? interactiveWithoutTransition }
}
