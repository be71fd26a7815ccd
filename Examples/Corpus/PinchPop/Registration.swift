import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.pinch-pop", name: "pinch-pop", displayName: "Pinch to pop",
                version: "1.0.0", summary: "Seed 000's pinch to pop: a pinch drives the pop through a percent-driven controller.",
                operations: [.pop],
                parameters: [
                    .number("duration", default: 0.5, range: 0...5, help: "Length of the transition in seconds."),
                ]),
            make: { parameters in
                let animator = PinchPopAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            // The navigation delegate's interactionControllerFor(_:): the pinch is on the
            // screen being popped.
            interactionController: { _, context in
                context.view(forKey: .from).map { PinchInteractionController(view: $0) }
            }))
}
