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
