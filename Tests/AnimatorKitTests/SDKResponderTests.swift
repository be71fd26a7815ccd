import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// The responder chain as libraries walk it to find a view's view controller, and custom
/// segues made in code, written as iOS code writes them.
@Suite struct SDKResponderTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    /// The helper card libraries write: up the chain until a view controller.
    static func controller(for view: UIView) -> UIViewController? {
        var responder = view.next
        while responder != nil && !(responder! is UIViewController) {
            responder = responder!.next
        }
        return responder as? UIViewController
    }

    final class CardViewController: UIViewController {
        let handle = UIView(frame: CGRect(x: 0, y: 0, width: 36, height: 5))

        override func viewDidLoad() {
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
            header.addSubview(handle)
            view.addSubview(header)
        }
    }

    @Test func aViewsViewControllerIsFoundUpTheChain() {
        inHost {
            let card = CardViewController()
            card.loadViewIfNeeded()
            let header = card.handle.superview
            // handle → header → the card's root view → the card.
            #expect(header != nil && card.handle.next === header)
            #expect(header?.next === card.view)
            #expect(card.view.next === card)
            #expect(Self.controller(for: card.handle) === card)
            // A container: the card's view is in the container's, so the card's next is
            // that view; a lone view has no view controller up its chain.
            let container = UIViewController()
            container.loadViewIfNeeded()
            container.addChild(card)
            container.view.addSubview(card.view)
            card.didMove(toParent: container)
            #expect(card.next === container.view && container.view.next === container)
            card.view.removeFromSuperview()
            #expect(card.next === container)
            #expect(Self.controller(for: UIView(frame: .zero)) == nil)
        }
    }

    /// A library's custom segue (as card presenters ship one): it sets the destination up
    /// and presents it from the source.
    final class CardSegue: UIStoryboardSegue {
        var prepared = false

        override func perform() {
            destination.modalPresentationStyle = .custom
            prepared = true
            super.perform()
        }
    }

    @Test func aCustomSegueMadeInCodePerformsWhatItSays() {
        let source = UIViewController(), destination = UIViewController()
        let segue = CardSegue(identifier: "card", source: source, destination: destination)
        #expect(segue.identifier == "card" && segue.source === source && segue.destination === destination)
        segue.perform()
        #expect(segue.prepared && destination.modalPresentationStyle == .custom)
        var handled = 0
        UIStoryboardSegue(identifier: nil, source: source, destination: destination) { handled += 1 }.perform()
        #expect(handled == 1)
    }
}

/// UIView.window and UIApplication's key window (ABI 1.11), as presentation controllers
/// read them before they set up.
@Suite struct SDKWindowTests {
    let session = HostSession()

    @Test func aViewsWindowIsTheOneWindowWhileItIsInItsTree() {
        let runtime = TransitionRuntime(engine: session.engine)
        CurrentHost.with(UnsafePointer(session.table)) {
            let card = UIView(frame: CGRect(x: 0, y: 400, width: 390, height: 444))
            let handle = UIView(frame: CGRect(x: 177, y: 6, width: 36, height: 5))
            card.addSubview(handle)
            // Not on screen yet.
            #expect(handle.window == nil && card.window == nil)
            guard let window = UIApplication.shared.keyWindow else {
                Issue.record("no key window")
                return
            }
            #expect(UIApplication.shared.windows.count == 1 && UIApplication.shared.windows[0] === window)
            #expect(window.isKeyWindow)
            // UIKit's names for the app's notifications (none is posted: the app stays in the
            // foreground), as code observing them spells them.
            #expect(UIApplication.didEnterBackgroundNotification.rawValue == "UIApplicationDidEnterBackgroundNotification")
            #expect(UIApplication.willChangeStatusBarFrameNotification.rawValue
                    == "UIApplicationWillChangeStatusBarFrameNotification")
            #expect(window.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
            window.addSubview(card)
            // One window object, however it is reached.
            #expect(handle.window === window && card.window === window && card.superview === window)
            #expect(window.window === window)
            card.removeFromSuperview()
            #expect(handle.window == nil)
        }
        _ = runtime
    }
}

/// Views are objects as on iOS (NSObject's subclasses): the checks and comparisons library
/// code makes of them.
@Suite struct SDKViewObjectTests {
    let session = HostSession()

    @Test func viewsCompareByIdentityAndKnowTheirKind() {
        CurrentHost.with(UnsafePointer(session.table)) {
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let twin = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            #expect(scroll.isKind(of: UIScrollView.self) && scroll.isKind(of: UIView.self))
            #expect(!plain.isKind(of: UIScrollView.self))
            // Equal only to itself, however alike: `==` is NSObject's isEqual, identity.
            #expect(plain == plain && plain != twin && !plain.isEqual(twin))
            #expect([twin, plain, scroll].firstIndex(of: plain) == 1)
            #expect(Set([plain, twin, plain]).count == 2)
        }
    }
}
