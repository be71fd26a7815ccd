import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import Glibc

/// A transition between a library's own screens against the same transition between the
/// host's: photo-zoom-c's push (its grid and its photo page, load_screen) and fade-c's push
/// between the host's generated list and detail page (text included), both 0.4 s (25
/// frames), in process: the stage set up and the transition run with every frame recorded,
/// then those frames drawn at 1x.
enum ScreensBenchmark {
    static func run(executableDirectory: String, quick: Bool) -> [String] {
        let loader = PluginLoader()
        let registry = loader.discover(PluginSearchPath(entries: [.init(directory: executableDirectory, origin: .commandLine)]))
        guard let own = registry.animator(named: "photo-zoom-c"), let host = registry.animator(named: "fade-c") else {
            return ["(libPhotoZoomC.so or libFadeC.so not found beside animator-bench)"]
        }
        let rounds = quick ? 5 : 31
        var lines = ["Median over \(rounds) runs, in process; the ratio is own screens over the host's:", "",
                     "| screens | stage and transition, frames recorded | frames drawn at 1x | frames |",
                     "|---|---|---|---|"]
        var medians: [(run: Double, draw: Double)] = []
        for (label, animator) in [("the library's (photo-zoom-c)", own), ("the host's (fade-c)", host)] {
            var runs: [Double] = [], draws: [Double] = []
            var count = 0
            for _ in 0..<rounds {
                var frames: [SceneFrame] = []
                runs.append(Clock.milliseconds { frames = record(animator) })
                count = frames.count
                guard let first = frames.first else { continue }
                let renderer = SceneRenderer(size: first.size, scale: 1)
                renderer.keepsStillLayers = false
                draws.append(Clock.milliseconds { for frame in frames { renderer.draw(frame) } })
            }
            guard !runs.isEmpty, !draws.isEmpty else { return ["(\(animator.name) push failed)"] }
            medians.append((median(runs), median(draws)))
            lines.append("| \(label) | \(fixed(median(runs), 2)) ms | \(fixed(median(draws), 2)) ms | \(count) |")
        }
        lines += ["", "Own screens over the host's: stage and transition \(fixed(medians[0].run / medians[1].run, 2))x, "
                  + "drawing \(fixed(medians[0].draw / medians[1].draw, 2))x.", ""]
        lines += snapshotCost(rounds: rounds)
        return lines
    }

    /// What one snapshotView of a whole screen costs (what the host table's view_snapshot
    /// runs): the host's list page (text, 390 × 844 points), with and without screen updates
    /// (frozen at the next commit, which is timed with it); then what drawing its picture
    /// costs the first time something looks at it (a frame, a file), beside the floor:
    /// writing as many pixels once into memory just allocated.
    static func snapshotCost(rounds: Int) -> [String] {
        let runtime = TransitionRuntime()
        let stage = TransitionStage(runtime: runtime)
        guard (try? stage.prepare(.present)) != nil else { return ["(the stage could not be set up)"] }
        var lines = ["snapshotView of a whole screen (the host's list page), median ms over \(rounds) calls:", "",
                     "| afterScreenUpdates | ms |", "|---|---|"]
        var drawn: [Double] = []
        for after in [false, true] {
            var samples: [Double] = []
            for _ in 0..<rounds {
                var snapshot: View?
                samples.append(Clock.milliseconds {
                    snapshot = stage.from.view.snapshotView(afterScreenUpdates: after)
                    if after { try? runtime.engine.advance(to: runtime.engine.currentTime) }
                })
                if !after { drawn.append(Clock.milliseconds { _ = snapshot?.layer.contents?.image }) }
            }
            lines.append("| \(after) | \(fixed(median(samples), 3)) |")
        }
        lines.append("| (its picture drawn, the first time it is looked at) | \(fixed(median(drawn), 3)) |")
        // The floor: 1170 × 2532 pixels (the page at 3x) written once into fresh memory.
        var floor: [Double] = []
        var keep: [[UInt32]] = []
        for _ in 0..<rounds {
            floor.append(Clock.milliseconds { keep.append([UInt32](repeating: 0, count: 1170 * 2532)) })
        }
        lines.append("| (writing its 1170 × 2532 pixels once into new memory) | \(fixed(median(floor), 3)) |")
        return lines
    }

    /// The frames of `animator`'s push, 0.4 s long.
    static func record(_ animator: AnimatorInfo) -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        do {
            let instance = try AnimatorInstance(animator, parameters: animator.resolveParameters(["duration=0.4"]),
                                                session: HostSession(engine: runtime.engine))
            _ = try TransitionStage(runtime: runtime).perform(.push, animator: instance, onFrame: recorder.capture)
        } catch {
            return []
        }
        return Array(recorder.take().frames)
    }
}
