import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A photo app's zoom between its own grid and its own photo page, written as an iOS
/// developer writes it: the screens are view controller subclasses that build their views
/// in loadView and viewDidLoad, the navigation delegate gives the zoom animator for a
/// push, and the animator takes the tapped cell from the grid view controller it is
/// handed (its own object, with its stored properties) and grows a copy of it to the
/// page's photo.
@Suite struct SDKScreensTests {
    /// What the screens heard, in order ("grid viewWillAppear true").
    final class CallLog {
        var calls: [String] = []
    }

    /// Twelve square cells, three to a row, 2 points apart and from the edges, from y = 100.
    final class PhotoGridViewController: UIViewController {
        static let colors: [UIColor] = [.red, .green, .blue, .yellow]
        var cells: [UIView] = []
        var selectedIndex = 4
        var log: CallLog?

        override func viewWillAppear(_ animated: Bool) { log?.calls.append("grid viewWillAppear \(animated)") }
        override func viewDidAppear(_ animated: Bool) { log?.calls.append("grid viewDidAppear \(animated)") }
        override func viewWillDisappear(_ animated: Bool) { log?.calls.append("grid viewWillDisappear \(animated)") }
        override func viewDidDisappear(_ animated: Bool) { log?.calls.append("grid viewDidDisappear \(animated)") }

        override func loadView() {
            view = UIView(frame: UIScreen.main.bounds)
            view.backgroundColor = .white
            title = "Photos"
        }

        override func viewDidLoad() {
            let side = (view.bounds.width - 8) / 3
            for index in 0..<12 {
                let cell = UIView(frame: CGRect(x: 2 + CGFloat(index % 3) * (side + 2), y: 100 + CGFloat(index / 3) * (side + 2),
                                                width: side, height: side))
                cell.backgroundColor = Self.colors[index % Self.colors.count]
                view.addSubview(cell)
                cells.append(cell)
            }
        }
    }

    /// The photo, a square across the page 200 points down, on black.
    final class PhotoPageViewController: UIViewController {
        let photoView = UIView()
        var log: CallLog?

        override func viewWillAppear(_ animated: Bool) { log?.calls.append("page viewWillAppear \(animated)") }
        override func viewDidAppear(_ animated: Bool) { log?.calls.append("page viewDidAppear \(animated)") }
        override func viewWillDisappear(_ animated: Bool) { log?.calls.append("page viewWillDisappear \(animated)") }
        override func viewDidDisappear(_ animated: Bool) { log?.calls.append("page viewDidDisappear \(animated)") }

        override func viewDidLoad() {
            view.backgroundColor = .black
            photoView.frame = CGRect(x: 0, y: 200, width: view.bounds.width, height: view.bounds.width)
            photoView.backgroundColor = .green
            view.addSubview(photoView)
        }
    }

