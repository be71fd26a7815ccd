import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.pop-block", name: "pop-block", displayName: "Pop block",
                version: "1.0.0", summary: "Seed 002's custom block animation API (actions) popping the screens.",
                operations: [.present, .dismiss],
                parameters: [.number("duration", default: 0.7, range: 0.1...5, help: "Length of the transition in seconds.")]),
            make: { parameters in
                let animator = PopPresentAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            prepare: { animator, operation in animator.isPresenting = operation == .present }))
}
