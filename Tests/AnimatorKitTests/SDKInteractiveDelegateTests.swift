import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// Interaction controllers as iOS libraries write them, chosen by their delegates: a sheet's
/// pan-to-dismiss (a UIPercentDrivenInteractiveTransition subclass whose pan, attached to
/// the presented view after the presentation, calls dismiss in `.began`), a navigation
/// delegate's edge-pan pop, and a tab bar delegate's interruptible property animator.
@Suite struct SDKInteractiveDelegateTests {
    // MARK: A sheet with pan-to-dismiss

    /// The pan-to-dismiss: percent = translation / the sheet's height; past half, finish.
    final class PanToDismiss: UIPercentDrivenInteractiveTransition {
        var interacting = false
        weak var presented: UIViewController?
        var calls: [String] = []

        func attach(to viewController: UIViewController) {
            presented = viewController
            viewController.view.addGestureRecognizer(UIPanGestureRecognizer { [weak self] in self?.handle($0) })
        }

        func handle(_ pan: UIPanGestureRecognizer) {
            let height = pan.view?.bounds.height ?? 1
            let percent = max(0, min(1, pan.translation(in: pan.view).y / height))
            switch pan.state {
            case .began:
                calls.append("began")
                interacting = true
                presented?.dismiss(animated: true) { [weak self] in self?.calls.append("dismiss completion") }
            case .changed:
                update(percent)
            case .ended, .cancelled:
                interacting = false
                calls.append(percent > 0.5 ? "finish" : "cancel")
                if percent > 0.5 { finish() } else { cancel() }
            default:
                break
            }
        }
    }

    final class SheetController: UIPresentationController {
        let interaction: PanToDismiss

        init(presented: UIViewController, presenting: UIViewController?, interaction: PanToDismiss) {
            self.interaction = interaction
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionDidEnd(_ completed: Bool) {
            if completed { interaction.attach(to: presentedViewController) }
        }
    }

