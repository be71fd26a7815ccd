import AnimatorKit

// The delegate's part: one animator for both directions, made with the duration
// parameter through its initializer; `presenting` set for each transition, as
// animationController(forPresented:...) and animationController(forDismissed:) do on iOS.

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.scale-fade-modal", name: "scale-fade-modal", displayName: "Scale and fade",
                version: "1.0.0", summary: "A modal that fades in while it scales up from 80 %.",
                operations: [.present, .dismiss],
                parameters: [.number("duration", default: 0.35, range: 0...5, help: "Length of the transition in seconds.")],
                sharesInstance: true),
            make: { parameters in ScaleFadeModalAnimator(duration: parameters.number("duration")) },
            prepare: { animator, operation in animator.presenting = operation == .present }))
}
