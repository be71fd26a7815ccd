import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The SDK's interruptible animators and presentation controllers (ABI 1.3), written as
/// an author would and run by the host's transition runtime through the exported C animator.
@Suite struct SDKPresentationTests {
    let stage: SDKStage
    var session: HostSession { stage.session }
    var runtime: TransitionRuntime { stage.runtime }
    var list: ViewController { stage.list }
    var detail: ViewController { stage.detail }

    init() throws {
        stage = try SDKStage()
    }

    func instance(_ animator: any AnimatedTransitioning, id: String) -> AnimatorInstance {
        stage.instance(animator, id: id)
    }

    /// Fades the incoming view in with one linear property animator for the whole transition.
    final class FadeIn: AnimatedTransitioning, InterruptibleTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.fade-in", name: "fade-in", version: "1", operations: [.present])
        var made = 0
        private var current: UIViewPropertyAnimator?
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            interruptibleAnimator(using: transitionContext).startAnimation()
        }

        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            if let current { return current }
            made += 1
            let toView = transitionContext.view(forKey: .to)!
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            let animator = UIViewPropertyAnimator(duration: 0.4, curve: .linear) { toView.alpha = 1 }
            animator.addCompletion { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
            current = animator
            return animator
        }

        func animationEnded(_ transitionCompleted: Bool) { current = nil }
    }

    @Test func anInterruptibleAnimatorIsScrubbedByThePercentDrivenInteraction() throws {
        let fade = FadeIn(parameters: ParameterValues([:]))
        let script = try InteractionScript.parse("update 0.5 @0.1; finish @0.2")
        let start = session.engine.currentTime
        var atUpdate: Double?
        let outcome = try runtime.present(detail, from: list, animator: instance(fade, id: "test.fade-in"),
                                          interaction: script) { t in
            if atUpdate == nil, t - start >= 0.1 - 1e-9 { atUpdate = detail.view.layer.presentation().opacity }
        }
        // fractionComplete 0.5 on a linear 0 → 1: alpha 0.5, whatever the clock says.
        #expect(abs(try #require(atUpdate) - 0.5) < 1e-9)
        // Finishing from 0.5 at 0.2 s plays the remaining half of 0.4 s: done at 0.4 s.
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(abs(outcome.elapsed - 0.4) < 1e-6)
        #expect(fade.made == 1)
        #expect(detail.view.alpha == 1)
    }

    @Test func withoutAnInteractionAnimateTransitionStartsTheSameAnimator() throws {
        let fade = FadeIn(parameters: ParameterValues([:]))
        let outcome = try runtime.present(detail, from: list, animator: instance(fade, id: "test.fade-in"))
        #expect(outcome.completed && abs(outcome.elapsed - 0.4) < 1e-6)
        #expect(fade.made == 1)
    }

    /// A sheet over the bottom half with a dimming view, dismissed by a tap above it.
    final class Sheet: UIPresentationController {
        let dimming = UIView()
        var calls: [String] = []

        override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
            super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
            dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                self?.presentedViewController.dismiss(animated: true)
            })
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionWillBegin() {
            calls.append("presentationWillBegin")
            guard let containerView else { return }
            dimming.frame = containerView.bounds
            dimming.backgroundColor = UIColor(red: 0, green: 0, blue: 0)
            dimming.alpha = 0
            containerView.addSubview(dimming)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0.5 })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) { calls.append("presentationDidEnd \(completed)") }

        override func dismissalTransitionWillBegin() {
            calls.append("dismissalWillBegin")
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 0 })
        }

        override func dismissalTransitionDidEnd(_ completed: Bool) {
            calls.append("dismissalDidEnd \(completed)")
            if completed { dimming.removeFromSuperview() }
        }
    }

    /// Slides the sheet up from below and back down; supplies the sheet.
    final class SheetAnimator: AnimatedTransitioning, PresentationControllerProviding {
        static let descriptor = AnimatorDescriptor(id: "test.sheet", name: "sheet", version: "1", operations: [.present, .dismiss])
        var sheets: [Sheet] = []
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

        func presentationController(using transitionContext: UIViewControllerContextTransitioning) -> UIPresentationController? {
            guard let presented = transitionContext.viewController(forKey: .to) else { return nil }
            let sheet = Sheet(presentedViewController: presented, presenting: transitionContext.viewController(forKey: .from))
            sheets.append(sheet)
            return sheet
        }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let presenting = transitionContext.operation == .present
            let key: TransitionContext.Key = presenting ? .to : .from
            guard let view = transitionContext.view(forKey: key) else { return transitionContext.completeTransition(false) }
            let shown = presenting ? transitionContext.finalFrame(forKey: .to) : transitionContext.initialFrame(forKey: .from)
            let hidden = shown.offsetBy(dx: 0, dy: shown.height)
            if presenting {
                view.frame = hidden
                transitionContext.containerView.addSubview(view)
            }
            UIView.animate(withDuration: 0.3, animations: { view.frame = presenting ? shown : hidden }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    @Test func aSwiftPresentationControllerShapesAndDismissesItsPresentation() throws {
        let animator = SheetAnimator(parameters: ParameterValues([:]))
        let outcome = try runtime.present(detail, from: list, animator: instance(animator, id: "test.sheet"))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        let sheet = try #require(animator.sheets.first)
        // The bottom half of 390 × 844; the presenter stays on screen (custom presentation).
        #expect(detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(list.view.superview == runtime.window)
        let dimming = sheet.dimming
        #expect(dimming.alpha == 0.5)
        #expect(sheet.calls == ["presentationWillBegin", "presentationDidEnd true"])
        // Taps: above the sheet dismisses, on it does not.
        let controller = try #require(detail.presentationController)
        #expect(controller.handleTap(at: Point(x: 195, y: 100)))
        #expect(!controller.handleTap(at: Point(x: 195, y: 600)))
        // Dismissed by another instance of the animator.
        let back = try runtime.dismiss(detail, animator: instance(SheetAnimator(parameters: ParameterValues([:])), id: "test.sheet"))
        #expect(back.completed && back.problems.isEmpty, "\(back.problems)")
        #expect(sheet.calls == ["presentationWillBegin", "presentationDidEnd true", "dismissalWillBegin", "dismissalDidEnd true"])
        #expect(dimming.superview == nil)
        #expect(runtime.window.subviews == [list.view])
    }
}
