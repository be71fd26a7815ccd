import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// The status bar as UIKit decides it: the view controller presented full screen (or one
/// that captures it) decides; a navigation controller's shown bar decides for the screens
/// it holds, whatever they prefer; `setNeedsStatusBarAppearanceUpdate()` applies a change.
@Suite struct SDKStatusBarTests {
    /// A photo page: black, wanting white text over it.
    final class DarkPage: UIViewController {
        override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        override func viewDidLoad() {
            view.backgroundColor = .black
            title = "Photo"
        }
    }

    /// The list: a button whose tap hides the status bar and presents `next`.
    final class List: UIViewController {
        let button = UIView()
        var hidesBar = false
        var makePage: () -> UIViewController = { DarkPage() }
        override var prefersStatusBarHidden: Bool { hidesBar }
        override func viewDidLoad() {
            view.backgroundColor = .white
            button.frame = CGRect(x: 100, y: 300, width: 190, height: 60)
            button.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in self?.tapped() })
            view.addSubview(button)
        }

        func tapped() {
            hidesBar = true
            setNeedsStatusBarAppearanceUpdate()
            let page = makePage()
            page.modalPresentationStyle = .overFullScreen
            present(page, animated: true)
        }
    }

    final class App: NSObject, ScreenProviding {
        var captures = false
        func viewController(forScreen name: String) -> UIViewController? {
            switch name {
            case "list": return List()
            case "detail":
                let page = DarkPage()
                page.modalPresentationCapturesStatusBarAppearance = captures
                return page
            default: return nil
            }
        }
    }

    func stage(_ app: App, operations: OperationSet) -> (TransitionStage, AnimatorInstance) {
        let made = SDKAppStage(app, operations: operations)
        return (made.stage, made.instance)
    }

    static let black = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    static let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)

    @Test func aScreenPresentedFullScreenDecidesAndTheListDecidesAgainAfterTheDismissal() throws {
        let (stage, instance) = stage(App(), operations: OperationSet([.present, .dismiss]))
        try stage.prepare(.present, presenter: instance)
        let bar = try #require(stage.runtime.statusBar)
        // The list (the root) says nothing: the light appearance's label color, black.
        #expect(bar.color == Self.black && !bar.view.isHidden)
        #expect(try stage.perform(.present, animator: instance).completed)
        // Presented full screen, the black page decides: white.
        #expect(bar.color == Self.white)
        #expect(try stage.perform(.dismiss, animator: instance).completed)
        #expect(bar.color == Self.black)
    }

    @Test func aPushedScreenDoesNotDecideUnderAShownNavigationBar() throws {
        let (stage, instance) = stage(App(), operations: OperationSet([.push, .pop]))
        #expect(try stage.perform(.push, animator: instance).completed)
        let bar = try #require(stage.runtime.statusBar)
        // UIKit asks the navigation controller, whose bar's style is the default: the page's
        // lightContent does not count.
        #expect(stage.runtime.statusBarController() == nil)
        #expect(bar.color == Self.black)
    }

    @Test func aCustomPresentationDecidesOnlyWhenItCapturesTheStatusBar() throws {
        for captures in [false, true] {
            let app = App()
            app.captures = captures
            let (stage, instance) = stage(app, operations: OperationSet([.present, .dismiss]))
            stage.style = .custom
            #expect(try stage.perform(.present, animator: instance).completed)
            let bar = try #require(stage.runtime.statusBar)
            #expect(bar.color == (captures ? Self.white : Self.black), "captures \(captures)")
        }
    }

    @Test func aTapHandlerHidesTheBarThroughSetNeedsStatusBarAppearanceUpdate() throws {
        // The list hides the bar and presents a page over full screen, which is not
        // .fullScreen: the list still decides, and it wants the bar hidden.
        let app = App()
        let (stage, instance) = stage(app, operations: OperationSet([.present, .dismiss]))
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 330))
        #expect(outcome.completed)
        let bar = try #require(stage.runtime.statusBar)
        #expect(bar.view.isHidden)
        #expect(stage.runtime.statusBarController() === stage.from)
    }
}
