import AnimatorABI
import Glibc
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The transition runtime with the bundled animators and misbehaving C ones.
@Suite struct TransitionRuntimeTests {
    let runtime = TransitionRuntime()
    let list: ViewController
    let detail: ViewController

    init() throws {
        list = ViewController(name: "list", engine: runtime.engine, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        detail = ViewController(name: "detail", engine: runtime.engine, frame: Rect(x: 0, y: 0, width: 390, height: 844))
        try runtime.setRoot(list)
    }

    func bundled(_ id: String, _ assignments: [String] = []) throws -> AnimatorInstance {
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        let info = try #require(registry.animator(named: id))
        return try AnimatorInstance(info, parameters: info.resolveParameters(assignments),
                                    session: HostSession(engine: runtime.engine))
    }

    func fixture(_ defines: [String]) throws -> AnimatorInstance {
        let folder = TemporaryDirectory().keep()
        try compileFixture(defines: defines, output: folder + "/fixture.so")
        let info = try #require(PluginLoader().scanFile(folder + "/fixture.so").animators.first)
        return try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession(engine: runtime.engine))
    }

    /// t such that easeInOut(t / duration) = fraction, by bisection on the reference curve.
    func clockTime(ofProgress fraction: Double, duration: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if referenceBezier((0.42, 0, 0.58, 1), at: middle) < fraction { low = middle } else { high = middle }
        }
        return (low + high) / 2 * duration
    }

    @Test func bubblePresentsFromItsStartPointAndDismissesBackIntoIt() throws {
        let bubble = try bundled("bubble")
        // Seed 001: radius = √(max(330, 60)² + max(754, 90)²) for the default start (330, 754).
        let radius = (330.0 * 330 + 754 * 754).squareRoot()
        var checked = false
        let outcome = try runtime.present(detail, from: list, animator: bubble) { t in
            guard !checked, let container = detail.view.superview else { return }
            checked = true
            // easeInOut(½) = ½, so a quarter second into 0.5 s everything is halfway.
            let circle = try! #require(container.subviews.first { $0.name == "bubble" }).layer.presentation(at: 0.25)
            let view = detail.view.layer.presentation(at: 0.25)
            #expect(abs(circle.bounds.size.width - 2 * radius) < 1e-9)
            #expect(abs(circle.cornerRadius - radius) < 1e-9)
            #expect(abs(circle.transform.m11 - (0.001 + 0.999 * 0.5)) < 1e-9)
            #expect(circle.position == Point(x: 330, y: 754))
            #expect(abs(circle.frame.size.width - 2 * radius * 0.5005) < 1e-6)
            #expect(abs(view.position.x - (330 + (195 - 330) * 0.5)) < 1e-9)
            #expect(abs(view.position.y - (754 + (422 - 754) * 0.5)) < 1e-9)
            #expect(abs(view.opacity - 0.5) < 1e-9)
            _ = t
        }
        #expect(checked)
        #expect(outcome.completed && outcome.problems.isEmpty)
        #expect(outcome.duration == 0.5)
        #expect(list.view.superview == nil)                          // full screen: the presenter leaves
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(detail.presentingViewController === list)

        let back = try runtime.dismiss(detail, animator: bubble)
        #expect(back.completed)
        #expect(detail.view.superview == nil)                        // view and bubble removed
        #expect(list.view.superview == runtime.window)
        #expect(runtime.window.subviews == [list.view])
        #expect(runtime.appearance.map(\.description) == [
            "list.viewWillAppear", "list.viewDidAppear",
            "list.viewWillDisappear", "detail.viewWillAppear", "list.viewDidDisappear", "detail.viewDidAppear",
            "detail.viewWillDisappear", "list.viewWillAppear", "detail.viewDidDisappear", "list.viewDidAppear",
        ])
    }

    @Test func zoomScalesFromAndToNothing() throws {
        let zoom = try bundled("zoom")
        var grown: Double?
        _ = try runtime.present(detail, from: list, animator: zoom) { _ in
            grown = grown ?? detail.view.layer.presentation(at: 0.2).transform.m11
        }
        #expect(abs(grown! - 0.5) < 1e-9)                              // 0.4 s, easeInOut(½) = ½
        var shrunk: Double?
        let start = runtime.engine.currentTime
        let outcome = try runtime.dismiss(detail, animator: zoom) { _ in
            shrunk = shrunk ?? detail.view.layer.presentation(at: start + 0.1).transform.m11
        }
        let p = referenceBezier((0.42, 0, 0.58, 1), at: 0.25)
        #expect(abs(shrunk! - (1 - p)) < 1e-7)
        #expect(outcome.completed)
    }

    @Test func pendulumSwingsThroughTheSeedsKeyframes() throws {
        let pendulum = try bundled("pendulum")
        _ = try runtime.present(detail, from: list, animator: try bundled("zoom"))
        let start = runtime.engine.currentTime
        var angles: [Double] = []
        var corner: Point?
        var fall: Transform3D?
        let outcome = try runtime.dismiss(detail, animator: pendulum) { _ in
            guard angles.isEmpty, let container = detail.view.superview else { return }
            let snapshot = try! #require(container.subviews.last)
            // The whole keyframe animation runs on easeInOut: a keyframe boundary at
            // relative time r is reached when easeInOut(t / 1.5) = r.
            for r in [0.15, 0.25, 0.45, 0.65] {
                let shown = snapshot.layer.presentation(at: start + clockTime(ofProgress: r, duration: 1.5))
                angles.append(atan2(shown.transform.m12, shown.transform.m11))
            }
            let atFirst = snapshot.layer.presentation(at: start + clockTime(ofProgress: 0.15, duration: 1.5))
            corner = atFirst.toSuperlayer(Point(x: 0, y: 0))
            fall = snapshot.layer.presentation(at: start + 1.5 - 1e-9).transform
        }
        // −1.5π (a quarter turn clockwise), π, 1.3π (= −0.7π), 0.8π.
        let expected = [0.5 * Double.pi, Double.pi, -0.7 * Double.pi, 0.8 * Double.pi]
        for (angle, want) in zip(angles, expected) {
            let difference = remainder(angle - want, 2 * Double.pi)
            #expect(abs(difference) < 1e-6, "\(angle) vs \(want)")
        }
        // The top-left corner about the bottom-left pivot (0, 844) at a quarter turn:
        // (0, −844) rotated by π/2 → (844·sin, −844·cos) + pivot = (844, 844).
        #expect(abs(corner!.x - 844) < 1e-6 && abs(corner!.y - 844) < 1e-6)
        // Falling: a shift of 180 then a rotation of 0.3π.
        #expect(abs(fall!.m41 - 180 * cos(0.3 * Double.pi)) < 1e-3)
        #expect(abs(fall!.m42 - 180 * sin(0.3 * Double.pi)) < 1e-3)
        #expect(outcome.completed)
        #expect(detail.view.superview == nil)
        #expect(list.view.superview == runtime.window)
    }

    @Test func navigationAndTabsRemoveTheOutgoingView() throws {
        let content = runtime.engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844), name: "nav")
        try runtime.window.addSubview(content)
        try content.addSubview(list.view)
        let push = try runtime.transition(.push, in: content, from: list, to: detail, animator: try bundled("zoom"))
        #expect(push.completed)
        #expect(content.subviews == [detail.view])
        let pop = try runtime.transition(.pop, in: content, from: detail, to: list, animator: try bundled("bubble"))
        #expect(pop.completed)
        #expect(content.subviews.map(\.name) == ["list"])
        let tab = try runtime.transition(.tab, in: content, from: list, to: detail, animator: nil)
        #expect(tab.completed && tab.elapsed == 0)
        #expect(content.subviews == [detail.view])
    }

    @Test func aSecondCompleteTransitionIsRefusedAndReported() throws {
        let twice = try fixture(["FIXTURE_COMPLETE_TWICE"])
        let outcome = try runtime.present(detail, from: list, animator: twice)
        #expect(outcome.completed)
        #expect(outcome.problems == ["completeTransition called a second time (the first said true)"])
        #expect(twice.session.log.last?.message == "completeTransition called a second time (the first said true)")
    }

    @Test func theWatchdogCancelsATransitionThatNeverCompletes() throws {
        let silent = try fixture([])
        runtime.watchdogGrace = 0.5
        let outcome = try runtime.present(detail, from: list, animator: silent)
        #expect(!outcome.completed)
        #expect(outcome.problems == ["org.fixture.good never called completeTransition within 0.25 s + 0.5 s; the transition was cancelled"])
        #expect(abs(outcome.elapsed - 0.75) < 1e-9)
        // Everything is back: the presenter in the window, nothing presented.
        #expect(runtime.window.subviews == [list.view])
        #expect(list.presentedViewController == nil)
        // Balanced: the roles swapped on cancel.
        #expect(runtime.appearance.suffix(6).map(\.description) == [
            "list.viewWillDisappear", "detail.viewWillAppear",
            "detail.viewWillDisappear", "detail.viewDidDisappear", "list.viewWillAppear", "list.viewDidAppear",
        ])
    }

    @Test func aCustomPresentationHidesThePresentingViewFromTheAnimator() throws {
        detail.modalPresentationStyle = .custom
        let silent = try fixture([])
        runtime.watchdogGrace = 0.1
        let session = silent.session
        // The session's first context: kind 1, generation 1, slot 0.
        let context: ah_context = 0x0100_0001_0000_0000
        var answers: [String: ah_layer] = [:]
        var frames: [String: ah_rect] = [:]
        _ = try runtime.present(detail, from: list, animator: silent) { _ in
            guard answers.isEmpty else { return }
            var from: ah_layer = 99, to: ah_layer = 0, container: ah_layer = 0
            #expect(session.table.pointee.context_view(session.table, context, ah_context_key(AH_CONTEXT_FROM), &from) == ah_status(AH_OK))
            #expect(session.table.pointee.context_view(session.table, context, ah_context_key(AH_CONTEXT_TO), &to) == ah_status(AH_OK))
            #expect(session.table.pointee.context_container_view(session.table, context, &container) == ah_status(AH_OK))
            answers = ["from": from, "to": to, "container": container]
            var initial = ah_rect(), final = ah_rect()
            _ = session.table.pointee.context_initial_frame(session.table, context, ah_context_key(AH_CONTEXT_TO), &initial)
            _ = session.table.pointee.context_final_frame(session.table, context, ah_context_key(AH_CONTEXT_TO), &final)
            frames = ["initial": initial, "final": final]
        }
        #expect(answers["from"] == AH_NULL_HANDLE)                   // UIKit: nil for a custom presentation
        #expect(answers["to"] == session.handle(for: detail.view.layer.id))
        #expect(answers["container"] != AH_NULL_HANDLE)
        #expect(frames["initial"]?.size.width == 0)                   // the zero rect: unknown
        #expect(frames["final"]?.size.width == 390 && frames["final"]?.size.height == 844)
        #expect(list.view.superview == runtime.window)               // custom: the presenter stays
        // Once the transition is over, its context handle is stale.
        var view: ah_layer = 0
        #expect(session.table.pointee.context_view(session.table, context, 0, &view) == ah_status(AH_ERR_STALE_HANDLE))
    }
}

