import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A container view controller as apps write one: a photo page that embeds a caption view
/// controller with addChild, addSubview and didMove(toParent:), pushed and popped between
/// the app's own screens with a cross-fade.
@Suite struct SDKChildViewControllerTests {
    final class CallLog {
        var calls: [String] = []
    }

    /// Logs its appearance and its moves between containers under `name`.
    class LoggingViewController: UIViewController {
        let name: String
        let log: CallLog

        init(name: String, log: CallLog) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewWillAppear(_ animated: Bool) { log.calls.append("\(name) viewWillAppear \(animated)") }
        override func viewDidAppear(_ animated: Bool) { log.calls.append("\(name) viewDidAppear \(animated)") }
        override func viewWillDisappear(_ animated: Bool) { log.calls.append("\(name) viewWillDisappear \(animated)") }
        override func viewDidDisappear(_ animated: Bool) { log.calls.append("\(name) viewDidDisappear \(animated)") }
        override func willMove(toParent parent: UIViewController?) {
            log.calls.append("\(name) willMove \((parent as? LoggingViewController)?.name ?? "nil")")
        }
        override func didMove(toParent parent: UIViewController?) {
            log.calls.append("\(name) didMove \((parent as? LoggingViewController)?.name ?? "nil")")
        }
    }

    /// The page: black, with the caption's view, a blue bar 100 points high at the bottom.
    final class PageViewController: LoggingViewController {
        var caption: LoggingViewController?

        override func viewDidLoad() {
            view.backgroundColor = .black
            let caption = LoggingViewController(name: "caption", log: log)
            addChild(caption)
            caption.view.frame = CGRect(x: 0, y: view.bounds.height - 100, width: view.bounds.width, height: 100)
            caption.view.backgroundColor = .blue
            view.addSubview(caption.view)
            caption.didMove(toParent: self)
            self.caption = caption
        }


    }

    /// A cross-fade that asks the incoming page's caption (a child, which the context does
    /// not hand out) for its navigation controller and transition coordinator.
    final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        var captionSaw: (navigation: Bool, coordinator: Bool)?
        /// The navigation stack each transition saw, by name, and whether its top was the
        /// context's incoming view controller object.
        var stacks: [[String]] = []
        var topIsIncoming: [Bool] = []

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let toView = transitionContext.view(forKey: .to) else { return transitionContext.completeTransition(true) }
            if let page = transitionContext.viewController(forKey: .to) as? PageViewController, let caption = page.caption {
                captionSaw = (caption.navigationController != nil, caption.transitionCoordinator != nil)
            }
            if let navigation = transitionContext.viewController(forKey: .from)?.navigationController {
                stacks.append(navigation.viewControllers.map { ($0 as? LoggingViewController)?.name ?? "?" })
                topIsIncoming.append(navigation.topViewController === transitionContext.viewController(forKey: .to))
            }
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            UIView.animate(withDuration: 0.3, animations: { toView.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    final class App: NSObject, UINavigationControllerDelegate, ScreenProviding {
        let log = CallLog()
        var page: PageViewController?
        let fade = FadeAnimator()

        func navigationController(_ navigationController: UINavigationController,
                                  animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            fade
        }

        func viewController(forScreen name: String) -> UIViewController? {
            switch name {
            case "list":
                let list = LoggingViewController(name: "list", log: log)
                list.loadViewIfNeeded()
                list.view.backgroundColor = .white
                return list
            case "detail":
                let page = PageViewController(name: "page", log: log)
                self.page = page
                return page
            default: return nil
            }
        }
    }

    func stage(_ app: App) -> (TransitionStage, AnimatorInstance) {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        return (TransitionStage(runtime: runtime),
                SDKStage.delegateInstance(app, session: session, operations: [.push, .pop], id: "test.container"))
    }

    @Test func aChildHearsItsContainersAppearanceAfterItThroughAPushAndAPop() throws {
        let app = App()
        let (stage, animator) = stage(app)
        let pushed = try stage.perform(.push, animator: animator)
        #expect(pushed.completed && pushed.problems.isEmpty, "\(pushed.problems)")
        let page = try #require(app.page)
        let caption = try #require(page.caption)
        // addChild called willMove first; the page called didMove after adding the view.
        #expect(page.children.count == 1 && page.children[0] === caption && caption.parent === page)
        // The child found its container's navigation controller and coordinator.
        #expect(app.fade.captionSaw.map { "\($0)" } == "(navigation: true, coordinator: true)")
        // The navigation controller's stack during the push: already the new one, its top the
        // incoming page, each the app's own object.
        let popped = try stage.perform(.pop, animator: animator)
        #expect(popped.completed && popped.problems.isEmpty, "\(popped.problems)")
        // And during the pop: the stack without the page, its top the list coming back.
        #expect(app.fade.stacks == [["list", "page"], ["list"]])
        #expect(app.fade.topIsIncoming == [true, true])
        // The host loads a library's screens before the first shows (so the page embedded its
        // caption first), then UIKit's order around a push and a pop, the child after its
        // container each time.
        #expect(app.log.calls == [
            "caption willMove page", "caption didMove page",
            "list viewWillAppear false", "list viewDidAppear false",
            "list viewWillDisappear true", "page viewWillAppear true", "caption viewWillAppear true",
            "list viewDidDisappear true", "page viewDidAppear true", "caption viewDidAppear true",
            "page viewWillDisappear true", "caption viewWillDisappear true", "list viewWillAppear true",
            "page viewDidDisappear true", "caption viewDidDisappear true", "list viewDidAppear true",
        ], "\(app.log.calls)")
    }

