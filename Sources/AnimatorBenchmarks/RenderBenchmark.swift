import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import Glibc

/// The renderer against Skia's CPU raster drawing the same frames: the Bubble present
/// transition between the stage's list and detail screens (text from the system font,
/// the detail page's photo as layer contents), written as a timeline and drawn by
/// Benchmarks/skia_timeline.py in the same run; the cost of text (fonts found and loaded,
/// the first frame with text against the same frame without); and the wall time of the
/// whole `run bubble --operation present --out x.gif` command.
enum RenderBenchmark {
    static func run(executableDirectory: String, packageRoot: String, workspace: Workspace, quick: Bool) -> [String] {
        let loader = PluginLoader()
        let registry = loader.discover(PluginSearchPath(entries: [.init(directory: executableDirectory, origin: .commandLine)]))
        guard let bubble = registry.animator(named: "bubble") else { return ["(libBubble.so not found beside animator-bench)"] }
        let frames = record(bubble)
        let rounds = quick ? 3 : 9
        let font = FontLibrary.system.files[.regular]
        var lines = [
            "Raster only (no encoding), median ms per frame over the \(frames.count) frames of the Bubble present",
            "transition (text in \(FontLibrary.system.familyName ?? "the bitmap font"), the detail page's photo as an image),",
            "single thread; Skia draws the same frames from their timeline with Benchmarks/skia_timeline.py in the same run.", "",
        ]
        lines += compareWithSkia(frames, name: "bubble", workspace: workspace, rounds: rounds, quick: quick, font: font,
                                 packageRoot: packageRoot)
        if let reveal = registry.animator(named: "circular-reveal") {
            let masked = record(reveal)
            lines += ["", "Shapes: the corpus's circular-reveal present (\(masked.count) frames): the detail page under a "
                      + "CAShapeLayer mask", "whose path (four cubic curves) grows every frame; the same comparison:", ""]
            lines += compareWithSkia(masked, name: "circular-reveal", workspace: workspace, rounds: rounds, quick: quick,
                                     font: font, packageRoot: packageRoot)
        }
        let blurred = blurFrames()
        lines += ["", "Blur: a card presented over the list, behind it a full-screen backdrop (UIVisualEffectView's dark",
                  "style: σ growing from 0 to 30 points over 0.3 s, saturation 1.8, tint) in \(blurred.count) frames; "
                  + "Skia draws it as a save layer", "with a blur and color-matrix backdrop filter:", ""]
        lines += compareWithSkia(blurred, name: "blur", workspace: workspace, rounds: rounds, quick: quick, font: font,
                                 packageRoot: packageRoot)
        lines.append("")
        lines += textCost(frames.last!, rounds: rounds)
        lines.append("")
        // A transition with rotated layers (the inverse-map path), no reference.
        if let pendulum = registry.animator(named: "pendulum") {
            let swing = record(pendulum, .dismiss)
            lines += ["Pendulum dismiss (a snapshot rotating about its corner), \(swing.count) frames drawn whole, ms per frame:", "",
                      "| scale | median | max |", "|---|---|---|"]
            for scale in [1.0, 2, 3] {
                let renderer = SceneRenderer(size: swing[0].size, scale: scale)
                renderer.keepsStillLayers = false
                var perFrame: [Double] = []
                for _ in 0..<max(rounds / 3, 1) {
                    for frame in swing { perFrame.append(Clock.milliseconds { renderer.draw(frame) }) }
                }
                lines.append("| \(Int(scale)) | \(fixed(median(perFrame), 3)) | \(fixed(perFrame.max()!, 3)) |")
            }
            lines.append("")
        }
        // The whole command, as a user runs it.
        let output = workspace.root + "/bubble.gif"
        var wall: [Double] = []
        for _ in 0..<(quick ? 3 : 11) {
            wall.append(Clock.milliseconds {
                _ = spawnAndWait(executableDirectory + "/animator-host",
                                 ["run", "bubble", "--operation", "present", "--out", output, "--no-cache"])
            })
        }
        let size = readAll(output).count
        lines.append("`animator-host run bubble --operation present --out x.gif` (\(size / 1024) KiB): "
                     + "median \(fixed(median(wall), 1)) ms, min \(fixed(wall.min()!, 1)) ms over \(wall.count) runs.")
        return lines
    }

