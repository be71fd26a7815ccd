import Glibc
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// Timelines read back into frames, terminal pictures, scenarios and contact sheets.
@Suite struct TimelineTests {
    let runtime = TransitionRuntime()

    /// A small recorded transition: the stage's push with a system slide.
    func recording() throws -> Recording {
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        let stage = TransitionStage(runtime: runtime)
        let outcome = try stage.perform(.push, animator: SystemAnimator(.slide), onFrame: recorder.capture)
        return Recording(size: runtime.window.bounds.size, fps: 60, segments: [
            Recording.Segment(operation: .push, animator: "system.slide", from: "from", to: "to", outcome: outcome,
                              frames: recorder.take().frames),
        ])
    }

    @Test func aTimelineHoldsEnoughToRedrawEveryFrame() throws {
        let recorded = try recording()
        let text = Timeline.json(recorded).serialized()
        let frames = try Timeline.frames(from: try JSONValue.parse(text))
        let original = recorded.segments[0].frames
        #expect(frames.count == original.count)
        // Drawn from the JSON, every third frame is the same picture, pixel for pixel.
        for index in stride(from: 0, to: frames.count, by: 3) {
            let a = SceneRenderer(size: original[index].size, scale: 1).render(original[index])
            let b = SceneRenderer(size: frames[index].size, scale: 1).render(frames[index])
            #expect(a == b, "frame \(index)")
        }
    }

