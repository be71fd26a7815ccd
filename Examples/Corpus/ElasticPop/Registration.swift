import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.elastic-pop", name: "elastic-pop", displayName: "Elastic pop",
                version: "1.0.0", summary: "Seed 004's elastic pop: scale keyframes on CGAffineTransform.",
                operations: [.present, .dismiss],
                parameters: [.number("duration", default: 0.5, range: 0...5, help: "Length of the transition in seconds.")]),
            make: { parameters in
                let animator = ElasticPopAnimator()
                animator.duration = parameters.number("duration")
                return animator
            },
            prepare: { animator, operation in animator.isPresenting = operation == .present }))
}
