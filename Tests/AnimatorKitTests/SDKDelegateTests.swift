import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// Delegates choose the animator, as on iOS: asked before each transition (before the
/// appearance callbacks), their animator runs, and nil runs UIKit's own transition.
@Suite struct SDKDelegateTests {
    /// A plain fade with a duration of its own, as a library writes one.
    final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
        let duration: TimeInterval
        init(duration: TimeInterval) { self.duration = duration }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { duration }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let toView = transitionContext.view(forKey: .to) else { return }
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            UIView.animate(withDuration: duration, animations: { toView.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    /// A card library's delegate: its own animator to present, UIKit's to dismiss.
    final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
        var asked: [String] = []
        /// How many appearance callbacks the runtime had made when the delegate was asked.
        var appearanceAtAsk: [Int] = []
        let appearanceCount: () -> Int
        init(appearanceCount: @escaping () -> Int) { self.appearanceCount = appearanceCount }

        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append(presented.view === presenting.view ? "same" : "presented")
            appearanceAtAsk.append(appearanceCount())
            return Fade(duration: 0.3)
        }

        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append("dismissed")
            appearanceAtAsk.append(appearanceCount())
            return nil
        }
    }

    @Test func theTransitioningDelegatesAnimatorPresentsAndNilDismissesWithUIKitsOwn() throws {
        let stage = try SDKStage()
        let delegate = CardTransitions(appearanceCount: { stage.runtime.appearance.count })
        let info = AnimatorInfo(id: "test.cards", name: "cards", displayName: "cards", version: "1", summary: nil, author: nil,
                                url: nil, operations: OperationSet([.present, .dismiss]), isInteractive: false, parameters: [],
                                abi: ABIVersion.host, path: "(in process)", index: 0)
        let instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: delegate),
                                                                 host: UnsafePointer(stage.session.table)),
                                        info: info, session: stage.session)
        let before = stage.runtime.appearance.count
        let presented = try stage.runtime.present(stage.detail, from: stage.list, animator: instance)
        // The delegate's fade ran: its 0.3 s, under the instance's name.
        #expect(presented.completed && presented.problems.isEmpty, "\(presented.problems)")
        #expect(presented.animator == "test.cards" && presented.duration == 0.3)
        #expect(stage.detail.view.alpha == 1)
        let dismissed = try stage.runtime.dismiss(stage.detail, animator: instance)
        // nil: UIKit's own dismissal (the cover-vertical slide down) ran instead.
        #expect(dismissed.completed && dismissed.animator == "system.cover-vertical", "\(String(describing: dismissed.animator))")
        #expect(delegate.asked == ["presented", "dismissed"])
        // Asked before the transition's appearance callbacks, as UIKit asks it.
        #expect(delegate.appearanceAtAsk.first == before)
        // The dismissal's ask came after the presentation's four callbacks (the list's will
        // and did disappear, the detail's will and did appear) and before its own.
        #expect(delegate.appearanceAtAsk.last == before + 4)
    }

    /// A photo library's navigation delegate: its animator pushes, UIKit's slide pops.
    final class PhotoNavigation: NSObject, UINavigationControllerDelegate {
        var operations: [UINavigationController.Operation] = []
        func navigationController(_ navigationController: UINavigationController,
                                  animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            operations.append(operation)
            return operation == .push ? Fade(duration: 0.2) : nil
        }
    }

    @Test func theNavigationDelegateChoosesPerOperation() throws {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let grid = ViewController(name: "grid", engine: session.engine, frame: bounds)
        let photo = ViewController(name: "photo", engine: session.engine, frame: bounds)
        let navigation = try NavigationController(root: grid, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let delegate = PhotoNavigation()
        let info = AnimatorInfo(id: "test.photos", name: "photos", displayName: "photos", version: "1", summary: nil,
                                author: nil, url: nil, operations: OperationSet([.push, .pop]), isInteractive: false,
                                parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        let instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: delegate),
                                                                 host: UnsafePointer(session.table)),
                                        info: info, session: session)
        let pushed = try navigation.push(photo, animator: instance)
        #expect(pushed.completed && pushed.animator == "test.photos" && pushed.duration == 0.2)
        let popped = try #require(try navigation.pop(animator: instance))
        #expect(popped.completed && popped.animator == "system.slide")
        #expect(delegate.operations == [.push, .pop])
        #expect(navigation.viewControllers.map(\.name) == ["grid"])
    }
}