    /// The table of ms per frame at scales 1, 2 and 3, ours against Skia drawing the same
    /// frames from their timeline (written to the workspace).
    static func compareWithSkia(_ frames: [SceneFrame], name: String, workspace: Workspace, rounds: Int, quick: Bool,
                                font: String?, packageRoot: String) -> [String] {
        let timeline = workspace.root + "/\(name)-timeline.json"
        let duration = frames.last!.time - frames[0].time
        let recording = Recording(size: frames[0].size, fps: 60, segments: [
            Recording.Segment(operation: .present, animator: name, from: "from", to: "to",
                              outcome: TransitionOutcome(operation: .present, animator: name, duration: duration,
                                                         elapsed: duration, completed: true, problems: []), frames: frames),
        ])
        try? OutputFile.write(timeline, Array(Timeline.json(recording).serialized(pretty: false).utf8))
        var lines = ["| scale | pixels | animator-host ms/frame | Skia ms/frame | ratio | memset of the frame, ms | ours / memset "
                     + "| ours, still layers kept |",
                     "|---|---|---|---|---|---|---|---|"]
        for scale in [1.0, 2, 3] {
            // Every frame drawn whole, as Skia draws it; then as the renderer draws a
            // transition, the still layers under what moves kept from frame to frame.
            let renderer = SceneRenderer(size: frames[0].size, scale: scale), keeping = SceneRenderer(size: frames[0].size, scale: scale)
            renderer.keepsStillLayers = false
            var perFrame: [Double] = [], keptPerFrame: [Double] = []
            for _ in 0..<rounds {
                for frame in frames { perFrame.append(Clock.milliseconds { renderer.draw(frame) }) }
                for frame in frames { keptPerFrame.append(Clock.milliseconds { keeping.draw(frame) }) }
            }
            let ours = median(perFrame)
            // The floor: writing every pixel of the frame once.
            let bytes = renderer.width * renderer.height * 4
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            memset(buffer, 0, bytes)
            var fills: [Double] = []
            for round in 0..<(rounds * 10) { fills.append(Clock.milliseconds { memset(buffer, Int32(round & 0xFF), bytes) }) }
            buffer.deallocate()
            let floor = median(fills)
            let skia = skiaMilliseconds(timeline: timeline, scale: scale, rounds: quick ? 1 : 3, font: font,
                                        packageRoot: packageRoot)
            lines.append("| \(Int(scale)) | \(renderer.width)x\(renderer.height) | \(fixed(ours, 3)) | "
                         + (skia.map { fixed($0, 3) } ?? "n/a") + " | " + (skia.map { fixed(ours / $0, 2) + "x" } ?? "n/a")
                         + " | \(fixed(floor, 3)) | \(fixed(ours / floor, 1))x | \(fixed(median(keptPerFrame), 3)) |")
        }
        return lines
    }

