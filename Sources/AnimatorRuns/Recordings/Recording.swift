import AnimatorEngine
import AnimatorHost
import AnimatorRendering

/// The frames of one or more transitions, captured while they ran: what timelines,
/// renders, pages and the terminal player are made from.
public struct Recording: Sendable {
    /// One transition's frames.
    public struct Segment: Sendable {
        /// What ran.
        public var operation: TransitionOperation
        /// The animator's name and id, or the system animator's name.
        public var animator: String
        /// The outgoing screen.
        public var from: String
        /// The incoming screen.
        public var to: String
        /// How it went.
        public var outcome: TransitionOutcome
        /// The frames, at engine times, starting with the transition's first picture.
        public var frames: [SceneFrame]
        /// What the animator's library logged meanwhile.
        public var log: [PluginLogEntry]

        /// Creates a segment.
        public init(operation: TransitionOperation, animator: String, from: String, to: String,
                    outcome: TransitionOutcome, frames: [SceneFrame], log: [PluginLogEntry] = []) {
            self.operation = operation
            self.animator = animator
            self.from = from
            self.to = to
            self.outcome = outcome
            self.frames = frames
            self.log = log
        }

        /// The engine time of the first frame.
        public var start: Double { frames.first?.time ?? 0 }
    }

    /// The screen's size in points.
    public var size: Size
    /// Frames per second the transitions ran at.
    public var fps: Double
    /// The transitions, in order.
    public var segments: [Segment]

    /// Creates a recording.
    public init(size: Size, fps: Double, segments: [Segment]) {
        self.size = size
        self.fps = fps
        self.segments = segments
    }

    /// Every frame with the time at which a player shows it: segments follow one
    /// another, `pause` seconds apart.
    public func playback(pause: Double = 0.5) -> (frames: [SceneFrame], times: [Double], end: Double) {
        var frames: [SceneFrame] = [], times: [Double] = []
        var offset = 0.0
        for segment in segments where !segment.frames.isEmpty {
            for frame in segment.frames {
                frames.append(frame)
                times.append(offset + frame.time - segment.start)
            }
            offset += max(segment.outcome.elapsed, segment.frames.last!.time - segment.start) + pause
        }
        return (frames, times, max(offset - pause, times.last ?? 0))
    }
}

/// Captures a scene frame of a view tree each time it is called: pass `capture` as a
/// transition's `onFrame`. A recorder that does not keep frames only counts them (a run
/// whose frames nobody draws need not hold them: a thousand transitions would take GBs).
public final class FrameRecorder {
    private let engine: AnimationEngine
    private let root: LayerID
    /// Whether frames are kept (false: only counted).
    public let keepsFrames: Bool
    /// The frames captured so far (none when frames are not kept).
    public private(set) var frames: [SceneFrame] = []
    /// The frames captured since the last `take`, kept or not.
    public private(set) var count = 0
    private var lastTime: Double?
    private var lastCommit: Int?

    /// Creates a recorder of `root`'s tree (usually the window).
    public init(engine: AnimationEngine, root: LayerID, keepsFrames: Bool = true) {
        self.engine = engine
        self.root = root
        self.keepsFrames = keepsFrames
    }

    /// Captures the tree at `time`.
    public func capture(_ time: Double) {
        count += 1
        lastTime = time
        lastCommit = engine.commitCount
        if keepsFrames { frames.append(SceneFrame(engine: engine, root: root, at: time)) }
    }

    /// Captures the tree now unless the last frame already shows this moment: after a
    /// transition ends between frames (an interaction's completion, a watchdog), its
    /// final picture. A moment is the same when the clock and the engine's commits are
    /// (a completion a hair after the last frame changes the picture, not the time).
    public func captureFinal() {
        guard let lastTime else { return }
        if abs(lastTime - engine.currentTime) > 1e-9 || lastCommit != engine.commitCount { capture(engine.currentTime) }
    }

    /// The frames kept so far, removing them but still counting them (a sandbox child
    /// sends frames in batches while a transition runs).
    public func drainFrames() -> [SceneFrame] {
        defer { frames.removeAll() }
        return frames
    }

    /// The frames captured since the last call, and how many there were, removing them.
    public func take() -> (frames: [SceneFrame], count: Int) {
        defer {
            frames.removeAll()
            count = 0
            lastTime = nil
        }
        return (frames, count)
    }
}
