import Glibc
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// A run's frames kept as bytes in a `FrameStore` (and in its temporary file past the
/// budget), and the files written from them a piece at a time: the frames read back are
/// the frames kept, and every file is the one the frames held as values give.
@Suite struct StreamingOutputTests {
    let folder = TemporaryDirectory()

    /// The corpus's circular reveal presenting the host's detail page over its list: text,
    /// the page's photo (a bitmap), a shape layer mask growing every frame.
    func revealFrames() throws -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        let info = try #require(registry.animator(named: "circular-reveal"))
        let animator = try AnimatorInstance(info, parameters: info.resolveParameters([]),
                                            session: HostSession(engine: runtime.engine))
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        _ = try TransitionStage(runtime: runtime).perform(.present, animator: animator, onFrame: recorder.capture)
        return Array(recorder.take().frames)
    }

    /// The detail page presented by the system's cover: text and the page's photo.
    func coverFrames() throws -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        _ = try TransitionStage(runtime: runtime).perform(.present, animator: SystemAnimator(.coverVertical),
                                                          onFrame: recorder.capture)
        return Array(recorder.take().frames)
    }

    func stored(_ frames: [SceneFrame], budget: Int) -> (SceneFrames, FrameStore) {
        let store = FrameStore(memoryBudget: budget)
        for frame in frames { store.append(frame) }
        return (SceneFrames(store: store), store)
    }

    func recording(_ a: SceneFrames, _ b: SceneFrames) -> Recording {
        let outcome = TransitionOutcome(operation: .present, animator: nil, duration: 0.5, elapsed: 0.5, completed: true,
                                        problems: [])
        return Recording(size: Size(width: 390, height: 844), fps: 60, segments: [
            Recording.Segment(operation: .present, animator: "circular-reveal", from: "list", to: "detail", outcome: outcome, frames: a),
            Recording.Segment(operation: .present, animator: "cover", from: "list", to: "detail", outcome: outcome, frames: b),
        ])
    }

    func read(_ path: String) throws -> [UInt8] { try FileSystem.read(path, limit: 1 << 30) }

    @Test func framesReadBackFromTheStoreAreTheFramesKept() throws {
        let original = try revealFrames()
        // What the recording must hold for the test to mean something.
        #expect(original.count > 20)
        #expect(original.contains { $0.masks.contains { $0 != nil } })
        #expect(original.contains { $0.contents.contains { $0 != nil } })
        for budget in [0, 40_000, FrameStore.defaultMemoryBudget] {
            let (frames, store) = stored(original, budget: budget)
            // Nothing fits in no memory; a few frames in 40 KB; all of them in the default.
            #expect(store.isSpooled == (budget < FrameStore.defaultMemoryBudget))
            #expect(frames.count == original.count)
            for (index, frame) in original.enumerated() {
                let back = frames[index]
                #expect(frames.time(at: index) == frame.time)
                #expect(back.time == frame.time)
                #expect(back.nodes == frame.nodes)
                #expect(back.names == frame.names)
                #expect(back.texts == frame.texts)
                #expect(back.contents == frame.contents)
                #expect(back.shapes == frame.shapes)
                #expect(back.extras == frame.extras)
                #expect(back.masks.map { $0?.nodes } == frame.masks.map { $0?.nodes })
            }
            // Read out of order and twice: the same.
            #expect(frames[frames.count - 1].nodes == original[original.count - 1].nodes)
            #expect(frames[0].nodes == original[0].nodes)
        }
    }

    @Test func framesCanBeReadWhileTheStoreIsStillWritten() throws {
        // A store past its budget, read between appends, returns what was appended.
        let original = try coverFrames()
        let store = FrameStore(memoryBudget: 0)
        for (index, frame) in original.enumerated() {
            store.append(frame)
            #expect(store.frame(at: index).nodes == frame.nodes)
            #expect(SceneFrames(store: store).count == index + 1)
        }
    }

    @Test func aRunsFilesAreTheSameWhereverItsFramesAreKept() throws {
        let bubble = try revealFrames(), cover = try coverFrames()
        let inMemory = recording(SceneFrames(bubble), SceneFrames(cover))
        let spooled = recording(stored(bubble, budget: 0).0, stored(cover, budget: 100_000).0)
        for kind in [RunOutput.Kind.timeline, .gif, .apng, .html, .png] {
            let a = folder.file("values.\(kind.rawValue)"), b = folder.file("stored.\(kind.rawValue)")
            let sheet = kind == .png ? 5 : nil
            _ = try RunOutput(kind, path: a, sheet: sheet).write(inMemory)
            _ = try RunOutput(kind, path: b, sheet: sheet).write(spooled)
            let bytesA = try read(a), bytesB = try read(b)
            #expect(bytesA.count > 1000, "\(kind)")
            #expect(bytesA == bytesB, "\(kind): \(bytesA.count) against \(bytesB.count) bytes")
        }
    }

    @Test func theTimelineWrittenFrameByFrameIsTheWholeDocument() throws {
        let bubble = try revealFrames(), cover = try coverFrames()
        for recording in [recording(stored(bubble, budget: 0).0, SceneFrames(cover)),
                          Recording(size: Size(width: 390, height: 844), fps: 60,
                                    segments: [self.recording(SceneFrames(bubble), []).segments[0]])] {
            // The document built whole, as a value, then serialized: an independent writer.
            let whole = Timeline.json(recording).serialized(pretty: false) + "\n"
            var pieces: [String] = []
            RunOutput.writeTimeline(recording) { pieces.append($0) }
            #expect(pieces.joined() == whole)
            // A frame at a time: no piece holds two frames.
            let frames = recording.segments.reduce(0) { $0 + $1.frames.count }
            #expect(pieces.count > frames)
            let path = folder.file("timeline.json")
            _ = try RunOutput(.timeline, path: path).write(recording)
            #expect(try read(path) == Array(whole.utf8))
            // Read back: the same frames.
            let back = try Timeline.load(path: path)
            #expect(back.segments.map(\.frames.count) == recording.segments.map(\.frames.count))
        }
    }

    @Test func thePlayerPageKeepsItsTemplateWhateverTheAnimatorIsCalled() throws {
        // A plugin names its animator: a name that looks like the page's own placeholders
        // stays text in the title and the data, and the frames appear once, where they go.
        let cover = try coverFrames()
        var page = recording(SceneFrames(cover), SceneFrames(cover))
        page.segments[0].animator = "{{FRAMES}} {{DATA}} </script>"
        let sources = (0..<(cover.count * 2)).map { "/frames/\($0).png" }
        let html = HTMLPlayer.page(page, frameSources: sources)
        #expect(html.ranges(of: "\"/frames/0.png\"").count == 1)
        #expect(html.ranges(of: "\"/frames/\(sources.count - 1).png\"").count == 1)
        #expect(html.contains("<h2 id=\"title\">{{FRAMES}} {{DATA}} &lt;/script&gt;"))
        // In the script's data, "</" is written "<\/" so the script element is not closed.
        #expect(!html.contains("{{FRAMES}} {{DATA}} </script>"))
        #expect(html.ranges(of: "</script>").count == html.ranges(of: "<script").count)
        // The data holds one row list per frame.
        let start = try #require(html.range(of: "const data = "))
        let end = try #require(html[start.upperBound...].range(of: ";\n"))
        let data = try JSONValue.parse(String(html[start.upperBound..<end.lowerBound]).replacing("<\\/", with: "</"))
        #expect(data["views"]?.arrayValue?.count == sources.count)
        #expect(data["times"]?.arrayValue?.count == sources.count)
        #expect(data["title"]?.stringValue?.hasPrefix("{{FRAMES}} {{DATA}} </script>") == true)
    }
}
