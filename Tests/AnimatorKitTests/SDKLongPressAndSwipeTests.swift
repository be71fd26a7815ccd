import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// Long presses and swipes reach the app's recognizers as UIKit delivers them: through
/// hit testing to the view under the finger and up its superviews; a long press only once
/// held `minimumPressDuration`, its handler called in `.began` and `.ended`; a swipe only in
/// one of its `direction`s; the delegate asked first. What the handler does (present) is
/// what the run performs.
@Suite struct SDKLongPressAndSwipeTests {
    /// Fades the card in over a quarter second.
    final class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let view = transitionContext.view(forKey: .to) else { return transitionContext.completeTransition(false) }
            view.alpha = 0
            transitionContext.containerView.addSubview(view)
            UIView.animate(withDuration: 0.25, animations: { view.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    final class Transitions: NSObject, UIViewControllerTransitioningDelegate {
        let animator = CardAnimator()
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    }

    /// Refuses touches in views tagged 7, as a delegate keeping a control's touches does.
    final class Gatekeeper: NSObject, UIGestureRecognizerDelegate {
        var asked = 0
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            asked += 1
            return touch.view?.tag != 7
        }
    }

    /// The list: a photo (100...290 × 300...360) a long press presents from, a strip at the
    /// bottom (0...390 × 700...800) swiped left or up, with a label inside it (its recognizer
    /// is the strip's), and a guarded view (tag 7) whose press the delegate refuses.
    final class ListViewController: UIViewController {
        let photo = UIView(), strip = UIView(), label = UIView(), guarded = UIView()
        let transitions = Transitions()
        let gatekeeper = Gatekeeper()
        var pressStates: [UIGestureRecognizer.State] = []
        var pressLocations: [CGPoint] = []
        var swipes: [CGPoint] = []
        var presented = 0
        var minimumPress = 0.5

        override func viewDidLoad() {
            view.backgroundColor = .white
            photo.frame = CGRect(x: 100, y: 300, width: 190, height: 60)
            let press = UILongPressGestureRecognizer { [weak self] recognizer in
                guard let self else { return }
                self.pressStates.append(recognizer.state)
                self.pressLocations.append(recognizer.location(in: self.photo))
                // The way apps write it: act once, when the press is recognized.
                if recognizer.state == .began { self.showCard() }
            }
            press.minimumPressDuration = minimumPress
            photo.addGestureRecognizer(press)
            strip.frame = CGRect(x: 0, y: 700, width: 390, height: 100)
            label.frame = CGRect(x: 20, y: 20, width: 100, height: 30)
            strip.addSubview(label)
            let swipe = UISwipeGestureRecognizer { [weak self] recognizer in
                guard let self else { return }
                self.swipes.append(recognizer.location(in: nil))
                self.showCard()
            }
            swipe.direction = [.left, .up]
            strip.addGestureRecognizer(swipe)
            guarded.frame = CGRect(x: 0, y: 500, width: 390, height: 100)
            guarded.tag = 7
            let refused = UILongPressGestureRecognizer { [weak self] _ in self?.showCard() }
            refused.delegate = gatekeeper
            guarded.addGestureRecognizer(refused)
            for subview in [photo, strip, guarded] { view.addSubview(subview) }
        }

        func showCard() {
            let card = UIViewController()
            card.transitioningDelegate = transitions
            card.modalPresentationStyle = .custom
            presented += 1
            present(card, animated: true)
        }
    }

    final class App: NSObject, ScreenProviding {
        var lists: [ListViewController] = []
        var minimumPress = 0.5
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = ListViewController()
            list.minimumPress = minimumPress
            lists.append(list)
            return list
        }
    }

    func stage(minimumPress: Double = 0.5) -> (TransitionStage, AnimatorInstance, App) {
        let app = App()
        app.minimumPress = minimumPress
        let made = SDKAppStage(app, operations: OperationSet([.present, .dismiss]))
        return (made.stage, made.instance, app)
    }

