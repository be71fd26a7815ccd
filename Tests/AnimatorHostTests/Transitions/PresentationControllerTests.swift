import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Presentation controllers: UIKit's call order, and seed 004's bottom card with its
/// figures (shadow 0.44 / 13 / (0, −6), dimming 0 → 0.5, rounded top corners, tap to
/// dismiss). The transitions use the system cover-vertical animator over 0.4 s on
/// ease-in-ease-out, which is halfway at half time.
@Suite struct PresentationControllerTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let list: ViewController
    let detail: ViewController

    init() throws {
        list = ViewController(name: "list", engine: runtime.engine, frame: bounds)
        detail = ViewController(name: "detail", engine: runtime.engine, frame: bounds)
        try runtime.setRoot(list)
    }

    final class Recorder: PresentationController {
        var calls: [String] = []
        var appearanceAtWillBegin: [String] = []
        var hadCoordinator = false
        let runtime: TransitionRuntime

        init(_ presented: ViewController, _ presenting: ViewController, runtime: TransitionRuntime) {
            self.runtime = runtime
            super.init(presentedViewController: presented, presenting: presenting)
        }

        override var frameOfPresentedViewInContainerView: Rect { Rect(x: 20, y: 100, width: 350, height: 600) }
        override func presentationTransitionWillBegin() {
            calls.append("presentationTransitionWillBegin")
            appearanceAtWillBegin = runtime.appearance.map(\.description)
            hadCoordinator = presentingViewController.transitionCoordinator != nil
        }
        override func presentationTransitionDidEnd(_ completed: Bool) { calls.append("presentationTransitionDidEnd(\(completed))") }
        override func dismissalTransitionWillBegin() { calls.append("dismissalTransitionWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) { calls.append("dismissalTransitionDidEnd(\(completed))") }
    }

    @Test func hooksComeAtUIKitsMomentsAndTheFrameIsRespected() throws {
        let recorder = Recorder(detail, list, runtime: runtime)
        _ = try runtime.present(detail, from: list, animator: SystemAnimator(.coverVertical), presentationController: recorder)
        #expect(recorder.hadCoordinator)
        #expect(recorder.appearanceAtWillBegin.suffix(2) == ["list.viewWillDisappear", "detail.viewWillAppear"])
        #expect(detail.modalPresentationStyle == .custom)
        #expect(detail.view.frame == Rect(x: 20, y: 100, width: 350, height: 600))
        #expect(list.view.superview == runtime.window)                 // a custom presentation keeps the presenter
        #expect(detail.presentationController === recorder)
        _ = try runtime.dismiss(detail, animator: SystemAnimator(.coverVertical))
        #expect(recorder.calls == ["presentationTransitionWillBegin", "presentationTransitionDidEnd(true)",
                                   "dismissalTransitionWillBegin", "dismissalTransitionDidEnd(true)"])
        #expect(detail.presentationController == nil)
        #expect(runtime.window.subviews == [list.view])
    }

    @Test func theBottomCardRisesWithItsShadowCornersAndDimming() throws {
        let card = BottomCardPresentationController(presentedViewController: detail, presenting: list, height: 300)
        var half: (wrapperY: Double, dimming: Double)?
        let start = runtime.engine.currentTime
        let outcome = try runtime.present(detail, from: list, animator: SystemAnimator(.coverVertical, duration: 0.4),
                                          presentationController: card) { t in
            guard abs(t - start - 0.2) < 1e-9, let dimming = card.dimmingView else { return }
            half = (card.presentedView.layer.presentation().position.y, dimming.layer.presentation().opacity)
        }
        #expect(outcome.completed)
        // Card frame: (0, 844 − 300, 390, 300); it starts one container height lower.
        let wrapper = card.presentedView
        #expect(wrapper.frame == Rect(x: 0, y: 544, width: 390, height: 300))
        let halfway = try #require(half)
        #expect(abs(halfway.wrapperY - (694 + 844 * 0.5)) < 1e-9)
        #expect(abs(halfway.dimming - 0.25) < 1e-9)
        #expect(wrapper.layer.shadowOpacity == 0.44 && wrapper.layer.shadowRadius == 13)
        #expect(wrapper.layer.shadowOffset == Size(width: 0, height: -6))
        let rounded = try #require(wrapper.subviews.first)
        #expect(rounded.frame == Rect(x: 0, y: 0, width: 390, height: 316))      // 16 below the card: square corners hidden
        #expect(rounded.layer.cornerRadius == 16 && rounded.layer.masksToBounds)
        #expect(rounded.subviews == [detail.view])
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 300))
        let dimming = try #require(card.dimmingView)
        #expect(dimming.alpha == 0.5 && dimming.frame == bounds)
        #expect(dimming.superview?.subviews == [dimming, wrapper])
        #expect(list.view.superview == runtime.window)

        // A tap above the card dismisses; one on the card does not.
        #expect(card.isDismissingTap(at: Point(x: 195, y: 100)))
        #expect(!card.isDismissingTap(at: Point(x: 195, y: 700)))
        var dimmingHalf: Double?
        let back = runtime.engine.currentTime
        let dismissed = try runtime.dismiss(detail, animator: SystemAnimator(.coverVertical, duration: 0.4)) { t in
            if abs(t - back - 0.2) < 1e-9 { dimmingHalf = dimming.layer.presentation().opacity }
        }
        #expect(dismissed.completed)
        #expect(abs(try #require(dimmingHalf) - 0.25) < 1e-9)
        #expect(runtime.window.subviews == [list.view])
        #expect(card.dimmingView == nil)
    }

    @Test func aCancelledCardPresentationLeavesNothingBehind() throws {
        let card = BottomCardPresentationController(presentedViewController: detail, presenting: list)
        let outcome = try runtime.present(detail, from: list, animator: SystemAnimator(.coverVertical),
                                          presentationController: card,
                                          interaction: InteractionScript.parse("update 0.3 @0.1; cancel @0.2"))
        #expect(!outcome.completed)
        #expect(runtime.window.subviews == [list.view])
        #expect(card.dimmingView == nil)
        #expect(list.presentedViewController == nil)
    }

    @Test func aControllerForOtherScreensIsRefused() throws {
        let other = ViewController(name: "other", engine: runtime.engine, frame: bounds)
        let card = BottomCardPresentationController(presentedViewController: other, presenting: list)
        #expect(throws: EngineError.self) {
            try runtime.present(detail, from: list, animator: nil, presentationController: card)
        }
    }
}
