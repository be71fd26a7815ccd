import AnimatorKit

/// Seed 001's BubbleTransition: a circle grows from a start point to cover the screen
/// while the presented view scales up out of it and fades in; dismissal runs it backwards.
final class BubbleAnimator: AnimatedTransitioning {
    static let descriptor = AnimatorDescriptor(
        id: "org.animatorhost.bubble", name: "bubble", displayName: "Bubble", version: "1.0.0",
        summary: "A bubble grows from a point to reveal the presented view, and shrinks back on dismissal.",
        author: "animator-host", url: "https://github.com/animator-host/animator-host",
        operations: [.present, .dismiss, .push, .pop], isInteractive: true,
        parameters: [
            .point("startPoint", default: CGPoint(x: 330, y: 754),
                   help: "Where the bubble starts, in container coordinates (the button's center)."),
            .color("bubbleColor", default: UIColor(rgb: 0x3B82F6), help: "The bubble's color."),
            .number("duration", default: 0.5, range: 0...10, help: "Length of the transition in seconds."),
        ],
        // One instance presents and dismisses, as BubbleTransition's delegate returns the
        // same object both times: the bubble made for the presentation shrinks back.
        sharesInstance: true)

    let duration: Double
    let startPoint: CGPoint
    let bubbleColor: UIColor
    /// The bubble, kept between a presentation and its dismissal, as the seed keeps it.
    private var bubble: UIView?

    init(parameters: ParameterValues) {
        duration = parameters.number("duration")
        startPoint = parameters.point("startPoint")
        bubbleColor = parameters.color("bubbleColor")
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    /// The seed's bubbleFrameFrom(originalSize:startPoint:): a square whose side is twice
    /// the distance from the start point to the farthest corner.
    static func bubbleFrame(originalSize size: CGSize, startPoint start: CGPoint) -> CGRect {
        let lengthX = max(start.x, size.width - start.x)
        let lengthY = max(start.y, size.height - start.y)
        let radius = (lengthX * lengthX + lengthY * lengthY).squareRoot()
        return CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2)
    }

    private func makeBubble(_ size: CGSize, in container: UIView) -> UIView {
        let frame = BubbleAnimator.bubbleFrame(originalSize: size, startPoint: startPoint)
        let bubble = self.bubble ?? UIView(frame: frame)
        bubble.setName("bubble")
        bubble.frame = frame
        bubble.layer.cornerRadius = frame.size.height / 2
        bubble.backgroundColor = bubbleColor
        bubble.center = startPoint
        self.bubble = bubble
        return bubble
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let presenting = [.present, .push].contains(transitionContext.operation)
        if presenting {
            guard let presentedView = transitionContext.view(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            let originalSize = presentedView.frame.size
            let originalCenter = presentedView.center
            let bubble = makeBubble(originalSize, in: container)
            bubble.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
            container.addSubview(bubble)
            presentedView.center = startPoint
            presentedView.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
            presentedView.alpha = 0
            container.addSubview(presentedView)
            UIView.animate(withDuration: duration, animations: {
                presentedView.center = originalCenter
                presentedView.alpha = 1
                presentedView.transform = .identity
                bubble.transform = .identity
            }, completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                // The bubble has done its work: the presented view covers the screen. It
                // leaves the container (a bubble left there would cover the screen below
                // when a dismissal reveals it) and is kept for this instance's dismissal.
                bubble.removeFromSuperview()
                if cancelled {
                    // Not presented after all: take the view away again.
                    presentedView.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            })
        } else {
            guard let returningView = transitionContext.view(forKey: .from) else {
                return transitionContext.completeTransition(false)
            }
            let originalSize = returningView.frame.size
            let originalCenter = returningView.center
            // The screen below comes in under the returning view; a cancelled pop takes it
            // away again (UIKit leaves that to the animator; a dismissal's presenter stays).
            var inserted: UIView?
            if let toView = transitionContext.view(forKey: .to), toView.superview == nil {
                container.insertSubview(toView, belowSubview: returningView)
                if transitionContext.operation != .dismiss { inserted = toView }
            }
            // The bubble covers the screen below and shrinks back to the start point to
            // reveal it: the one this instance presented with, or a new one.
            let bubble = makeBubble(originalSize, in: container)
            bubble.transform = .identity
            if bubble.superview == nil { container.insertSubview(bubble, belowSubview: returningView) }
            UIView.animate(withDuration: duration, animations: {
                bubble.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
                returningView.center = self.startPoint
                returningView.alpha = 0
                returningView.transform = CGAffineTransform(scaleX: 0.001, y: 0.001)
            }, completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                returningView.center = originalCenter
                bubble.transform = .identity
                bubble.removeFromSuperview()
                if cancelled {
                    // Still presented: the view comes back whole.
                    returningView.transform = .identity
                    returningView.alpha = 1
                    inserted?.removeFromSuperview()
                } else {
                    returningView.removeFromSuperview()
                }
                transitionContext.completeTransition(!cancelled)
            })
        }
    }
}

/// The library's entry symbol.
@_cdecl("animator_host_entry")
public func animatorHostEntry() -> UnsafeRawPointer { AnimatorLibrary.entry(BubbleAnimator.self) }
