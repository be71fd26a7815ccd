/// The tracks of every attached animation (`AnimationTrack`) in one dense array: each
/// layer's animations in a run of slots, oldest first (the layer's `Span`, kept in its
/// record), and the runs, after each compaction, in the order of the layers' records,
/// which is the order the per-frame walk mostly visits them. The timing curves the tracks
/// use are kept once each, beside them.
///
/// A layer's run grows in place when it is the last one; otherwise it moves to the end,
/// leaving free slots behind. Free slots are counted; when they outnumber the live ones
/// (and a few hundred of them), or the curves kept outnumber twice the live tracks (and a
/// few hundred), the engine lays the table out afresh (`compacted`), so the table and its
/// curves stay within twice what is attached plus a constant.
struct AnimationTable {
    /// Where a layer's animations are: slots `start ..< start + count`.
    struct Span: Equatable {
        var start: Int32 = 0
        var count: Int32 = 0

        /// The slots.
        var slots: Range<Int> { Int(start) ..< Int(start) + Int(count) }
        var isEmpty: Bool { count == 0 }
    }

    /// The tracks, free slots included.
    private(set) var tracks: [AnimationTrack] = []
    /// The cubic Bézier curves the tracks are paced by, each once.
    private(set) var curves: [CubicBezier] = []
    private var curvePositions: [CurveKey: Int32] = [:]
    /// How many slots are free.
    private(set) var freeSlots = 0

    /// A curve by its control points' bits (the numbers compared exactly).
    private struct CurveKey: Hashable {
        let x1: UInt64, y1: UInt64, x2: UInt64, y2: UInt64

        init(_ curve: CubicBezier) {
            (x1, y1, x2, y2) = (curve.x1.bitPattern, curve.y1.bitPattern, curve.x2.bitPattern, curve.y2.bitPattern)
        }
    }

    /// How many free slots the table keeps before it asks to be laid out afresh, at least.
    static let compactionFloor = 256

    /// Whether the free slots outnumber the live ones, or the curves twice the live ones
    /// (each past the floor): time for the engine to call `compacted`.
    var wantsCompaction: Bool {
        let live = tracks.count - freeSlots
        return (freeSlots > Self.compactionFloor && freeSlots > live) || curves.count > Self.compactionFloor + 2 * live
    }

    /// The track in `slot`.
    subscript(slot: Int) -> AnimationTrack {
        get { tracks[slot] }
        _modify { yield &tracks[slot] }
    }

    /// The animations of `span`, oldest first.
    func owners(of span: Span) -> [ActiveAnimation] {
        span.slots.map { tracks[$0].owner! }
    }

    /// The slot of `animation` in `span`, if it is there.
    func slot(of animation: ActiveAnimation, in span: Span) -> Int? {
        span.slots.first { tracks[$0].owner === animation }
    }

    /// Appends `animation`'s track to the run `span`, moving the run to the end of the
    /// table first when another run follows it.
    mutating func append(_ animation: ActiveAnimation, to span: inout Span) {
        let track = AnimationTrack(owner: animation, curve: animation.pacingKind == .bezier ? position(of: animation.bezier) : -1)
        if span.isEmpty {
            span.start = Int32(tracks.count)
        } else if span.slots.upperBound != tracks.count {
            let moved = span.slots
            tracks.append(contentsOf: tracks[moved])
            for slot in moved { tracks[slot] = .free }
            freeSlots += moved.count
            span.start = Int32(tracks.count - moved.count)
        }
        tracks.append(track)
        span.count += 1
    }

    /// Takes the track in `slot` out of the run `span`; the later ones move up one.
    mutating func remove(slot: Int, from span: inout Span) {
        let last = span.slots.upperBound - 1
        precondition(span.slots.contains(slot), "slot \(slot) is not in the run \(span.slots)")
        var moving = slot
        while moving < last {
            tracks[moving] = tracks[moving + 1]
            moving += 1
        }
        release(last)
        span.count -= 1
    }

    /// Frees `slot`: dropped from the end of the table, or counted free.
    private mutating func release(_ slot: Int) {
        if slot == tracks.count - 1 {
            tracks.removeLast()
        } else {
            tracks[slot] = .free
            freeSlots += 1
        }
    }

    /// Lays out the runs `spans` (every live run, in the order wanted) afresh, with no
    /// free slots and only the curves they use; returns their new spans, in the same order.
    mutating func compacted(_ spans: [Span]) -> [Span] {
        var fresh = AnimationTable()
        fresh.tracks.reserveCapacity(tracks.count - freeSlots)
        var moved: [Span] = []
        moved.reserveCapacity(spans.count)
        for span in spans {
            var copy = Span(start: Int32(fresh.tracks.count), count: span.count)
            if span.isEmpty { copy.start = 0 }
            for slot in span.slots {
                var track = tracks[slot]
                if track.pacing == .bezier, let owner = track.owner { track.curve = fresh.position(of: owner.bezier) }
                fresh.tracks.append(track)
            }
            moved.append(copy)
        }
        self = fresh
        return moved
    }

    /// The position of `curve` in `curves`, added when new.
    private mutating func position(of curve: CubicBezier) -> Int32 {
        let key = CurveKey(curve)
        if let known = curvePositions[key] { return known }
        let position = Int32(curves.count)
        curves.append(curve)
        curvePositions[key] = position
        return position
    }
}
