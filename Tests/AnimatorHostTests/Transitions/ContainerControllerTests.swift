import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
import TestSupport

/// Navigation and tab bar controllers on the transition runtime.
@Suite struct ContainerControllerTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func screen(_ name: String) -> ViewController {
        ViewController(name: name, engine: runtime.engine, frame: bounds)
    }

    /// The bar's items: titles and back buttons, in drawing order.
    func titles(_ navigation: NavigationController) -> [String?] {
        navigation.navigationBar.subviews.map(\.name).filter { $0?.hasPrefix("title:") == true || $0?.hasPrefix("back:") == true }
    }

    @Test func pushAndPopKeepTheStackTheViewsAndTheBarTitle() throws {
        let list = screen("list"), card = screen("card"), detail = screen("detail")
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        // The content view sits under the bar (an iPhone 14's 47-point status bar and the
        // 44-point navigation bar: 91) and is the screens' container.
        #expect(navigation.contentView.frame == Rect(x: 0, y: 91, width: 390, height: 844 - 91))
        try navigation.push(card, animator: SystemAnimator(.slide))
        #expect(navigation.viewControllers.map(\.name) == ["list", "card"])
        #expect(navigation.contentView.subviews == [card.view])
        #expect(card.view.frame == Rect(x: 0, y: 0, width: 390, height: 753))
        // The card's title, and its back button naming the list.
        #expect(titles(navigation) == ["title: card", "back: card"])
        let back = try #require(navigation.navigationBar.subviews.first { $0.name == "back: card" })
        #expect(back.layer.text?.string == "\u{2039} List")
        try navigation.push(detail, animator: nil)
        #expect(try navigation.pop(animator: SystemAnimator(.slide))?.completed == true)
        #expect(navigation.topViewController === card)
        #expect(try navigation.popToRoot(animator: SystemAnimator(.slide))?.operation == .pop)
        #expect(navigation.viewControllers.map(\.name) == ["list"])
        #expect(navigation.contentView.subviews == [list.view])
        #expect(titles(navigation) == ["title: list"])
        // Nothing to pop below the root, as in UIKit.
        #expect(try navigation.pop(animator: SystemAnimator(.slide)) == nil)
        #expect(throws: EngineError.self) { try navigation.push(list, animator: nil) }
    }

    @Test func theBarTitleCrossFadesWithTheTransition() throws {
        let list = screen("list"), card = screen("card")
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        var alphas: [Double: [Double]] = [:], shifts: [Double: [Double]] = [:]
        let start = runtime.engine.currentTime
        try navigation.push(card, animator: SystemAnimator(.slide, duration: 0.4),
                            interaction: InteractionScript.parse("update 0.25 @0.1; finish @0.2")) { t in
            let frame = ((t - start) * 60).rounded()
            alphas[frame] = navigation.navigationBar.subviews.map { $0.layer.presentation().opacity }
            shifts[frame] = navigation.navigationBar.subviews.map { $0.layer.presentation().transform.m41 }
        }
        // At frame 9 the percent is 0.25, the alongside animations at easeInOut(0.25) of
        // their way: the old title fades out and slides 0.4 × 390 to the left, the new one
        // fades in from 0.4 × 390 to the right, the new back button fades in.
        let at9 = try #require(alphas[9])
        let e = referenceEaseInOut(0.25)
        #expect(at9.count == 4)         // hairline, old title, new title, new back button
        #expect(abs(at9[1] - (1 - e)) < 1e-9)
        #expect(abs(at9[2] - e) < 1e-9)
        #expect(abs(at9[3] - e) < 1e-9)
        let slides = try #require(shifts[9])
        #expect(abs(slides[1] - (-0.4 * 390 * e)) < 1e-6)
        #expect(abs(slides[2] - 0.4 * 390 * (1 - e)) < 1e-6)
        #expect(titles(navigation) == ["title: card", "back: card"])
        // Settled: the new title centred, opaque.
        let title = try #require(navigation.navigationBar.subviews.first { $0.name == "title: card" })
        #expect(title.alpha == 1 && title.transform == .identity)
    }

    @Test func aCancelledPopLeavesTheStackAndTitleAsTheyWere() throws {
        let list = screen("list"), card = screen("card")
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        try navigation.push(card, animator: nil)
        let outcome = try navigation.pop(animator: SystemAnimator(.slide),
                                         interaction: InteractionScript.parse("update 0.2 @0.1; cancel @0.2"))
        #expect(outcome?.completed == false)
        #expect(navigation.viewControllers.map(\.name) == ["list", "card"])
        #expect(navigation.contentView.subviews == [card.view])
        #expect(titles(navigation) == ["title: card", "back: card"])
        for item in navigation.navigationBar.subviews { #expect(item.alpha == 1 && item.transform == .identity) }
    }

    @Test func setViewControllersPushesOrPopsAsUIKitDoes() throws {
        let a = screen("a"), b = screen("b"), c = screen("c")
        let navigation = try NavigationController(root: a, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        #expect(try navigation.setViewControllers([a, b, c], animator: SystemAnimator(.slide))?.operation == .push)
        #expect(navigation.viewControllers.map(\.name) == ["a", "b", "c"])
        #expect(navigation.operation(toShow: b) == .pop)
        #expect(try navigation.setViewControllers([b], animator: SystemAnimator(.slide))?.operation == .pop)
        #expect(navigation.viewControllers.map(\.name) == ["b"])
        #expect(navigation.contentView.subviews == [b.view])
        #expect(try navigation.setViewControllers([c, b], animator: nil) == nil)      // same top: no transition
        #expect(navigation.viewControllers.map(\.name) == ["c", "b"])
        #expect(throws: EngineError.self) { try navigation.setViewControllers([], animator: nil) }
        #expect(throws: EngineError.self) { try navigation.setViewControllers([a, a], animator: nil) }
    }

    @Test func selectingATabRunsATabTransition() throws {
        let home = screen("home"), settings = screen("settings")
        let tabs = try TabBarController(viewControllers: [home, settings], runtime: runtime, frame: bounds)
        try runtime.setRoot(tabs.controller)
        // 49 points of items over the 34-point home indicator area, as on an iPhone 14.
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 844 - 83, width: 390, height: 83))
        let outcome = try tabs.select(1, animator: SystemAnimator(.crossDissolve))
        #expect(outcome?.operation == .tab && outcome?.completed == true)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === settings)
        #expect(tabs.contentView.subviews == [settings.view])
        #expect(try tabs.select(1, animator: nil) == nil)
        #expect(throws: EngineError.self) { try tabs.select(2, animator: nil) }
        let cancelled = try tabs.select(0, animator: SystemAnimator(.crossDissolve),
                                        interaction: InteractionScript.parse("update 0.5 @0.05; cancel @0.1"))
        #expect(cancelled?.completed == false)
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.contentView.subviews == [settings.view])
        // The cancelled selection gave the tint back: settings' title blue, home's grey.
        func tint(_ name: String) -> RGBAColor? {
            tabs.tabBar.subviews.first { $0.name == "tab item: \(name)" }?.subviews.first { $0.name == "tab title: \(name)" }?
                .layer.text?.color
        }
        #expect(tint("settings") == RGBAColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(tint("home") == RGBAColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1))
    }
}
