import AnimatorEngine
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import Glibc
import Synchronization

/// What `watch` has to show, shared by the thread that builds and runs, the web server's
/// connections and the terminal: the last good preview (its generation counts the good
/// runs), what is happening now, and the pages listening for news (server-sent events).
final class PreviewState: Sendable {
    /// What is happening now.
    struct Status: Equatable, Sendable {
        /// What the watcher is doing.
        enum Phase: String, Sendable {
            case starting, building, running, ready, failed
        }

        var phase: Phase
        /// One line: "built in 2.1 s", "build failed (exit status 2)", "preview 3 ready".
        var message: String
        /// More lines for a failure: the end of the build's or the run's output.
        var detail: String = ""

        var json: JSONValue {
            .object([("phase", .string(phase.rawValue)), ("message", .string(message)), ("detail", .string(detail))])
        }
    }

    /// A good run, ready to show.
    struct Preview: Sendable {
        /// 1 for the first good run, then one more for each.
        var generation: Int
        /// The player page, its frames at /frames/GENERATION/INDEX.png.
        var page: [UInt8]
        /// The run's timeline (`run --timeline`).
        var timeline: [UInt8]
        /// The run's summary lines.
        var summary: String
        /// The frames in playback order, drawn when asked for.
        var frames: FrameCache
    }

    /// A run's frames, drawn as PNG once each, on whichever thread asks first.
    final class FrameCache: Sendable {
        let playback: Recording.Playback.Frames
        let size: Size
        let scale: Double
        private let encoded: Mutex<[Int: [UInt8]]> = Mutex([:])

        init(playback: Recording.Playback.Frames, size: Size, scale: Double) {
            self.playback = playback
            self.size = size
            self.scale = scale
        }

        /// Frame `index` as PNG, nil past the end.
        func png(_ index: Int) -> [UInt8]? {
            if let bytes = encoded.withLock({ $0[index] }) { return bytes }
            guard let bytes = RenderOutput.framePNG(index, of: playback, size: size, scale: scale) else { return nil }
            encoded.withLock { $0[index] = bytes }
            return bytes
        }

        /// Draws every frame not drawn yet, on all cores, while `wanted` says so.
        func drawAll(while wanted: @Sendable () -> Bool) {
            _ = Parallel.map(playback.count) { index, _ in wanted() ? png(index)?.count ?? 0 : 0 }
        }
    }

    private struct Storage {
        var status = Status(phase: .starting, message: "starting")
        var preview: Preview?
        var listeners: Set<Int32> = []
    }

    private let storage = Mutex(Storage())

    /// The status now.
    var status: Status { storage.withLock { $0.status } }

    /// The last good preview, if any.
    var preview: Preview? { storage.withLock { $0.preview } }

    /// Sets the status and tells every listening page.
    func setStatus(_ status: Status) {
        storage.withLock { storage in
            storage.status = status
            Self.send(Self.statusEvent(status), to: &storage.listeners)
        }
    }

    /// Publishes a good run (the next generation) with its status, and tells every listening
    /// page to reload.
    ///
    /// - Returns: the new generation.
    @discardableResult
    func publish(page: (_ generation: Int) -> [UInt8], timeline: [UInt8], summary: String, frames: FrameCache,
                 status: Status) -> Int {
        storage.withLock { storage in
            let generation = (storage.preview?.generation ?? 0) + 1
            storage.preview = Preview(generation: generation, page: page(generation), timeline: timeline, summary: summary,
                                      frames: frames)
            storage.status = status
            Self.send(Self.statusEvent(status) + Self.reloadEvent(generation), to: &storage.listeners)
            return generation
        }
    }

    /// Adds a connection that takes server-sent events; it first gets the status and the
    /// current generation (a page that missed a reload reloads then).
    func listen(_ descriptor: Int32) {
        storage.withLock { storage in
            var one: Set<Int32> = [descriptor]
            Self.send(Self.statusEvent(storage.status) + Self.reloadEvent(storage.preview?.generation ?? 0), to: &one)
            if !one.isEmpty { storage.listeners.insert(descriptor) }
        }
    }

    /// Removes a connection (before its descriptor is closed, so nothing writes to a
    /// descriptor number reused meanwhile).
    func stopListening(_ descriptor: Int32) {
        _ = storage.withLock { $0.listeners.remove(descriptor) }
    }

    /// Whether the connection is still listening (a failed write drops it).
    func isListening(_ descriptor: Int32) -> Bool {
        storage.withLock { $0.listeners.contains(descriptor) }
    }

    /// A comment line to every listener, so that closed connections are found.
    func ping() {
        storage.withLock { Self.send(": ping\n\n", to: &$0.listeners) }
    }

    /// The number of pages listening.
    var listenerCount: Int { storage.withLock { $0.listeners.count } }

    private static func statusEvent(_ status: Status) -> String {
        "event: status\ndata: \(status.json.serialized(pretty: false))\n\n"
    }

    private static func reloadEvent(_ generation: Int) -> String {
        "event: reload\ndata: \(generation)\n\n"
    }

    /// Writes `text` to each descriptor without blocking; one that fails is dropped.
    private static func send(_ text: String, to listeners: inout Set<Int32>) {
        let bytes = Array(text.utf8)
        for descriptor in listeners {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if written != bytes.count {
                listeners.remove(descriptor)
                // The connection's thread sees the shutdown, stops reading and closes it.
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }
}