extension TransitionRuntimeTests {
    @Test func aCPluginAnimatesAlongsideThroughTheCoordinatorBatch() throws {
        let animator = try fixture(["FIXTURE_ALONGSIDE"])
        let duration = try animator.duration(for: .present)
        var half: Double?
        let start = runtime.engine.currentTime
        let outcome = try runtime.present(detail, from: list, animator: animator) { _ in
            // The alongside block runs with the transition's duration and ease-in-out: 1 → 0.5,
            // halfway at half time.
            if half == nil { half = detail.view.layer.presentation(at: start + duration / 2).opacity }
        }
        #expect(outcome.completed && outcome.problems.isEmpty)
        #expect(abs(try #require(half) - 0.75) < 1e-9)
        #expect(detail.view.alpha == 0.5)
        let log = animator.session.log
        #expect(log.map(\.message).first == "percent at animate: 0")
        #expect(log.contains { $0.level == .warning && $0.message.hasSuffix("is not a layer handle of this host") })
        #expect(log.map(\.message).last == "alongside: completed")
    }

    @Test func aCPluginsAlongsideCompletionHearsACancellation() throws {
        let animator = try fixture(["FIXTURE_ALONGSIDE"])
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: InteractionScript.parse("update 0.5 @0.05; cancel @0.1"))
        #expect(!outcome.completed)
        let messages = animator.session.log.map(\.message)
        #expect(messages.last == "alongside: cancelled")
        // notify_interaction_changes: the cancel ended the interaction; the handler was
        // released after the transition, before the alongside completion (added after it).
        #expect(messages.filter { $0.hasPrefix("interaction") } == ["interaction: interactive=0 cancelled=1",
                                                                     "interaction handler released"])
    }
}

