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
        public var frames: SceneFrames
        /// What the animator's library logged meanwhile.
        public var log: [PluginLogEntry]

        /// Creates a segment of frames held as values.
        public init(operation: TransitionOperation, animator: String, from: String, to: String,
                    outcome: TransitionOutcome, frames: [SceneFrame], log: [PluginLogEntry] = []) {
            self.init(operation: operation, animator: animator, from: from, to: to, outcome: outcome,
                      frames: SceneFrames(frames), log: log)
        }

        /// Creates a segment.
        public init(operation: TransitionOperation, animator: String, from: String, to: String,
                    outcome: TransitionOutcome, frames: SceneFrames, log: [PluginLogEntry] = []) {
            self.operation = operation
            self.animator = animator
            self.from = from
            self.to = to
            self.outcome = outcome
            self.frames = frames
            self.log = log
        }

        /// The engine time of the first frame.
        public var start: Double { frames.isEmpty ? 0 : frames.time(at: 0) }
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
    /// another, `pause` seconds apart. Frames are read (decoded) only when used.
    public func playback(pause: Double = 0.5) -> Playback {
        var parts: [SceneFrames] = [], times: [Double] = []
        var offset = 0.0
        for segment in segments where !segment.frames.isEmpty {
            parts.append(segment.frames)
            let start = segment.start
            for index in segment.frames.indices { times.append(offset + segment.frames.time(at: index) - start) }
            offset += max(segment.outcome.elapsed, segment.frames.time(at: segment.frames.count - 1) - start) + pause
        }
        return Playback(frames: Playback.Frames(parts), times: times, end: max(offset - pause, times.last ?? 0))
    }

    /// A recording's frames as a player shows them, one transition after another.
    public struct Playback: Sendable {
        /// Every frame, in order.
        public var frames: Frames
        /// The time at which each frame is shown, in seconds from the first.
        public var times: [Double]
        /// When the last frame's transition ends.
        public var end: Double

        /// The frames of several transitions as one collection.
        public struct Frames: RandomAccessCollection, Sendable {
            private let parts: [SceneFrames]
            /// The index of each part's first frame, and the count after the last.
            private let starts: [Int]

            /// The frames of `parts`, one after another.
            public init(_ parts: [SceneFrames]) {
                self.parts = parts
                var starts = [0]
                for part in parts { starts.append(starts.last! + part.count) }
                self.starts = starts
            }

            public var startIndex: Int { 0 }
            public var endIndex: Int { starts.last! }

            public subscript(position: Int) -> SceneFrame {
                precondition(position >= 0 && position < endIndex, "frame \(position) of \(endIndex)")
                // The last part starting at or before the position.
                var low = 0, high = parts.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if starts[middle] <= position { low = middle } else { high = middle - 1 }
                }
                return parts[low][position - starts[low]]
            }
        }
    }
}
