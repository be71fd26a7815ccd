import Testing
@testable import AnimatorHost

/// Navigation and tab bar controllers on the transition runtime.
@Suite struct ContainerControllerTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    func screen(_ name: String) -> ViewController {
        ViewController(name: name, engine: runtime.engine, frame: bounds)
    }

    func titles(_ navigation: NavigationController) -> [String?] { navigation.navigationBar.subviews.map(\.name) }

    @Test func pushAndPopKeepTheStackTheViewsAndTheBarTitle() throws {
        let list = screen("list"), card = screen("card"), detail = screen("detail")
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        // The content view sits under the 44-point bar and is the screens' container.
        #expect(navigation.contentView.frame == Rect(x: 0, y: 44, width: 390, height: 800))
        try navigation.push(card, animator: SystemAnimator(.slide))
        #expect(navigation.viewControllers.map(\.name) == ["list", "card"])
        #expect(navigation.contentView.subviews == [card.view])
        #expect(card.view.frame == Rect(x: 0, y: 0, width: 390, height: 800))
        #expect(titles(navigation) == ["title: card"])
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
        var alphas: [Double: [Double]] = [:]
        let start = runtime.engine.currentTime
        try navigation.push(card, animator: SystemAnimator(.slide, duration: 0.4),
                            interaction: InteractionScript.parse("update 0.25 @0.1; finish @0.2")) { t in
            alphas[((t - start) * 60).rounded()] = navigation.navigationBar.subviews.map { $0.layer.presentation().opacity }
        }
        // At frame 9 the percent is 0.25: old title 1 − easeInOut(0.25), new title easeInOut(0.25).
        let at9 = try #require(alphas[9])
        #expect(at9.count == 2)
        #expect(abs(at9[0] - (1 - referenceEaseInOut(0.25))) < 1e-9)
        #expect(abs(at9[1] - referenceEaseInOut(0.25)) < 1e-9)
        #expect(titles(navigation) == ["title: card"])
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
        #expect(titles(navigation) == ["title: card"])
        #expect(navigation.navigationBar.subviews[0].alpha == 1)
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
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 795, width: 390, height: 49))
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
    }
}
