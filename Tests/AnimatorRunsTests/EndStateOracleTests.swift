import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// The whole-picture oracle over every bundled and example animator and the system
/// transitions: each operation they support, animated, and (where they declare it)
/// interactive, finished and cancelled. A completed transition's last frame must be the
/// picture of the same stage after the operation with no animation; a cancelled one's the
/// picture before it; nothing the animator added may stay in the window. The tolerance is
/// `PictureDifference.defaultChannelTolerance` (6 of 255 levels per channel) with no pixel
/// allowed beyond it.
@Suite struct EndStateOracleTests {
    let registry = PluginLoader().discover(PluginSearchPath(entries: [
        .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
    ]))

    /// Scripts written by hand: a drag to 30 %, 60 % then a release that finishes; a drag to
    /// 40 % then one that cancels.
    static let finishing = try! InteractionScript.parse("update 0.3 @0.05; update 0.6 @0.1; finish @0.15")
    static let cancelling = try! InteractionScript.parse("update 0.25 @0.05; update 0.4 @0.1; cancel @0.15")

    static let plugins = ["zoom", "bubble", "pendulum", "fade-c", "bottom-card-c"]

    func check(_ name: String, _ operation: TransitionOperation, _ interaction: InteractionScript?,
               expectCompleted: Bool) throws {
        let info = try #require(registry.animator(named: name), "\(name) is built next to the tests")
        let result = try EndStateCheck().run(operation, interaction: interaction) { runtime in
            try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession(engine: runtime.engine))
        }
        let label = "\(name) \(operation.rawValue)" + (interaction == nil ? "" : expectCompleted ? " finished" : " cancelled")
        #expect(result.outcome.completed == expectCompleted, "\(label): \(result.outcome)")
        #expect(result.outcome.problems.isEmpty, "\(label): \(result.outcome.problems)")
        #expect(result.passed, "\(label): \(result.findings.joined(separator: "; "))")
    }

    @Test(arguments: plugins)
    func everyOperationAnimatedEndsOnTheNewState(_ name: String) throws {
        let info = try #require(registry.animator(named: name))
        for operation in info.operations.operations {
            try check(name, operation, nil, expectCompleted: true)
        }
    }

    @Test(arguments: plugins)
    func interactiveTransitionsEndOnTheNewStateOrTheOld(_ name: String) throws {
        let info = try #require(registry.animator(named: name))
        guard info.isInteractive else { return }
        for operation in info.operations.operations {
            try check(name, operation, Self.finishing, expectCompleted: true)
            try check(name, operation, Self.cancelling, expectCompleted: false)
        }
    }

    /// An animator that does not say it is interactive still runs under a percent-driven
    /// interaction (the host scrubs its animations, as `UIPercentDrivenInteractiveTransition`
    /// does): cancelled, the C cross-dissolve must take its incoming view out of the
    /// container itself, as UIKit expects before `completeTransition(false)` (it left it
    /// there until a snapshot manifest ran it under a cancelled pop).
    @Test func theCCrossDissolveCancelledTakesItsIncomingViewAway() throws {
        for operation in [TransitionOperation.push, .pop, .present, .dismiss] {
            try check("fade-c", operation, Self.cancelling, expectCompleted: false)
        }
    }

    /// Cancelled from 90 %: the Bubble's reversed animation ends a hair (floating-point)
    /// after a frame's time, and its completion changes the picture then. The recording
    /// must still end on the picture after the completion (it ended one frame early,
    /// container and all, until `validate`'s interactive.cancel found it).
    @Test func aCancellationEndingJustAfterAFrameStillRecordsTheRestoredApp() throws {
        let late = try InteractionScript.parse("update 0.1 @0.1; update 0.5 @0.2; update 0.9 @0.3; cancel @0.4")
        for operation in [TransitionOperation.present, .dismiss, .push, .pop] {
            try check("bubble", operation, late, expectCompleted: false)
        }
    }

    /// The modal styles: over full screen (the presenter stays) and the page sheet (the
    /// presenter shrinks behind the card and grows back), animated and interactive.
    @Test(arguments: [ModalPresentationStyle.overFullScreen, .pageSheet])
    func presentationStylesEndOnTheNewStateOrTheOld(_ style: ModalPresentationStyle) throws {
        for name in ["zoom", "bubble", "fade-c"] {
            let info = try #require(registry.animator(named: name))
            for operation in [TransitionOperation.present, .dismiss] {
                var cases: [(InteractionScript?, Bool)] = [(nil, true)]
                if info.isInteractive { cases += [(Self.finishing, true), (Self.cancelling, false)] }
                for (interaction, completes) in cases {
                    var check = EndStateCheck()
                    check.style = style
                    let result = try check.run(operation, interaction: interaction) { runtime in
                        try AnimatorInstance(info, parameters: info.resolveParameters([]),
                                             session: HostSession(engine: runtime.engine))
                    }
                    let label = "\(name) \(operation.rawValue) \(style.name) \(interaction == nil ? "" : completes ? "finished" : "cancelled")"
                    #expect(result.outcome.completed == completes, "\(label)")
                    let findings = result.findings
                    #expect(findings.isEmpty, "\(label): \(findings)")
                }
            }
        }
    }

    @Test(arguments: SystemAnimator.Kind.allCases)
    func systemTransitionsEndOnTheNewStateOrTheOld(_ kind: SystemAnimator.Kind) throws {
        for operation in kind.operations.operations {
            for (interaction, completes) in [(nil, true), (Self.finishing, true), (Self.cancelling, false)] {
                let result = try EndStateCheck().run(operation, interaction: interaction) { _ in SystemAnimator(kind) }
                let label = "system.\(kind.rawValue) \(operation.rawValue) \(interaction == nil ? "" : completes ? "finished" : "cancelled")"
                #expect(result.outcome.completed == completes, "\(label)")
                #expect(result.passed, "\(label): \(result.findings.joined(separator: "; "))")
            }
        }
    }
}