    /// The blurred pop-up: the stage's list, a full-screen backdrop whose radius and tint
    /// grow over 0.3 s (linear), and a card over it, at 60 frames a second.
    static func blurFrames() -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let stage = TransitionStage(runtime: runtime)
        do {
            try stage.prepare(.present)
            let engine = runtime.engine
            let effect = engine.makeView(frame: runtime.window.bounds, name: "blur")
            effect.layer.backdropSaturation = 1.8
            effect.layer.backdropBlurRadius = 30
            effect.layer.backdropTintColor = RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73)
            try effect.layer.add(.basic(.backdropBlurRadius, from: .number(0), to: .number(30), duration: 0.3,
                                        timingFunction: .linear), forKey: "radius")
            try effect.layer.add(.basic(.backdropTintColor, from: .color(RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0)),
                                        to: .color(RGBAColor(red: 0.11, green: 0.11, blue: 0.11, alpha: 0.73)), duration: 0.3,
                                        timingFunction: .linear), forKey: "tint")
            let card = engine.makeView(frame: Rect(x: 45, y: 322, width: 300, height: 200), name: "card")
            card.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
            card.layer.cornerRadius = 16
            try runtime.window.addSubview(effect)
            try runtime.window.addSubview(card)
            let start = engine.currentTime
            return try (0...18).map { i throws(EngineError) -> SceneFrame in
                let time = start + Double(i) / 60
                try engine.advance(to: time)
                return SceneFrame(engine: engine, root: runtime.window.layer.id, at: time)
            }
        } catch {
            print("the blur scene failed: \(error)")
            return []
        }
    }

    /// The frames of an animator's transition between the stage's list and detail.
    static func record(_ animator: AnimatorInfo, _ operation: TransitionOperation = .present) -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        do {
            let instance = try AnimatorInstance(animator, parameters: animator.resolveParameters([]),
                                                session: HostSession(engine: runtime.engine))
            _ = try TransitionStage(runtime: runtime).perform(operation, animator: instance, onFrame: recorder.capture)
        } catch {
            print("\(animator.name) \(operation.rawValue) failed: \(error)")
        }
        return Array(recorder.take().frames)
    }

    /// The cost of text: finding and reading the fonts, and the first frame drawn with
    /// text by a new renderer (empty glyph cache) against the same frame without text.
    static func textCost(_ frame: SceneFrame, rounds: Int) -> [String] {
        var loads: [Double] = []
        for _ in 0..<rounds {
            loads.append(Clock.milliseconds { _ = FontLibrary(directories: FontLibrary.searchDirectories(ProcessEnvironment.current())) })
        }
        let fonts = FontLibrary(directories: FontLibrary.searchDirectories(ProcessEnvironment.current()))
        let bare = SceneFrame(time: frame.time, nodes: frame.nodes, names: Array(frame.names),
                              texts: Array(repeating: nil, count: frame.nodes.count), contents: Array(frame.contents))
        var lines = ["Text: fonts found and read (once per process), median of \(rounds): "
                     + "\(fixed(median(loads), 2)) ms. The detail page's last frame, first draw by a new renderer:", "",
                     "| scale | with text, cold glyph cache | with text, warm | without text | first frame's extra |",
                     "|---|---|---|---|---|"]
        for scale in [1.0, 3] {
            var cold: [Double] = [], warm: [Double] = [], without: [Double] = []
            for _ in 0..<rounds {
                let renderer = SceneRenderer(size: frame.size, scale: scale, fonts: fonts)
                renderer.keepsStillLayers = false
                cold.append(Clock.milliseconds { renderer.draw(frame) })
                warm.append(Clock.milliseconds { renderer.draw(frame) })
                let plain = SceneRenderer(size: frame.size, scale: scale, fonts: fonts)
                plain.keepsStillLayers = false
                without.append(Clock.milliseconds { plain.draw(bare) })
            }
            lines.append("| \(Int(scale)) | \(fixed(median(cold), 2)) ms | \(fixed(median(warm), 2)) ms | "
                         + "\(fixed(median(without), 2)) ms | \(fixed(median(cold) - median(without), 2)) ms |")
        }
        lines.append("")
        return lines
    }

    /// Runs the Skia reference on a timeline and reads its median, or nil when skia-python is missing.
    static func skiaMilliseconds(timeline: String, scale: Double, rounds: Int, font: String?, packageRoot: String) -> Double? {
        let script = packageRoot + "/Benchmarks/skia_timeline.py"
        guard access(script, R_OK) == 0 else { return nil }
        let outputPath = "/tmp/animator-bench-skia-\(getpid()).txt"
        defer { unlink(outputPath) }
        let fontArgument = font.map { " '\($0)'" } ?? ""
        let status = spawnAndWait("/bin/sh", ["-c", "python3 '\(script)' '\(timeline)' \(scale) \(rounds)\(fontArgument) > '\(outputPath)' 2>&1"])
        guard status == 0 else { return nil }
        let text = String(decoding: readAll(outputPath), as: UTF8.self)
        // "... median 1.234 ms/frame"
        guard let range = text.firstRange(of: "median ") else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }
}
