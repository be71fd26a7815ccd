import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRuns

/// A flow's file read and checked: what each step says, and each mistake named by its place.
@Suite struct StageFlowTests {
    func parse(_ text: String, folder: String = "/flows") throws(JSONFormatError) -> StageFlow {
        guard let json = try? JSONValue.parse(text) else { preconditionFailure("not JSON: \(text)") }
        return try StageFlow.parse(json, folder: folder)
    }

    func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func stepsCarryTheirTapsAndInteractionsTracesFromTheFlowsFolder() throws {
        let flow = try parse("""
            { "steps": [ { "operation": "present", "tap": [12.5, 40] },
                         { "operation": "dismiss", "interaction": "pull.json" },
                         { "operation": "dismiss", "interaction": "/abs/pull.json" },
                         { "operation": "dismiss", "interaction": "update 0.5 @0.1; finish @0.2" } ] }
            """)
        #expect(flow.steps == [
            StageFlow.Step(operation: .present, tap: Point(x: 12.5, y: 40)),
            StageFlow.Step(operation: .dismiss, interaction: "/flows/pull.json"),
            StageFlow.Step(operation: .dismiss, interaction: "/abs/pull.json"),
            StageFlow.Step(operation: .dismiss, interaction: "update 0.5 @0.1; finish @0.2"),
        ])
    }

    @Test func theWayBackAndTheSameAgainMayFollowNothingElse() throws {
        // Tab follows tab (to the other tab and back); pop follows push; present follows dismiss.
        #expect(try parse(#"{ "steps": [ { "operation": "tab" }, { "operation": "tab" } ] }"#).steps.count == 2)
        #expect(try parse(#"{ "steps": [ { "operation": "dismiss" }, { "operation": "present" } ] }"#).steps.count == 2)
        #expect(failure(#"{ "steps": [ { "operation": "pop" }, { "operation": "tab" } ] }"#)
                == "$.steps[1].operation: tab cannot follow pop: after it comes push (or pop again, when it was cancelled)")
    }

    @Test func mistakesAreNamedByTheirPlace() {
        let cases: [(String, String)] = [
            (#"{ "steps": [] }"#, "$.steps: empty: give at least one step"),
            (#"{ "step": [] }"#, "$.step: unknown key (an animator's flow has steps)"),
            (#"{ "steps": [ 3 ] }"#, "$.steps[0]: expected an object"),
            (#"{ "steps": [ { } ] }"#, "$.steps[0].operation: missing (present, dismiss, push, pop or tab)"),
            (#"{ "steps": [ { "operation": "puhs" } ] }"#, "$.steps[0].operation: 'puhs' is not present, dismiss, push, pop or tab (did you mean 'push'?)"),
            (#"{ "steps": [ { "operation": "push", "tap": [1] } ] }"#, "$.steps[0].tap: expected [x, y] in window points"),
            (#"{ "steps": [ { "operation": "push", "tap": "1,2" } ] }"#, "$.steps[0].tap: expected [x, y] in window points"),
            (#"{ "steps": [ { "operation": "push", "interaction": "" } ] }"#, "$.steps[0].interaction: expected a script or a gesture trace file"),
            (#"{ "steps": [ { "operation": "push", "tab": 1 } ] }"#, "$.steps[0].tab: unknown key: an animator's run has its two screens; leave it out"),
            (#"{ "steps": [ { "operation": "push", "speed": 2 } ] }"#, "$.steps[0].speed: unknown key (a step has operation, tap, longPress or swipe, interaction, rotate and split)"),
            (#"{ "steps": [ { "operation": "present", "rotat": "landscape" } ] }"#,
             "$.steps[0].rotat: unknown key (a step has operation, tap, longPress or swipe, interaction, rotate and split) (did you mean 'rotate'?)"),
            (#"{ "steps": [ { "operation": "present", "rotate": 90 } ] }"#, "$.steps[0].rotate: expected portrait or landscape"),
            (#"{ "steps": [ { "operation": "present", "rotate": "upside-down" } ] }"#, "$.steps[0].rotate: 'upside-down' is not portrait or landscape"),
            (#"{ "steps": [ { "operation": "push", "tap": [1, 2], "swipe": { "at": [1, 2], "direction": "up" } } ] }"#,
             "$.steps[0].swipe: a step has one of tap, longPress and swipe"),
            (#"{ "steps": [ { "operation": "push", "longPress": [1, 2, 0] } ] }"#, "$.steps[0].longPress[2]: expected the seconds the press is held (0 to 60)"),
            (#"{ "steps": [ { "operation": "push", "longPress": [1, 2, 3, 4] } ] }"#, "$.steps[0].longPress: expected [x, y] or [x, y, seconds]"),
            (#"{ "steps": [ { "operation": "push", "longPress": ["a", 2] } ] }"#, "$.steps[0].longPress: expected [x, y] in window points"),
            (#"{ "steps": [ { "operation": "push", "swipe": [1, 2] } ] }"#, #"$.steps[0].swipe: expected {"at": [x, y], "direction": "left"}"#),
            (#"{ "steps": [ { "operation": "push", "swipe": { "at": [1, 2], "direction": "lfet" } } ] }"#,
             "$.steps[0].swipe.direction: 'lfet' is not right, left, up or down (did you mean 'left'?)"),
            (#"{ "steps": [ { "operation": "push", "swipe": { "at": [1, 2] } } ] }"#, "$.steps[0].swipe.direction: missing: right, left, up or down"),
            (#"{ "steps": [ { "operation": "push", "swipe": { "at": [1, 2], "direction": "up", "speed": 3 } } ] }"#,
             "$.steps[0].swipe.speed: unknown key (a swipe has at and direction)"),
        ]
        for (text, message) in cases { #expect(failure(text) == message, "\(text)") }
        // And what the gestures read as.
        let steps = try? parse(#"{ "steps": [ { "operation": "push", "longPress": [10, 20] }, { "operation": "pop", "longPress": [1, 2, 1.5] }, { "operation": "push", "swipe": { "at": [3, 4], "direction": "down" } } ] }"#).steps
        #expect(steps?.map(\.gesture) == [.longPress(seconds: 1), .longPress(seconds: 1.5), .swipe(.down)])
        // A turn of the device after a step's transition.
        let turning = try? parse(#"{ "steps": [ { "operation": "present", "rotate": "landscape" }, { "operation": "dismiss" } ] }"#).steps
        #expect(turning?.map(\.rotate) == [.landscape, nil])
        // A change of split view share after a step, and the whole screen again.
        let splitting = try? parse(#"{ "steps": [ { "operation": "present", "split": "third" }, { "operation": "dismiss", "split": "full" }, { "operation": "present" } ] }"#).steps
        #expect(splitting?.map(\.split) == [.some(.third), .some(nil), nil])
        #expect(steps?.map(\.tap) == [Point(x: 10, y: 20), Point(x: 1, y: 2), Point(x: 3, y: 4)])
        let many = "{ \"steps\": [" + Array(repeating: #"{ "operation": "tab" }"#, count: 1001).joined(separator: ",") + "] }"
        #expect(failure(many) == "$.steps: 1001 steps, over the 1000 a flow may have")
    }
}
