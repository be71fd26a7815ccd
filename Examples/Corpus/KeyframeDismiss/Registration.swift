import AnimatorKit

// interruptibleAnimator(using:) is an optional UIKit method: declared here.
extension KeyframeDismissAnimator: InterruptibleTransitioning {}

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.keyframe-dismiss", name: "keyframe-dismiss", displayName: "Keyframe dismiss",
                version: "1.0.0",
                summary: "An interruptible dismissal of keyframes in a property animator, scrubbed by a pan.",
                operations: [.dismiss],
                parameters: [
                    .number("duration", default: 0.5, range: 0...5, help: "Length of the transition in seconds."),
                ]),
            make: { parameters in
                let animator = KeyframeDismissAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            interactionController: { _, context in
                context.view(forKey: .from).map { PanDismissInteractionController(view: $0) }
            }))
}
