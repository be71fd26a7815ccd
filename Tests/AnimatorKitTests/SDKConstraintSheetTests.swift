import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A sheet laid out by Auto Layout, as sheet libraries write it: the presentation
/// controller pins a dimming view to the container's edges and the presented view to its
/// bottom (400 points tall, top corners rounded), the animator slides it in with a
/// transform and a pan drives the dismissal. Whole pictures at the end, after a cancelled
/// and after a finished dismissal, by hand: the list white, dimmed by black at 0.5, the
/// sheet blue from y = 444.
@Suite struct SDKConstraintSheetTests {
    final class PinnedSheet: UIPresentationController {
        let dimming = UIView()
        let interaction: SDKPullToDismiss

        init(presented: UIViewController, presenting: UIViewController?, interaction: SDKPullToDismiss) {
            self.interaction = interaction
            super.init(presentedViewController: presented, presenting: presenting)
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.5)
        }

        override func presentationTransitionWillBegin() {
            guard let container = containerView, let sheet = presentedView else { return }
            for view in [dimming, sheet] { view.translatesAutoresizingMaskIntoConstraints = false }
            container.insertSubview(dimming, at: 0)
            // In the container before its constraints (UIKit refuses items with no common
            // ancestor); the animator brings it to the front again.
            container.addSubview(sheet)
            sheet.layer.cornerRadius = 24
            sheet.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            NSLayoutConstraint.activate([
                dimming.topAnchor.constraint(equalTo: container.topAnchor),
                dimming.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                dimming.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                dimming.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                sheet.leadingAnchor.constraint(equalTo: container.leadingAnchor),
                sheet.trailingAnchor.constraint(equalTo: container.trailingAnchor),
                sheet.bottomAnchor.constraint(equalTo: container.bottomAnchor),
                sheet.heightAnchor.constraint(equalToConstant: 400),
            ])
            dimming.alpha = 0
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) {
            if completed { interaction.attach(to: presentedViewController) }
        }

        override func dismissalTransitionWillBegin() {
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 })
        }

        override func dismissalTransitionDidEnd(_ completed: Bool) {
            if completed { dimming.removeFromSuperview() } else { dimming.alpha = 1 }
        }
    }

    /// Slides the sheet by a transform, over 0.3 s, linearly.
    final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        init(presenting: Bool) { self.presenting = presenting }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let sheet = transitionContext.view(forKey: presenting ? .to : .from) else { return }
            let away = CGAffineTransform(translationX: 0, y: 400)
            if presenting {
                transitionContext.containerView.addSubview(sheet)
                sheet.transform = away
            }
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
                sheet.transform = self.presenting ? .identity : away
            }, completion: { _ in
                if transitionContext.transitionWasCancelled { sheet.transform = self.presenting ? away : .identity }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    final class SheetTransitions: NSObject, UIViewControllerTransitioningDelegate {
        let interaction = SDKPullToDismiss(distance: 400)
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            PinnedSheet(presented: presented, presenting: presenting, interaction: interaction)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { Slide(presenting: true) }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            Slide(presenting: false)
        }
        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? { interaction.interacting ? interaction : nil }
    }

    let stage: SDKStage
    let delegate = SheetTransitions()
    let instance: AnimatorInstance

    init() throws {
        stage = try SDKStage()
        stage.list.view.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        stage.detail.view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        instance = SDKStage.delegateInstance(delegate, session: stage.session, operations: [.present, .dismiss])
    }

    func picture() -> Image {
        SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: stage.runtime.engine, root: stage.runtime.window.layer.id))
    }

    func pull(_ to: Double, velocity: Double) -> InteractionScript {
        GestureTrace(kind: .pan, axis: "y", distance: nil, samples: [
            .init(time: 0, value: 0, velocity: 0), .init(time: 0.1, value: to / 2, velocity: 0),
            .init(time: 0.2, value: to, velocity: 0), .init(time: 0.3, value: to, velocity: velocity),
        ], completionSpeed: 1, completionCurve: .linear).script(containerSize: Size(width: 390, height: 844))
    }

    /// The presented picture: dimmed white above 444, blue below, the top corners rounded.
    func expectPresented(_ image: Image, sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in [(195, 10), (5, 443), (385, 200)] {
            #expect(image.rgb(x, y).allSatisfy { abs(Int($0) - 128) <= 1 }, "(\(x), \(y)) \(image.rgb(x, y))",
                    sourceLocation: sourceLocation)
        }
        for (x, y) in [(195, 444), (195, 843), (0, 843), (389, 600)] {
            #expect(image.rgb(x, y) == [0, 0, 255], "(\(x), \(y))", sourceLocation: sourceLocation)
        }
        // The top left corner of the sheet is rounded (24 points): its corner pixel shows
        // the dimmed list; the bottom corners are square.
        #expect(image.rgb(0, 444).allSatisfy { abs(Int($0) - 128) <= 1 }, sourceLocation: sourceLocation)
    }

    @Test func theConstraintsPlaceTheSheetAndItsPicturesHoldThroughACancel() throws {
        let outcome = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
        // 844 − 400 = 444: the frame the constraints give, the transform back to identity.
        #expect(stage.detail.view.frame == Rect(x: 0, y: 444, width: 390, height: 400))
        let shown = picture()
        expectPresented(shown)
        // A short pull cancels: the same picture.
        let cancelled = try stage.runtime.dismiss(stage.detail, animator: instance, interaction: pull(120, velocity: -100))
        #expect(!cancelled.completed)
        let after = picture()
        #expect(after.pixels.indices.filter { after.pixels[$0] != shown.pixels[$0] }.count == 0)
        // A long pull finishes: the list alone, white.
        let finished = try stage.runtime.dismiss(stage.detail, animator: instance, interaction: pull(300, velocity: 500))
        #expect(finished.completed)
        let list = picture()
        for (x, y) in [(195, 10), (195, 600), (0, 843)] { #expect(list.rgb(x, y) == [255, 255, 255], "(\(x), \(y))") }
    }
}