extension TransitionRuntimeTests {
    /// The first 60 fps frame time at or after `t`.
    func firstFrame(atOrAfter t: Double) -> Double { (t * 60 - 1e-9).rounded(.up) / 60 }

    func pan(_ samples: [(t: Double, translation: Double, velocity: Double)]) throws -> InteractionScript {
        let list = samples.map { #"{ "t": \#($0.t), "translation": \#($0.translation), "velocity": \#($0.velocity) }"# }
        return try GestureTrace.parse(#"{ "gesture": "pan", "samples": [ "# + list.joined(separator: ", ") + " ] }",
                                      source: "pan.json").script(containerSize: Size(width: 390, height: 844))
    }

    @Test func aCAnimatorThatIsItsOwnInteractionControllerFollowsTheGesture() throws {
        let animator = try fixture(["FIXTURE_OWN_INTERACTION"])
        #expect(animator.isOwnInteractionController)
        let duration = try animator.duration(for: .present)
        var percents: [Double: (Double, Double, Bool)] = [:]
        var coordinator: TransitionCoordinator?
        runtime.transitionWillBegin = { coordinator = $0 }
        let start = runtime.engine.currentTime
        // 97.5 of 390 points at 0.1 s (25 %), 195 (50 %) at 0.2 s moving on: finish.
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: pan([(0, 0, 0), (0.1, 97.5, 300), (0.2, 195, 300)])) { t in
            percents[((t - start) * 60).rounded()] = (detail.view.layer.presentation().opacity,
                                                      coordinator?.percentComplete ?? -1, coordinator?.isInteractive ?? false)
        }
        let at9 = try #require(percents[9])
        #expect(at9.0 == 0.25 && at9.1 == 0.25 && at9.2)
        #expect(outcome.completed)
        // The rest, (1 − 0.5) × duration on a linear curve, after the last sample; the
        // completion is seen on the first 60 fps frame at or after its end.
        #expect(abs(outcome.elapsed - firstFrame(atOrAfter: 0.2 + 0.5 * duration)) < 1e-9)
        #expect(detail.view.alpha == 1)
        #expect(coordinator?.initiallyInteractive == true)
        let warnings = animator.session.log.filter { $0.level == .warning }.map(\.message)
        #expect(warnings == ["the transition is no longer interactive (pause first)"])
        #expect(!animator.session.log.contains { $0.level == .error })
    }

