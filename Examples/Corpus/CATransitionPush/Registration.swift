import AnimatorKit

// Push comes in from the right, pop from the left: the operation mapped onto `isPush`.

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.catransition-push", name: "catransition-push", displayName: "CATransition push",
                version: "1.0.0", summary: "A push done with a CATransition on the container's layer.",
                operations: [.push, .pop],
                parameters: [.number("duration", default: 0.35, range: 0...5, help: "Length of the transition in seconds.")]),
            make: { parameters in
                let animator = CATransitionPushAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            prepare: { animator, operation in animator.isPush = operation != .pop }))
}