    /// Slides the sheet up from below the container and back down, linearly.
    final class SheetSlide: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        init(presenting: Bool) { self.presenting = presenting }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let view = transitionContext.view(forKey: presenting ? .to : .from) else { return }
            let container = transitionContext.containerView.bounds
            let shown = presenting ? transitionContext.finalFrame(forKey: .to) : view.frame
            let hidden = shown.offsetBy(dx: 0, dy: container.height - shown.minY)
            if presenting {
                view.frame = hidden
                transitionContext.containerView.addSubview(view)
            }
            UIView.animate(withDuration: 0.3, delay: 0, options: .curveLinear, animations: {
                view.frame = self.presenting ? shown : hidden
            }, completion: { _ in
                // Cancelled: the model values are the animator's to put back.
                if transitionContext.transitionWasCancelled { view.frame = self.presenting ? hidden : shown }
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    final class SheetTransitions: NSObject, UIViewControllerTransitioningDelegate {
        let interaction = PanToDismiss()
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            SheetController(presented: presented, presenting: presenting, interaction: interaction)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SheetSlide(presenting: true)
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SheetSlide(presenting: false)
        }
        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? {
            interaction.interacting ? interaction : nil
        }
    }

    /// A downward pan: the translations at 0, 0.1 and 0.2 s, released at 0.3 s.
    static func pan(_ values: [Double], axis: String = "y", velocity: Double) -> GestureTrace {
        let samples = values.enumerated().map { GestureTrace.Sample(time: Double($0.offset) / 10, value: $0.element, velocity: 0) }
            + [GestureTrace.Sample(time: Double(values.count) / 10, value: values.last!, velocity: velocity)]
        return GestureTrace(kind: .pan, axis: axis, distance: nil, samples: samples, completionSpeed: 1,
                            completionCurve: .linear)
    }

    /// The detail page presented as the sheet, through the sheet's delegate.
    func presentedSheet() throws -> (SDKStage, SheetTransitions, AnimatorInstance) {
        let stage = try SDKStage()
        let delegate = SheetTransitions()
        let instance = SDKStage.delegateInstance(delegate, session: stage.session, operations: [.present, .dismiss])
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        return (stage, delegate, instance)
    }

    @Test func aPanOnThePresentedSheetCallsDismissInBeganAndDrivesTheDismissal() throws {
        let (stage, delegate, instance) = try presentedSheet()
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        // Pulled down 100, 250, then 300 points and let go: 300 / 422 is past half.
        let trace = Self.pan([0, 100, 250, 300], velocity: 200)
        let start = stage.runtime.engine.currentTime
        var tops: [Int: Double] = [:]
        let outcome = try stage.runtime.dismiss(stage.detail, animator: instance,
                                                interaction: trace.script(containerSize: Size(width: 390, height: 844))) { t in
            let frame = Int(((t - start) * 60).rounded())
            tops[frame] = stage.detail.view.layer.presentation().frame.origin.y
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        // dismiss in .began was the dismissal under way: nothing logged, its completion ran.
        #expect(!stage.session.log.contains { $0.message.contains("dismiss") }, "\(stage.session.log)")
        #expect(delegate.interaction.calls == ["began", "finish", "dismiss completion"])
        // The sheet followed the finger: a linear slide scrubbed to translation / 422, so its
        // top is 422 + the translation (at 0.2 s, frame 12: 250 points down).
        #expect(abs(try #require(tops[12]) - (422 + 250)) < 1e-6, "\(tops.sorted { $0.key < $1.key })")
        #expect(stage.detail.presentationController == nil && stage.runtime.window.subviews == [stage.list.view])
    }

    @Test func aShortPullCancelsAndLeavesTheSheetAsItWas() throws {
        let (stage, delegate, instance) = try presentedSheet()
        let before = (frame: stage.detail.view.frame, subviews: stage.runtime.window.subviews)
        let outcome = try stage.runtime.dismiss(stage.detail, animator: instance,
                                                interaction: Self.pan([0, 60, 100], velocity: -50)
                                                    .script(containerSize: Size(width: 390, height: 844)))
        #expect(!outcome.completed)
        #expect(delegate.interaction.calls == ["began", "cancel"])
        // As before the pull: the sheet in place, still presented, the window unchanged.
        #expect(stage.detail.view.frame == before.frame && stage.runtime.window.subviews == before.subviews)
        #expect(stage.detail.presentationController != nil)
    }

    // MARK: A navigation delegate's edge-pan pop

    final class EdgePop: UIPercentDrivenInteractiveTransition {
        var interacting = false
        var popped: UIViewController?
        var calls: [String] = []
    }

    /// The page: its own left-edge pan pops it, as apps attach one in viewDidLoad.
    final class PageViewController: UIViewController {
        let interaction: EdgePop
        init(interaction: EdgePop) {
            self.interaction = interaction
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            view.backgroundColor = .systemTeal
            let edge = UIScreenEdgePanGestureRecognizer { [weak self] in self?.handle($0) }
            edge.edges = .left
            view.addGestureRecognizer(edge)
        }

        func handle(_ pan: UIScreenEdgePanGestureRecognizer) {
            let percent = max(0, min(1, pan.translation(in: view).x / view.bounds.width))
            switch pan.state {
            case .began:
                interaction.interacting = true
                interaction.popped = navigationController?.popViewController(animated: true)
                interaction.calls.append("began")
            case .changed:
                interaction.update(percent)
            case .ended:
                interaction.interacting = false
                interaction.calls.append(percent > 0.5 ? "finish" : "cancel")
                if percent > 0.5 { interaction.finish() } else { interaction.cancel() }
            default:
                break
            }
        }
    }

    final class PagesApp: NSObject, UINavigationControllerDelegate, ScreenProviding {
        let interaction = EdgePop()
        var pages: [PageViewController] = []
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "detail" else { return nil }
            let page = PageViewController(interaction: interaction)
            pages.append(page)
            return page
        }
        func navigationController(_ navigationController: UINavigationController,
                                  interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? {
            interaction.interacting ? interaction : nil
        }
        func navigationController(_ navigationController: UINavigationController,
                                  animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            operation == .pop ? PageSlide() : nil
        }
    }

    /// Slides the page off to the right, linearly.
    final class PageSlide: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else { return }
            transitionContext.containerView.insertSubview(to, belowSubview: from)
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                from.frame = from.frame.offsetBy(dx: from.frame.width, dy: 0)
            }, completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
        }
    }