    @Test func aCancelledOwnInteractionEndsCancelled() throws {
        let animator = try fixture(["FIXTURE_OWN_INTERACTION"])
        let duration = try animator.duration(for: .present)
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: pan([(0, 0, 0), (0.1, 117, -50)]))
        #expect(!outcome.completed)
        // Back to 0 from 30 % (117 of 390) in 0.3 × duration after the end at 0.1 s.
        #expect(abs(outcome.elapsed - firstFrame(atOrAfter: 0.1 + 0.3 * duration)) < 1e-9)
        #expect(detail.view.superview == nil && list.presentedViewController == nil)
    }

    @Test func theInteractionCallsAreRefusedWhenTheHostDrivesTheTransition() throws {
        // Without start_interactive, a script drives the animator's animations; the context's
        // update is then not the animator's to call.
        let session = HostSession(engine: runtime.engine)
        let state = TransitionState(operation: .push, isAnimated: true, container: list.view, from: list, to: detail,
                                    fromView: list.view, toView: detail.view, initialFrames: (.zero, .zero),
                                    finalFrames: (.zero, .zero), presentationStyle: .fullScreen)
        let context = session.openContext(ContextState(operation: .push, isAnimated: true, isInteractive: true,
                                                       transition: state))
        #expect(session.table.pointee.context_update_interactive(session.table, context, 0.5)
                == ah_status(AH_ERR_INVALID_STATE))
        state.drivenByAnimator = true
        state.isInteractive = true
        #expect(session.table.pointee.context_update_interactive(session.table, context, 1.5)
                == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(session.table.pointee.context_update_interactive(session.table, context, 0.5) == ah_status(AH_OK))
        #expect(session.table.pointee.context_cancel_interactive(session.table, context) == ah_status(AH_OK))
        #expect(state.wasCancelled && !state.isInteractive)
        #expect(session.table.pointee.context_pause_interactive(session.table, context) == ah_status(AH_OK))
        #expect(!state.wasCancelled && state.isInteractive)
    }
}