    @Test func removingAndMovingChildrenFollowsUIKit() throws {
        let log = CallLog()
        let first = LoggingViewController(name: "first", log: log), second = LoggingViewController(name: "second", log: log)
        let child = LoggingViewController(name: "child", log: log)
        first.addChild(child)
        // Added again to the same parent: nothing; to another: it moves.
        first.addChild(child)
        second.addChild(child)
        #expect(first.children.isEmpty && second.children.count == 1 && child.parent === second)
        // The container calls willMove(toParent: nil); removeFromParent calls didMove(toParent: nil).
        child.willMove(toParent: nil)
        child.removeFromParent()
        child.removeFromParent()
        #expect(second.children.isEmpty && child.parent == nil)
        #expect(log.calls == ["child willMove first", "child willMove second", "child willMove nil", "child didMove nil"])
        // A view controller cannot be its own child.
        first.addChild(first)
        #expect(first.children.isEmpty && first.parent == nil)
    }

    @Test func aContainerThatForwardsItselfCallsItsChildren() throws {
        final class Manual: LoggingViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let log = CallLog()
        let container = Manual(name: "container", log: log), child = LoggingViewController(name: "child", log: log)
        container.loadViewIfNeeded()
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        container.beginAppearanceTransition(true, animated: false)
        container.endAppearanceTransition()
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        #expect(log.calls == ["child willMove container", "child didMove container",
                              "container viewWillAppear false", "container viewDidAppear false",
                              "child viewWillAppear false", "child viewDidAppear false"])
    }

    @Test func viewsMadeOutsideAHostCallStayOutOfTheNextLayoutPass() {
        // A view controller whose view is made where no host call is under way (its view
        // belongs to no engine): it is in no tree and no window, and the next host call on
        // this thread, which lays out what is due, does not trip over it.
        let lone = UIViewController()
        lone.loadViewIfNeeded()
        lone.view.setNeedsLayout()
        #expect(lone.view.superview == nil && lone.view.window == nil)
        let session = HostSession()
        let made = CurrentHost.with(UnsafePointer(session.table)) { UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        #expect(made.layer.handle != 0 && made.superview == nil)
    }
}
