import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A blurred pop-up as libraries write it: a presentation controller puts a
/// UIVisualEffectView with no effect behind the card and animates its effect to a dark
/// blur alongside the presentation (and back to none alongside the dismissal, which a pan
/// drives). Pictures checked against the blur's Gaussian and the dark style's tint.
@Suite struct SDKBlurTests {
    final class BlurPopup: UIPresentationController {
        let blur = UIVisualEffectView(effect: nil)
        let interaction: SDKPullToDismiss

        init(presented: UIViewController, presenting: UIViewController?, interaction: SDKPullToDismiss) {
            self.interaction = interaction
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            CGRect(x: 45, y: 322, width: 300, height: 200)
        }

        override func presentationTransitionWillBegin() {
            guard let container = containerView else { return }
            blur.frame = container.bounds
            container.insertSubview(blur, at: 0)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
                self.blur.effect = UIBlurEffect(style: .dark)
            })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) {
            if completed { interaction.attach(to: presentedViewController) } else { blur.removeFromSuperview() }
        }

        override func dismissalTransitionWillBegin() {
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.blur.effect = nil })
        }

        /// Cancelled, the model still says no effect (the reversed animation only showed the
        /// way back): put the blur back, as libraries do.
        override func dismissalTransitionDidEnd(_ completed: Bool) {
            if completed { blur.removeFromSuperview() } else { blur.effect = UIBlurEffect(style: .dark) }
        }
    }

    /// Fades the card in and out, linearly over 0.3 s.
    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        init(presenting: Bool) { self.presenting = presenting }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let view = transitionContext.view(forKey: presenting ? .to : .from) else { return }
            if presenting {
                view.frame = transitionContext.finalFrame(forKey: .to)
                view.alpha = 0
                transitionContext.containerView.addSubview(view)
            }
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
                view.alpha = self.presenting ? 1 : 0
            }, completion: { _ in
                if transitionContext.transitionWasCancelled { view.alpha = self.presenting ? 0 : 1 }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    final class PopupTransitions: NSObject, UIViewControllerTransitioningDelegate {
        let interaction = SDKPullToDismiss(distance: 200)
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            BlurPopup(presented: presented, presenting: presenting, interaction: interaction)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            Fade(presenting: true)
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            Fade(presenting: false)
        }
        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? {
            interaction.interacting ? interaction : nil
        }
    }

    let stage: SDKStage
    let delegate = PopupTransitions()
    let instance: AnimatorInstance

    /// The list: red, with a black band on its left 195 points; the card blue.
    init() throws {
        stage = try SDKStage()
        stage.list.view.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        let band = stage.session.engine.makeView(frame: Rect(x: 0, y: 0, width: 195, height: 844), name: "band")
        band.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        try stage.list.view.addSubview(band)
        stage.detail.view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        instance = SDKStage.delegateInstance(delegate, session: stage.session, operations: [.present, .dismiss])
    }

    func picture() -> Image {
        SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: stage.runtime.engine, root: stage.runtime.window.layer.id))
    }

    /// The dark style over a pixel of `value` (0 to 255) per channel, after saturation 1.8:
    /// tinted by 0.11 white at 0.73.
    static func dark(_ red: Double, _ green: Double, _ blue: Double) -> [Double] {
        let luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
        return [red, green, blue].map { value in
            let saturated = min(max(luminance + 1.8 * (value - luminance), 0), 255)
            return 0.73 * 0.11 * 255 + 0.27 * saturated
        }
    }

    func expectPixel(_ image: Image, _ x: Int, _ y: Int, _ expected: [Double], within tolerance: Double,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        let p = image.rgba(x: x, y: y)
        let got = [Double(p.red), Double(p.green), Double(p.blue)]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= tolerance }, "(\(x), \(y)): \(got) against \(expected)",
                sourceLocation: sourceLocation)
    }

    /// The presented pop-up's picture: the card, and around it the list blurred (σ 30
    /// points) and tinted.
    func expectPresentedPicture(_ image: Image, sourceLocation: SourceLocation = #_sourceLocation) {
        expectPixel(image, 195, 422, [0, 0, 255], within: 0, sourceLocation: sourceLocation)
        // Far from the band's edge: the red, saturated and tinted; the black, tinted.
        expectPixel(image, 370, 100, Self.dark(255, 0, 0), within: 1.5, sourceLocation: sourceLocation)
        expectPixel(image, 20, 100, Self.dark(0, 0, 0), within: 1.5, sourceLocation: sourceLocation)
        // Across the edge at x = 195 the red fades in as the Gaussian's integral: Φ(d / 30).
        for x in [165, 195, 225] {
            let share = 0.5 * erfc(-((Double(x) + 0.5 - 195) / 30) / 2.0.squareRoot())
            expectPixel(image, x, 100, Self.dark(255 * share, 0, 0), within: 255 * 0.03 * 0.27 + 1,
                        sourceLocation: sourceLocation)
        }
    }

    @Test func theBlurFadesInAlongsideThePresentationAndStays() throws {
        let start = stage.runtime.engine.currentTime
        var radii: [Int: Double] = [:]
        let outcome = try stage.runtime.present(stage.detail, from: stage.list, animator: instance) { [stage] t in
            let frame = Int(((t - start) * 60).rounded())
            if let blur = stage.runtime.window.subviews.last?.subviews.first {
                radii[frame] = stage.runtime.engine.extras(of: blur.layer.id, at: t)?.backdropBlurRadius
            }
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
        // The radius follows the transition's linear 0.3 s: 0, 15 at 0.15 s, 30 at the end.
        #expect(radii[0] == 0 && abs((radii[9] ?? -1) - 15) < 1e-6 && radii[18] == 30, "\(radii.sorted { $0.key < $1.key })")
        expectPresentedPicture(picture())
    }

    @Test func aCancelledPanLeavesTheBlurAndAFinishedOneTakesItAway() throws {
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        let shown = picture()
        // A short pull (80 of 200 points) cancels: the same picture as before it.
        let short = GestureTrace(kind: .pan, axis: "y", distance: nil, samples: [
            .init(time: 0, value: 0, velocity: 0), .init(time: 0.1, value: 40, velocity: 0),
            .init(time: 0.2, value: 80, velocity: 0), .init(time: 0.3, value: 80, velocity: -100),
        ], completionSpeed: 1, completionCurve: .linear)
        let cancelled = try stage.runtime.dismiss(stage.detail, animator: instance,
                                                  interaction: short.script(containerSize: Size(width: 390, height: 844)))
        #expect(!cancelled.completed)
        let after = picture()
        let differing = after.pixels.indices.filter { after.pixels[$0] != shown.pixels[$0] }.count
        #expect(differing == 0)
        expectPresentedPicture(after)
        // A long one finishes: the list as it is, no blur, no card.
        let long = GestureTrace(kind: .pan, axis: "y", distance: nil, samples: [
            .init(time: 0, value: 0, velocity: 0), .init(time: 0.1, value: 100, velocity: 0),
            .init(time: 0.2, value: 160, velocity: 0), .init(time: 0.3, value: 160, velocity: 300),
        ], completionSpeed: 1, completionCurve: .linear)
        let finished = try stage.runtime.dismiss(stage.detail, animator: instance,
                                                 interaction: long.script(containerSize: Size(width: 390, height: 844)))
        #expect(finished.completed)
        let list = picture()
        expectPixel(list, 370, 100, [255, 0, 0], within: 0)
        expectPixel(list, 194, 100, [0, 0, 0], within: 0)
        expectPixel(list, 195, 422, [255, 0, 0], within: 0)
    }
}