extension TransitionRuntimeTests {
    @Test func anInterruptibleAnimatorIsScrubbedInsteadOfTheContainersTime() throws {
        let animator = try fixture(["FIXTURE_INTERRUPTIBLE"])
        #expect(animator.offersInterruptibleAnimator)
        let duration = try animator.duration(for: .present)
        var seen: [Double: (opacity: Double, containerSpeed: Double)] = [:]
        let start = runtime.engine.currentTime
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: InteractionScript.parse("update 0.5 @0.1; cancel @0.2")) { t in
            seen[((t - start) * 60).rounded()] = (detail.view.layer.presentation().opacity,
                                                   detail.view.superview?.layer.timing.speed ?? -1)
        }
        // fractionComplete 0.5, scrubbed linearly (UIViewPropertyAnimator's default): opacity 0.5;
        // the container keeps its clock.
        let at9 = try #require(seen[9])
        #expect(abs(at9.opacity - 0.5) < 1e-9 && at9.containerSpeed == 1)
        #expect(!outcome.completed)
        // Reversed from 0.5 over 0.5 × duration after the cancel at 0.2 s; the runtime steps
        // to the end of the completion it started, so it is seen exactly then.
        #expect(abs(outcome.elapsed - (0.2 + 0.5 * duration)) < 1e-9)
        #expect(outcome.problems.isEmpty)
    }

    @Test func anInterruptibleAnimatorFinishes() throws {
        let animator = try fixture(["FIXTURE_INTERRUPTIBLE"])
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: InteractionScript.parse("update 0.8 @0.05; finish @0.1"))
        #expect(outcome.completed && outcome.problems.isEmpty)
        #expect(detail.view.alpha == 1)
        // Without an interaction, animate starts the same animator and it runs to the end.
        let back = try runtime.dismiss(detail, animator: nil)
        #expect(back.completed)
        let plain = try runtime.present(detail, from: list, animator: animator)
        let duration = try animator.duration(for: .present)
        #expect(plain.completed && abs(plain.elapsed - duration) < 1e-9)
    }
}

extension TransitionRuntimeTests {
    @Test func withoutAPropertyAnimatorTheHostFallsBackToAnimate() throws {
        // No animator (AH_NULL_HANDLE) is what an animator that does not implement
        // interruptibleAnimator(using:) answers: animate runs, as in UIKit, and nothing is wrong.
        let animator = try fixture(["FIXTURE_INTERRUPTIBLE_NULL", "FIXTURE_COMPLETE_NOW"])
        #expect(animator.offersInterruptibleAnimator)
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: InteractionScript.parse("update 0.5 @0.05; finish @0.1"))
        #expect(outcome.completed)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(detail.view.superview != nil)
    }

    @Test func aHandleThatIsNoPropertyAnimatorFallsBackToAnimateAndSaysSo() throws {
        let animator = try fixture(["FIXTURE_INTERRUPTIBLE_NULL", "FIXTURE_INTERRUPTIBLE_FORGED", "FIXTURE_COMPLETE_NOW"])
        let outcome = try runtime.present(detail, from: list, animator: animator,
                                          interaction: InteractionScript.parse("update 0.5 @0.05; finish @0.1"))
        #expect(outcome.completed)
        #expect(outcome.problems.count == 1)
        #expect(outcome.problems.first?.contains("interruptible_animator gave no usable property animator") == true)
        #expect(outcome.problems.first?.hasSuffix("animate was used instead") == true)
    }
}

