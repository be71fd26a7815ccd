import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The built-in system transitions and the runtime's frame clock. Every system transition
/// uses UIKit's default ease-in-ease-out curve, which is symmetric, so halfway through the
/// duration every animated value is halfway between its ends.
@Suite struct SystemAnimatorTests {
    let runtime = TransitionRuntime()
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let root: ViewController
    let a: ViewController
    let b: ViewController

    init() throws {
        root = ViewController(name: "root", engine: runtime.engine, frame: bounds)
        a = ViewController(name: "a", engine: runtime.engine, frame: bounds)
        b = ViewController(name: "b", engine: runtime.engine, frame: bounds)
        try runtime.setRoot(root)
        try root.view.addSubview(a.view)
    }

    /// Runs `body` once, at the first frame, with the clock time halfway through.
    func halfway(_ duration: Double, _ body: @escaping (Double) -> Void) -> (Double) -> Void {
        let start = runtime.engine.currentTime
        var done = false
        return { _ in
            guard !done else { return }
            done = true
            body(start + duration / 2)
        }
    }

    @Test func pushSlidesTheNewScreenInFromTheRightAndTheOldOneAThirdOfTheWayOut() throws {
        var checked = false
        let outcome = try runtime.transition(.push, in: root.view, from: a, to: b, animator: SystemAnimator(.slide),
                                             onFrame: halfway(0.35) { t in
            // to-view: x from 390 to 0; from-view's center: 195 to 195 − 0.3 × 390 = 78.
            #expect(abs(b.view.layer.presentation(at: t).position.x - (195 + 390 * 0.5)) < 1e-9)
            #expect(abs(a.view.layer.presentation(at: t).position.x - (195 - 117 * 0.5)) < 1e-9)
            checked = true
        })
        #expect(checked)
        #expect(outcome.completed && outcome.duration == 0.35 && outcome.animator == "system.slide")
        #expect(root.view.subviews == [b.view])
        #expect(b.view.frame == bounds)
    }

    @Test func popSlidesTheTopScreenOutToTheRightAboveTheOneBelow() throws {
        var checked = false
        let outcome = try runtime.transition(.pop, in: root.view, from: a, to: b, animator: SystemAnimator(.slide),
                                             onFrame: halfway(0.35) { t in
            #expect(root.view.subviews == [b.view, a.view])
            #expect(abs(a.view.layer.presentation(at: t).position.x - (195 + 390 * 0.5)) < 1e-9)
            #expect(abs(b.view.layer.presentation(at: t).position.x - (195 - 117 * 0.5)) < 1e-9)
            checked = true
        })
        #expect(checked && outcome.completed)
        #expect(root.view.subviews == [b.view])
        #expect(b.view.frame == bounds)
    }

    @Test func coverVerticalRisesFromTheBottomAndFallsBack() throws {
        var checked = false
        let presented = try runtime.present(b, from: a, animator: SystemAnimator(.coverVertical),
                                            onFrame: halfway(0.35) { t in
            #expect(abs(b.view.layer.presentation(at: t).position.y - (422 + 844 * 0.5)) < 1e-9)
            checked = true
        })
        #expect(checked && presented.completed)
        #expect(b.view.frame == bounds)
        checked = false
        let dismissed = try runtime.dismiss(b, animator: SystemAnimator(.coverVertical), onFrame: halfway(0.35) { t in
            #expect(abs(b.view.layer.presentation(at: t).position.y - (422 + 844 * 0.5)) < 1e-9)
            checked = true
        })
        #expect(checked && dismissed.completed)
        #expect(b.view.superview == nil)
        #expect(a.view.superview == root.view)
    }

    @Test func crossDissolveFadesTheNewTabIn() throws {
        var checked = false
        let outcome = try runtime.transition(.tab, in: root.view, from: a, to: b, animator: SystemAnimator(.crossDissolve),
                                             onFrame: halfway(0.25) { t in
            #expect(abs(b.view.layer.presentation(at: t).opacity - 0.5) < 1e-9)
            checked = true
        })
        #expect(checked && outcome.completed && outcome.duration == 0.25)
        #expect(b.view.alpha == 1)
        #expect(root.view.subviews == [b.view])
    }

    @Test func frameTimesAreComputedAndLandOnTheEndOfTheAnimation() {
        // 24 × (1/60) accumulated in floating point falls short of 0.4; computed and snapped, it is 0.4.
        var summed = 0.0
        for _ in 0..<24 { summed += 1.0 / 60 }
        #expect(summed != 0.4)
        #expect(runtime.frameTime(24, start: 0, end: 0.4, deadline: 1.4) == 0.4)
        #expect(runtime.frameTime(1, start: 2, end: 2.4, deadline: 3.4) == 2 + 1.0 / 60)
        #expect(runtime.frameTime(100, start: 0, end: 0.4, deadline: 1.4) == 1.4)
    }

    @Test func aTransitionEndsOnTheFrameItsDurationEnds() throws {
        let outcome = try runtime.transition(.push, in: root.view, from: a, to: b,
                                             animator: SystemAnimator(.slide, duration: 0.4))
        #expect(outcome.elapsed == 0.4)
    }
}

extension SystemAnimatorTests {
    @Test func crossDissolveAsAModalStyleFadesTheDismissedViewOutAndLeavesItOpaque() throws {
        _ = try runtime.present(b, from: a, animator: SystemAnimator(.crossDissolve))
        var checked = false
        let outcome = try runtime.dismiss(b, animator: SystemAnimator(.crossDissolve), onFrame: halfway(0.25) { t in
            #expect(abs(b.view.layer.presentation(at: t).opacity - 0.5) < 1e-9)
            #expect(a.view.superview == root.view)
            checked = true
        })
        #expect(checked && outcome.completed)
        #expect(b.view.superview == nil && b.view.alpha == 1)
    }

    @Test func aPresenterNestedInAnotherViewGoesBackToItsPlaceAfterDismissal() throws {
        let sibling = ViewController(name: "sibling", engine: runtime.engine, frame: bounds)
        try root.view.addSubview(sibling.view)                  // root ▸ [a, sibling]
        _ = try runtime.present(b, from: a, animator: nil)
        #expect(a.view.superview == nil)                        // full screen: the presenter leaves
        _ = try runtime.dismiss(b, animator: nil)
        #expect(root.view.subviews == [a.view, sibling.view])
        #expect(runtime.window.subviews == [root.view])
    }
}
