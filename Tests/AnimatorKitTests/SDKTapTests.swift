import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// A tap on the app's own screen starts the transition, as on iOS: a button's tap
/// recognizer presents a card view controller whose own transitioningDelegate (not the
/// export's delegate) gives its presentation controller and its animator; the completion
/// runs after the presentation.
@Suite struct SDKTapTests {
    /// The card: the bottom half of the container.
    final class CardPresentationController: UIPresentationController {
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }
    }

    /// Fades the card in at its final frame.
    final class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        var presented: UIViewController?
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let card = transitionContext.viewController(forKey: .to), let view = transitionContext.view(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            presented = card
            view.frame = transitionContext.finalFrame(for: card)
            view.alpha = 0
            transitionContext.containerView.addSubview(view)
            UIView.animate(withDuration: 0.25, animations: { view.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    /// The card's own transitioning delegate.
    final class CardTransitions: NSObject, UIViewControllerTransitioningDelegate {
        var asked: [String] = []
        let animator = CardAnimator()
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            asked.append("presentationController")
            return CardPresentationController(presentedViewController: presented, presenting: presenting)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append("animationController(forPresented:)")
            return animator
        }
    }

    final class CardViewController: UIViewController {
        override func viewDidLoad() {
            view.backgroundColor = .systemOrange
            title = "Card"
        }
    }

    /// The list: a button that presents the card.
    final class ListViewController: UIViewController {
        let button = UIView()
        let cardTransitions = CardTransitions()
        var cards: [CardViewController] = []
        var completions = 0

        override func viewDidLoad() {
            view.backgroundColor = .white
            button.frame = CGRect(x: 100, y: 300, width: 190, height: 60)
            button.backgroundColor = .systemBlue
            button.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.showCard() })
            view.addSubview(button)
        }

        func showCard() {
            let card = CardViewController()
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = cardTransitions
            cards.append(card)
            present(card, animated: true) { [weak self] in self?.completions += 1 }
        }
    }

    /// The app: its list screen; not a transitioning delegate itself.
    final class App: NSObject, ScreenProviding {
        var lists: [ListViewController] = []
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = ListViewController()
            lists.append(list)
            return list
        }
    }

    func stage() -> (TransitionStage, AnimatorInstance, App) {
        let app = App()
        let made = SDKAppStage(app, operations: OperationSet([.present, .dismiss]))
        return (made.stage, made.instance, app)
    }

    @Test func aButtonsTapPresentsTheCardThroughItsOwnTransitioningDelegate() throws {
        let (stage, instance, app) = stage()
        // The button: 100...290 × 300...360 in the list, which fills the window.
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 330))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        let list = try #require(app.lists.first)
        let card = try #require(list.cards.first)
        // The card's delegate was asked, as UIKit asks it, and its animator ran (not UIKit's).
        #expect(list.cardTransitions.asked == ["presentationController", "animationController(forPresented:)"])
        #expect(outcome.animator == "test.app" && outcome.duration == 0.25)
        // The animator was handed the card object the app made, shown where the card's
        // presentation controller puts it; the completion ran once, after.
        #expect(list.cardTransitions.animator.presented === card)
        #expect(stage.to.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(stage.to.title == "Card" && stage.to.modalPresentationStyle == .custom)
        #expect(list.completions == 1)
    }

    @Test func aTapWhereNoRecognizerIsStartsNothing() throws {
        let (stage, instance, app) = stage()
        #expect(throws: EngineError.self) { try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 600)) }
        do {
            let (again, instance, _) = self.stage()
            _ = try again.perform(.present, animator: instance, tap: Point(x: 195, y: 600))
        } catch {
            #expect(error.reason.hasPrefix("the tap at (195, 600) asked for no transition"), "\(error.reason)")
        }
        #expect(app.lists.first?.cards.isEmpty == true)
    }

    @Test func presentOutsideATapIsLoggedAndDoesNothing() throws {
        let (stage, instance, app) = stage()
        _ = try stage.perform(.present, animator: instance)
        let list = try #require(app.lists.first)
        let session = instance.session
        CurrentHost.with(UnsafePointer(session.table)) { list.showCard() }
        #expect(list.completions == 0)
        #expect(session.log.contains { $0.message.contains("present(_:animated:) outside a tap handler") }, "\(session.log)")
    }
}

extension SDKTapTests {
    /// The list with a UIButton whose primary action (iOS 14's closure form) presents the card.
    final class ButtonListViewController: UIViewController {
        let cardTransitions = CardTransitions()
        var button: UIButton?
        var presented = 0

        override func viewDidLoad() {
            view.backgroundColor = .white
            let button = UIButton(type: .system, primaryAction: UIAction(title: "Show") { [weak self] _ in
                guard let self else { return }
                let card = CardViewController()
                card.modalPresentationStyle = .custom
                card.transitioningDelegate = self.cardTransitions
                self.present(card, animated: true) { self.presented += 1 }
            })
            button.setTitle("Show card", for: .normal)
            button.frame = CGRect(x: 100, y: 300, width: 190, height: 60)
            view.addSubview(button)
            self.button = button
        }
    }

    final class ButtonApp: NSObject, ScreenProviding {
        var list: ButtonListViewController?
        var enabled = true
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = ButtonListViewController()
            list.loadViewIfNeeded()
            list.button?.isEnabled = enabled
            self.list = list
            return list
        }
    }

    func buttonStage(enabled: Bool) -> (TransitionStage, AnimatorInstance, ButtonApp) {
        let session = HostSession()
        let app = ButtonApp()
        app.enabled = enabled
        let instance = SDKStage.delegateInstance(app, session: session, operations: [.present, .dismiss], id: "test.buttons")
        return (TransitionStage(runtime: TransitionRuntime(engine: session.engine)), instance, app)
    }

    @Test func aButtonsPrimaryActionPresentsOnATapAndADisabledOneTakesNone() throws {
        let (stage, instance, app) = buttonStage(enabled: true)
        // On the title label inside the button: the tap walks up to the button.
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 330))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(app.list?.presented == 1)
        #expect(app.list?.cardTransitions.asked == ["presentationController", "animationController(forPresented:)"])
        #expect(stage.to.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(app.list?.button?.currentTitle == "Show card")
        let (disabled, disabledInstance, _) = buttonStage(enabled: false)
        #expect(throws: EngineError.self) { try disabled.perform(.present, animator: disabledInstance, tap: Point(x: 195, y: 330)) }
    }
}
