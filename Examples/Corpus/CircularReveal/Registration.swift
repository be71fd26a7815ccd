import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.circular-reveal", name: "circular-reveal", displayName: "Circular reveal",
                version: "1.0.0", summary: "The new screen appears through a circle growing from a point (a shape-layer mask).",
                operations: [.present, .dismiss],
                parameters: [
                    .number("duration", default: 0.5, range: 0...5, help: "Length of the transition in seconds."),
                    .point("origin", default: CGPoint(x: 195, y: 422), help: "Where the circle grows from, in points."),
                ]),
            make: { parameters in
                let animator = CircularRevealAnimator()
                animator.duration = parameters.number("duration")
                animator.origin = parameters.point("origin")
                return animator
            },
            prepare: { animator, operation in
                animator.mode = operation == .dismiss ? .dismiss : .present
            }))
}
