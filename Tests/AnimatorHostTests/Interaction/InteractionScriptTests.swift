import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Interaction scripts and gesture traces: parsing, their errors, and the seed's rules
/// that turn a gesture into interaction-controller calls.
@Suite struct InteractionScriptTests {
    typealias Event = InteractionScript.Event

    @Test func aScriptListsCallsAndSettings() throws {
        let script = try InteractionScript.parse("speed 2; curve linear\nupdate 0.3 @0.2; pause @0.3; finish @0.4")
        #expect(script.completionSpeed == 2)
        #expect(script.completionCurve == .linear)
        #expect(script.wantsInteractiveStart)
        #expect(script.events == [Event(time: 0.2, command: .update(0.3)), Event(time: 0.3, command: .pause),
                                  Event(time: 0.4, command: .finish)])
        #expect(try !InteractionScript.parse("start playing; cancel @0.1").wantsInteractiveStart)
    }

    @Test func scriptMistakesNameTheCommandAndTheReason() {
        let cases: [(String, String)] = [
            ("update 1.5 @0.1; finish @0.2", "script: command 1 'update 1.5 @0.1': the percent must be a number from 0 to 1"),
            ("update 0.5 0.1; finish @0.2", "script: command 1 'update 0.5 0.1': expected a time such as @0.25 (seconds from the start)"),
            ("update 0.5 @0.3; finish @0.2", "script: command 2 'finish @0.2': time @0.2 is before the previous command's @0.3"),
            ("jump @0.1", "script: command 1 'jump @0.1': unknown command (update, pause, finish, cancel, speed, curve, start playing)"),
            ("finish", "script: command 1 'finish': wrong number of words (update P @T, pause @T, finish @T, cancel @T, speed S, curve NAME)"),
            ("speed 0; finish @0.1",
             "script: command 1 'speed 0': completionSpeed must be a number from 0.01 (a completion at most 100 times as long as the animation)"),
            // A completion 10,000 times as long as the animation (hours of frames): refused.
            ("speed 0.0001; finish @0.1",
             "script: command 1 'speed 0.0001': completionSpeed must be a number from 0.01 (a completion at most 100 times as long as the animation)"),
            ("curve bouncy; finish @0.1", "script: command 1 'curve bouncy': the curve is one of easeInOut, easeIn, easeOut, linear"),
            ("update 0.5 @0.1", "script: the interaction never ends: the last command must be finish or cancel"),
            ("", "script: no commands: an interaction needs at least finish or cancel"),
            ("update 0.5 @1e308; finish @1e308",
             "script: command 1 'update 0.5 @1e308': @1e308 is later than 600 s, the most an interaction may last"),
        ]
        for (text, message) in cases {
            #expect(throws: InteractionError.self) { try InteractionScript.parse(text) }
            do {
                _ = try InteractionScript.parse(text)
            } catch {
                #expect(error.description == message)
            }
        }
    }

    func pinch(_ scales: [Double], velocity: Double) throws -> InteractionScript {
        let samples = scales.enumerated().map { index, scale in
            #"{ "t": \#(Double(index) * 0.1), "scale": \#(scale)"# + (index == scales.count - 1 ? #", "velocity": \#(velocity) }"# : " }")
        }
        let text = #"{ "gesture": "pinch", "samples": [ "# + samples.joined(separator: ", ") + " ] }"
        return try GestureTrace.parse(text, source: "pinch.json").script(containerSize: Size(width: 390, height: 844))
    }

    @Test func aPinchFollowsTheSeedsRule() throws {
        // percent = 1 − scale / startScale: 2 → 1.6 is 0.2; 2 → 1.5 is 0.25; both ≤ 0.3.
        let slow = try pinch([2, 1.6, 1.5], velocity: 2)
        #expect(slow.events.map(\.command) == [.update(1 - 1.6 / 2), .update(0.25), .cancel])
        #expect(slow.events.map(\.time) == [0.1, 0.2, 0.2])
        // Velocity 5 is not below 5: finish, though the percent is small.
        #expect(try pinch([2, 1.6, 1.5], velocity: 5).events.last?.command == .finish)
        // 0.4 > 0.3: finish even when slow.
        #expect(try pinch([1, 0.6], velocity: 0).events.map(\.command) == [.update(1 - 0.6), .finish])
        // A pinch outwards never goes below 0 %.
        #expect(try pinch([1, 1.2, 0.9], velocity: 0).events.first?.command == .update(0))
    }

    @Test func aPanFinishesMovingOnOrPastHalfway() throws {
        func pan(_ last: Double, velocity: Double, extra: String = "") throws -> InteractionScript.Command? {
            let text = #"{ "gesture": "pan"\#(extra), "samples": [ { "t": 0, "translation": 0 }, "#
                + #"{ "t": 0.2, "translation": \#(last), "velocity": \#(velocity) } ] }"#
            return try GestureTrace.parse(text, source: "pan.json").script(containerSize: Size(width: 390, height: 844))
                .events.last?.command
        }
        #expect(try pan(100, velocity: 50) == .finish)          // moving on
        #expect(try pan(300, velocity: -1) == .cancel)          // moving back
        #expect(try pan(195, velocity: 0) == .finish)           // 195 / 390 = 0.5
        #expect(try pan(194, velocity: 0) == .cancel)
        #expect(try pan(421, velocity: 0, extra: #", "axis": "y""#) == .cancel)   // 421 / 844 < 0.5
        #expect(try pan(100, velocity: 0, extra: #", "distance": 150"#) == .finish)
    }

    @Test func traceMistakesNameTheJSONPath() {
        let cases: [(String, String)] = [
            (#"{ "gesture": "swipe", "samples": [] }"#, "t.json: $.gesture: expected \"pan\" or \"pinch\""),
            (#"{ "gesture": "pinch", "samples": [ { "t": 0, "scale": 1 } ] }"#,
             "t.json: $.samples: a gesture needs at least two samples: its beginning and its end"),
            (#"{ "gesture": "pinch", "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0 } ] }"#,
             "t.json: $.samples[1].scale: a pinch's scale is above 0"),
            (#"{ "gesture": "pinch", "samples": [ { "t": 0.2, "scale": 1 }, { "t": 0.1, "scale": 0.5 } ] }"#,
             "t.json: $.samples[1].t: 0.1 is before the previous sample's 0.2"),
            (#"{ "gesture": "pan", "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1 } ] }"#,
             "t.json: $.samples[0].scale: unknown key (a pan sample has t, translation, velocity)"),
            (#"{ "gesture": "pinch", "samples": [ { "t": 0, "scale": 1 }, { "t": 1e308, "scale": 0.5 } ] }"#,
             "t.json: $.samples[1].t: 1e+308 s is later than 600 s, the most an interaction may last"),
            (#"{ "gesture": "pinch", "at": [1, 2], "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.5 } ] }"#,
             "t.json: $.at: only a pan starts at a point"),
            (#"{ "gesture": "pan", "at": [1], "samples": [ { "t": 0, "translation": 0 }, { "t": 0.1, "translation": 5 } ] }"#,
             "t.json: $.at: expected [x, y] in window points"),
        ]
        for (text, message) in cases {
            do {
                _ = try GestureTrace.parse(text, source: "t.json")
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description == message)
            }
        }
        do {
            _ = try GestureTrace.parse(#"{ "gesture": "pinch", "axis": "x", "samples": [] }"#, source: "t.json")
            Issue.record("accepted an axis on a pinch")
        } catch {
            #expect(error.description == "t.json: $.axis: only a pan has an axis")
        }
    }

    /// Records the gesture it is fed, as an animator that is its own interaction controller.
    final class Listener: TransitionAnimator {
        var events: [GestureEvent] = []
        var identifier: String { "listener" }
        var isOwnInteractionController: Bool { true }
        func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) { (0.3, []) }
        func beginInteractive(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
            (0.3, [])
        }
        func gesture(_ event: GestureEvent, state: TransitionState) {
            events.append(event)
            if event.phase == .ended { state.completeTransition(false) }
        }
        func end(_ state: TransitionState) {}
    }

    @Test func aPanThatSaysWhereItStartsTellsWhereTheFingerIs() throws {
        let trace = try GestureTrace.parse(#"""
            { "gesture": "pan", "axis": "y", "at": [195, 500],
              "samples": [ { "t": 0, "translation": 0 }, { "t": 0.1, "translation": 40 }, { "t": 0.2, "translation": 90 } ] }
            """#, source: "down.json")
        #expect(trace.start == Point(x: 195, y: 500))
        let runtime = TransitionRuntime()
        let list = ViewController(name: "list", engine: runtime.engine, frame: runtime.window.bounds)
        let detail = ViewController(name: "detail", engine: runtime.engine, frame: runtime.window.bounds)
        try runtime.setRoot(list)
        let listener = Listener()
        _ = try runtime.present(detail, from: list, animator: listener,
                                interaction: trace.script(containerSize: runtime.window.bounds.size))
        // Down the y axis from (195, 500): the finger at 500, 540, 590.
        #expect(listener.events.map(\.location) == [Point(x: 195, y: 500), Point(x: 195, y: 540), Point(x: 195, y: 590)])
        // A trace without a start says nothing of the finger.
        let plain = try GestureTrace.parse(#"{ "gesture": "pan", "samples": [ { "t": 0, "translation": 0 }, { "t": 0.1, "translation": 5 } ] }"#,
                                           source: "plain.json")
        let other = Listener()
        let again = ViewController(name: "again", engine: runtime.engine, frame: runtime.window.bounds)
        _ = try runtime.present(again, from: list, animator: other, interaction: plain.script(containerSize: runtime.window.bounds.size))
        #expect(other.events.count == 2 && other.events.allSatisfy { $0.location == nil })
    }
}
