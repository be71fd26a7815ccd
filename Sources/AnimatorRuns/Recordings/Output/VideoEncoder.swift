import AnimatorEngine
import AnimatorRendering
import AnimatorSupport
import CSystem
import Glibc

/// Writes a recording as a video for review (`--out x.mp4`, H.264; `--out x.webm`, VP9)
/// through ffmpeg, found on the PATH: frames are drawn here, in batches, and piped to it
/// as raw RGBA at a constant rate (the run's frame rate; each recorded frame shows until
/// the next, the last one a second more, as in a GIF). ffmpeg writes into a private
/// folder; the finished file is then put in place as every output is, so a failure leaves
/// an old file whole. Videos are lossy and, unlike the other outputs, not promised to be
/// byte-identical from one ffmpeg to another.
enum VideoEncoder {
    /// The one line that says what is missing, naming the package.
    static let missing = "writing video needs ffmpeg on the PATH (Debian and Ubuntu: apt install ffmpeg; "
        + "Fedora: dnf install ffmpeg-free; macOS: brew install ffmpeg)"

    /// ffmpeg's path, from PATH; nil when it is not there.
    static func ffmpeg(_ environment: [String: String] = ProcessEnvironment.current()) -> String? {
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = String(folder) + "/ffmpeg"
            if access(candidate, X_OK) == 0, (try? FileSystem.status(candidate))?.isRegularFile == true { return candidate }
        }
        return nil
    }

    /// The encoder's arguments after the input, for a container.
    static func codecArguments(_ kind: RenderOutput) -> [String] {
        switch kind {
        case .webm:
            return ["-c:v", "libvpx-vp9", "-pix_fmt", "yuv420p", "-crf", "32", "-b:v", "0", "-deadline", "good",
                    "-cpu-used", "4", "-row-mt", "1", "-f", "webm"]
        default:
            return ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", "-preset", "medium",
                    "-movflags", "+faststart", "-f", "mp4"]
        }
    }

    /// For each output frame at a constant `fps` from the first frame's time to a second
    /// past the end, the recorded frame it shows (the last at or before its time).
    static func schedule(times: [Double], end: Double, fps: Double) -> [Int] {
        guard let first = times.first else { return [] }
        let count = Int(((max(end, times.last!) - first + 1) * fps).rounded(.up))
        var shown: [Int] = []
        shown.reserveCapacity(count)
        var index = 0
        for frame in 0..<max(count, 1) {
            let time = first + Double(frame) / fps + 1e-9
            while index + 1 < times.count, times[index + 1] <= time { index += 1 }
            shown.append(index)
        }
        return shown
    }

    /// Draws `playback` and writes the video to `path`.
    ///
    /// - Returns: what was written, in one line.
    static func write(_ playback: Recording.Playback, size: Size, fps: Double, to path: String, kind: RenderOutput,
                      scale: Double, progress: ((Double) -> Void)?) throws(RenderOutput.Failure) -> String {
        guard let ffmpeg = ffmpeg() else { throw RenderOutput.Failure(path: path, reason: missing) }
        let rate = min(max(fps, 1), 240)
        let shown = schedule(times: playback.times, end: playback.end, fps: rate)
        let renderer = SceneRenderer(size: size, scale: scale)
        let (width, height) = (renderer.width, renderer.height)
        let folder: String
        do {
            folder = try FileSystem.makeTemporaryFolder(prefix: "animator-host-video-")
        } catch {
            throw RenderOutput.Failure(path: path, reason: "cannot make a working folder: \(error.reason)")
        }
        defer { FileSystem.removeTree(folder) }
        let output = folder + "/video." + kind.rawValue, log = folder + "/ffmpeg.log"
        // Odd sides are padded by a pixel: 4:2:0 video needs even ones.
        let arguments = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba",
                         "-s", "\(width)x\(height)", "-r", JSONValue.format(rate), "-i", "pipe:0", "-an",
                         "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-fflags", "+bitexact", "-flags:v", "+bitexact",
                         "-map_metadata", "-1"] + codecArguments(kind) + [output]
        var ends: [Int32] = [0, 0]
        guard ah_pipe_cloexec(&ends) == 0 else {
            throw RenderOutput.Failure(path: path, reason: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        let logDescriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        var launch = ProcessLaunch(ffmpeg, arguments)
        launch.descriptors = [.descriptor(ends[0]), .null, logDescriptor >= 0 ? .descriptor(logDescriptor) : .null]
        let pid: pid_t
        do {
            pid = try launch.start()
        } catch {
            close(ends[0]); close(ends[1])
            if logDescriptor >= 0 { close(logDescriptor) }
            throw RenderOutput.Failure(path: path, reason: "cannot start ffmpeg: \(error.reason)")
        }
        close(ends[0])
        if logDescriptor >= 0 { close(logDescriptor) }
        let fed = feed(ends[1], playback: playback, shown: shown, size: size, scale: scale, progress: progress)
        close(ends[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0, fed else {
            let said = (try? FileSystem.read(log, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let last = said.split(separator: "\n").last.map(String.init) ?? "exit status \(status >> 8 & 0xFF)"
            let shown = String(last.unicodeScalars.prefix(300).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
            throw RenderOutput.Failure(path: path, reason: "ffmpeg could not encode it: \(shown)")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(output, limit: FileLimits.program)
            try OutputFile.write(path, bytes)
        } catch let error as OutputFile.Failure {
            throw RenderOutput.Failure(path: path, reason: error.reason)
        } catch {
            throw RenderOutput.Failure(path: path, reason: "\(error)")
        }
        let seconds = JSONValue.format((Double(shown.count) / rate * 100).rounded() / 100)
        return "\(kind == .webm ? "VP9" : "H.264") video of \(shown.count) frames at \(JSONValue.format(rate)) per second "
            + "(\(seconds) s), \(width)x\(height)"
    }

    /// Draws the recorded frames in batches and writes each output frame's pixels to
    /// `descriptor`; false when ffmpeg stopped reading. SIGPIPE is held on this thread while
    /// writing, so a dead ffmpeg is an error here, not the end of the host.
    private static func feed(_ descriptor: Int32, playback: Recording.Playback, shown: [Int], size: Size, scale: Double,
                             progress: ((Double) -> Void)?) -> Bool {
        var pipeSignal = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        let renderer = BatchRenderer(size: size, scale: scale)
        var next = 0
        var start = 0
        while start < playback.frames.count {
            let stop = min(start + 16, playback.frames.count)
            let images = renderer.render((start..<stop).map { playback.frames[$0] })
            while next < shown.count, shown[next] < stop {
                let written = images[shown[next] - start].pixels.withUnsafeBytes { writeAll(descriptor, $0) }
                guard written else { return false }
                next += 1
            }
            start = stop
            progress?(Double(start) / Double(playback.frames.count))
        }
        return true
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += count
        }
        return true
    }
}