/// Animators written to be wrong, so the oracle is seen to fail where it should.
@Suite struct EndStateOracleCatchesMistakesTests {
    /// Fades the incoming view in, but leaves a dimming view behind and, when `halfAlpha`,
    /// stops the incoming view at alpha 0.5.
    final class Careless: TransitionAnimator {
        let leavesDimming: Bool
        let halfAlpha: Bool
        init(leavesDimming: Bool, halfAlpha: Bool) {
            self.leavesDimming = leavesDimming
            self.halfAlpha = halfAlpha
        }
        var identifier: String { "test.careless" }
        func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
            let toView = state.toView!
            toView.alpha = 0
            try? state.container.addSubview(toView)
            if leavesDimming {
                let dimming = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 100), name: "dimming")
                dimming.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4)
                try? state.container.addSubview(dimming)
            }
            engine.animate(withDuration: 0.2, animations: { toView.alpha = self.halfAlpha ? 0.5 : 1 },
                           completion: { _ in state.completeTransition(true) })
            return (0.2, [])
        }
        func end(_ state: TransitionState) {}
    }

    @Test func aViewLeftInTheContainerIsFoundInThePictureAndTheTree() throws {
        let result = try EndStateCheck().run(.present) { _ in Careless(leavesDimming: true, halfAlpha: false) }
        #expect(result.outcome.completed)
        #expect(!result.passed)
        // The dimming view (black at 0.4) covers the top 100 points: every pixel there
        // darkens by 0.4 of its value, so those with a channel above 6 / 0.4 = 15 differ
        // beyond the tolerance (the header's black title text does not); a channel within
        // a step of 15 may round either way.
        let reference = SceneRenderer(size: Size(width: 390, height: 844), scale: 1).render(result.reference)
        var darkened = 0, borderline = 0
        for y in 0..<100 {
            for x in 0..<390 {
                let p = reference.rgba(x: x, y: y)
                let brightest = max(p.red, p.green, p.blue)
                if brightest > 16 { darkened += 1 } else if brightest >= 15 { borderline += 1 }
            }
        }
        #expect(darkened > 390 * 90)
        #expect(result.picture.differing >= darkened && result.picture.differing <= darkened + borderline,
                "\(result.picture.differing) differing, \(darkened) darkened, \(borderline) borderline")
        #expect(result.picture.box?.y == 0 && result.picture.box?.height == 100)
        #expect(result.leftBehind == ["window/transition container/dimming"])
        #expect(result.findings.contains { $0.hasPrefix("the last frame is not the new state") })
    }

    @Test func aViewLeftHalfTransparentIsFound() throws {
        let result = try EndStateCheck().run(.push) { _ in Careless(leavesDimming: false, halfAlpha: true) }
        #expect(result.leftBehind.isEmpty)
        #expect(result.changed == ["window/navigation/navigation content/to: alpha 0.5 (expected 1)"])
        // Half of the detail page over the white root: every pixel that is not white moves.
        #expect(result.picture.differing > 0)
    }

    @Test func aCarefulAnimatorPasses() throws {
        let result = try EndStateCheck().run(.present) { _ in Careless(leavesDimming: false, halfAlpha: false) }
        #expect(result.passed, "\(result.findings)")
        #expect(result.picture.largest == 0)
    }

    @Test func picturesDifferOnlyBeyondTheTolerance() {
        let white: UInt32 = 0xFFFF_FFFF
        var near = Image(width: 4, height: 1, fill: white)
        near.pixels[1] = 0xFFF9_F9F9        // 6 levels off: the same
        near.pixels[2] = 0xFFFF_FFF8        // 7 levels off on red: differs
        let difference = PictureDifference(actual: near, expected: Image(width: 4, height: 1, fill: white))
        #expect(difference.differing == 1)
        #expect(difference.largest == 7)
        #expect(difference.box?.x == 2 && difference.box?.width == 1)
    }
}

