import AnimatorKit

/// Seed 000's keyframe dismissal: a snapshot of the outgoing view swings about its
/// bottom-left corner, swings back, and falls off while a cover view fades out.
final class PendulumAnimator: AnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.pendulum", name: "pendulum", displayName: "Pendulum", version: "1.0.0",
        summary: "The outgoing view swings about its bottom-left corner and falls away.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: [.present, .dismiss, .push, .pop], isInteractive: false,
        parameters: [
            .number("duration", default: 1.5, range: 0...10, help: "Length of the transition in seconds."),
            .color("coverColor", default: UIColor(red: 0, green: 0, blue: 0, alpha: 0.5),
                   help: "The cover that fades out over the incoming view."),
        ])

    let duration: Double
    let coverColor: UIColor

    init(parameters: ParameterValues) {
        duration = parameters.number("duration")
        coverColor = parameters.color("coverColor")
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    /// Seed 000's keyframes: relative start, relative duration, rotation (in π), and the
    /// last one's fall: a shift of 180 pt, then a rotation of 0.3π.
    static let swing: [(start: Double, duration: Double, turns: Double)] = [
        (0.0, 0.15, -1.5), (0.15, 0.10, 1.0), (0.25, 0.20, 1.3), (0.45, 0.20, 0.8),
    ]
    static let fall = CGAffineTransform(translationX: 180, y: 0)
        .concatenating(CGAffineTransform(rotationAngle: .pi * 0.3))

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let dismissing = [.dismiss, .pop].contains(transitionContext.operation)
        let done: (UIView, UIView, UIView) -> Void = { snapshot, cover, view in
            snapshot.removeFromSuperview()
            cover.removeFromSuperview()
            view.isHidden = false
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        if dismissing {
            guard let fromView = transitionContext.view(forKey: .from),
                  let snapshot = fromView.snapshotView(afterScreenUpdates: false) else {
                return transitionContext.completeTransition(false)
            }
            if let toView = transitionContext.view(forKey: .to), toView.superview == nil {
                container.insertSubview(toView, belowSubview: fromView)
            }
            let cover = UIView(frame: container.bounds)
            cover.setName("cover")
            cover.backgroundColor = coverColor
            container.insertSubview(cover, belowSubview: fromView)
            // Pivot about the bottom-left corner.
            snapshot.layer.anchorPoint = CGPoint(x: 0, y: 1)
            snapshot.frame = fromView.frame
            container.addSubview(snapshot)
            fromView.isHidden = true
            UIView.animateKeyframes(withDuration: duration, animations: {
                for key in PendulumAnimator.swing {
                    UIView.addKeyframe(withRelativeStartTime: key.start, relativeDuration: key.duration) {
                        snapshot.transform = CGAffineTransform(rotationAngle: .pi * key.turns)
                    }
                }
                UIView.addKeyframe(withRelativeStartTime: 0.65, relativeDuration: 0.35) {
                    snapshot.transform = PendulumAnimator.fall
                    cover.alpha = 0
                }
            }, completion: { _ in done(snapshot, cover, fromView) })
        } else {
            // The counterpart: the incoming view swings up from where the dismissal drops it.
            guard let toView = transitionContext.view(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            toView.frame = transitionContext.finalFrame(forKey: .to)
            guard let snapshot = toView.snapshotView(afterScreenUpdates: false) else {
                return transitionContext.completeTransition(false)
            }
            let cover = UIView(frame: container.bounds)
            cover.setName("cover")
            cover.backgroundColor = coverColor
            cover.alpha = 0
            container.addSubview(cover)
            toView.isHidden = true
            container.addSubview(toView)
            snapshot.layer.anchorPoint = CGPoint(x: 0, y: 1)
            snapshot.frame = toView.frame
            snapshot.transform = PendulumAnimator.fall
            container.addSubview(snapshot)
            UIView.animateKeyframes(withDuration: duration, animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.35) {
                    snapshot.transform = CGAffineTransform(rotationAngle: .pi * 0.8)
                    cover.alpha = 1
                }
                let back: [(Double, Double, Double)] = [(0.35, 0.20, 1.3), (0.55, 0.20, 1.0), (0.75, 0.10, -1.5)]
                for (start, length, turns) in back {
                    UIView.addKeyframe(withRelativeStartTime: start, relativeDuration: length) {
                        snapshot.transform = CGAffineTransform(rotationAngle: .pi * turns)
                    }
                }
                UIView.addKeyframe(withRelativeStartTime: 0.85, relativeDuration: 0.15) {
                    snapshot.transform = .identity
                }
            }, completion: { _ in done(snapshot, cover, toView) })
        }
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(PendulumAnimator.self) }