    /// Why a perform that should start nothing did not.
    func refusal(_ gesture: TouchGesture, at point: Point, minimumPress: Double = 0.5) -> (String, App) {
        let (stage, instance, app) = stage(minimumPress: minimumPress)
        do {
            _ = try stage.perform(.present, animator: instance, tap: point, gesture: gesture)
            return ("it started", app)
        } catch {
            return (error.reason, app)
        }
    }

    @Test func aPressHeldPastItsMinimumIsRecognizedAndItsHandlerPresentsInBegan() throws {
        let (stage, instance, app) = stage()
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 330),
                                        gesture: .longPress(seconds: 1))
        #expect(outcome.completed && outcome.problems.isEmpty && outcome.duration == 0.25, "\(outcome.problems)")
        let list = try #require(app.lists.first)
        // Continuous: began, then ended when the finger lifts; one presentation.
        #expect(list.pressStates == [.began, .ended])
        #expect(list.presented == 1)
        // Where the finger is, in the photo's coordinates: (195 − 100, 330 − 300).
        #expect(list.pressLocations == [CGPoint(x: 95, y: 30), CGPoint(x: 95, y: 30)])
    }

    @Test func aPressShorterThanTheMinimumOrATapIsNoLongPress() {
        // UIKit's default minimum is half a second: 0.4 s is too short.
        let (short, app) = refusal(.longPress(seconds: 0.4), at: Point(x: 195, y: 330))
        #expect(short.hasPrefix("the long press at (195, 330) asked for no transition (no long-press handler"), "\(short)")
        #expect(app.lists.first?.pressStates == [])
        // With the minimum lowered to 0.3 s the same press is recognized.
        let (lowered, loweredApp) = refusal(.longPress(seconds: 0.4), at: Point(x: 195, y: 330), minimumPress: 0.3)
        #expect(lowered == "it started" && loweredApp.lists.first?.pressStates == [.began, .ended], "\(lowered)")
        // A tap is not a press.
        let (tap, tapApp) = refusal(.tap, at: Point(x: 195, y: 330))
        #expect(tap.hasPrefix("the tap at (195, 330) asked for no transition"), "\(tap)")
        #expect(tapApp.lists.first?.presented == 0)
    }

    @Test func aSwipeIsRecognizedInItsDirectionsOnlyAndThroughTheViewsAboveTheOneTouched() throws {
        // Left and up are the strip's; right and down are not.
        for direction in [TouchGesture.SwipeDirection.right, .down] {
            let (reason, app) = refusal(.swipe(direction), at: Point(x: 195, y: 780))
            #expect(reason.hasPrefix("the swipe \(direction.rawValue) at (195, 780) asked for no transition (no swipe handler"),
                    "\(reason)")
            #expect(app.lists.first?.swipes == [])
        }
        // On the label inside the strip: hit testing finds the label, the strip's recognizer takes it.
        let (stage, instance, app) = stage()
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 50, y: 730), gesture: .swipe(.up))
        #expect(outcome.completed)
        let list = try #require(app.lists.first)
        #expect(list.swipes == [CGPoint(x: 50, y: 730)] && list.presented == 1)
        // A long press on the strip is not a swipe.
        let (press, _) = refusal(.longPress(seconds: 1), at: Point(x: 195, y: 780))
        #expect(press.hasPrefix("the long press at (195, 780) asked for no transition"), "\(press)")
    }

    @Test func theDelegateDecidesWhetherATouchReachesTheRecognizer() throws {
        let (reason, app) = refusal(.longPress(seconds: 1), at: Point(x: 195, y: 550))
        #expect(reason.hasPrefix("the long press at (195, 550) asked for no transition"), "\(reason)")
        let list = try #require(app.lists.first)
        #expect(list.gatekeeper.asked == 1 && list.presented == 0)
    }
}
