import AnimatorKit

/// Seed 000's zoom: the incoming view scales up from nothing above the outgoing one
/// (present, push, tab); on the way back the outgoing view scales down to nothing above
/// the incoming one (dismiss, pop). Optionally on the seed's spring.
final class ZoomAnimator: UIViewControllerAnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.zoom", name: "zoom", displayName: "Zoom", version: "1.0.0",
        summary: "Scales the incoming view up from nothing, or the outgoing view down to nothing.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: .all, isInteractive: true,
        parameters: [
            .number("duration", default: 0.4, range: 0...10, help: "Length of the transition in seconds."),
            .bool("spring", default: false, help: "Run on a spring instead of easeInOut."),
            .number("damping", default: 0.8, range: 0.01...1, help: "Spring damping ratio (seed: 0.8)."),
            .number("velocity", default: 1.0, range: -100...100,
                    help: "Initial spring velocity, in whole distances per second (seed: 1.0)."),
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
        transitionContext.log("zoom: this host offers no view batch yet; nothing to animate")
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(ZoomAnimator.self) }
