import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// A view is one object for as long as it lives, as on iOS: what view(forKey:),
/// containerView, superview, subviews and hit tests give back is the object the plugin
/// made or was given first, with its subclass and its stored properties.
@Suite struct SDKIdentityTests {
    let stage: SDKStage

    init() throws {
        stage = try SDKStage()
    }

    /// A card view with a stored property, as libraries subclass UIView.
    final class CardView: UIView {
        var cornerStyle = "rounded"
    }

    /// Written as transition libraries write theirs: a weak reference to the presented view,
    /// a chrome view of their own found again among the container's subviews.
    final class CardPresenter: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.card", name: "card", version: "1", operations: [.present])
        weak var presentedView: UIView?
        var presented: UIViewController?
        var checks: [String: Bool] = [:]
        var foundCard: CardView?
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            guard let toView = transitionContext.view(forKey: .to) else { return }
            presentedView = toView
            checks["view(forKey:) twice"] = transitionContext.view(forKey: .to) === toView
            checks["containerView twice"] = transitionContext.containerView === container
            checks["weak reference kept"] = presentedView != nil
            let card = CardView(frame: CGRect(x: 20, y: 200, width: 350, height: 400))
            card.cornerStyle = "squircle"
            container.addSubview(toView)
            container.addSubview(card)
            checks["superview"] = toView.superview === container && card.superview === container
            foundCard = container.subviews.last as? CardView
            checks["hit test"] = container.hitTest(CGPoint(x: 100, y: 300), with: nil) === card
            checks["view controller's view"] = transitionContext.viewController(forKey: .to)?.view === toView
            // UIKit's flags while the presentation runs: the presented one is being presented,
            // the presenter neither presented nor dismissed.
            let to = transitionContext.viewController(forKey: .to), from = transitionContext.viewController(forKey: .from)
            checks["isBeingPresented"] = to?.isBeingPresented == true && to?.isBeingDismissed == false
                && from?.isBeingPresented == false && from?.isBeingDismissed == false
            presented = to
            toView.alpha = 0
            UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1 }, completion: { _ in
                card.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    @Test func everyWayToAViewGivesBackTheOneObject() throws {
        let presenter = CardPresenter(parameters: ParameterValues([:]))
        let outcome = try stage.runtime.present(stage.detail, from: stage.list, animator: stage.instance(presenter, id: "test.card"))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(presenter.checks == ["view(forKey:) twice": true, "containerView twice": true, "weak reference kept": true,
                                     "superview": true, "hit test": true, "view controller's view": true,
                                     "isBeingPresented": true])
        // Once it has ended, no longer.
        #expect(presenter.presented?.isBeingPresented == false)
        // The card found among the subviews is the plugin's own object, its property intact.
        #expect(presenter.foundCard?.cornerStyle == "squircle")
        // After the transition the presented view is still the one object (it is on screen).
        #expect(presenter.presentedView != nil)
    }

    @Test func aSecondTransitionFindsTheObjectsOfTheFirst() throws {
        let presenter = CardPresenter(parameters: ParameterValues([:]))
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: stage.instance(presenter, id: "test.card"))
        let first = try #require(presenter.presentedView)
        _ = try stage.runtime.dismiss(stage.detail, animator: nil)
        _ = try stage.runtime.present(stage.detail, from: stage.list, animator: stage.instance(presenter, id: "test.card"))
        #expect(presenter.presentedView === first)
        #expect(presenter.checks.values.allSatisfy { $0 }, "\(presenter.checks)")
    }
}
