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
        #expect(back.subviews.compactMap(\.layer.text?.string) == ["\u{2039}", "List"])
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

    /// A view anywhere in the bar, by name.
    func barView(_ navigation: NavigationController, _ name: String) -> View? {
        func find(_ view: View) -> View? {
            if view.name == name { return view }
            for subview in view.subviews { if let found = find(subview) { return found } }
            return nil
        }
        return find(navigation.navigationBar)
    }

    @Test func theOldTitleBecomesTheBackButtonAsUIKitsBarAnimatesIt() throws {
        let list = screen("list"), card = screen("card")
        list.title = "List"
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let names = ["title: list", "title: card", "back chevron: card", "back title: card"]
        var alphas: [Double: [Double]] = [:], shifts: [Double: [Double]] = [:]
        let start = runtime.engine.currentTime
        try navigation.push(card, animator: SystemAnimator(.slide, duration: 0.4),
                            interaction: InteractionScript.parse("update 0.25 @0.1; finish @0.2")) { t in
            let frame = ((t - start) * 60).rounded()
            let views = names.map { barView(navigation, $0) }
            alphas[frame] = views.map { $0?.layer.presentation().opacity ?? -1 }
            shifts[frame] = views.map { $0?.layer.presentation().transform.m41 ?? .nan }
        }
        // "List" is taken to be 4 × 0.55 × 17 = 37.4 points wide, so centred in the bar it
        // starts at 195 − 18.7; the back button's title starts at 8 + 16 = 24 (after the
        // chevron). The old title travels the difference leftward, the back title the same
        // path from the centre, while the new title comes in from half a width to the right.
        let travel = (195 - 37.4 / 2) - 24
        // At frame 9 the percent is 0.25, the alongside animations at easeInOut(0.25).
        let e = referenceEaseInOut(0.25)
        let at9 = try #require(alphas[9]), moved = try #require(shifts[9])
        #expect(zip(at9, [1 - e, e, e, e]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(at9)")
        #expect(zip(moved, [-travel * e, 195 * (1 - e), 0, travel * (1 - e)]).allSatisfy { abs($0 - $1) < 1e-6 },
                "\(moved)")
        // At every frame the two texts start at the same x, so they cross-fade in place of
        // each other ("‹ List" never shows beside a second "List").
        // (The old title is gone from the last frame on, removed as the push completes.)
        let during = shifts.filter { !$0.value[0].isNaN }
        #expect(during.count > 10 && during.count == shifts.count - 1)
        for (frame, moved) in during {
            #expect(abs((195 - 37.4 / 2 + moved[0]) - (24 + moved[3])) < 1e-6, "frame \(frame)")
        }
        #expect(titles(navigation) == ["title: card", "back: card"])
        // Settled: the new title centred, the back button "‹ List", everything opaque.
        for name in names.dropFirst() {
            let view = try #require(barView(navigation, name))
            #expect(view.alpha == 1 && view.transform == .identity, "\(name)")
        }
        #expect(barView(navigation, "back chevron: card")?.layer.text?.string == "\u{2039}")
        #expect(barView(navigation, "back title: card")?.layer.text?.string == "List")
        #expect(barView(navigation, "title: list") == nil)
    }

    @Test func aPopSendsTheBackTitleToTheMiddleToBecomeTheTitle() throws {
        let list = screen("list"), card = screen("card")
        list.title = "List"
        let navigation = try NavigationController(root: list, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        try navigation.push(card, animator: nil)
        var shifts: [[Double]] = []
        try navigation.pop(animator: SystemAnimator(.slide, duration: 0.4)) { _ in
            shifts.append(["title: list", "back title: card", "title: card"].map {
                barView(navigation, $0)?.layer.presentation().transform.m41 ?? .nan
            })
        }
        let travel = (195 - 37.4 / 2) - 24
        // The incoming title starts where the back title stands and meets the centre; the
        // back title travels with it; the card's title leaves toward the trailing edge.
        for moved in shifts.dropLast() {
            #expect(abs((195 - 37.4 / 2 + moved[0]) - (24 + moved[1])) < 1e-6, "\(moved)")
            #expect(moved[2] >= 0)
        }
        #expect(shifts.count > 10 && abs((shifts.first?[0] ?? 0) + travel) < 0.1 * travel)
        #expect(titles(navigation) == ["title: list"])
        #expect(barView(navigation, "back: card") == nil)
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
