import AnimatorHost
import Glibc

/// The renderer against Skia's CPU raster on the same scene (../shared/bench/skia_scene.py:
/// the Bubble present transition's list and detail screens, 30 frames), and the wall time
/// of the whole `run bubble --operation present --out x.gif` command.
enum RenderBenchmark {
    static func run(executableDirectory: String, packageRoot: String, workspace: Workspace, quick: Bool) -> [String] {
        let loader = PluginLoader()
        let registry = loader.discover(PluginSearchPath(entries: [.init(directory: executableDirectory, origin: .commandLine)]))
        guard let bubble = registry.animator(named: "bubble") else { return ["(libBubble.so not found beside animator-bench)"] }
        let frames = record(bubble)
        let rounds = quick ? 3 : 9
        var lines = [
            "Raster only (no encoding), median ms per frame over the \(frames.count) frames of the Bubble present",
            "transition, single thread; Skia measured by ../shared/bench/skia_scene.py in the same run.", "",
            "| scale | pixels | animator-host ms/frame | Skia ms/frame | ratio |",
            "|---|---|---|---|---|",
        ]
        for scale in [1.0, 2, 3] {
            let renderer = SceneRenderer(size: frames[0].size, scale: scale)
            var perFrame: [Double] = []
            for _ in 0..<rounds {
                for frame in frames { perFrame.append(Clock.milliseconds { renderer.draw(frame) }) }
            }
            let ours = median(perFrame)
            let skia = skiaMilliseconds(scale: scale, packageRoot: packageRoot)
            lines.append("| \(Int(scale)) | \(renderer.width)x\(renderer.height) | \(fixed(ours, 3)) | "
                         + (skia.map { fixed($0, 3) } ?? "n/a") + " | " + (skia.map { fixed(ours / $0, 2) + "x" } ?? "n/a") + " |")
        }
        lines.append("")
        // A transition with rotated layers (the inverse-map path), no reference.
        if let pendulum = registry.animator(named: "pendulum") {
            let swing = record(pendulum, .dismiss)
            lines += ["Pendulum dismiss (a snapshot rotating about its corner), \(swing.count) frames, ms per frame:", "",
                      "| scale | median | max |", "|---|---|---|"]
            for scale in [1.0, 2, 3] {
                let renderer = SceneRenderer(size: swing[0].size, scale: scale)
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
        return recorder.take()
    }

    /// Runs the Skia reference and reads its median, or nil when skia-python is missing.
    static func skiaMilliseconds(scale: Double, packageRoot: String) -> Double? {
        let script = packageRoot + "/../shared/bench/skia_scene.py"
        guard access(script, R_OK) == 0 else { return nil }
        let outputPath = "/tmp/animator-bench-skia-\(getpid()).txt"
        defer { unlink(outputPath) }
        let status = spawnAndWait("/bin/sh", ["-c", "python3 '\(script)' \(Int(scale)) 30 > '\(outputPath)' 2>&1"])
        guard status == 0 else { return nil }
        let text = String(decoding: readAll(outputPath), as: UTF8.self)
        // "... median 1.234 ms/frame ..."
        guard let range = text.firstRange(of: "median ") else { return nil }
        let number = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        return Double(number)
    }
}
