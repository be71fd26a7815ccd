import AnimatorKit

/// Seed 000's keyframe dismissal: a snapshot of the outgoing view swings about its
/// bottom-left corner, swings back, and falls off while a cover view fades out.
final class PendulumAnimator: UIViewControllerAnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.pendulum", name: "pendulum", displayName: "Pendulum", version: "1.0.0",
        summary: "The outgoing view swings about its bottom-left corner and falls away.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: [.present, .dismiss, .push, .pop], isInteractive: false,
        parameters: [
            .number("duration", default: 1.5, range: 0...10, help: "Length of the transition in seconds."),
            .color("coverColor", default: UIColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                   help: "The cover that fades out over the incoming view."),
        ])

    let duration: Double

    init(parameters: ParameterValues) {
        duration = parameters.number("duration")
    }

    func transitionDuration(using transitionContext: TransitionContext?) -> Double {
        duration
    }

    func animateTransition(using transitionContext: TransitionContext) {
        // The view and animation calls arrive with the engine's batch of the host table.
        transitionContext.log("pendulum: this host offers no view batch yet; nothing to animate")
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(PendulumAnimator.self) }
