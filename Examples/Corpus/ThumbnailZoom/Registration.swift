import AnimatorKit

@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer {
    AnimatorLibrary.entry(
        AnimatorExport(
            AnimatorDescriptor(
                id: "org.animatorhost.corpus.thumbnail-zoom", name: "thumbnail-zoom", displayName: "Thumbnail zoom",
                version: "1.0.0", summary: "A snapshot of the new screen grows from a thumbnail to the full screen.",
                operations: [.present, .push],
                parameters: [
                    .number("duration", default: 0.45, range: 0...5, help: "Length of the transition in seconds."),
                    .point("origin", default: CGPoint(x: 16, y: 120), help: "The thumbnail's top-left corner, in points."),
                    .size("thumbnail", default: CGSize(width: 72, height: 72), help: "The thumbnail's size, in points."),
                ]),
            make: { parameters in
                let animator = ThumbnailZoomAnimator()
                animator.duration = parameters.number("duration")
                animator.originFrame = CGRect(origin: parameters.point("origin"), size: parameters.size("thumbnail"))
                return animator
            }))
}
