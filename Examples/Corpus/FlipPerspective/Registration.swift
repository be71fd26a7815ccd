import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.flip-perspective", name: "flip-perspective", displayName: "Flip with perspective",
                version: "1.0.0", summary: "The old screen turns away in perspective and a card of the new one turns in and grows.",
                operations: [.present, .push],
                parameters: [
                    .number("duration", default: 0.6, range: 0...5, help: "Length of the transition in seconds."),
                    .point("origin", default: CGPoint(x: 40, y: 200), help: "The card's top-left corner, in points."),
                    .size("card", default: CGSize(width: 310, height: 200), help: "The card's size, in points."),
                ]),
            make: { parameters in
                let animator = FlipPerspectiveAnimator()
                animator.duration = parameters.number("duration")
                animator.originFrame = CGRect(origin: parameters.point("origin"), size: parameters.size("card"))
                return animator
            }))
}