    @Test func anEdgePanOnThePagePopsItThroughTheNavigationDelegate() throws {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let stage = TransitionStage(runtime: runtime)
        let app = PagesApp()
        let instance = SDKStage.delegateInstance(app, session: session, operations: [.push, .pop])
        // From the left edge, 100, 200, 300 points to the right, then let go moving right.
        var lefts: [Int: Double] = [:]
        let start = runtime.engine.currentTime
        let outcome = try stage.perform(.pop, animator: instance,
                                        interaction: Self.pan([0, 100, 200, 300], axis: "x", velocity: 400)
                                            .script(containerSize: runtime.window.bounds.size)) { t in
            lefts[Int(((t - start) * 60).rounded())] = stage.from.view.layer.presentation().frame.origin.x
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(session.log.isEmpty, "\(session.log)")
        let page = try #require(app.pages.first)
        // popViewController in .began was the pop under way: it named the page going away.
        #expect(app.interaction.popped === page)
        #expect(app.interaction.calls == ["began", "finish"])
        // The page followed the finger: 200 points at 0.2 s (frame 12), on the linear slide.
        #expect(abs(try #require(lefts[12]) - 200) < 1e-6, "\(lefts.sorted { $0.key < $1.key })")
    }

    // MARK: A tab bar delegate's interruptible slide

    final class TabSlide: NSObject, UIViewControllerAnimatedTransitioning, InterruptibleTransitioning {
        var made = 0
        private var current: UIViewPropertyAnimator?
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            interruptibleAnimator(using: transitionContext).startAnimation()
        }
        func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
            if let current { return current }
            made += 1
            let container = transitionContext.containerView
            let to = transitionContext.view(forKey: .to)!
            let width = container.bounds.width
            to.frame = transitionContext.finalFrame(forKey: .to).offsetBy(dx: width, dy: 0)
            container.addSubview(to)
            let animator = UIViewPropertyAnimator(duration: 0.4, curve: .linear) {
                to.frame = to.frame.offsetBy(dx: -width, dy: 0)
            }
            animator.addCompletion { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) }
            current = animator
            return animator
        }
        func animationEnded(_ transitionCompleted: Bool) { current = nil }
    }

    final class Tabs: NSObject, UITabBarControllerDelegate {
        let slide = TabSlide()
        func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                              to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { slide }
    }

    @Test func theTabDelegatesInterruptibleSlideIsScrubbedAndFinishes() throws {
        func run() throws -> (TransitionOutcome, Double?, Tabs) {
            let session = HostSession()
            let runtime = TransitionRuntime(engine: session.engine)
            let stage = TransitionStage(runtime: runtime)
            let tabs = Tabs()
            let instance = SDKStage.delegateInstance(tabs, session: session, operations: [.tab])
            let start = runtime.engine.currentTime
            var atHalf: Double?
            let outcome = try stage.perform(.tab, animator: instance,
                                            interaction: InteractionScript.parse("update 0.5 @0.1; finish @0.2")) { t in
                if atHalf == nil, t - start >= 0.1 - 1e-9 { atHalf = stage.to.view.layer.presentation().frame.origin.x }
            }
            return (outcome, atHalf, tabs)
        }
        let (outcome, atHalf, tabs) = try run()
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        // fractionComplete 0.5 on the linear slide from 390: half way, 195.
        #expect(abs(try #require(atHalf) - 195) < 1e-6)
        // Finishing from 0.5 at 0.2 s plays the other half of 0.4 s: done at 0.4 s.
        #expect(abs(outcome.elapsed - 0.4) < 1e-6)
        #expect(tabs.slide.made == 1)
        // A second run: the same.
        let (again, againHalf, _) = try run()
        #expect(again.elapsed == outcome.elapsed && againHalf == atHalf)
    }
}
