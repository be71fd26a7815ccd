import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import Glibc

/// Growth curves: how each cost grows with what it is given. Animated views (the engine's
/// clock step and the frame's capture), pixels (drawing the Bubble present's frames at
/// scales 1 to 4) and frames (a C animator's run of 100 views lengthened from 1 to 60
/// seconds, written to each kind of file, as a process). Each row gives the cost per
/// unit and the local log-log slope against the row before it: the exponent of the total
/// cost in the quantity, 1.0 when it grows as fast as the work and no faster.
enum GrowthBenchmark {
    static func run(workspace: Workspace, executableDirectory: String, quick: Bool) -> [String] {
        // Frames first: a process started with posix_spawn reports, as its peak, at least
        // the peak of the process that started it (Linux keeps the parent's high-water mark
        // across the child's exec), and the other two curves grow this one to 400 MB.
        var lines = frames(workspace: workspace, executable: executableDirectory + "/animator-host", quick: quick)
        lines += ["", "Caches of this machine (sysfs): \(cacheSizes())", ""]
        lines += views(quick: quick)
        lines.append("")
        lines += pixels(executableDirectory: executableDirectory, quick: quick)
        return lines
    }

    /// The exponent of total cost between two sizes, from the cost per unit at each:
    /// total = n × per-unit, so the slope is 1 + log(per-unit ratio) / log(size ratio).
    static func slope(from small: (size: Double, perUnit: Double), to large: (size: Double, perUnit: Double)) -> Double {
        1 + log(large.perUnit / small.perUnit) / log(large.size / small.size)
    }

    /// Engine step and frame capture per animated view per frame, from 1,000 to 64,000
    /// views (EngineBenchmark's scene), with the size of the frame's nodes: where they
    /// outgrow a cache, the cost per view steps up while the work per view stays the same.
    static func views(quick: Bool) -> [String] {
        var lines = [
            "Animated views: engine step and scene frame, µs per view per frame (median), 30 frames at 60 a second:", "",
            "| views | µs per view per frame | the frame's nodes, MB | slope from the row before |",
            "|---:|---:|---:|---:|",
        ]
        var previous: (size: Double, perUnit: Double)?
        for count in [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000] {
            let perView = median(EngineBenchmark.scalingMicroseconds(views: count, quick: quick))
            let nodes = Double((count + 1) * MemoryLayout<PresentationNode>.stride) / 1e6
            let here = (size: Double(count), perUnit: perView)
            lines.append("| \(count) | \(fixed(perView, 3)) | \(fixed(nodes, 1)) | "
                         + "\(previous.map { fixed(slope(from: $0, to: here), 3) } ?? "—") |")
            previous = here
        }
        return lines
    }

    /// Drawing every frame of the Bubble present at scales 1 to 4 (one renderer, one
    /// thread): ms per frame and ns per pixel.
    static func pixels(executableDirectory: String, quick: Bool) -> [String] {
        let loader = PluginLoader()
        let registry = loader.discover(PluginSearchPath(entries: [.init(directory: executableDirectory, origin: .commandLine)]))
        guard let bubble = registry.animator(named: "bubble") else { return ["(libBubble.so not found beside animator-bench)"] }
        let frames = RenderBenchmark.record(bubble)
        var lines = [
            "Pixels: the \(frames.count) frames of the Bubble present drawn whole at each scale, one thread (median of each frame's time):", "",
            "| scale | pixels per frame | ms per frame | ns per pixel | slope from the row before |",
            "|---:|---:|---:|---:|---:|",
        ]
        var previous: (size: Double, perUnit: Double)?
        for scale in [1.0, 2, 3, 4] {
            let renderer = SceneRenderer(size: frames[0].size, scale: scale)
            renderer.keepsStillLayers = false
            var perFrame: [Double] = []
            for _ in 0..<(quick ? 2 : 5) {
                for frame in frames { perFrame.append(Clock.milliseconds { renderer.draw(frame) }) }
            }
            let width = Int((frames[0].size.width * scale).rounded()), height = Int((frames[0].size.height * scale).rounded())
            let count = Double(width * height), ms = median(perFrame)
            let here = (size: count, perUnit: ms * 1e6 / count)
            lines.append("| \(Int(scale)) | \(width) × \(height) | \(fixed(ms, 3)) | \(fixed(here.perUnit, 2)) | "
                         + "\(previous.map { fixed(slope(from: $0, to: here), 3) } ?? "—") |")
            previous = here
        }
        return lines
    }

