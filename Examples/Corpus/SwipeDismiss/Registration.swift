import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.swipe-dismiss", name: "swipe-dismiss", displayName: "Swipe to dismiss",
                version: "1.0.0", summary: "The presented screen slides down; a pan drives it through a percent-driven controller.",
                operations: [.dismiss],
                parameters: [
                    .number("duration", default: 0.4, range: 0...5, help: "Length of the transition in seconds."),
                ]),
            make: { parameters in
                let animator = SwipeDismissAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            // The delegate's interactionControllerForDismissal(using:).
            interactionController: { _, context in
                context.viewController(forKey: .from).map { SwipeInteractionController(viewController: $0) }
            }))
}
