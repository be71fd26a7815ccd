import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import Glibc

/// The GIF encoder against ffmpeg's palettegen + paletteuse (Debian's ffmpeg) in the same
/// run, on the same true-color frames: the Bubble present transition at 1x, the frames GIF's
/// timing keeps. Ours: palette from every frame, changed rectangles, LZW on both cores.
/// ffmpeg: the frames as raw RGBA (no decoding to pay), one palette for the whole clip
/// (`palettegen`), mapped with its default dithering (`paletteuse`). Speed in ms per frame
/// (ffmpeg's whole process, started once); quality as PSNR of every decoded GIF frame
/// against its true-color frame (Pillow decodes both).
enum GIFBenchmark {
    static func run(executableDirectory: String, workspace: Workspace, quick: Bool) -> [String] {
        let loader = PluginLoader()
        let registry = loader.discover(PluginSearchPath(entries: [.init(directory: executableDirectory, origin: .commandLine)]))
        guard let bubble = registry.animator(named: "bubble") else { return ["(libBubble.so not found beside animator-bench)"] }
        let recorded = RenderBenchmark.record(bubble)
        guard let last = recorded.last else { return ["(the Bubble transition did not run)"] }
        let times = recorded.map(\.time)
        let kept = GIFEncoder.keptFrameIndices(times: times, end: last.time)
        let images = FrameRendering.render(kept.map { recorded[$0] }, scale: 1)
        let keptTimes = kept.map { times[$0] }
        let rounds = quick ? 3 : 9
        // Ours.
        var ours: [Double] = []
        var gif: [UInt8] = []
        for _ in 0..<rounds {
            ours.append(Clock.milliseconds { gif = GIFEncoder.encode(images, times: keptTimes, end: last.time) })
        }
        let ourPath = workspace.root + "/ours.gif", rawPath = workspace.root + "/frames.rgba"
        let ffmpegPath = workspace.root + "/ffmpeg.gif"
        var raw: [UInt8] = []
        raw.reserveCapacity(images.count * images[0].width * images[0].height * 4)
        for image in images { image.pixels.withUnsafeBytes { raw += $0 } }
        guard (try? FileSystem.writeAtomically(ourPath, gif)) != nil, (try? FileSystem.writeAtomically(rawPath, raw)) != nil
        else { return ["(could not write to \(workspace.root))"] }
        let width = images[0].width, height = images[0].height
        // ffmpeg, the same frames at 60 frames a second.
        var theirs: [Double] = []
        let command = "ffmpeg -v error -y -f rawvideo -pix_fmt rgba -s \(width)x\(height) -r 60 -i '\(rawPath)' "
            + "-vf 'split[a][b];[a]palettegen[p];[b][p]paletteuse' '\(ffmpegPath)'"
        for _ in 0..<rounds {
            var status: Int32 = -1
            theirs.append(Clock.milliseconds { status = spawnAndWait("/bin/sh", ["-c", command]) })
            guard status == 0 else { return ["GIF: ffmpeg failed (is Debian's ffmpeg installed?)"] }
        }
        let quality = psnr(raw: rawPath, width: width, height: height, count: images.count, gifs: [ourPath, ffmpegPath])
        let perFrame = (ours: median(ours) / Double(images.count), ffmpeg: median(theirs) / Double(images.count))
        let size = (ours: gif.count, ffmpeg: readAll(ffmpegPath).count)
        return [
            "\(images.count) frames of \(width)x\(height) (the Bubble present's frames GIF's timing keeps), median of \(rounds):", "",
            "| encoder | ms per frame | bytes | PSNR, dB |", "|---|---:|---:|---:|",
            "| animator-host | \(fixed(perFrame.ours, 2)) | \(size.ours) | \(quality.map { fixed($0[0], 2) } ?? "n/a") |",
            "| ffmpeg palettegen + paletteuse | \(fixed(perFrame.ffmpeg, 2)) | \(size.ffmpeg) | \(quality.map { fixed($0[1], 2) } ?? "n/a") |",
            "", "Time, ours / ffmpeg: \(fixed(perFrame.ours / perFrame.ffmpeg, 2))x; PSNR, ours − ffmpeg: "
                + (quality.map { fixed($0[0] - $0[1], 2) + " dB" } ?? "n/a") + ".",
        ]
    }

    /// PSNR over every frame of each GIF against the raw true-color frames (Pillow).
    static func psnr(raw: String, width: Int, height: Int, count: Int, gifs: [String]) -> [Double]? {
        let script = """
            import math, sys
            from PIL import Image, ImageSequence
            raw, width, height, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            data = open(raw, 'rb').read()
            size = width * height * 4
            truth = [Image.frombytes('RGBA', (width, height), data[i * size:(i + 1) * size]).convert('RGB') for i in range(count)]
            for path in sys.argv[5:]:
                frames = [f.convert('RGB') for f in ImageSequence.Iterator(Image.open(path))]
                total, n = 0.0, 0
                for a, b in zip(frames, truth):
                    pa, pb = a.tobytes(), b.tobytes()
                    total += sum((x - y) * (x - y) for x, y in zip(pa, pb)); n += len(pa)
                mse = total / n
                print(len(frames), 99.0 if mse == 0 else 10 * math.log10(255 * 255 / mse))
            """
        let scriptPath = raw + ".py", outputPath = raw + ".out"
        guard (try? FileSystem.writeAtomically(scriptPath, Array(script.utf8))) != nil else { return nil }
        let arguments = ([raw, String(width), String(height), String(count)] + gifs).map { "'\($0)'" }.joined(separator: " ")
        guard spawnAndWait("/bin/sh", ["-c", "python3 '\(scriptPath)' \(arguments) > '\(outputPath)' 2>&1"]) == 0,
              let output = try? FileSystem.read(outputPath, limit: 1 << 16) else { return nil }
        let values = String(decoding: output, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.split(separator: " ").last.flatMap { Double($0) }
        }
        return values.count == gifs.count ? values : nil
    }
}
