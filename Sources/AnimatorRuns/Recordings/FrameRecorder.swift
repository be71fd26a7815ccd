import AnimatorEngine
import AnimatorRendering

/// Captures a scene frame of a view tree each time it is called: pass `capture` as a
/// transition's `onFrame`. A recorder that does not keep frames only counts them (a run
/// whose frames nobody draws need not hold them: a thousand transitions would take GBs);
/// one that stores them keeps them in a `FrameStore` (bytes, and a temporary file past its
/// budget) instead of as values, so that a long run's memory does not grow with its length.
public final class FrameRecorder {
    private let engine: AnimationEngine
    private let root: LayerID
    /// Whether frames are kept (false: only counted).
    public let keepsFrames: Bool
    /// Whether kept frames go to a `FrameStore` (true) or to `frames`.
    public var storesFrames: Bool { store != nil }
    /// The frames captured so far (none when frames are not kept, or stored).
    public private(set) var frames: [SceneFrame] = []
    /// Where kept frames go when they are stored.
    private var store: FrameStore?
    /// The frames captured since the last `take`, kept or not.
    public private(set) var count = 0
    private var lastTime: Double?
    private var lastCommit: Int?

    /// Creates a recorder of `root`'s tree (usually the window).
    ///
    /// - Parameter storesFrames: keep frames in a `FrameStore` rather than as values.
    public init(engine: AnimationEngine, root: LayerID, keepsFrames: Bool = true, storesFrames: Bool = false) {
        self.engine = engine
        self.root = root
        self.keepsFrames = keepsFrames
        store = storesFrames ? FrameStore() : nil
    }

    /// Captures the tree at `time`.
    public func capture(_ time: Double) {
        count += 1
        lastTime = time
        lastCommit = engine.commitCount
        guard keepsFrames else { return }
        let frame = SceneFrame(engine: engine, root: root, at: time)
        if let store { store.append(frame) } else { frames.append(frame) }
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
    public func take() -> (frames: SceneFrames, count: Int) {
        defer {
            frames.removeAll()
            count = 0
            lastTime = nil
            if store != nil { store = FrameStore() }
        }
        return (store.map { SceneFrames(store: $0) } ?? SceneFrames(frames), count)
    }
}