extension TransitionRuntimeTests {
    @Test func aLibrarysPresentationControllerShapesThePresentation() throws {
        let animator = try fixture(["FIXTURE_PRESENTATION", "FIXTURE_COMPLETE_NOW"])
        let presented = try runtime.present(detail, from: list, animator: animator)
        #expect(presented.completed)
        #expect(detail.modalPresentationStyle == .custom)
        // The fixture's frame: the bottom half of the 390 × 844 container.
        let wrapper = try #require(detail.presentationController).presentedView
        #expect(wrapper.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(detail.view.superview == wrapper)
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 422))
        #expect(list.view.superview == runtime.window)                     // custom: the presenter stays
        let container = try #require(wrapper.superview)
        let dimming = try #require(container.subviews.first { $0 != wrapper })
        #expect(dimming.alpha == 0.5)
        let dismissed = try runtime.dismiss(detail, animator: animator)
        #expect(dismissed.completed)
        #expect(runtime.window.subviews == [list.view])
        #expect(animator.session.log.map(\.message) == [
            "presentation will begin", "presentation did end: completed",
            "dismissal will begin", "dismissal did end: completed", "presentation controller destroyed",
        ])
    }
}

extension TransitionRuntimeTests {
    @Test func theBottomCardLibraryPresentsASeed004Card() throws {
        let card = try bundled("bottom-card-c")
        var half: (y: Double, dimming: Double)?
        let start = runtime.engine.currentTime
        let outcome = try runtime.present(detail, from: list, animator: card) { _ in
            // detail ▸ rounded view ▸ wrapper ▸ container (with the dimming view).
            guard half == nil, let wrapper = detail.view.superview?.superview,
                  let dimming = wrapper.superview?.subviews.first(where: { $0 != wrapper }) else { return }
            // Ease in-out, halfway at half of 0.35 s: the card's centre y from 844 + 150 to
            // 544 + 150; the dimming from 0 to 0.5.
            half = (wrapper.layer.presentation(at: start + 0.175).position.y,
                    dimming.layer.presentation(at: start + 0.175).opacity)
        }
        #expect(outcome.completed && outcome.problems.isEmpty)
        let wrapper = try #require(detail.presentationController?.presentedView)
        #expect(wrapper.frame == Rect(x: 0, y: 544, width: 390, height: 300))
        #expect(wrapper.layer.shadowOpacity == 0.44 && wrapper.layer.shadowRadius == 13)
        #expect(wrapper.layer.shadowOffset == Size(width: 0, height: -6))
        let rounded = try #require(wrapper.subviews.first)
        #expect(rounded.frame == Rect(x: 0, y: 0, width: 390, height: 316))
        #expect(rounded.layer.cornerRadius == 16 && rounded.layer.masksToBounds)
        #expect(rounded.subviews == [detail.view])
        #expect(detail.view.frame == Rect(x: 0, y: 0, width: 390, height: 300))
        let halfway = try #require(half)
        #expect(abs(halfway.y - (994 - 150)) < 1e-9)                  // (994 + 694) / 2
        #expect(abs(halfway.dimming - 0.25) < 1e-9)
        #expect(list.view.superview == runtime.window)

        let back = try runtime.dismiss(detail, animator: card)
        #expect(back.completed && back.problems.isEmpty)
        #expect(runtime.window.subviews == [list.view])
        #expect(detail.presentationController == nil)
    }

