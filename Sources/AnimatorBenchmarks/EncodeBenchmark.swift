import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import Glibc

/// DEFLATE on the project's own PNG frames against zlib (Python's zlib module, the C
/// library) at the same levels, in the same run: speed in MB/s of filtered rows and
/// compressed size.
enum EncodeBenchmark {
    static func run(workspace: Workspace, quick: Bool) -> [String] {
        let rows = frameRows()
        let input = workspace.root + "/frames.raw"
        guard (try? FileSystem.writeAtomically(input, rows)) != nil else { return ["(could not write \(input))"] }
        let rounds = quick ? 3 : 11
        var lines = ["| level | ours MB/s | zlib MB/s | speed, ours / zlib | ours bytes | zlib bytes | size, ours / zlib |",
                     "|---|---:|---:|---:|---:|---:|---:|"]
        let reference = zlibFigures(input, rounds: rounds)
        for (name, level, zlibLevel) in [("default (zlib 6)", Deflate.Level.default, 6), ("fast (zlib 1)", .fast, 1)] {
            var samples: [Double] = []
            var size = 0
            for _ in 0..<rounds {
                let ms = Clock.milliseconds { size = Deflate.zlib(rows, level: level).count }
                samples.append(ms)
            }
            let megabytes = Double(rows.count) / 1e6
            let ours = megabytes / (median(samples) / 1e3)
            guard let (zlibMs, zlibSize) = reference[zlibLevel] else {
                lines.append("| \(name) | \(fixed(ours, 1)) | n/a | n/a | \(size) | n/a | n/a |")
                continue
            }
            let theirs = megabytes / (zlibMs / 1e3)
            lines.append("| \(name) | \(fixed(ours, 1)) | \(fixed(theirs, 1)) | \(fixed(ours / theirs, 2))x | \(size) | "
                         + "\(zlibSize) | \(fixed(Double(size) / Double(zlibSize), 3))x |")
        }
        lines.append("")
        lines.append("Input: the filtered rows of 6 frames of a push at 2x (\(rows.count) bytes), as PNGEncoder compresses them.")
        return lines
    }

    /// The rows of six frames of the system push at scale 2, one after another.
    static func frameRows() -> [UInt8] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        _ = try? TransitionStage(runtime: runtime).perform(.push, animator: SystemAnimator(.slide), onFrame: recorder.capture)
        let frames = recorder.take().frames
        guard !frames.isEmpty else { return [] }
        let picks = (0..<6).map { frames[min($0 * (frames.count - 1) / 5, frames.count - 1)] }
        return FrameRendering.render(picks, scale: 2).flatMap { PNGEncoder.filteredRows($0) }
    }

    /// zlib's median milliseconds and size at levels 6 and 1 on the file, or nothing when
    /// python3 is missing.
    static func zlibFigures(_ input: String, rounds: Int) -> [Int: (Double, Int)] {
        let script = """
            import sys, time, zlib, statistics
            data = open(sys.argv[1], 'rb').read()
            for level in (6, 1):
                times = []
                for _ in range(int(sys.argv[2])):
                    start = time.perf_counter(); out = zlib.compress(data, level); times.append(time.perf_counter() - start)
                print(level, statistics.median(times) * 1000, len(out))
            """
        let scriptPath = input + ".py", outputPath = input + ".out"
        guard (try? FileSystem.writeAtomically(scriptPath, Array(script.utf8))) != nil,
              spawnAndWait("/bin/sh", ["-c", "python3 '\(scriptPath)' '\(input)' \(rounds) > '\(outputPath)' 2>&1"]) == 0,
              let output = try? FileSystem.read(outputPath, limit: 1 << 16) else { return [:] }
        var figures: [Int: (Double, Int)] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 3, let level = Int(parts[0]), let ms = Double(parts[1]), let size = Int(parts[2]) {
                figures[level] = (ms, size)
            }
        }
        return figures
    }
}
