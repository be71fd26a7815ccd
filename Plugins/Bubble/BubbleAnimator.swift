import AnimatorKit

/// Seed 001's BubbleTransition: a circle grows from a start point to cover the screen
/// while the presented view scales up out of it and fades in; dismissal runs it backwards.
final class BubbleAnimator: UIViewControllerAnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.bubble", name: "bubble", displayName: "Bubble", version: "1.0.0",
        summary: "A bubble grows from a point to reveal the presented view, and shrinks back on dismissal.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: [.present, .dismiss, .push, .pop], isInteractive: true,
        parameters: [
            .point("startPoint", default: CGPoint(x: 330, y: 754),
                   help: "Where the bubble starts, in container coordinates (the button's center)."),
            .color("bubbleColor", default: UIColor(rgb: 0x3B82F6), help: "The bubble's color."),
            .number("duration", default: 0.5, range: 0...10, help: "Length of the transition in seconds."),
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
        transitionContext.log("bubble: this host offers no view batch yet; nothing to animate")
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(BubbleAnimator.self) }