    /// `animator-host run many-views` (Benchmarks/many_views.c, 100 views) lengthened from
    /// 1 to 60 seconds, written to each kind of file: the process's CPU per frame
    /// (its child's included) and its peak memory.
    static func frames(workspace: Workspace, executable: String, quick: Bool) -> [String] {
        let environment = MemoryBenchmark.manyViews(workspace: workspace, executable: executable)
        var lines = [
            "Frames: `run many-views --param views=100 --param duration=S` as a process, 60 frames a second "
                + "(CPU of the host and its child, median of \(quick ? 1 : 3); peak resident memory):", "",
            "| output | seconds | frames | CPU ms per frame | peak MB | slope from the row before |",
            "|---|---:|---:|---:|---:|---:|",
        ]
        let note = MemoryBenchmark.ownPeakNote()
        for (label, option, name) in [("GIF", "--out", "g.gif"), ("APNG", "--out", "a.apng"), ("player page", "--out", "h.html"),
                                      ("timeline", "--timeline", "t.json")] {
            var previous: (size: Double, perUnit: Double)?
            for seconds in quick ? [1, 4, 15] : [1, 4, 15, 60] {
                let path = workspace.root + "/memory/" + name
                var cpu: [Double] = [], peak = 0.0
                for _ in 0..<(quick || seconds == 60 ? 1 : 3) {
                    let usage = MemoryBenchmark.usage(executable, ["run", "many-views", "--plugin-path", workspace.root + "/memory",
                                                                   "--operation", "push", "--param", "views=100",
                                                                   "--param", "duration=\(seconds)", option, path],
                                                      environment: environment)
                    cpu.append(usage.cpuSeconds)
                    peak = max(peak, usage.peakMegabytes)
                    unlink(path)
                }
                let count = seconds * 60 + 1
                let here = (size: Double(count), perUnit: median(cpu) * 1e3 / Double(count))
                lines.append("| \(label) | \(seconds) | \(count) | \(fixed(here.perUnit, 3)) | \(fixed(peak, 1)) | "
                             + "\(previous.map { fixed(slope(from: $0, to: here), 3) } ?? "—") |")
                previous = here
            }
        }
        lines += ["", note]
        return lines
    }

    /// The data and unified caches of CPU 0 as sysfs lists them ("L1d 32K, L2 1024K, ...").
    static func cacheSizes() -> String {
        var parts: [String] = []
        for index in 0..<8 {
            let folder = "/sys/devices/system/cpu/cpu0/cache/index\(index)/"
            guard let level = text(folder + "level"), let kind = text(folder + "type"), let size = text(folder + "size") else { break }
            guard kind != "Instruction" else { continue }
            let shared = text(folder + "shared_cpu_list").map { $0.contains("-") || $0.contains(",") ? " (shared \($0))" : " (per core)" } ?? ""
            parts.append("L\(level)\(kind == "Data" ? "d" : "") \(size)\(shared)")
        }
        return parts.isEmpty ? "unknown" : parts.joined(separator: ", ")
    }

    /// A small text file's contents without the trailing newline, nil if unreadable.
    private static func text(_ path: String) -> String? {
        let bytes = readAll(path)
        guard !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self).trimmingSuffix { $0 == "\n" }
    }
}

extension String {
    /// The string without the trailing characters that match.
    fileprivate func trimmingSuffix(while matches: (Character) -> Bool) -> String {
        var result = self
        while let last = result.last, matches(last) { result.removeLast() }
        return result
    }
}
