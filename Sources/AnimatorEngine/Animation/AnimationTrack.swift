/// An attached animation as the engine's per-frame and per-step work reads it: how its
/// value is written, its timing, which curve paces it, its place in the order animations
/// were added, and whether it has started or stopped. About two cache lines, kept in the
/// engine's `AnimationTable`, each layer's animations side by side and the layers in the
/// order of their records: a frame of thousands of animated layers streams through one
/// array instead of visiting objects scattered over the heap (whose cost per layer grows
/// with their number, as they stop fitting the caches and the address translations).
///
/// Everything else (the definition and its callbacks, the key, the completion groups, the
/// values of curves other than a plain from–to) stays with the track's `owner`.
struct AnimationTrack {
    /// How progress becomes a value, for the animations frames are mostly made of; the
    /// others are written by the owner.
    enum Writer {
        /// A number from a to b (opacity, cornerRadius, zPosition, ...).
        case number(LayerKeyPath, Double, Double)
        /// A point from a to b (position, anchorPoint, ...).
        case point(LayerKeyPath, Point, Point)
        /// A transform, interpolated by its decomposition.
        case transform(Box<TransformInterpolator>)
        /// A path or an extra: nothing of `LayerProperties` (see `ActiveAnimation.applyPath`
        /// and `applyExtras`).
        case side
        /// Anything else: the owner writes it (`ActiveAnimation.write(progress:into:)`).
        case general

        /// Writes the value at `progress`; false when the owner must write it (`general`).
        @inline(__always)
        func write(_ progress: Double, into properties: inout LayerProperties) -> Bool {
            switch self {
            case .number(let keyPath, let a, let b):
                keyPath.setNumber(a + (b - a) * progress, in: &properties)
            case .point(let keyPath, let a, let b):
                keyPath.setPoint(Point(x: a.x + (b.x - a.x) * progress, y: a.y + (b.y - a.y) * progress),
                                 in: &properties)
            case .transform(let box):
                box.value.write(at: progress, into: &properties.transform)
            case .side:
                break
            case .general:
                return false
            }
            return true
        }
    }

    /// How the iteration fraction becomes progress.
    enum Pacing: UInt8 {
        /// Progress is the fraction.
        case linear
        /// A cubic Bézier timing function: `curve` names it in the table's curves.
        case bezier
        /// Anything else (a spring, a keyframe timing, a property animator): the owner's.
        case other
    }

    let writer: Writer
    let timing: MediaTiming
    let pacing: Pacing
    let isRemovedOnCompletion: Bool
    /// Driven by a property animator: it neither starts nor ends on the clock.
    let isDriven: Bool
    /// Whether the definition has a start callback to call (animationDidStart).
    let announcesStart: Bool
    var hasStarted = false
    var hasStopped = false
    /// For `bezier` pacing, the curve's position in the table's curves; -1 otherwise (set
    /// again when the table is laid out afresh).
    var curve: Int32
    /// The order the animation was added in (the engine's sequence).
    let sequence: Int
    /// The animation; nil in a free slot.
    let owner: ActiveAnimation?

    /// The track of `owner`, its curve at position `curve` of the table's curves.
    init(owner: ActiveAnimation, curve: Int32) {
        writer = owner.writer
        timing = owner.timing
        pacing = owner.pacingKind
        isRemovedOnCompletion = owner.isRemovedOnCompletion
        isDriven = owner.isDriven
        announcesStart = owner.definition.didStart != nil
        self.curve = curve
        sequence = owner.sequence
        self.owner = owner
    }

    /// A free slot.
    private init() {
        writer = .side
        timing = MediaTiming()
        pacing = .linear
        isRemovedOnCompletion = true
        isDriven = false
        announcesStart = false
        hasStarted = true
        hasStopped = true
        curve = -1
        sequence = 0
        owner = nil
    }

    /// What a slot holds once its animation has left it.
    static var free: AnimationTrack { AnimationTrack() }

    /// When the animation starts, in its layer's time (-infinity when driven).
    var startTime: Double { isDriven ? -.infinity : timing.startTime }

    /// When the animation ends, in its layer's time (infinity when driven or never).
    var endTime: Double { isDriven ? .infinity : timing.endTime }
}
