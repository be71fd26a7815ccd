import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// The embedded demo app and the single-transition stage, with the bundled animators.
@Suite struct DemoAppTests {
    let registry = PluginLoader().discover(PluginSearchPath(entries: [
        .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
    ]))

    @Test func theDemoRunsEveryStepWithTheAnimatorItsRoutesName() throws {
        let runtime = TransitionRuntime()
        let reports = try DemoApp.run(routes: DemoApp.routes(registry: registry), registry: registry, runtime: runtime)
        #expect(reports.map(\.step) == DemoApp.script)
        // Read off the demo's routes by hand: bubble both ways, zoom in, pendulum out,
        // zoom to tab 1 (priority), fade-c for any other tab.
        #expect(reports.map { $0.outcome.animator } == [
            "org.animatorhost.bubble", "org.animatorhost.bubble", "org.animatorhost.zoom",
            "org.animatorhost.pendulum", "org.animatorhost.zoom", "org.animatorhost.example.fade-c",
        ])
        #expect(reports.map(\.resolution.rule) == ["$.routes[0]", "$.routes[1]", "$.routes[2]", "$.routes[3]",
                                                   "$.routes[4]", "$.routes[5]"])
        // The parameters the routes set: bubble 0.5 s, pendulum 1.2 s; zoom's default 0.4 s, fade-c's 0.3 s.
        #expect(reports.map(\.outcome.duration) == [0.5, 0.5, 0.4, 1.2, 0.4, 0.3])
        for report in reports {
            #expect(report.outcome.completed)
            #expect(report.outcome.problems.isEmpty, "\(report.outcome.problems)")
            // The transition ends on the frame its duration ends (clock subtraction aside).
            #expect(abs(report.outcome.elapsed - report.outcome.duration) < 1e-9)
        }
        // Back where it started: the tab bar controller ("app") shows the navigation
        // controller ("home"), whose content shows the list under the list's title, and
        // the status bar is above it all.
        let app = try #require(runtime.window.subviews.first)
        #expect(runtime.window.subviews.map(\.name) == ["app", "status bar"])
        #expect(app.subviews.map(\.name) == ["app content", "app bar"])
        let home = try #require(app.subviews[0].subviews.first)
        #expect(app.subviews[0].subviews.map(\.name) == ["home"])
        #expect(home.subviews.map(\.name) == ["home content", "home bar"])
        #expect(home.subviews[0].subviews.map(\.name) == ["list"])
        #expect(home.subviews[1].subviews.map(\.name) == ["home bar hairline", "title: list"])
        // Every will-appear is followed by its did-appear, every will-disappear by its did-disappear.
        var pending: [String: AppearanceEvent.Kind] = [:]
        for event in runtime.appearance {
            switch event.kind {
            case .willAppear, .willDisappear:
                #expect(pending[event.screen] == nil, "\(event)")
                pending[event.screen] = event.kind
            case .didAppear:
                #expect(pending.removeValue(forKey: event.screen) == .willAppear, "\(event)")
            case .didDisappear:
                #expect(pending.removeValue(forKey: event.screen) == .willDisappear, "\(event)")
            }
        }
        #expect(pending.isEmpty)
    }

    @Test func routesWithNoneRunTheDemoWithoutAnimation() throws {
        let routes = try Routes.parse(#"{ "default": "none", "routes": [] }"#, source: "none", registry: registry)
        let reports = try DemoApp.run(routes: routes, registry: registry)
        #expect(reports.count == DemoApp.script.count)
        for report in reports {
            #expect(report.outcome.animator == nil && report.outcome.completed && report.outcome.elapsed == 0)
        }
    }

    @Test func aRouteWithTheBottomCardPresentsTheDetailAsACard() throws {
        let routes = try Routes.parse("""
            { "routes": [ { "operation": "present", "to": "detail", "animator": "system",
                            "presentation": { "style": "bottom-card", "height": 400 } } ] }
            """, source: "card", registry: registry)
        let runtime = TransitionRuntime()
        var cardFrame: Rect?
        var presenterOnScreen = false
        runtime.transitionWillBegin = { coordinator in
            guard coordinator.operation == .dismiss else { return }
            // While presented (at the dismissal's start): the card is 400 points at the bottom
            // and the presenter stays on screen beneath it.
            cardFrame = coordinator.containerView.subviews.last?.frame
            presenterOnScreen = runtime.window.subviews.first?.name == "app"
        }
        let reports = try DemoApp.run(routes: routes, registry: registry, runtime: runtime)
        #expect(reports[0].resolution.presentation == .bottomCard(height: 400))
        #expect(reports.allSatisfy { $0.outcome.completed })
        #expect(cardFrame == Rect(x: 0, y: 444, width: 390, height: 400))
        #expect(presenterOnScreen)
    }

    @Test func anInteractiveRouteDrivesItsTransitionInTheDemo() throws {
        let routes = try Routes.parse("""
            { "routes": [ { "operation": "pop", "animator": "zoom", "interaction": "update 0.5 @0.1; cancel @0.2" } ] }
            """, source: "interactive", registry: registry)
        let reports = try DemoApp.run(routes: routes, registry: registry)
        let pop = reports[3]
        #expect(pop.step.operation == .pop && pop.outcome.animator == "org.animatorhost.zoom")
        // Cancelled at 0.2 s from 50 % of zoom's 0.4 s: 0.2 s back.
        #expect(!pop.outcome.completed)
        #expect(abs(pop.outcome.elapsed - 0.4) < 1e-9)
    }

    @Test func theStageRunsEachOperationBetweenFromAndTo() throws {
        let info = try #require(registry.animator(named: "zoom"))
        for operation in TransitionOperation.allCases {
            let runtime = TransitionRuntime()
            let stage = TransitionStage(runtime: runtime)
            let animator = try AnimatorInstance(info, parameters: info.resolveParameters([]),
                                                session: HostSession(engine: runtime.engine))
            let outcome = try stage.perform(operation, animator: animator)
            #expect(outcome.operation == operation)
            #expect(outcome.completed && outcome.duration == 0.4 && outcome.elapsed == 0.4, "\(operation)")
            // The incoming screen is on screen at the end, the outgoing one is not.
            #expect(stage.to.view.superview != nil, "\(operation)")
            #expect(stage.from.view.superview == nil, "\(operation)")
        }
    }
}

/// A recorder whose frames nobody draws counts them without keeping them.
@Suite struct CountingRecorderTests {
    @Test func aRecorderThatDoesNotKeepFramesCountsTheSame() throws {
        func record(keeping: Bool) throws -> (frames: [SceneFrame], count: Int) {
            let runtime = TransitionRuntime()
            let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id, keepsFrames: keeping)
            // The system cover (0.35 s) at 60 fps: frame 0 and 21 steps, ending on the 0.35 s frame.
            _ = try TransitionStage(runtime: runtime).perform(.present, animator: SystemAnimator(.coverVertical),
                                                               onFrame: recorder.capture)
            recorder.captureFinal()
            let taken = recorder.take()
            return (Array(taken.frames), taken.count)
        }
        let kept = try record(keeping: true), counted = try record(keeping: false)
        #expect(kept.count == 22 && kept.frames.count == 22)
        #expect(counted.count == 22 && counted.frames.isEmpty)
    }
}
