import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A tab bar controller of the app's own as the run's, written as swipe-between-tabs
/// libraries write one: a `UITabBarController` subclass that is its own delegate, with a
/// pan recognizer on its view whose `.began` handler changes `selectedIndex`, a slide
/// animator, and a percent-driven interaction controller the pan drives.
@Suite struct SDKOwnTabBarControllerTests {
    final class ColorTab: UIViewController {
        let color: UIColor
        let name: String
        var log: [String] = []
        init(_ name: String, _ color: UIColor) {
            self.name = name
            self.color = color
            super.init(nibName: nil, bundle: nil)
            title = name
        }
        required init?(coder: NSCoder) { nil }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = color
        }
        override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); log.append("willAppear") }
        override func viewDidAppear(_ animated: Bool) { super.viewDidAppear(animated); log.append("didAppear") }
        override func viewWillDisappear(_ animated: Bool) { super.viewWillDisappear(animated); log.append("willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); log.append("didDisappear") }
    }

    /// Slides the new tab in from the side the finger moves away from, linearly.
    final class Slide: NSObject, UIViewControllerAnimatedTransitioning {
        var forward = true
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else { return }
            let width = container.bounds.width * (forward ? 1 : -1)
            to.frame = transitionContext.finalFrame(forKey: .to).offsetBy(dx: width, dy: 0)
            container.addSubview(to)
            UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: {
                to.frame = to.frame.offsetBy(dx: -width, dy: 0)
                from.frame = from.frame.offsetBy(dx: -width, dy: 0)
            }, completion: { _ in
                let cancelled = transitionContext.transitionWasCancelled
                if cancelled { from.frame = from.frame.offsetBy(dx: width, dy: 0) }
                transitionContext.completeTransition(!cancelled)
            })
        }
    }

    final class SwipeTabs: UITabBarController, UITabBarControllerDelegate {
        let slide = Slide()
        var interactor: UIPercentDrivenInteractiveTransition?
        var asked: [String] = []

        override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
            super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
            delegate = self
            viewControllers = [ColorTab("red", .red), ColorTab("blue", .blue)]
            view.addGestureRecognizer(UIPanGestureRecognizer { [weak self] in self?.panned($0) })
        }
        required init?(coder: NSCoder) { nil }

        func panned(_ pan: UIPanGestureRecognizer) {
            let dx = pan.translation(in: view).x
            switch pan.state {
            case .began:
                asked.append("began")
                interactor = UIPercentDrivenInteractiveTransition()
                slide.forward = dx <= 0
                selectedIndex += dx <= 0 ? 1 : -1
            case .changed:
                interactor?.update(min(max(abs(dx) / view.bounds.width, 0), 1))
            case .ended, .cancelled:
                if abs(dx) / view.bounds.width > 0.5 { interactor?.finish() } else { interactor?.cancel() }
                interactor = nil
            default:
                break
            }
        }

        func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                              to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            asked.append("animation \((fromVC as? ColorTab)?.name ?? "?") → \((toVC as? ColorTab)?.name ?? "?")")
            return slide
        }

        func tabBarController(_ tabBarController: UITabBarController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
            -> UIViewControllerInteractiveTransitioning? {
            asked.append(interactor == nil ? "interaction nil" : "interaction")
            return interactor
        }
    }

    /// The library: it brings its tab bar controller as "tabs"; its export has no tab
    /// delegate of its own.
    final class App: NSObject, ScreenProviding {
        var tabs: SwipeTabs?
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "tabs" else { return nil }
            let made = SwipeTabs(nibName: nil, bundle: nil)
            tabs = made
            return made
        }
    }

    /// A pan to the left, `points` after 0.1 s steps, let go.
    static func leftPan(_ points: [Double]) -> GestureTrace {
        let samples = points.enumerated().map { GestureTrace.Sample(time: Double($0.offset) / 10, value: -$0.element, velocity: 0) }
            + [GestureTrace.Sample(time: Double(points.count) / 10, value: -points.last!, velocity: 0)]
        return GestureTrace(kind: .pan, axis: "x", distance: nil, samples: samples, completionSpeed: 1, completionCurve: .linear)
    }

    func run(_ points: [Double]) throws -> (TransitionOutcome, App, TransitionStage, Image, [Int: Double]) {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let stage = TransitionStage(runtime: runtime)
        let app = App()
        let instance = SDKStage.delegateInstance(app, session: session, operations: [.tab])
        var lefts: [Int: Double] = [:]
        let start = runtime.engine.currentTime
        let outcome = try stage.perform(.tab, animator: instance,
                                        interaction: Self.leftPan(points).script(containerSize: runtime.window.bounds.size)) { t in
            lefts[Int(((t - start) * 60).rounded())] = stage.to.view.layer.presentation().frame.origin.x
        }
        #expect(session.log.isEmpty, "\(session.log)")
        // No call the SDK made for the library was refused (validate would blame the library).
        #expect(session.refusedCalls.count == 0, "\(session.refusedCalls.first)")
        let picture = SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
        return (outcome, app, stage, picture, lefts)
    }

    @Test func aSwipeOnItsViewChangesTabThroughItsOwnDelegate() throws {
        let (outcome, app, _, picture, lefts) = try run([0, 100, 250, 300])
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        let tabs = try #require(app.tabs)
        // Asked as UIKit asks: the animator, then (after the pan began and changed the
        // selection) the interaction controller its handler made.
        #expect(tabs.asked == ["animation red → blue", "interaction nil", "began", "interaction"], "\(tabs.asked)")
        #expect(tabs.selectedIndex == 1)
        let red = try #require(tabs.viewControllers?[0] as? ColorTab), blue = try #require(tabs.viewControllers?[1] as? ColorTab)
        #expect(red.tabBarController === tabs && blue.tabBarController === tabs)
        #expect(blue.log == ["willAppear", "didAppear"] && red.log.suffix(2) == ["willDisappear", "didDisappear"])
        // The blue tab followed the finger: 250 points of 390 at 0.2 s (frame 12): at 140.
        #expect(abs(try #require(lefts[12]) - 140) < 1e-6, "\(lefts.sorted { $0.key < $1.key })")
        // The end picture: blue in the tab's content.
        #expect(picture.rgb(195, 400) == [0, 0, 255])
    }

    /// The red tab's own button-like view: a tap selects the next tab through its tab bar
    /// controller, the app's own.
    final class TapApp: NSObject, ScreenProviding {
        var tabs: SwipeTabs?
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "tabs" else { return nil }
            let made = SwipeTabs(nibName: nil, bundle: nil)
            let red = made.viewControllers![0]
            red.view.addGestureRecognizer(UITapGestureRecognizer { [weak red] _ in red?.tabBarController?.selectedIndex = 1 })
            tabs = made
            return made
        }
    }

    @Test func aTapHandlerSelectsTheNextTabWithTheSameSlide() throws {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let stage = TransitionStage(runtime: runtime)
        let app = TapApp()
        let instance = SDKStage.delegateInstance(app, session: session, operations: [.tab])
        let outcome = try stage.perform(.tab, animator: instance, tap: Point(x: 195, y: 400))
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(session.log.isEmpty, "\(session.log)")
        #expect(session.refusedCalls.count == 0, "\(session.refusedCalls.first)")
        let tabs = try #require(app.tabs)
        #expect(tabs.selectedIndex == 1 && tabs.asked.first == "animation red → blue", "\(tabs.asked)")
        let picture = SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
        #expect(picture.rgb(195, 400) == [0, 0, 255])
        // Outside a tap or a gesture, selectedIndex changes nothing and says so.
        CurrentHost.with(UnsafePointer(session.table)) { tabs.selectedIndex = 0 }
        #expect(tabs.selectedIndex == 1)
        #expect(session.log.contains { $0.message.contains("selectedIndex outside a tap") })
    }

    @Test func aShortSwipeCancelsAndLeavesTheFirstTab() throws {
        let (outcome, app, _, picture, _) = try run([0, 50, 80, 100])
        #expect(!outcome.completed)
        let tabs = try #require(app.tabs)
        // The state after the cancel equals the state before: the red tab, selected.
        #expect(picture.rgb(195, 400) == [255, 0, 0])
        let red = try #require(tabs.viewControllers?[0] as? ColorTab)
        #expect(red.view.frame.origin.x == 0)
        // A second run of the same gesture: the same picture.
        let (_, _, _, again, _) = try run([0, 50, 80, 100])
        #expect(again.pixels == picture.pixels)
    }
}