    @Test func theLibrarysCardDismissesOnATapOutsideItAndOutlivesItsAnimator() throws {
        // Presented by one instance that is then released; dismissed by another. The
        // controller shares the first instance's data, which must stay alive.
        var presenter: AnimatorInstance? = try bundled("bottom-card-c")
        _ = try runtime.present(detail, from: list, animator: presenter!)
        presenter = nil
        let controller = try #require(detail.presentationController)
        // The card covers y 544…844 of the 390 × 844 container; above it is the dimming view.
        #expect(controller.handleTap(at: Point(x: 195, y: 100)))
        #expect(controller.handleTap(at: Point(x: 10, y: 543)))
        #expect(!controller.handleTap(at: Point(x: 195, y: 700)))
        #expect(!controller.handleTap(at: Point(x: 10, y: 545)))
        let back = try runtime.dismiss(detail, animator: bundled("bottom-card-c"))
        #expect(back.completed && back.problems.isEmpty)
        #expect(runtime.window.subviews == [list.view])
    }
}

extension TransitionRuntimeTests {
    @Test func theContextNamesTheScreensAndGivesTheIdentityTargetTransform() throws {
        let session = HostSession(engine: runtime.engine)
        let state = TransitionState(operation: .present, isAnimated: true, container: list.view, from: list, to: detail,
                                    fromView: list.view, toView: detail.view, initialFrames: (.zero, .zero),
                                    finalFrames: (.zero, .zero), presentationStyle: .fullScreen)
        let context = session.openContext(ContextState(operation: .present, isAnimated: true, isInteractive: false,
                                                       transition: state))
        let table = session.table
        var name: UnsafePointer<CChar>?
        #expect(table.pointee.context_view_controller_name(table, context, ah_context_key(AH_CONTEXT_FROM), &name) == ah_status(AH_OK))
        #expect(name.map { String(cString: $0) } == "list")
        #expect(table.pointee.context_view_controller_name(table, context, ah_context_key(AH_CONTEXT_TO), &name) == ah_status(AH_OK))
        #expect(name.map { String(cString: $0) } == "detail")
        #expect(table.pointee.context_view_controller_name(table, context, 7, &name) == ah_status(AH_ERR_INVALID_ARGUMENT))
        var transform = ah_transform3d()
        #expect(table.pointee.context_target_transform(table, context, &transform) == ah_status(AH_OK))
        #expect([transform.m11, transform.m22, transform.m33, transform.m44] == [1, 1, 1, 1])
        #expect([transform.m12, transform.m21, transform.m41, transform.m42] == [0, 0, 0, 0])
        session.closeContext(context)
        #expect(table.pointee.context_target_transform(table, context, &transform) == ah_status(AH_ERR_STALE_HANDLE))
    }
}

/// An animator that adds the incoming view and cancels at once, leaving the view there:
/// the mistake UIKit does not forgive (the view would stay on screen).
private final class CancelsAndLeavesTheView: TransitionAnimator {
    var identifier: String { "test.leaves-the-view" }

    func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        if let toView = state.toView { try? state.container.addSubview(toView) }
        state.completeTransition(false)
        return (0.3, [])
    }

    func end(_ state: TransitionState) {}
}

@Suite struct CancelledTransitionTidyingTests {
    @Test func anIncomingViewLeftAfterACancelIsRemovedWithAWarning() throws {
        let runtime = TransitionRuntime()
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let root = ViewController(name: "root", engine: runtime.engine, frame: bounds)
        let list = ViewController(name: "list", engine: runtime.engine, frame: bounds)
        let card = ViewController(name: "card", engine: runtime.engine, frame: bounds)
        try runtime.setRoot(root)
        try root.view.addSubview(list.view)
        let outcome = try runtime.transition(.push, in: root.view, from: list, to: card, animator: CancelsAndLeavesTheView())
        #expect(!outcome.completed)
        #expect(outcome.problems == [
            "test.leaves-the-view left the incoming view (card) in the container after cancelling; UIKit would leave it "
                + "on screen (remove it before completeTransition(false)); the host removed it",
        ])
        #expect(root.view.subviews == [list.view])
    }
}