/// The demo app, step by step, against itself with no animation.
@Suite struct DemoEndStateTests {
    let registry = PluginLoader().discover(PluginSearchPath(entries: [
        .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
    ]))

    @Test func everyStepOfTheDemoEndsOnTheAppsNewState() throws {
        let steps = try ScenarioEndStateCheck().run(routes: DemoApp.routes(registry: registry), registry: registry)
        #expect(steps.count == DemoApp.script.count)
        for step in steps {
            let findings = step.result.findings
            #expect(findings.isEmpty, "\(step.step.operation.rawValue) \(step.step.from) → \(step.step.to): \(findings)")
        }
    }

    /// The demo's present and dismiss as page sheets, under routes that ask for the style.
    @Test func aPageSheetInTheDemoEndsOnTheAppsStates() throws {
        let routes = try Routes.parse("""
            { "routes": [ { "operation": "present", "to": "detail", "animator": "zoom", "style": "pageSheet" },
                          { "operation": "dismiss", "animator": "bubble" } ] }
            """, source: "sheet", registry: registry)
        let scenario = Scenario(steps: Array(DemoApp.script.prefix(2)))
        let steps = try ScenarioEndStateCheck().run(routes: routes, registry: registry, scenario: scenario)
        #expect(steps.count == 2)
        for step in steps {
            #expect(step.result.findings.isEmpty, "\(step.step.operation.rawValue): \(step.result.findings)")
        }
        // After the dismissal the app looks as before the presentation.
        let renderer = SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
        let difference = PictureDifference(actual: renderer.render(steps[1].result.lastFrame),
                                           expected: renderer.render(steps[0].before))
        #expect(difference.isSame, "\(difference.summary())")
    }

    /// Dismiss undoes present, pop undoes push, the tab switch back undoes the switch: the
    /// demo's last frames of steps 2, 4 and 6 are the picture before steps 1, 3 and 5.
    @Test func undoingAStepShowsThePictureFromBeforeIt() throws {
        let steps = try ScenarioEndStateCheck().run(routes: DemoApp.routes(registry: registry), registry: registry)
        try #require(steps.count == 6)
        let renderer = SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
        for (undo, done) in [(1, 0), (3, 2), (5, 4)] {
            let after = renderer.render(steps[undo].result.lastFrame)
            let before = renderer.render(steps[done].before)
            let difference = PictureDifference(actual: after, expected: before)
            #expect(difference.isSame, "step \(undo + 1) does not undo step \(done + 1): \(difference.summary())")
        }
    }

    /// The demo's bubble is two instances (one per route): the dismissal's must not find the
    /// presentation's bubble still covering the screen. Halfway through the dismissal the
    /// list shows in the top-left corner, far outside the shrinking bubble.
    @Test func theBubblesDismissalRevealsTheList() throws {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        var frames: [[SceneFrame]] = []
        _ = try DemoApp.run(routes: DemoApp.routes(registry: registry), registry: registry, runtime: runtime,
                            scenario: Scenario(steps: Array(DemoApp.script.prefix(2))),
                            onFrame: recorder.capture, onStep: { _ in frames.append(Array(recorder.take().frames)) })
        let dismissal = try #require(frames.last)
        let middle = dismissal[dismissal.count / 2]
        let image = SceneRenderer(size: middle.size, scale: 1).render(middle)
        // (8, 150): the list's grouped-background grey #F2F2F7 under the navigation bar, left
        // of the first cell (cells start at x = 16). At half time the bubble's radius is
        // about half of √(330² + 754²) ≈ 823 around (330, 754): (8, 150) is 685 away.
        let pixel = image.rgba(x: 8, y: 150)
        #expect([pixel.red, pixel.green, pixel.blue] == [0xF2, 0xF2, 0xF7])
    }
}
