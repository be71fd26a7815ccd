import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorHost
@testable import AnimatorRuns
@testable import AnimatorSupport

/// Run requests as data: read back equal from their JSON, checked field by field with
/// the field named, and performed by the runner in process, as the CLI, snapshots and
/// the sandbox child perform them.
@Suite struct RunRequestTests {
    @Test func aRequestReadsBackEqualFromItsJSON() throws {
        var request = RunRequest(animator: "zoom", operation: .present)
        request.parameters = ["duration=0.3", "spring=true"]
        request.interaction = "update 0.5 @0.1; finish @0.2"
        request.style = .pageSheet
        request.rotate = .landscape
        request.split = .some(.twoThirds)
        request.fromImage = "/tmp/a.png"
        request.size = Size(width: 320, height: 480)
        request.fps = 30
        request.keepsFrames = false
        request.outputs = [RunOutput(.timeline, path: "t.json"), RunOutput(.png, path: "x.png", scale: 2, sheet: 6)]
        let text = request.json.serialized()
        #expect(try RunRequest(json: JSONValue.parse(text)) == request)
        // Back to the whole screen reads back as such, not as no change.
        request.split = .some(nil)
        #expect(try RunRequest(json: JSONValue.parse(request.json.serialized())).split == .some(nil))
        // A long press held 1.5 s, and a swipe, read back as they were.
        for gesture in [TouchGesture.longPress(seconds: 1.5), .swipe(.up)] {
            var touched = RunRequest(animator: "photo-zoom", operation: .pop)
            touched.tap = Point(x: 195, y: 600)
            touched.gesture = gesture
            #expect(try RunRequest(json: JSONValue.parse(touched.json.serialized())) == touched)
        }
        // The demo app's request: nothing but the screen, the rate and whether frames are kept.
        let demo = RunRequest()
        #expect(try RunRequest(json: JSONValue.parse(demo.json.serialized())) == demo)
        #expect(demo.json["animator"] == nil && demo.json["size"] == .array([.number(390), .number(844)]))
    }

