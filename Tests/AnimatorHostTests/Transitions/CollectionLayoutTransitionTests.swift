import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Flow layout frames worked by hand, and seed 000's layout-to-layout navigation
/// transition between two collection view controllers.
@Suite struct CollectionLayoutTransitionTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    @Test func flowLayoutJustifiesLinesAndCentresALoneItem() {
        let small = FlowLayout(itemSize: Size(width: 100, height: 100))
        // floor((390 + 10) / 110) = 3 per line; spacing (390 − 300) / 2 = 45.
        #expect(small.itemsPerLine(width: 390) == 3)
        #expect(small.frames(count: 4, width: 390).map(\.origin) == [
            Point(x: 0, y: 0), Point(x: 145, y: 0), Point(x: 290, y: 0), Point(x: 145, y: 110),
        ])
        // Two in the last line: first at the left, last at the right.
        #expect(small.frames(count: 5, width: 390)[3...].map(\.origin) == [Point(x: 0, y: 110), Point(x: 290, y: 110)])
        // Insets 20 left and right: 350 available, floor(360 / 110) = 3, spacing 25.
        let inset = FlowLayout(itemSize: Size(width: 100, height: 100), minimumLineSpacing: 20,
                               sectionInset: (top: 8, left: 20, bottom: 0, right: 20))
        #expect(inset.frames(count: 4, width: 390).map(\.origin) == [
            Point(x: 20, y: 8), Point(x: 145, y: 8), Point(x: 270, y: 8), Point(x: 145, y: 128),
        ])
        // Wider than the view: one per line, centred.
        #expect(FlowLayout(itemSize: Size(width: 500, height: 50)).frames(count: 1, width: 390)[0].origin.x == -55)
    }

    @Test func pushingAnimatesTheSharedCollectionViewToTheNewLayoutAndPopAnimatesBack() throws {
        let content = Rect(x: 0, y: 0, width: 390, height: 800)
        let grid = try CollectionViewController(name: "grid", itemCount: 4,
                                                layout: FlowLayout(itemSize: Size(width: 100, height: 100)),
                                                engine: runtime.engine, frame: content)
        let large = try CollectionViewController(name: "large", itemCount: 4,
                                                 layout: FlowLayout(itemSize: Size(width: 180, height: 180)),
                                                 engine: runtime.engine, frame: content)
        large.useLayoutToLayoutNavigationTransitions = true
        let navigation = try NavigationController(rootCollection: grid, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let shared = grid.collectionView
        let cell = grid.cells[1]
        var half: LayerProperties?
        let start = runtime.engine.currentTime
        let outcome = try navigation.push(collection: large, animator: SystemAnimator(.slide)) { _ in
            // Sampled once the animation exists, at half its 0.35 s.
            if half == nil { half = cell.layer.presentation(at: start + 0.175) }
        }
        #expect(outcome.completed && outcome.animator == "system.layout-to-layout" && outcome.duration == 0.35)
        // Large layout: floor(400 / 190) = 2 per line, spacing 30: cell 1 at (210, 0, 180, 180).
        // Halfway (ease in-out at ½): centre from (195, 50) to (300, 90) → (247.5, 70); size 140.
        let halfway = try #require(half)
        #expect(halfway.position == Point(x: 247.5, y: 70))
        #expect(halfway.bounds.size == Size(width: 140, height: 140))
        #expect(cell.frame == Rect(x: 210, y: 0, width: 180, height: 180))
        #expect(large.collectionView == shared && shared.superview == large.controller.view)
        #expect(large.cells == grid.cells)
        #expect(navigation.viewControllers.map(\.name) == ["grid", "large"])

        let back = try #require(try navigation.pop(animator: SystemAnimator(.slide)))
        #expect(back.completed && back.animator == "system.layout-to-layout")
        #expect(grid.cells.map(\.frame) == grid.layoutFrames)
        #expect(cell.frame == Rect(x: 145, y: 0, width: 100, height: 100))
        #expect(shared.superview == grid.controller.view)
    }

    @Test func withoutTheFlagAPushIsAnOrdinaryTransition() throws {
        let content = Rect(x: 0, y: 0, width: 390, height: 800)
        let grid = try CollectionViewController(name: "grid", itemCount: 2, layout: FlowLayout(itemSize: Size(width: 100, height: 100)),
                                                engine: runtime.engine, frame: content)
        let other = try CollectionViewController(name: "other", itemCount: 2, layout: FlowLayout(itemSize: Size(width: 50, height: 50)),
                                                 engine: runtime.engine, frame: content)
        let navigation = try NavigationController(rootCollection: grid, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let outcome = try navigation.push(collection: other, animator: SystemAnimator(.slide))
        #expect(outcome.animator == "system.slide")
        #expect(other.collectionView != grid.collectionView)
        #expect(grid.cells[1].frame.origin == Point(x: 290, y: 0))          // untouched
    }

    @Test func aCancelledLayoutTransitionPutsTheCellsBack() throws {
        let content = Rect(x: 0, y: 0, width: 390, height: 800)
        let grid = try CollectionViewController(name: "grid", itemCount: 3, layout: FlowLayout(itemSize: Size(width: 100, height: 100)),
                                                engine: runtime.engine, frame: content)
        let large = try CollectionViewController(name: "large", itemCount: 3, layout: FlowLayout(itemSize: Size(width: 180, height: 180)),
                                                 engine: runtime.engine, frame: content)
        large.useLayoutToLayoutNavigationTransitions = true
        let navigation = try NavigationController(rootCollection: grid, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let outcome = try navigation.push(collection: large, animator: nil,
                                          interaction: InteractionScript.parse("update 0.4 @0.1; cancel @0.2"))
        #expect(!outcome.completed)
        #expect(grid.cells.map(\.frame) == grid.layoutFrames)
        #expect(grid.collectionView.superview == grid.controller.view)
        #expect(large.collectionView != grid.collectionView)
        #expect(navigation.viewControllers.map(\.name) == ["grid"])
    }
}
