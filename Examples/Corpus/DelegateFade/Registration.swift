import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.delegate-fade", name: "delegate-fade", displayName: "Delegate fade",
                version: "1.0.0", summary: "CABasicAnimations with plain values, ended by the animation's delegate.",
                operations: [.present, .dismiss],
                parameters: [.number("duration", default: 0.4, range: 0...5, help: "Length of the transition in seconds.")]),
            make: { parameters in
                let animator = DelegateFadeAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            prepare: { animator, operation in animator.isPresenting = operation == .present }))
}
