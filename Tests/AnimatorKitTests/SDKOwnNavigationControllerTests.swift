import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// A navigation controller the app makes and presents, as apps present a form: its bar
/// over its root's view, the root its child, pushes and pops inside it shown at once, the
/// bar hidden on request.
@Suite struct SDKOwnNavigationControllerTests {
    final class FormViewController: UIViewController {
        var moves: [String] = []
        override func viewDidLoad() {
            title = "New Event"
            view.backgroundColor = .systemGroupedBackground
        }
        override func didMove(toParent parent: UIViewController?) {
            moves.append(parent == nil ? "out" : "in")
        }
    }

    /// The list: a button presenting the form in a navigation controller.
    final class List: UIViewController {
        let button = UIView()
        var forms: [UINavigationController] = []
        override func viewDidLoad() {
            view.backgroundColor = .white
            button.frame = CGRect(x: 100, y: 300, width: 190, height: 60)
            button.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                let form = UINavigationController(rootViewController: FormViewController())
                form.modalPresentationStyle = .fullScreen
                self?.forms.append(form)
                self?.present(form, animated: true)
            })
            view.addSubview(button)
        }
    }

    final class App: NSObject, ScreenProviding {
        var lists: [List] = []
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = List()
            lists.append(list)
            return list
        }
    }

    @Test func aPresentedNavigationControllerShowsItsBarOverItsRootAndHoldsItsStack() throws {
        let app = App()
        let made = SDKAppStage(app, operations: OperationSet([.present, .dismiss]))
        let (session, runtime, stage, instance, host) = (made.session, made.runtime, made.stage, made.instance, made.host)
        let outcome = try stage.perform(.present, animator: instance, tap: Point(x: 195, y: 330))
        #expect(outcome.completed)
        let navigation = try #require(app.lists.first?.forms.first)
        let form = try #require(navigation.viewControllers.first as? FormViewController)
        // The presented screen is the navigation controller's view.
        #expect(session.knownHandle(for: stage.to.view.layer.id) == navigation.view.layer.handle)
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === form)
        #expect(form.parent === navigation && form.navigationController === navigation && form.moves == ["in"])
        // The bar: the status bar's 47 points and 44 more; the form below it.
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 0, width: 390, height: 91))
        #expect(navigation.navigationBar.titleLabel.text == "New Event")
        #expect(form.view.frame == CGRect(x: 0, y: 91, width: 390, height: 753))
        #expect(form.view.superview === navigation.view)
        // The picture: the system's bar color (0xF9F9F9) above the hairline at y 90.5, the
        // form's grouped background (0xF2F2F7) below it, the title's ink in the bar's middle.
        let window = try session.picture(of: UIView.wrapping(session.knownHandle(for: runtime.window.layer.id) ?? 0, host: host),
                                         size: Size(width: 390, height: 844))
        #expect(window.rgb(30, 70) == [0xF9, 0xF9, 0xF9])
        #expect(window.rgb(30, 400) == [0xF2, 0xF2, 0xF7])
        let ink = (130...260).filter { x in window.rgb(x, 69).allSatisfy { $0 < 0x80 } }
        #expect(ink.count > 5, "no title drawn at y 69")
        CurrentHost.with(host) {
            // A push inside it: the page shows at once, titled; the form leaves the screen.
            let page = UIViewController()
            page.title = "Repeat"
            navigation.pushViewController(page, animated: true)
            #expect(navigation.viewControllers.count == 2 && navigation.topViewController === page)
            #expect(navigation.navigationBar.titleLabel.text == "Repeat")
            #expect(page.view.superview === navigation.view && form.view.superview == nil)
            #expect(page.navigationController === navigation)
            // Back: the form again; the page is no child any more.
            #expect(navigation.popViewController(animated: true) === page)
            #expect(page.parent == nil && form.view.superview === navigation.view)
            #expect(navigation.popViewController(animated: true) == nil)
            // The bar hidden: the form fills the screen.
            navigation.setNavigationBarHidden(true, animated: false)
            #expect(navigation.isNavigationBarHidden && navigation.navigationBar.isHidden)
            #expect(form.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        }
    }
}

/// Popping to a view controller of an app's own stack, as a menu's "back to the start" does.
@Suite struct SDKOwnNavigationPopToTests {
    @Test func popToAViewControllerReturnsWhatWasAboveItBottomFirst() {
        let session = HostSession()
        CurrentHost.with(UnsafePointer(session.table)) {
            let screens = (0..<4).map { index -> UIViewController in
                let screen = UIViewController()
                screen.title = "Screen \(index)"
                return screen
            }
            let navigation = UINavigationController(rootViewController: screens[0])
            for screen in screens.dropFirst() { navigation.pushViewController(screen, animated: false) }
            navigation.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            let popped = navigation.popToViewController(screens[1], animated: true)
            #expect(popped?.map(\.title) == ["Screen 2", "Screen 3"])
            #expect(navigation.viewControllers.map(\.title) == ["Screen 0", "Screen 1"])
            #expect(navigation.topViewController === screens[1] && screens[3].parent == nil)
            // Not in the stack: nil, nothing popped; already on top: nothing above it.
            #expect(navigation.popToViewController(screens[3], animated: false) == nil)
            #expect(navigation.popToViewController(screens[1], animated: false)?.isEmpty == true)
            #expect(navigation.popToRootViewController(animated: false)?.map(\.title) == ["Screen 1"])
            #expect(navigation.viewControllers.count == 1)
        }
    }
}
