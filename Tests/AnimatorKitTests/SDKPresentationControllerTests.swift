import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// A sheet presenter written as iOS libraries write one: a `UIPresentationController`
/// subclass in UIKit's shape (a dimming view faded in through the presented view
/// controller's transition coordinator, the frame laid out in containerViewWillLayoutSubviews,
/// a tap on the dimming view calling dismiss), made by a transitioning delegate, run by
/// the host's transition runtime through the exported C animator.
@Suite struct SDKPresentationControllerTests {
    /// The presentation controller, as a card library writes it.
    final class HalfSheetPresentationController: UIPresentationController {
        private let dimmingView = UIView()
        var calls: [String] = []
        var dimming: UIView { dimmingView }

        override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
            super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
            dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.5)
            dimmingView.alpha = 0
            let tap = UITapGestureRecognizer { [weak self] _ in
                self?.calls.append("tap")
                self?.presentingViewController.dismiss(animated: true) { self?.calls.append("dismiss completion") }
            }
            dimmingView.addGestureRecognizer(tap)
        }

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let containerView = containerView else { return .zero }
            let height = containerView.bounds.height / 2
            return CGRect(x: 0, y: containerView.bounds.height - height, width: containerView.bounds.width, height: height)
        }

        override func presentationTransitionWillBegin() {
            calls.append("presentationTransitionWillBegin")
            guard let containerView = containerView else { return }
            dimmingView.frame = containerView.bounds
            containerView.insertSubview(dimmingView, at: 0)
            guard let coordinator = presentedViewController.transitionCoordinator else {
                dimmingView.alpha = 1
                return
            }
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
        }

        override func presentationTransitionDidEnd(_ completed: Bool) {
            calls.append("presentationTransitionDidEnd(\(completed))")
        }

        override func dismissalTransitionWillBegin() {
            calls.append("dismissalTransitionWillBegin")
            guard let coordinator = presentedViewController.transitionCoordinator else {
                dimmingView.alpha = 0
                return
            }
            coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
        }

        override func dismissalTransitionDidEnd(_ completed: Bool) {
            calls.append("dismissalTransitionDidEnd(\(completed))")
            if completed { dimmingView.removeFromSuperview() }
        }

        override func containerViewWillLayoutSubviews() {
            calls.append("containerViewWillLayoutSubviews")
            presentedView?.frame = frameOfPresentedViewInContainerView
            dimmingView.frame = containerView?.bounds ?? .zero
        }

        override func containerViewDidLayoutSubviews() {
            calls.append("containerViewDidLayoutSubviews")
        }
    }

    /// Slides the presented view up from below the container, and back down.
    final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let isPresenting: Bool
        init(isPresenting: Bool) { self.isPresenting = isPresenting }

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let key: UITransitionContextViewControllerKey = isPresenting ? .to : .from
            guard let controller = transitionContext.viewController(forKey: key),
                  let view = transitionContext.view(forKey: isPresenting ? .to : .from) else { return }
            let shown = transitionContext.finalFrame(for: controller)
            if isPresenting {
                view.frame = shown.offsetBy(dx: 0, dy: transitionContext.containerView.bounds.height - shown.minY)
                transitionContext.containerView.addSubview(view)
            }
            let container = transitionContext.containerView.bounds
            UIView.animate(withDuration: 0.3, animations: {
                view.frame = self.isPresenting ? shown : view.frame.offsetBy(dx: 0, dy: container.height - view.frame.minY)
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    /// The library's transitioning delegate.
    final class HalfSheetTransitions: NSObject, UIViewControllerTransitioningDelegate {
        var asked: [String] = []
        var controllers: [HalfSheetPresentationController] = []
        var sources: [UIViewController] = []
        /// Made the presentation controller's adaptive delegate, as apps set `controller.delegate = self`.
        weak var adaptive: UIAdaptivePresentationControllerDelegate?

        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            asked.append("presentationController")
            sources.append(source)
            let controller = HalfSheetPresentationController(presentedViewController: presented, presenting: presenting)
            controller.delegate = adaptive
            controllers.append(controller)
            return controller
        }

        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append("animationController(forPresented:)")
            // The presentation controller the delegate made is the presented view controller's.
            if presented.presentationController === controllers.last { asked.append("same controller") }
            return SlideAnimator(isPresenting: true)
        }

        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append("animationController(forDismissed:)")
            return SlideAnimator(isPresenting: false)
        }
    }

    let stage: SDKStage
    let delegate = HalfSheetTransitions()
    let instance: AnimatorInstance

    init() throws {
        stage = try SDKStage()
        stage.list.view.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        stage.detail.view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        let info = AnimatorInfo(id: "test.half-sheet", name: "half-sheet", displayName: "half-sheet", version: "1",
                                summary: nil, author: nil, url: nil, operations: OperationSet([.present, .dismiss]),
                                isInteractive: false, parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: delegate),
                                                             host: UnsafePointer(stage.session.table)),
                                    info: info, session: stage.session)
    }

    func picture() -> Image {
        SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: stage.runtime.engine, root: stage.runtime.window.layer.id))
    }

    @Test func theDelegatesPresentationControllerShapesThePresentation() throws {
        var detailTop: [Double: Double] = [:]
        let start = stage.runtime.engine.currentTime
        let outcome = try stage.runtime.present(stage.detail, from: stage.list, animator: instance) { [stage] t in
            detailTop[(t - start) * 1000] = stage.detail.view.layer.presentation().position.y
                - stage.detail.view.layer.presentation().bounds.size.height / 2
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
        // Asked as UIKit asks: the presentation controller first, then the animator, whose
        // presented view controller already has that controller.
        #expect(delegate.asked == ["presentationController", "animationController(forPresented:)", "same controller"])
        let controller = try #require(delegate.controllers.first)
        #expect(controller.calls == ["presentationTransitionWillBegin", "containerViewWillLayoutSubviews",
                                     "containerViewDidLayoutSubviews", "presentationTransitionDidEnd(true)"])
        // The bottom half of 390 × 844; the presenter stays in the window (custom style).
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(stage.detail.modalPresentationStyle == .custom)
        #expect(stage.list.view.superview == stage.runtime.window)
        // The layout after animateTransition did not stop the slide: frame 0 shows the sheet
        // below the screen, and half way through easeInOut (0.5 at the middle, by symmetry)
        // it is half way up.
        #expect(detailTop[0] == 844, "\(detailTop.sorted { $0.key < $1.key })")
        #expect(abs(try #require(detailTop[150]) - 633) < 1e-6)
        // The dimming view went in below the sheet and faded in alongside.
        #expect(controller.dimming.alpha == 1)
        // The end picture: the list's white under 50 % black above, the sheet's blue below.
        let image = picture()
        for y in [10, 200, 421] {
            let pixel = image.rgb(195, y)
            #expect(pixel.allSatisfy { abs(Int($0) - 128) <= 1 }, "\(y): \(pixel)")
        }
        for y in [422, 600, 843] { #expect(image.rgb(195, y) == [0, 0, 255], "\(y)") }
    }

    /// An adaptive delegate that wants a full-screen style where the width is compact.
    final class CompactFullScreen: UIAdaptivePresentationControllerDelegate {
        let style: UIModalPresentationStyle
        var told: [UIModalPresentationStyle] = []
        var askedSizeClasses: [UIUserInterfaceSizeClass] = []
        init(_ style: UIModalPresentationStyle) { self.style = style }

        func adaptivePresentationStyle(for controller: UIPresentationController,
                                       traitCollection: UITraitCollection) -> UIModalPresentationStyle {
            askedSizeClasses.append(traitCollection.horizontalSizeClass)
            return traitCollection.horizontalSizeClass == .compact ? style : .none
        }

        func presentationController(_ presentationController: UIPresentationController,
                                    willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                    transitionCoordinator: UIViewControllerTransitionCoordinator?) {
            told.append(style)
        }
    }

    @Test func anAdaptiveDelegateMakesTheSheetFullScreenOnAnIPhone() throws {
        let adaptive = CompactFullScreen(.fullScreen)
        delegate.adaptive = adaptive
        let outcome = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
        // An iPhone upright is compact wide: asked, it adapted and said so.
        #expect(adaptive.askedSizeClasses == [.compact] && adaptive.told == [.fullScreen])
        let controller = try #require(delegate.controllers.first)
        #expect(controller.adaptivePresentationStyle == .fullScreen)
        // Full screen: the whole window, no dimming (the controller's own moments are not
        // called), and the presenter's view left the window as .fullScreen removes it.
        #expect(stage.detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(controller.calls.isEmpty && controller.dimming.superview == nil)
        #expect(stage.list.view.superview == nil)
        let image = picture()
        for y in [10, 421, 843] { #expect(image.rgb(195, y) == [0, 0, 255], "\(y)") }
        // Dismissed: the list is back, whole, as before the presentation.
        let back = try stage.runtime.dismiss(stage.detail, animator: instance)
        #expect(back.completed && controller.calls.isEmpty)
        #expect(stage.list.view.superview == stage.runtime.window)
        for y in [10, 421, 843] { #expect(picture().rgb(195, y) == [255, 255, 255], "\(y)") }
    }

    @Test func overFullScreenKeepsThePresenterAndNoneKeepsTheSheet() throws {
        let over = CompactFullScreen(.overFullScreen)
        delegate.adaptive = over
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        #expect(over.told == [.overFullScreen])
        #expect(stage.detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(stage.list.view.superview == stage.runtime.window)
        _ = try stage.runtime.dismiss(stage.detail, animator: instance)
        // A delegate answering .none (PanModal's): the custom sheet as designed.
        let none = CompactFullScreen(.none)
        delegate.adaptive = none
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        #expect(none.told == [.none])
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(delegate.controllers.last?.calls.first == "presentationTransitionWillBegin")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
    }

    @Test func aTapOnTheDimmingViewDismissesAndTheSecondPresentationIsTheSame() throws {
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        let controller = try #require(delegate.controllers.first)
        let hostController = try #require(stage.detail.presentationController)
        // On the sheet: the presented view is hit, no recognizer there; nothing happens.
        #expect(!hostController.handleTap(at: Point(x: 195, y: 600)))
        // Above it: the dimming view's recognizer asks for the dismissal.
        #expect(hostController.handleTap(at: Point(x: 195, y: 100)))
        #expect(controller.calls.suffix(1) == ["tap"])
        let dismissed = try stage.runtime.dismiss(stage.detail, animator: instance)
        #expect(dismissed.completed && dismissed.problems.isEmpty, "\(dismissed.problems)")
        #expect(controller.calls.suffix(4) == ["tap", "dismissalTransitionWillBegin", "dismissalTransitionDidEnd(true)",
                                               "dismiss completion"])
        #expect(controller.dimming.superview == nil)
        #expect(stage.runtime.window.subviews == [stage.list.view])
        #expect(stage.detail.presentationController == nil)
        // The appearance callbacks of both, in UIKit's order.
        #expect(stage.runtime.appearance.map(\.description).suffix(8) == [
            "list.viewWillDisappear", "detail.viewWillAppear", "list.viewDidDisappear", "detail.viewDidAppear",
            "detail.viewWillDisappear", "list.viewWillAppear", "detail.viewDidDisappear", "list.viewDidAppear"])
        let before = picture()
        // The whole list again, white.
        #expect(before.rgb(195, 100) == [255, 255, 255] && before.rgb(195, 600) == [255, 255, 255])
        // A second presentation: a new controller from the delegate, the same picture.
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        #expect(delegate.controllers.count == 2)
        #expect(delegate.controllers[1].calls == delegate.controllers[0].calls.prefix(4).map { $0 })
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(picture().rgb(195, 100).allSatisfy { abs(Int($0) - 128) <= 1 })
    }

    @Test func aTapWhenNoRecognizerWantsItAndADismissOutsideATapDoNothing() throws {
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        let controller = try #require(delegate.controllers.first)
        // Disabled: the tap is not recognized, no dismissal is asked for.
        controller.dimming.gestureRecognizers?.first?.isEnabled = false
        let hostController = try #require(stage.detail.presentationController)
        #expect(!hostController.handleTap(at: Point(x: 195, y: 100)))
        #expect(!controller.calls.contains("tap"))
    }
}
