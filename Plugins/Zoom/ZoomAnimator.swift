import AnimatorKit

/// Seed 000's zoom: the incoming view scales up from nothing above the outgoing one
/// (present, push, tab); on the way back the outgoing view scales down to nothing above
/// the incoming one (dismiss, pop). Optionally on the seed's spring.
final class ZoomAnimator: AnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.zoom", name: "zoom", displayName: "Zoom", version: "1.0.0",
        summary: "Scales the incoming view up from nothing, or the outgoing view down to nothing.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: .all, isInteractive: true,
        parameters: [
            .number("duration", default: 0.4, range: 0...10, help: "Length of the transition in seconds."),
            .bool("spring", default: false, help: "Run on a spring instead of easeInOut."),
            .number("damping", default: 0.8, range: 0.01...1, help: "Spring damping ratio (seed: 0.8)."),
            .number("velocity", default: 1.0, range: -100...100,
                    help: "Initial spring velocity, in whole distances per second (seed: 1.0)."),
        ])

    let duration: Double
    let spring: Bool
    let damping: Double
    let velocity: Double

    init(parameters: ParameterValues) {
        duration = parameters.number("duration")
        spring = parameters.bool("spring")
        damping = parameters.number("damping")
        velocity = parameters.number("velocity")
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let fromView = transitionContext.view(forKey: .from)
        let toView = transitionContext.view(forKey: .to)
        let growing = [.present, .push, .tab].contains(transitionContext.operation)
        let done: (Bool) -> Void = { _ in
            let cancelled = transitionContext.transitionWasCancelled
            if cancelled {
                // Cancelled (an interactive pinch let go early): everything as it was.
                fromView?.transform = .identity
                // What the animator added goes (UIKit leaves that to the animator); a
                // dismissal's presenter is the runtime's to put back.
                if transitionContext.operation != .dismiss { toView?.removeFromSuperview() }
            }
            transitionContext.completeTransition(!cancelled)
        }
        if growing {
            // The incoming view grows from nothing, above the outgoing one.
            guard let toView else { return transitionContext.completeTransition(false) }
            toView.frame = transitionContext.finalFrame(forKey: .to)
            toView.transform = CGAffineTransform(scaleX: 0, y: 0)
            if let fromView { container.insertSubview(toView, aboveSubview: fromView) } else { container.addSubview(toView) }
            run({ toView.transform = .identity }, done)
        } else {
            // The outgoing view shrinks to nothing, above the incoming one.
            guard let fromView else { return transitionContext.completeTransition(false) }
            if let toView { container.insertSubview(toView, belowSubview: fromView) }
            run({ fromView.transform = CGAffineTransform(scaleX: 0, y: 0) }, done)
        }
    }

    private func run(_ animations: () -> Void, _ completion: @escaping (Bool) -> Void) {
        if spring {
            UIView.animate(withDuration: duration, usingSpringWithDamping: damping, initialSpringVelocity: velocity,
                           animations: animations, completion: completion)
        } else {
            UIView.animate(withDuration: duration, animations: animations, completion: completion)
        }
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(ZoomAnimator.self) }