    @Test func aMalformedTimelineNamesThePlace() throws {
        let recorded = try recording()
        var text = Timeline.json(recorded).serialized()
        text = text.replacing("\"transform\":[1,0,0,0,", with: "\"transform\":[1,0,0,", maxReplacements: 1)
        #expect(throws: Timeline.FormatError(path: "frames[0].views[0].transform", reason: "expected an array of 16 numbers")) {
            try Timeline.frames(from: try JSONValue.parse(text))
        }
        #expect(throws: Timeline.FormatError(path: "frames", reason: "missing (an array of frames)")) {
            try Timeline.frames(from: .object([]))
        }
        let orphan = JSONValue.object([("frames", .array([.object([("t", .number(0)), ("views", .array([
            .object([("id", .number(1)), ("parent", .null)]),
        ]))])]))])
        #expect(throws: Timeline.FormatError(path: "frames[0].views[0].bounds", reason: "expected an array of 4 numbers")) {
            try Timeline.frames(from: orphan)
        }
        // A screen no renderer can allocate, and times past any run: refused with the place.
        for (json, place) in [(#"{"size":[1e300,1e300],"operation":"push","frames":[]}"#, "size"),
                              (#"{"size":[390,844],"fps":0,"operation":"push","frames":[]}"#, "fps"),
                              (#"{"size":[390,844],"operation":"push","frames":[{"t":1e300,"views":[]}]}"#, "frames[0].t")] {
            let parsed = try JSONValue.parse(json)
            do {
                _ = try Timeline.recording(from: parsed)
                Issue.record("\(json) was accepted")
            } catch {
                #expect(error.path == place)
            }
        }
        // Numbers no id can be: refused, never converted (1e300 would not fit an Int).
        for id in [1e300, -1, 0.5] {
            let bad = JSONValue.object([("frames", .array([.object([("t", .number(0)), ("views", .array([
                .object([("id", .number(id)), ("parent", .null)]),
            ]))])]))])
            #expect(throws: Timeline.FormatError(path: "frames[0].views[0].id", reason: "expected a whole number from 0")) {
                try Timeline.frames(from: bad)
            }
        }
        // Text and contents that cannot be: a weight, a line count, an image index.
        let good = Timeline.json(recorded).serialized()
        let labelled = good.replacing("\"weight\":\"regular\"", with: "\"weight\":\"heavy\"", maxReplacements: 1)
        #expect(labelled != good)
        #expect(throws: Timeline.FormatError.self) { try Timeline.frames(from: try JSONValue.parse(labelled)) }
        let pictured = good.replacing("\"contents\":{\"image\":0", with: "\"contents\":{\"image\":1e300", maxReplacements: 1)
        #expect(pictured != good)
        #expect(throws: Timeline.FormatError.self) { try Timeline.frames(from: try JSONValue.parse(pictured)) }
    }

    @Test func halfBlocksCarryTwoPixelsPerCell() {
        // A 1 × 2 picture: red above blue.
        let image = Image(width: 1, height: 2, pixels: [0xFF00_00FF, 0xFFFF_0000])
        #expect(TerminalPicture.lines(image, palette: .trueColor)
                == ["\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m▀\u{1B}[0m"])
        // xterm-256: red is the cube's (5, 0, 0) = 16 + 180 = 196, blue (0, 0, 5) = 21.
        #expect(TerminalPicture.lines(image, palette: .indexed256) == ["\u{1B}[38;5;196m\u{1B}[48;5;21m▀\u{1B}[0m"])
        // An odd last row repeats its pixel in both halves; equal neighbours share escapes.
        let row = Image(width: 2, height: 1, pixels: [0xFF00_00FF, 0xFF00_00FF])
        #expect(TerminalPicture.lines(row, palette: .trueColor) == ["\u{1B}[38;2;255;0;0m\u{1B}[48;2;255;0;0m▀▀\u{1B}[0m"])
        // No color: black is blank, white full ink.
        let grey = Image(width: 2, height: 2, pixels: [0xFF00_0000, 0xFFFF_FFFF, 0xFF00_0000, 0xFFFF_FFFF])
        #expect(TerminalPicture.lines(grey, palette: .monochrome) == [" @"])
    }

    @Test func the256ColorPaletteIsTheNearestOfCubeAndGreys() {
        #expect(TerminalPicture.index256(0, 0, 0) == 16)
        #expect(TerminalPicture.index256(255, 255, 255) == 231)
        // Grey 128: the grey ramp's 8 + 10·12 = 128 (index 244) is exact; the cube's nearest, 135, is not.
        #expect(TerminalPicture.index256(128, 128, 128) == 244)
        // #3B82F6 → levels (0 or 95: 59 is nearer 95), (135), (255): 16 + 36·1 + 6·2 + 5 = 69.
        #expect(TerminalPicture.index256(59, 130, 246) == 69)
    }

    @Test func scenariosFollowTheAppsState() throws {
        let scenario = try Scenario.parse(try JSONValue.parse(
            #"{ "steps": [ { "operation": "present", "to": "detail" }, { "operation": "dismiss" }, { "operation": "push", "to": "card" }, { "operation": "pop" }, { "operation": "tab", "tab": 1 }, { "operation": "tab", "tab": 0 } ] }"#))
        // The same flow as the demo's own script.
        #expect(scenario == Scenario.demo)
        let errors: [(String, Scenario.FormatError)] = [
            (#"{}"#, .init(path: "$.steps", reason: "missing (an array of steps)")),
            (#"{ "steps": [] }"#, .init(path: "$.steps", reason: "empty: give at least one step")),
            (#"{ "steps": [ { "operation": "dismiss" } ] }"#, .init(path: "$.steps[0]", reason: "dismiss with nothing presented")),
            (#"{ "steps": [ { "operation": "push", "to": "list" } ] }"#,
             .init(path: "$.steps[0].to", reason: "list is already on screen or in the navigation stack")),
            (#"{ "steps": [ { "operation": "present", "to": "attic" } ] }"#,
             .init(path: "$.steps[0].to", reason: "no screen 'attic' (the demo has list, card, detail, settings)")),
            (#"{ "steps": [ { "operation": "tab", "tab": 1 }, { "operation": "push", "to": "card" } ] }"#,
             .init(path: "$.steps[1]", reason: "push needs the navigation stack's tab (tab 0) selected")),
            (#"{ "steps": [ { "operation": "present", "to": "card" }, { "operation": "tab", "tab": 1 } ] }"#,
             .init(path: "$.steps[1]", reason: "tab while card is presented: dismiss it first")),
            (#"{ "steps": [ { "operation": "swap" } ] }"#,
             .init(path: "$.steps[0].operation", reason: "'swap' is not present, dismiss, push, pop or tab")),
            (#"{ "steps": [ { "operation": "tab", "tab": 0 } ] }"#, .init(path: "$.steps[0].tab", reason: "tab 0 is already selected")),
            (#"{ "steps": [ { "operation": "pop", "animated": true } ] }"#,
             .init(path: "$.steps[0].animated", reason: "unknown key (a step has operation, to, tab and tap)")),
            (#"{ "steps": [ { "operation": "push", "to": "card", "tap": [1, 2] } ] }"#,
             .init(path: "$.steps[0].tap", reason: "only a dismissal can be caused by a tap")),
            (#"{ "steps": [ { "operation": "present", "to": "card" }, { "operation": "dismiss", "tap": [1] } ] }"#,
             .init(path: "$.steps[1].tap", reason: "expected [x, y] in window coordinates")),
        ]
        for (text, error) in errors {
            #expect(throws: error) { try Scenario.parse(try JSONValue.parse(text)) }
        }
    }

    @Test func aContactSheetSpreadsItsFramesFromFirstToLast() {
        #expect(ContactSheet.pick(5, of: 31) == [0, 8, 15, 23, 30])      // 30 · k / 4, rounded
        #expect(ContactSheet.pick(1, of: 31) == [0])
        #expect(ContactSheet.pick(10, of: 3) == [0, 1, 2])
    }

    @Test func theContentsCenterGoesToTheParentAndToTimelines() throws {
        let engine = SnapshotRasterizer.engine()
        let third = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        let image = Image(width: 30, height: 30, fill: 0xFF00_00FF)
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 90, height: 60))
        view.layer.contents = LayerContents(image: image, center: third)
        try window.addSubview(view)
        let frame = SceneFrame(engine: engine, root: window.layer.id)
        let decoded = try #require(try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame])).first)
        #expect(decoded.contents.compactMap { $0?.center } == [third])
        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let document = JSONValue.object([("frames", .array([json]))])
        let read = try #require(try Timeline.frames(from: JSONValue.parse(document.serialized()), images: [image]).first)
        #expect(read.contents.compactMap { $0?.center } == [third])
    }

    /// The timeline of `recorded` lengthened `times` over (its frames again and again, each
    /// copy later by the transition's length), with its members in `order` (nil: as written).
    func lengthened(_ recorded: Recording, times: Int, order: [String]? = nil) throws -> JSONValue {
        guard case .object(let members) = Timeline.json(recorded) else { throw SetupError(description: "a timeline is an object") }
        let frames = try #require(members.first { $0.0 == "frames" }?.1.arrayValue)
        let length = (try #require(frames.last?["t"]?.numberValue)) + 1.0 / 60
        var longer: [JSONValue] = []
        for copy in 0..<times {
            for frame in frames {
                guard case .object(let fields) = frame else { throw SetupError(description: "a frame is an object") }
                longer.append(.object(fields.map { key, value in
                    key == "t" ? (key, .number(value.numberValue! + Double(copy) * length)) : (key, value)
                }))
            }
        }
        var written = members.map { $0.0 == "frames" ? ("frames", JSONValue.array(longer)) : $0 }
        if let order { written = order.compactMap { key in written.first { $0.0 == key } } + written.filter { !order.contains($0.0) } }
        return .object(written)
    }

    /// What `Timeline.load` reads from `text`, as a timeline again (every frame's values);
    /// with `window`, what the reader reads that many bytes of the file at a time.
    func loaded(_ text: String, in folder: TemporaryDirectory, window: Int? = nil) throws -> String {
        let path = folder.file("t.json")
        try FileSystem.writeAtomically(path, Array(text.utf8), mode: 0o600)
        let recording = try window.map { try TimelineReader.read(path: path, windowSize: $0) } ?? Timeline.load(path: path)
        return Timeline.json(recording).serialized()
    }

    @Test func aTimelineFileIsReadAFrameAtATimeAsItsWholeDocumentReads() throws {
        let folder = TemporaryDirectory()
        let recorded = try recording()
        // 12 times over: more frames than the 4 MiB a run keeps as values, so that the
        // last are read back from the store's file.
        let times = 12
        let long = try lengthened(recorded, times: times)
        let frameCount = try #require(long["frames"]?.arrayValue?.count)
        #expect(frameCount == times * recorded.segments[0].frames.count)
        let probe = FrameStore()
        for _ in 0..<times { for frame in recorded.segments[0].frames { probe.append(frame) } }
        #expect(probe.isSpooled)
        let whole = Timeline.json(try Timeline.recording(from: long)).serialized()
        // As the writer writes it, pretty-printed, and with the frames before the images:
        // the same timeline every way.
        #expect(try loaded(long.serialized(), in: folder) == whole)
        #expect(try loaded(long.serialized(pretty: true), in: folder) == whole)
        let framesFirst = try lengthened(recorded, times: times, order: ["frames", "schema", "size"])
        #expect(framesFirst.serialized().hasPrefix("{\"frames\":["))
        #expect(try loaded(framesFirst.serialized(), in: folder) == whole)
        // Read through windows of 100 bytes and of 5,000 (frames are about 7 KB: each is cut
        // by the window's end, and the window grows to hold one), the same again.
        let short = try lengthened(recorded, times: 2)
        let shortWhole = Timeline.json(try Timeline.recording(from: short)).serialized()
        #expect(try loaded(short.serialized(), in: folder, window: 100) == shortWhole)
        #expect(try loaded(short.serialized(pretty: true), in: folder, window: 5_000) == shortWhole)
        // A view's name holding what ends strings, arrays and objects: not taken for the
        // timeline's structure.
        // As written in the file: \\]}\"[{,: (a backslash, then brackets, a quote, more).
        let tricky = short.serialized().replacing("\"name\":\"", with: "\"name\":\"\\\\]}\\\"[{,:", maxReplacements: 3)
        #expect(tricky != short.serialized())
        let trickyWhole = Timeline.json(try Timeline.recording(from: try JSONValue.parse(tricky))).serialized()
        #expect(trickyWhole.contains("\\\\]}\\\"[{,:"))
        #expect(try loaded(tricky, in: folder, window: 100) == trickyWhole)
        // The scan finds the one "frames" array: from its '[' to the ']' before the
        // document's last '}' (the writer puts it last).
        let trickyPath = folder.file("tricky.json")
        try FileSystem.writeAtomically(trickyPath, Array(tricky.utf8), mode: 0o600)
        let opened = try FileSystem.openRegularFile(trickyPath, limit: 1 << 30)
        defer { close(opened.descriptor) }
        let bracket = try #require(tricky.utf8.firstRange(of: "\"frames\":[".utf8)).upperBound
        let start = tricky.utf8.distance(from: tricky.utf8.startIndex, to: bracket) - 1
        #expect(FramesScan.regions(of: opened.descriptor, size: opened.size)
                == [FramesScan.Region(transition: nil, start: start, end: tricky.utf8.count - 2)])
        // A first "frames" written with an escape, or that is not an array, is the one a
        // document's lookup finds: read as the whole document reads it (here, a mistake).
        for first in ["\"fr\\u0061mes\":[1,2],", "\"frames\": 5,"] {
            let text = "{" + first + short.serialized().dropFirst()
            let path = folder.file("first.json")
            try FileSystem.writeAtomically(path, Array(text.utf8), mode: 0o600)
            let document = try JSONValue.parse(text)
            var expected: Timeline.FormatError?
            do { _ = try Timeline.recording(from: document) } catch { expected = error }
            let mistake = try #require(expected)
            #expect(throws: Timeline.FormatError(path: path + ": " + mistake.path, reason: mistake.reason)) {
                try Timeline.load(path: path)
            }
        }
        // Several transitions, each read a frame at a time.
        let two = Recording(size: recorded.size, fps: 60, segments: [recorded.segments[0], recorded.segments[0]])
        var text = ""
        Timeline.write(two, to: { text += $0 })
        #expect(text.hasPrefix("{\"schema\":\"animator-host.timeline/1\",\"transitions\":["))
        #expect(try loaded(text, in: folder) == Timeline.json(two).serialized())
        #expect(try loaded(text, in: folder, window: 300) == Timeline.json(two).serialized())
        // Frames beside "transitions" are not the timeline's (its transitions are): read as
        // the whole document reads them, ignored, but JSON all the same.
        let beside = "{\"frames\":[{\"t\":0,\"views\":[]}]," + text.dropFirst()
        #expect(try loaded(beside, in: folder) == Timeline.json(two).serialized())
        let besideBroken = "{\"frames\":[{\"t\":0,,\"views\":[]}]," + text.dropFirst()
        var syntax = ""
        do { _ = try JSONValue.parse(besideBroken) } catch { syntax = "\(error)" }
        #expect(syntax.hasPrefix("line 1, column 19: "))
        let path = folder.file("t.json")
        #expect(throws: Timeline.FormatError(path: path, reason: "not JSON: " + syntax)) {
            _ = try loaded(besideBroken, in: folder)
        }
    }

    @Test func aTimelineReadAFrameAtATimeNamesThePlaceOfItsMistakes() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("t.json")
        let recorded = try recording()
        func error(_ text: String) throws -> Timeline.FormatError {
            try FileSystem.writeAtomically(path, Array(text.utf8), mode: 0o600)
            do {
                _ = try Timeline.load(path: path)
            } catch {
                return error
            }
            throw SetupError(description: "\(text.prefix(80)) was read")
        }
        // A transform one number short in frame 5 of the first transition and in frame 3
        // of the second: the paths name them.
        let frames = recorded.segments[0].frames.count
        let long = try lengthened(recorded, times: 4).serialized()
        var broken = long
        var found = 0
        var position = broken.startIndex
        while let range = broken.range(of: "\"transform\":[1,0,0,0,", range: position..<broken.endIndex) {
            // The first view of each frame has the first transform of the frame's text.
            let frameStart = broken[..<range.lowerBound].ranges(of: "{\"t\":").count - 1
            if frameStart == 5 {
                broken.replaceSubrange(range, with: "\"transform\":[1,0,0,")
                found += 1
                break
            }
            position = range.upperBound
        }
        try #require(found == 1 && frames > 5)
        let bad = try error(broken)
        #expect(bad.path.hasPrefix(path + ": frames[5].views[") && bad.path.hasSuffix("].transform"), "\(bad)")
        #expect(bad.reason == "expected an array of 16 numbers")
        // The same mistake inside the second of two transitions.
        let second = "{\"schema\":\"animator-host.timeline/1\",\"transitions\":[" + long + "," + broken + "]}"
        let inSecond = try error(second)
        #expect(inSecond.path.hasPrefix(path + ": transitions[1].frames[5].views["), "\(inSecond)")
        // A transition that is not an object, before a good one: the mistake the whole
        // document gives, at the same place (the good one's frames are not taken for it).
        let mixed = "{\"schema\":\"animator-host.timeline/1\",\"transitions\":[5," + long + "]}"
        var wholeError: Timeline.FormatError?
        let mixedDocument = try JSONValue.parse(mixed)
        do { _ = try Timeline.recording(from: mixedDocument) } catch { wholeError = error }
        let expected = try #require(wholeError)
        #expect(expected.path.hasPrefix("transitions[0]"), "\(expected)")
        let read = try error(mixed)
        #expect(read.path == path + ": " + expected.path && read.reason == expected.reason, "\(read)")
        // Two commas in frame 5: not JSON, where the document's parser finds it.
        let doubled = broken.replacing(",\"views\":[", with: ",,\"views\":[", maxReplacements: 1)
        var syntax = ""
        do { _ = try JSONValue.parse(doubled) } catch { syntax = "\(error)" }
        #expect(syntax.hasSuffix("expected a string key"), "\(syntax)")
        #expect(try error(doubled) == Timeline.FormatError(path: path, reason: "not JSON: " + syntax))
        // A file cut short in its frames: not JSON, at the end of what is there (one line).
        let cut = String(long.prefix(long.utf8.count * 3 / 5))
        let truncated = try error(cut)
        #expect(truncated.path == path)
        #expect(truncated.reason.hasPrefix("not JSON: line 1, column \(cut.utf8.count + 1): unexpected end of input"), "\(truncated)")
        // Text after the document.
        let trailing = try error(long + " x")
        #expect(trailing.reason == "not JSON: line 1, column \(long.utf8.count + 2): unexpected text after the document")
    }

    @Test func framesReadThroughASmallWindowAndAFileCutUnderTheReader() throws {
        let folder = TemporaryDirectory()
        let path = folder.file("frames.json")
        // Elements longer than the 16-byte window, with spaces and a string holding "],".
        let text = #"[ {"t": 0, "name": "a],[b"} ,{"t":1.5} , [1, {"x": "\""}] ]"#
        try FileSystem.writeAtomically(path, Array(text.utf8), mode: 0o600)
        let file = try FileSystem.openRegularFile(path, limit: 1 << 20)
        defer { close(file.descriptor) }
        var region = FrameRegion(descriptor: file.descriptor, start: 0, end: text.utf8.count - 1, windowSize: 16)
        var seen: [JSONValue] = []
        try region.forEach { seen.append($0) }
        #expect(seen == [
            .object([("t", .number(0)), ("name", .string("a],[b"))]),
            .object([("t", .number(1.5))]),
            .array([.number(1), .object([("x", .string("\""))])]),
        ])
        // The scan said the array ends past what the file now holds (it was cut since):
        // the elements stop with a syntax failure, not a wait or a made-up end.
        let cut = String(text.dropLast(12))
        try FileSystem.writeAtomically(path, Array(cut.utf8), mode: 0o600)
        let shorter = try FileSystem.openRegularFile(path, limit: 1 << 20)
        defer { close(shorter.descriptor) }
        var cutRegion = FrameRegion(descriptor: shorter.descriptor, start: 0, end: text.utf8.count - 1, windowSize: 16)
        var before: [JSONValue] = []
        do {
            try cutRegion.forEach { before.append($0) }
            Issue.record("a cut array was read whole: \(before)")
        } catch {
            guard case .syntax = error else { Issue.record("\(error)"); return }
        }
        // What was handed out before the failure is whole elements, the file's own.
        #expect(before.count <= 2 && Array(seen.prefix(before.count)) == before, "\(before)")
    }
}