    /// Grows a copy of the selected cell to the photo's place while the page fades in.
    final class ZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        var grid: PhotoGridViewController?
        var zoomView: UIView?

        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            guard let grid = transitionContext.viewController(forKey: .from) as? PhotoGridViewController,
                  let page = transitionContext.viewController(forKey: .to) as? PhotoPageViewController,
                  let toView = transitionContext.view(forKey: .to) else {
                return transitionContext.completeTransition(false)
            }
            self.grid = grid
            let container = transitionContext.containerView
            let cell = grid.cells[grid.selectedIndex]
            toView.frame = transitionContext.finalFrame(for: page)
            toView.alpha = 0
            container.addSubview(toView)
            let zoom = UIView(frame: cell.convert(cell.bounds, to: container))
            zoom.backgroundColor = cell.backgroundColor
            container.addSubview(zoom)
            zoomView = zoom
            let target = page.photoView.convert(page.photoView.bounds, to: container)
            cell.isHidden = true
            page.photoView.isHidden = true
            UIView.animate(withDuration: 0.4, animations: {
                zoom.frame = target
                toView.alpha = 1
            }, completion: { _ in
                cell.isHidden = false
                page.photoView.isHidden = false
                zoom.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    /// The app: its screens and its navigation controller's delegate.
    final class PhotoApp: NSObject, UINavigationControllerDelegate, ScreenProviding {
        let zoom = ZoomAnimator()
        var grids: [PhotoGridViewController] = []
        let log = CallLog()

        func viewController(forScreen name: String) -> UIViewController? {
            switch name {
            case "list":
                let grid = PhotoGridViewController()
                grid.log = log
                grids.append(grid)
                return grid
            case "detail":
                let page = PhotoPageViewController()
                page.log = log
                return page
            default: return nil
            }
        }

        func navigationController(_ navigationController: UINavigationController,
                                  animationControllerFor operation: UINavigationController.Operation,
                                  from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            operation == .push ? zoom : nil
        }
    }

    struct Run {
        let app = PhotoApp()
        let runtime: TransitionRuntime
        let stage: TransitionStage
        var zoomFrames: [CGRect] = []
        var outcome: TransitionOutcome?
        var log: [PluginLogEntry] = []

        init() throws {
            let session = HostSession()
            runtime = TransitionRuntime(engine: session.engine)
            stage = TransitionStage(runtime: runtime)
            let info = AnimatorInfo(id: "test.photos", name: "photos", displayName: "photos", version: "1", summary: nil,
                                    author: nil, url: nil, operations: OperationSet([.push, .pop]), isInteractive: false,
                                    parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
            let instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: app),
                                                                     host: UnsafePointer(session.table)),
                                            info: info, session: session)
            var frames: [CGRect] = []
            let app = self.app
            outcome = try stage.perform(.push, animator: instance) { _ in
                // The zoom copy as drawn, while it is in the container.
                if let zoom = app.zoom.zoomView, let id = try? session.layers.lookup(zoom.layer.handle).get(),
                   Layer(engine: session.engine, id: id).superlayer != nil {
                    let shown = Layer(engine: session.engine, id: id).presentation().frame
                    frames.append(CGRect(x: shown.origin.x, y: shown.origin.y, width: shown.size.width,
                                         height: shown.size.height))
                }
            }
            zoomFrames = frames
            log = session.log
        }

        func picture() -> Image {
            SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
                .render(SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
        }
    }

    @Test func theZoomGrowsTheSelectedCellOfTheAppsOwnGridToItsOwnPage() throws {
        let run = try Run()
        let outcome = try #require(run.outcome)
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(run.log.isEmpty, "\(run.log)")
        // The animator was handed the app's own grid object, with its stored cells.
        let grid = try #require(run.app.grids.first)
        #expect(run.app.grids.count == 1 && run.app.zoom.grid === grid)
        // The screens heard UIKit's appearance callbacks in UIKit's order: the grid shown
        // as the navigation controller's root (not animated), then the animated push.
        #expect(run.app.log.calls == ["grid viewWillAppear false", "grid viewDidAppear false",
                                      "grid viewWillDisappear true", "page viewWillAppear true",
                                      "grid viewDidDisappear true", "page viewDidAppear true"])
        // The navigation bar shows the grid's title.
        #expect(run.stage.from.title == "Photos")
        // Cell 4 is the second row's middle one: side (390 − 8) / 3, at x = 2 + (side + 2),
        // y = 100 + (side + 2), in the grid's view, which fills the container.
        let side = (390.0 - 8) / 3
        let start = CGRect(x: 2 + (side + 2), y: 100 + (side + 2), width: side, height: side)
        let target = CGRect(x: 0, y: 200, width: 390, height: 390)
        let first = try #require(run.zoomFrames.first)
        #expect(abs(first.minX - start.minX) < 1e-9 && abs(first.minY - start.minY) < 1e-9
                && abs(first.width - side) < 1e-9, "\(first)")
        // Every frame on the straight path, position and size at one progress; at 0.2 s
        // (frame 12 at 60 frames a second) easeInOut is 0.5 (the middle, by symmetry).
        for frame in run.zoomFrames {
            let progress = (frame.width - side) / (390 - side)
            #expect(abs(frame.minX - (start.minX + (target.minX - start.minX) * progress)) < 1e-6, "\(frame)")
            #expect(abs(frame.minY - (start.minY + (target.minY - start.minY) * progress)) < 1e-6, "\(frame)")
        }
        let halfway = try #require(run.zoomFrames.dropFirst(12).first)
        #expect(abs(halfway.width - (side + 390) / 2) < 1e-6 && abs(halfway.minY - (start.minY + 200) / 2) < 1e-6,
                "\(halfway)")
        // The end picture is the page's own: black, the green photo square 200 points down
        // the content (below the bar), nothing of the zoom copy left.
        let content = try #require(run.stage.navigation).contentView.frame
        let image = run.picture()
        let top = Int(content.origin.y)
        #expect(image.rgb(195, top + 100) == [0, 0, 0])
        #expect(image.rgb(10, top + 210) == [0, 255, 0] && image.rgb(380, top + 580) == [0, 255, 0])
        #expect(image.rgb(195, top + 600) == [0, 0, 0])
        // The cell and the photo are shown again, the grid's view left the screen.
        #expect(!grid.cells[4].isHidden && grid.view.superview == nil)
    }

    @Test func aCancelledInteractivePopKeepsTheCallbacksBalanced() throws {
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let stage = TransitionStage(runtime: runtime)
        let app = PhotoApp()
        let info = AnimatorInfo(id: "test.photos", name: "photos", displayName: "photos", version: "1", summary: nil,
                                author: nil, url: nil, operations: OperationSet([.push, .pop]), isInteractive: true,
                                parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        let instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: app),
                                                                 host: UnsafePointer(session.table)),
                                        info: info, session: session)
        // The delegate gives no animator for a pop: UIKit's slide, driven to 30 % and cancelled.
        let script = try InteractionScript.parse("update 0.3 @0.1; cancel @0.2")
        let outcome = try stage.perform(.pop, animator: instance, interaction: script)
        #expect(!outcome.completed)
        // Set up without animation (the grid, then the page pushed on it), then UIKit's order
        // for a cancelled pop: the will- callbacks, then the incoming screen's disappearance
        // and the outgoing one's reappearance.
        #expect(app.log.calls == [
            "grid viewWillAppear false", "grid viewDidAppear false",
            "grid viewWillDisappear false", "page viewWillAppear false", "grid viewDidDisappear false",
            "page viewDidAppear false",
            "page viewWillDisappear true", "grid viewWillAppear true",
            "grid viewWillDisappear true", "grid viewDidDisappear true", "page viewWillAppear true",
            "page viewDidAppear true",
        ])
    }

    @Test func beginAndEndAppearanceTransitionForwardAsUIKitDoes() throws {
        let log = CallLog()
        let page = PhotoPageViewController()
        page.log = log
        page.endAppearanceTransition()
        page.beginAppearanceTransition(true, animated: true)
        page.endAppearanceTransition()
        page.beginAppearanceTransition(false, animated: false)
        page.endAppearanceTransition()
        page.endAppearanceTransition()
        #expect(log.calls == ["page viewWillAppear true", "page viewDidAppear true", "page viewWillDisappear false",
                              "page viewDidDisappear false"])
    }

    @Test func aSecondRunDrawsTheSameBytes() throws {
        let first = try Run(), second = try Run()
        #expect(first.picture() == second.picture())
        #expect(first.zoomFrames == second.zoomFrames && first.zoomFrames.count > 10)
    }

    @Test func aScreenTheAppDoesNotBringKeepsTheHostsContent() throws {
        // A tab change: the app brings neither "home" nor "settings".
        let session = HostSession()
        let runtime = TransitionRuntime(engine: session.engine)
        let stage = TransitionStage(runtime: runtime)
        let app = PhotoApp()
        let info = AnimatorInfo(id: "test.photos", name: "photos", displayName: "photos", version: "1", summary: nil,
                                author: nil, url: nil, operations: OperationSet([.tab]), isInteractive: false,
                                parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        let instance = AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: app),
                                                                 host: UnsafePointer(session.table)),
                                        info: info, session: session)
        let outcome = try stage.perform(.tab, animator: instance)
        #expect(outcome.completed)
        #expect(app.grids.isEmpty)
        #expect(stage.to.title == ScreenContent.settings.title)
    }
}