    @Test func aHandWrittenRequestIsReadStrictly() throws {
        // Defaults where a field is left out: 390 x 844 at 60 fps, frames kept.
        let minimal = try RunRequest(json: JSONValue.parse(#"{"animator": "fade-c"}"#))
        #expect(minimal.size == Size(width: 390, height: 844) && minimal.fps == 60 && minimal.keepsFrames)
        #expect(minimal.operation == nil && minimal.parameters.isEmpty && minimal.outputs.isEmpty)
        let cases: [(String, String)] = [
            (#"[1, 2]"#, "a run request is a JSON object"),
            (#"{"opration": "push"}"#, "unknown key 'opration' (did you mean 'operation'?)"),
            (#"{"operation": "slide"}"#, "operation: 'slide' is not present, dismiss, push, pop or tab"),
            (#"{"parameters": "duration=1"}"#, "parameters: expected an array of \"NAME=VALUE\" strings"),
            (#"{"size": [390]}"#, "size: expected [width, height] in points"),
            (#"{"fps": "fast"}"#, "fps: expected a number"),
            (#"{"style": "sideways"}"#, "style: 'sideways' is not fullScreen, overFullScreen, pageSheet or custom"),
            (#"{"rotate": "sideways"}"#, "rotate: 'sideways' is not portrait or landscape"),
            (#"{"outputs": [{"kind": "bmp", "path": "x.bmp"}]}"#, "outputs[0].kind: expected one of timeline, gif, png, apng, html, mp4, webm"),
        ]
        for (text, message) in cases {
            #expect(throws: RunRequestError.self, "\(text)") { try RunRequest(json: JSONValue.parse(text)) }
            do {
                _ = try RunRequest(json: JSONValue.parse(text))
            } catch let error as RunRequestError {
                #expect(error.description.hasPrefix(message), "\(text): \(error.description)")
            }
        }
    }

    @Test func checksNameTheFieldAtFault() {
        func failure(_ change: (inout RunRequest) -> Void, demo: Bool = false) -> RunRequestError? {
            var request = demo ? RunRequest() : RunRequest(animator: "zoom")
            change(&request)
            do {
                try request.check()
                return nil
            } catch {
                return error
            }
        }
        #expect(failure({ _ in }) == nil)
        #expect(failure({ _ in }, demo: true) == nil)
        #expect(failure({ $0.parameters = ["duration=1"] }, demo: true)?.field == .parameters)
        #expect(failure({ $0.operation = .push }, demo: true)?.message(naming: { "--" + $0.rawValue })
                == "--operation needs an animator: <id|name> --operation OP")
        // With an animator, a scenario is its flow, whose steps give the operations.
        #expect(failure({ $0.scenario = "flow.json" }) == nil)
        #expect(failure({ $0.scenario = "flow.json"; $0.tap = Point(x: 1, y: 2) })?.description
                == "tap comes from the scenario's steps with an animator; leave it out")
        #expect(failure({ $0.scenario = "flow.json"; $0.rotate = .landscape })?.description
                == "rotate comes from the scenario's steps with an animator; leave it out")
        #expect(failure({ $0.rotate = .landscape }, demo: true)?.field == .rotate)
        // A run that turns draws on a square as long as the screen's longer side: 844 × 844.
        #expect(RunRequest(animator: "zoom").canvasSize(turns: true) == Size(width: 844, height: 844))
        #expect(RunRequest(animator: "zoom").canvasSize(turns: false) == Size(width: 390, height: 844))
        #expect(failure({ $0.routes = "routes.json" })?.description
                == "routes runs the demo app; it does not combine with an animator")
        #expect(failure({ $0.operation = .push; $0.style = .pageSheet })?.description
                == "style applies to present and dismiss, not push")
        // The edges of the ranges: 16 and 4096 points, 1 and 240 frames a second.
        #expect(failure({ $0.size = Size(width: 16, height: 4096) }) == nil)
        #expect(failure({ $0.size = Size(width: 15.9, height: 100) })?.field == .size)
        #expect(failure({ $0.size = Size(width: 100, height: .infinity) })?.field == .size)
        #expect(failure({ $0.fps = 1 }) == nil && failure({ $0.fps = 240 }) == nil)
        #expect(failure({ $0.fps = 240.5 })?.field == .fps && failure({ $0.fps = .nan })?.field == .fps)
        #expect(failure({ $0.outputs = [RunOutput(.gif, path: "x.gif", at: 1)] })?.field == .outputs)
        #expect(failure({ $0.outputs = [RunOutput(.png, path: "x.png", scale: 4)] })?.field == .outputs)
        #expect(failure({ $0.outputs = [RunOutput(.png, path: "x.png", at: 0.1, sheet: 3)] })?.field == .outputs)
        #expect(failure({ $0.outputs = [RunOutput(.png, path: "x.png", sheet: 101)] })?.field == .outputs)
    }

    @Test func aRequestFileThatIsNoFileIsRefusedWithItsReason() throws {
        let folder = TemporaryDirectory()
        #expect(throws: RunRequestError(nil, "/dev/zero: not a regular file (a device)")) { try RunRequest.load(path: "/dev/zero") }
        #expect(throws: RunRequestError(nil, "\(folder.path): a folder, not a file")) { try RunRequest.load(path: folder.path) }
        let big = folder.path + "/big.json"
        try FileSystem.writeAtomically(big, [UInt8](repeating: 0x20, count: (1 << 20) + 1), mode: 0o600)
        // 1 MiB and one byte: 1,048,577 bytes.
        #expect(throws: RunRequestError(nil, "\(big): 1048577 bytes, over the 1 MiB limit for this kind of file")) {
            try RunRequest.load(path: big)
        }
        let good = folder.path + "/good.json"
        try FileSystem.writeAtomically(good, Array(#"{"animator": "zoom", "fps": 30}"#.utf8), mode: 0o600)
        #expect(try RunRequest.load(path: good) == { var r = RunRequest(animator: "zoom"); r.fps = 30; return r }())
    }
}

/// The runner in this process with the bundled animators: one transition, the demo app,
/// mistakes in the request, and the same request twice.
@Suite struct RunnerTests {
    let registry = PluginLoader().discover(PluginSearchPath(entries: [
        .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
    ]))

    @Test func oneTransitionRecordsEveryFrameAtTheRequestedRate() throws {
        var request = RunRequest(animator: "fade-c", operation: .present)
        request.parameters = ["duration=0.5"]
        request.fps = 30
        let result = try Runner(registry: registry).perform(request)
        let report = try #require(result.transitions.first)
        #expect(result.transitions.count == 1 && report.failure == nil && report.outcome.completed)
        #expect(report.outcome.duration == 0.5)
        // 0.5 s at 30 frames a second: frames at 0, 1/30, ..., 15/30, then the final frame.
        #expect(report.frames == 16 || report.frames == 17, "\(report.frames)")
        #expect(result.recording.segments.count == 1 && result.recording.segments[0].frames.count == report.frames)
        #expect(result.recording.fps == 30 && result.recording.size == RunRequest.defaultSize)
        #expect(report.text.hasPrefix("present list → detail: fade-c (") && report.text.hasSuffix(", 0.5 s, \(report.frames) frames, completed"))
        // The summary's last line adds the transitions up.
        #expect(result.summary().last == "1 transition: 1 completed, 0 cancelled, 0.5 s")
        // Not kept: counted, not kept.
        request.keepsFrames = false
        let counted = try Runner(registry: registry).perform(request)
        #expect(counted.transitions[0].frames == report.frames && counted.recording.segments[0].frames.isEmpty)
    }

    @Test func theSameRequestTwiceGivesTheSameTimeline() throws {
        var request = RunRequest(animator: "zoom", operation: .push)
        request.size = Size(width: 320, height: 568)
        let first = try Runner(registry: registry).perform(request)
        let second = try Runner(registry: registry).perform(request)
        #expect(RunOutput.timelineText(first.recording) == RunOutput.timelineText(second.recording))
        #expect(first.recording.size == Size(width: 320, height: 568))
    }

    @Test func mistakesInTheRequestAreRequestErrors() throws {
        let runner = Runner(registry: registry)
        var typo = RunRequest(animator: "zoom")
        typo.parameters = ["dampng=0.5"]
        #expect(throws: RunRequestError.self) { try runner.perform(typo) }
        var style = RunRequest(animator: "zoom")
        style.style = .pageSheet
        // zoom's first operation is not present or dismiss: the style cannot apply.
        if let first = registry.animator(named: "zoom")?.operations.operations.first, ![.present, .dismiss].contains(first) {
            #expect(throws: RunRequestError(.style, "applies to present and dismiss, not \(first.rawValue)")) {
                try runner.perform(style)
            }
        }
        // Not a mistake in the request but in the world: an animator nobody installed.
        #expect(throws: AnimatorError.self) { try runner.perform(RunRequest(animator: "swirl")) }
    }

    @Test func theDemoAppRunsItsScriptStepByStep() throws {
        var request = RunRequest()
        request.keepsFrames = false
        let result = try Runner(registry: registry).perform(request)
        #expect(result.transitions.map(\.operation) == DemoApp.script.map(\.operation))
        #expect(result.transitions.allSatisfy { $0.failure == nil && $0.outcome.completed })
        #expect(!result.hadProblems)
    }
}
