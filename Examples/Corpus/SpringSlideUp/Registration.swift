import AnimatorKit

// What the app's transitioning delegate did on iOS: configure the animator and tell it
// which way it goes. Here: the host's id, name, operations and parameters, and the
// operation mapped onto the animator's own `isPresenting`.

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.spring-slide-up", name: "spring-slide-up", displayName: "Spring slide-up",
                version: "1.0.0", summary: "Seed 000's modal: slides up on a spring (damping 0.8, velocity 1.0).",
                operations: [.present, .dismiss],
                parameters: [.number("duration", default: 0.6, range: 0...5, help: "Length of the transition in seconds.")]),
            make: { parameters in
                let animator = SpringSlideUpAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            prepare: { animator, operation in
                animator.isPresenting = operation == .present
            }))
}
