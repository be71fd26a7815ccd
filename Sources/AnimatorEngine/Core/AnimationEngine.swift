import CMathShim

/// The headless re-creation of UIKit's and Core Animation's animation model: layers and
/// views with model and presentation values, and every animation system that drives them.
///
/// Time is a value the host steps with `advance(to:)`; the engine never reads a clock.
/// Setting a property changes the model at once; `presentation(of:at:)` computes what is
/// on screen at any time t, forwards or backwards, from the animations attached now.
/// Callbacks (animation delegates, UIView completions, transaction completions) run while
/// `advance` passes the times they belong to, in a deterministic order.
public final class AnimationEngine {
    /// The current time, in seconds: CACurrentMediaTime for this engine.
    public private(set) var currentTime: Double

    package var records: [LayerRecord] = []
    private var nextSequence = 0
    var transactionStack: [TransactionState] = []
    var implicitTransaction: TransactionState?
    var viewContexts: [ViewAnimationContext] = []
    /// UIView.areAnimationsEnabled: false makes UIView animation calls change views at once.
    public var areAnimationsEnabled = true
    /// The window: the screen's root view, whose tree is what is on screen (set by whoever
    /// makes it; nil while there is none).
    public var window: LayerID?
    private var dueCallbacks: [() -> Void] = []
    var pendingSnapshots: [(snapshot: Int, source: Int)] = []
    /// How many times the host step committed: a layer changed since the last commit keeps
    /// its committed look for transitions.
    package private(set) var commitCount = 0 {
        // Looks kept for an earlier commit are no longer valid.
        didSet { if !committedLooks.isEmpty { committedLooks.removeAll(keepingCapacity: true) } }
    }
    /// The looks of the layers changed since the last commit, as they were at it (kept
    /// beside the records, which stay small for the per-frame walks).
    private var committedLooks: [Int: LayerRecord.Look] = [:]
    var timedEvents: [TimedEvent] = []
    /// Work run at the end of every host step (addStepHook).
    var stepHooks: [() -> Void] = []
    /// The records that have (or recently had) animations attached: the per-step scans
    /// visit these instead of every layer ever made (a long session makes many: each
    /// snapshot is a layer). Added to where an animation is attached; a record found
    /// empty during a scan is dropped. Iteration order does not matter: what a scan
    /// finds is ordered by animation sequence.
    var animatedRecords = RecordSet()
    /// When each animated layer next needs the clock to stop.
    var schedule = EventSchedule()
    /// The attached animations' tracks, each layer's together (its record's `animationSpan`).
    var animationTable = AnimationTable()

    /// Draws a snapshot view's picture of a source layer's subtree, or nil to copy the
    /// subtree as layers instead (the host gives its renderer's).
    public var snapshotRenderer: ((AnimationEngine, LayerID) -> LayerContents?)?
    /// The pixels of the snapshot pictures drawn so far: past `snapshotPixelBudget`
    /// (64 Mi pixels, 256 MiB; twenty full screens at 3 pixels a point), snapshots copy
    /// layers instead, so a plugin snapshotting in a loop cannot exhaust memory.
    var snapshotPixels = 0
    static let snapshotPixelBudget = 64 << 20
    /// The deepest layer tree the engine builds: walks, copies and drawing recurse through
    /// trees, so a deeper one is refused when it would be made. Apps stay far below (a few
    /// dozen levels); 256 leaves a wide margin under the stacks of the threads that draw.
    public static let maximumTreeDepth = 256
    /// How many rounds of callbacks one host step runs at most: completions that keep
    /// scheduling completions (say, empty animations started from their own completion)
    /// stop there with an error instead of spinning forever.
    static let maximumCallbackRounds = 100_000

    /// Creates an engine whose clock starts at `startTime`.
    ///
    /// - Parameter snapshotRenderer: draws snapshot views' pictures (the host passes its
    ///   renderer's); nil makes snapshots copies of the source's layers.
    public init(startTime: Double = 0, snapshotRenderer: ((AnimationEngine, LayerID) -> LayerContents?)? = nil) {
        currentTime = startTime
        self.snapshotRenderer = snapshotRenderer
    }

    func sequence() -> Int {
        nextSequence += 1
        return nextSequence
    }

    // MARK: Layers

    /// Creates a standalone layer (not in any tree).
    public func makeLayer(name: String? = nil) -> Layer {
        var record = LayerRecord()
        record.name = name
        records.append(record)
        return Layer(engine: self, id: LayerID(rawValue: records.count - 1))
    }

    /// Creates a view (a view-backed layer) with a frame.
    public func makeView(frame: Rect = .zero, name: String? = nil) -> View {
        let layer = makeLayer(name: name)
        records[layer.id.rawValue].isView = true
        records[layer.id.rawValue].model.frame = frame
        return View(layer: layer)
    }

    package func record(_ id: LayerID) -> LayerRecord {
        records[id.rawValue]
    }

    /// Changes a layer's stored record in place.
    func updateRecord(_ id: LayerID, _ change: (inout LayerRecord) -> Void) {
        preserveLook(id.rawValue)
        change(&records[id.rawValue])
    }

    /// Keeps the layer's look as of the last commit before its first change in this step.
    @inline(__always)
    func preserveLook(_ index: Int) {
        guard records[index].lookCommit != commitCount else { return }
        committedLooks[index] = LayerRecord.Look(model: records[index].model, children: records[index].children,
                                                 text: records[index].text, contents: records[index].contents,
                                                 shape: records[index].shape, extras: records[index].extras)
        records[index].lookCommit = commitCount
    }

    /// The layer's look at the last commit.
    func committedLook(_ index: Int) -> LayerRecord.Look {
        if records[index].lookCommit == commitCount, let look = committedLooks[index] { return look }
        return LayerRecord.Look(model: records[index].model, children: records[index].children,
                                text: records[index].text, contents: records[index].contents, shape: records[index].shape,
                                extras: records[index].extras)
    }

    /// Whether `id` names a layer of this engine.
    public func contains(_ id: LayerID) -> Bool {
        id.rawValue >= 0 && id.rawValue < records.count
    }

    // MARK: Time

    /// Moves the clock forward to `time`, running every callback that falls due on the way.
    ///
    /// - Throws: `EngineError` when `time` is before the current time (time only moves
    ///   forward; ask `presentation(of:at:)` for earlier times).
    public func advance(to time: Double) throws(EngineError) {
        guard time >= currentTime, time.isFinite else {
            throw EngineError("cannot advance the clock from \(currentTime) to \(time): time only moves forward")
        }
        try finishStep()
        while let next = nextEventTime(), next <= time + Self.timeTolerance {
            currentTime = max(currentTime, min(next, time))
            processEvents()
            try finishStep()
        }
        currentTime = time
        processEvents()
        try finishStep()
    }

    /// Adds work to run at the end of every host step, before its changes are committed
    /// (the host's Auto Layout pass for C plugins). It runs as long as the engine lives.
    public func addStepHook(_ hook: @escaping () -> Void) {
        stepHooks.append(hook)
    }

    /// Moves the clock forward by `seconds` (≥ 0).
    public func advance(by seconds: Double) throws(EngineError) {
        try advance(to: currentTime + seconds)
    }

    /// Ends the current host step: commits the implicit transaction, takes pending
    /// snapshots, and runs callbacks that are due.
    func finishStep() throws(EngineError) {
        // Layout before the look is committed (UIKit's end of a run-loop turn).
        for hook in stepHooks { hook() }
        var rounds = 0
        repeat {
            rounds += 1
            guard rounds <= Self.maximumCallbackRounds else {
                dueCallbacks.removeAll()
                commitImplicitTransaction()
                commitCount += 1
                throw EngineError("callbacks kept scheduling callbacks at \(currentTime) s (completions starting "
                                  + "animations that end at once?): stopped after \(Self.maximumCallbackRounds) rounds")
            }
            commitImplicitTransaction()
            resolvePendingSnapshots()
            let callbacks = dueCallbacks
            dueCallbacks.removeAll()
            callbacks.forEach { $0() }
        } while !dueCallbacks.isEmpty || implicitTransaction != nil
        // What is on screen now is the committed look.
        commitCount += 1
    }

    func enqueue(_ callback: @escaping () -> Void) {
        dueCallbacks.append(callback)
    }

    /// The earliest start or end of an animation, or timed event, after which something
    /// must happen: the schedule's top (checked against its layer's animations: a removal
    /// may have made it later), or a timed event.
    private func nextEventTime() -> Double? {
        if schedule.isStale { rebuildSchedule() }
        var earliest = Double.infinity
        while let top = schedule.earliest() {
            let actual = eventTime(of: top.record)
            if actual == top.time {
                earliest = top.time
                break
            }
            reschedule(top.record, at: actual)
        }
        for event in timedEvents { earliest = min(earliest, event.time) }
        return earliest.isFinite ? max(earliest, currentTime) : nil
    }

    /// The earliest start (of one not started) or end of the layer's animations, in engine
    /// time; nil when none will come.
    private func eventTime(of index: Int) -> Double? {
        records.withUnsafeBufferPointer { buffer -> Double? in
            // Fields are read through the record's address: no copy of the whole record.
            let span = (buffer.baseAddress! + index).pointee.animationSpan
            guard !span.isEmpty else { return nil }
            let map = Self.timeMap(of: index, in: buffer)
            var earliest = Double.infinity
            animationTable.tracks.withUnsafeBufferPointer { tracks in
                for slot in span.slots {
                    let track = tracks.baseAddress! + slot
                    guard !track.pointee.hasStopped else { continue }
                    if !track.pointee.hasStarted, let t = map.engineTime(track.pointee.startTime) { earliest = min(earliest, t) }
                    if let t = map.engineTime(track.pointee.endTime) { earliest = min(earliest, t) }
                }
            }
            return earliest.isFinite ? earliest : nil
        }
    }

    /// Puts the layer's next event in the schedule (`time`: already computed), or takes the
    /// layer out of the animated ones when it has no animations left.
    func reschedule(_ index: Int, at time: Double?? = nil) {
        if records[index].animationSpan.isEmpty { animatedRecords.remove(index) }
        schedule.schedule(index, at: time ?? eventTime(of: index))
    }

    /// Schedules every animated layer afresh (a time map changed).
    private func rebuildSchedule() {
        schedule.removeAll()
        for index in Array(animatedRecords) { reschedule(index) }
    }

    /// Marks the schedule stale when `layer`'s chain of ancestors (itself included) has
    /// any timing of its own: moving a subtree under or out of it changes the subtree's
    /// time maps. Chains of default timing map every time to itself, so nothing changes.
    func timeMapsChange(under layer: Int?) {
        guard let layer, !schedule.isStale else { return }
        let map = timeMap(of: layer)
        if map.scale != 1 || map.offset != 0 { schedule.isStale = true }
    }

    /// Marks the schedule stale: some layer's time map changed.
    func timeMapsChanged() {
        schedule.isStale = true
    }

    /// How close to the clock an event's time must be to count as due: a nanosecond, so
    /// that an animation whose end is a frame time, computed by another sum of the same
    /// numbers (begin times pass through layer time maps), ends on that frame and not on
    /// the next.
    static let timeTolerance = 1e-9

    /// Starts and stops the animations whose time has come, and runs due timed events.
    ///
    /// The due layers' tracks are read in the table; the animations themselves are visited
    /// only to call them: those with a start callback, and those that stop.
    private func processEvents() {
        if schedule.isStale { rebuildSchedule() }
        let now = currentTime + Self.timeTolerance
        var starting: [(sequence: Int, slot: Int)] = []
        var stopping: [(sequence: Int, animation: ActiveAnimation, index: Int)] = []
        let due = schedule.takeDue(by: now)
        records.withUnsafeBufferPointer { buffer in
            animationTable.tracks.withUnsafeBufferPointer { tracks in
                for (position, index) in due.enumerated() {
                    if position + Self.recordsAhead < due.count {
                        Self.fetchEventFields(of: due[position + Self.recordsAhead], in: buffer)
                    }
                    let span = (buffer.baseAddress! + index).pointee.animationSpan
                    guard !span.isEmpty else { continue }
                    let map = Self.timeMap(of: index, in: buffer)
                    for slot in span.slots {
                        let track = tracks.baseAddress! + slot
                        guard !track.pointee.hasStopped else { continue }
                        if !track.pointee.hasStarted, let t = map.engineTime(track.pointee.startTime), t <= now {
                            starting.append((track.pointee.sequence, slot))
                        }
                        if let t = map.engineTime(track.pointee.endTime), t <= now {
                            stopping.append((track.pointee.sequence, track.pointee.owner!, index))
                        }
                    }
                }
            }
        }
        // All are marked started before any callback runs (a callback may change the table).
        starting.sort { $0.sequence < $1.sequence }
        var announcing: [ActiveAnimation] = []
        for entry in starting {
            animationTable[entry.slot].hasStarted = true
            if animationTable[entry.slot].announcesStart { announcing.append(animationTable[entry.slot].owner!) }
        }
        for animation in announcing { animation.definition.didStart?() }
        stopping.sort { $0.sequence < $1.sequence }
        for entry in stopping { stop(entry.animation, finished: true, in: entry.index) }
        // The layers visited have their next events now (callbacks that added animations
        // elsewhere scheduled those layers as they added them).
        if !schedule.isStale {
            for (position, index) in due.enumerated() {
                if position + Self.recordsAhead < due.count {
                    records.withUnsafeBufferPointer { Self.fetchEventFields(of: due[position + Self.recordsAhead], in: $0) }
                }
                reschedule(index)
            }
        }
        let dueEvents = timedEvents.filter { $0.time <= now }.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        timedEvents.removeAll { $0.time <= now }
        dueEvents.forEach { $0.action() }
    }

    /// How many layers ahead of the one it reads a step over many layers asks the cache for
    /// (`fetchEventFields`).
    static let recordsAhead = 8

    /// Asks the cache for the fields of record `index` that the clock's steps read (see
    /// `LayerRecord.eventFields`): when thousands of animations start together, the due
    /// layers are read in record order, one line of each, a stride the processor's own
    /// prefetching does not follow. A hint only.
    @inline(__always)
    static func fetchEventFields(of index: Int, in buffer: UnsafeBufferPointer<LayerRecord>) {
        let fields = UnsafeRawPointer(buffer.baseAddress! + index)
        ah_prefetch(fields + LayerRecord.eventFields.lowerBound)
        ah_prefetch(fields + LayerRecord.eventFields.upperBound - 1)
    }

    /// Stops an animation: removes it when it is removed on completion (or was removed
    /// early), tells its delegate and its completion groups. An animation no longer on the
    /// layer, or stopped already, is left alone.
    func stop(_ animation: ActiveAnimation, finished: Bool, in index: Int) {
        guard let slot = animationTable.slot(of: animation, in: records[index].animationSpan),
              !animationTable[slot].hasStopped else { return }
        animationTable[slot].hasStopped = true
        animationTable[slot].hasStarted = true
        if !finished || animation.isRemovedOnCompletion { detach(slot: slot, from: index) }
        animation.definition.didStop?(finished)
        for group in animation.groups where group.stopped(finished: finished) {
            enqueue { group.fire() }
        }
    }

    // MARK: Layer time

    /// Maps engine time to a layer's local time through its ancestors' timing: t ↦ a·t + b.
    struct TimeMap {
        var scale = 1.0
        var offset = 0.0

        func layerTime(_ engineTime: Double) -> Double { scale * engineTime + offset }

        /// The engine time at which the layer's clock shows `layerTime`, or nil if never
        /// (paused layer, or infinite time).
        func engineTime(_ layerTime: Double) -> Double? {
            guard scale != 0, layerTime.isFinite else { return nil }
            return (layerTime - offset) / scale
        }

        func then(_ timing: LayerTiming) -> TimeMap {
            // local = (parent − beginTime)·speed + timeOffset
            TimeMap(scale: scale * timing.speed, offset: (offset - timing.beginTime) * timing.speed + timing.timeOffset)
        }
    }

    func timeMap(of index: Int) -> TimeMap {
        records.withUnsafeBufferPointer { Self.timeMap(of: index, in: $0) }
    }

    /// `timeMap(of:)` over the records' storage. Layers whose chain up to the root keeps
    /// the default timing (nearly all) map to the identity without building the chain.
    static func timeMap(of index: Int, in records: UnsafeBufferPointer<LayerRecord>) -> TimeMap {
        let base = records.baseAddress!
        let identity = LayerTiming()
        var cursor: Int? = index
        var timed = false
        while let current = cursor {
            if base[current].timing != identity {
                timed = true
                break
            }
            // A mask keeps the time of the layer it masks.
            cursor = base[current].parent ?? base[current].maskedLayer
        }
        guard timed else { return TimeMap() }
        var chain: [Int] = []
        cursor = index
        while let current = cursor {
            chain.append(current)
            cursor = base[current].parent ?? base[current].maskedLayer
        }
        var map = TimeMap()
        for layer in chain.reversed() { map = map.then(base[layer].timing) }
        return map
    }

    /// A layer's local time at an engine time.
    public func layerTime(of layer: LayerID, at time: Double) -> Double {
        timeMap(of: layer.rawValue).layerTime(time)
    }

    // MARK: Presentation

    /// The layer's presentation properties at `time` (default: now): its model with every
    /// attached animation applied in the order added.
    public func presentation(of layer: LayerID, at time: Double? = nil) -> LayerProperties {
        let index = layer.rawValue
        var properties = records[index].model
        guard !records[index].animationSpan.isEmpty else { return properties }
        let local = timeMap(of: index).layerTime(time ?? currentTime)
        for animation in animations(of: index) { animation.apply(atParentTime: local, to: &properties) }
        return properties
    }

    /// The state of the CATransition a layer shows at `time` (default now): its kind and how
    /// far it has gone; nil when none does. (A frame carries it beside the layer's node,
    /// `SceneFrame.transitions`.)
    public func transition(of layer: LayerID, at time: Double? = nil) -> TransitionFrame? {
        let index = layer.rawValue
        guard !records[index].animationSpan.isEmpty else { return nil }
        let local = timeMap(of: index).layerTime(time ?? currentTime)
        var found: TransitionFrame?
        for animation in animations(of: index) {
            if let frame = animation.transitionFrame(atParentTime: local) { found = frame }
        }
        return found
    }

    /// The model properties of a layer.
    public func model(of layer: LayerID) -> LayerProperties {
        records[layer.rawValue].model
    }

    /// The model of a whole tree (CALayer.model() for every layer), in the same order and
    /// shape as `presentationTree(of:at:)` gives when nothing animates.
    public func modelTree(of root: LayerID) -> [PresentationNode] {
        var nodes: [PresentationNode] = []
        func visit(_ index: Int, parent: Int?) {
            let position = nodes.count
            nodes.append(PresentationNode(layer: LayerID(rawValue: index), parent: parent, properties: records[index].model,
                                          isView: records[index].isView))
            let children = records[index].children
            let order = children.indices.sorted {
                (records[children[$0]].model.zPosition, $0) < (records[children[$1]].model.zPosition, $1)
            }
            for offset in order { visit(children[offset], parent: position) }
        }
        visit(root.rawValue, parent: nil)
        return nodes
    }

    /// The presentation of a whole tree at `time`, depth first, each node's sublayers in
    /// drawing order (by zPosition, then order of addition). Each layer is evaluated once,
    /// in place in the result.
    public func presentationTree(of root: LayerID, at time: Double? = nil) -> [PresentationNode] {
        presentationTree(of: root, at: time, parentMap: records[root.rawValue].parent.map { timeMap(of: $0) } ?? TimeMap())
    }

    /// `presentationTree(of:at:)` with the root's parent time given (a mask's is the time
    /// of the layer it masks).
    func presentationTree(of root: LayerID, at time: Double?, parentMap: TimeMap) -> [PresentationNode] {
        presentationTreeAndDetails(of: root, at: time, parentMap: parentMap).nodes
    }

    /// `presentationTree(of:at:)`, the positions (ascending) of the nodes whose layers have
    /// more for a frame to read (`details(of:at:only:)`), and the CATransitions the nodes
    /// show: found in the same walk, so a frame of thousands of plain layers does not read
    /// every record a second time.
    package func presentationTreeAndDetails(of root: LayerID, at time: Double? = nil)
        -> (nodes: [PresentationNode], detailed: [Int], transitions: NodeColumn<TransitionFrame>) {
        presentationTreeAndDetails(of: root, at: time,
                                   parentMap: records[root.rawValue].parent.map { timeMap(of: $0) } ?? TimeMap())
    }

    /// `presentationTreeAndDetails(of:at:)` with the root's parent time given (a mask's is
    /// the time of the layer it masks).
    func presentationTreeAndDetails(of root: LayerID, at time: Double?, parentMap: TimeMap)
        -> (nodes: [PresentationNode], detailed: [Int], transitions: NodeColumn<TransitionFrame>) {
        let t = time ?? currentTime
        var detailed: [Int] = []
        var transitions: [(position: Int, frame: TransitionFrame)] = []
        let nodes = records.withUnsafeBufferPointer { buffer in
            animationTable.tracks.withUnsafeBufferPointer { tracks in
                animationTable.curves.withUnsafeBufferPointer { curves in
                    // A tree holds each layer at most once, so the engine's layer count
                    // bounds it; nodes are written straight into the result's storage.
                    Array(unsafeUninitializedCapacity: buffer.count) { nodes, count in
                        var walk = PresentationWalk(records: buffer, tracks: tracks, curves: curves, nodes: nodes, time: t)
                        walk.visit(root.rawValue, parent: nil, parentMap)
                        count = walk.count
                        detailed = walk.detailed
                        transitions = walk.transitions
                    }
                }
            }
        }
        var column = NodeColumn<TransitionFrame>(count: nodes.count)
        for (position, frame) in transitions { column.set(frame, at: position) }
        return (nodes, detailed, column)
    }
}

/// One evaluation of a presentation tree. A struct with mutating methods over the
/// records' buffer, the animation table's and the result's storage, so the per-node work
/// reads and writes in place: no captured variables, no dynamic exclusivity checks, no
/// copies of whole records. Records and tracks are both laid out in about the order the
/// walk visits them, so it streams through memory.
private struct PresentationWalk {
    let records: UnsafeBufferPointer<LayerRecord>
    let tracks: UnsafeBufferPointer<AnimationTrack>
    let curves: UnsafeBufferPointer<CubicBezier>
    let nodes: UnsafeMutableBufferPointer<PresentationNode>
    let time: Double
    var count = 0
    var memo = ProgressMemo()
    /// The positions of the nodes whose layers have details (`LayerRecord.hasDetails`), in
    /// the order written.
    var detailed: [Int] = []
    /// The CATransitions the nodes show, by position, in the order written (a later one for
    /// the same position replaces an earlier).
    var transitions: [(position: Int, frame: TransitionFrame)] = []
    /// The transition the node being written shows, found as its animations are applied.
    private var shownTransition: TransitionFrame?

    /// The statics below, read once per walk rather than once per node (each read of a
    /// lazily made global checks that it is made).
    private let offsets: (model: Int, layer: Int, parent: Int, isView: Int)
    private let walkedBytes = LayerRecord.walkedBytes

    init(records: UnsafeBufferPointer<LayerRecord>, tracks: UnsafeBufferPointer<AnimationTrack>,
         curves: UnsafeBufferPointer<CubicBezier>, nodes: UnsafeMutableBufferPointer<PresentationNode>, time: Double) {
        assert(_isPOD(PresentationNode.self) && _isPOD(LayerProperties.self), "nodes are written as plain memory")
        self.records = records
        self.tracks = tracks
        self.curves = curves
        self.nodes = nodes
        self.time = time
        offsets = (PresentationWalk.modelOffset, PresentationWalk.layerOffset, PresentationWalk.parentOffset,
                   PresentationWalk.isViewOffset)
    }

    static let modelOffset = MemoryLayout<LayerRecord>.offset(of: \.model)!
    static let layerOffset = MemoryLayout<PresentationNode>.offset(of: \.layerIndex)!
    static let parentOffset = MemoryLayout<PresentationNode>.offset(of: \.parentIndex)!
    static let isViewOffset = MemoryLayout<PresentationNode>.offset(of: \.isView)!

    /// Initializes node `position` with one copy of the record's model: both are plain
    /// data, so the bytes go straight from the record into the result.
    @inline(__always)
    private func writeNode(at position: Int, record: UnsafePointer<LayerRecord>, index: Int, parent: Int?) {
        let node = UnsafeMutableRawPointer(nodes.baseAddress! + position)
        node.copyMemory(from: UnsafeRawPointer(record) + offsets.model,
                        byteCount: MemoryLayout<LayerProperties>.size)
        node.storeBytes(of: Int32(truncatingIfNeeded: index), toByteOffset: offsets.layer, as: Int32.self)
        node.storeBytes(of: parent.map { Int32(truncatingIfNeeded: $0) } ?? -1, toByteOffset: offsets.parent, as: Int32.self)
        node.storeBytes(of: record.pointee.isView, toByteOffset: offsets.isView, as: Bool.self)
    }

    /// Writes the effect of the animation in `slot` at `time` (its layer's parent time)
    /// into `properties`, from its track; the animation object is called only for what the
    /// track leaves to it (curves other than linear and Bézier, values other than plain
    /// from–to numbers, points and transforms).
    @inline(__always)
    private mutating func apply(slot: Int, at time: Double, to properties: inout LayerProperties) {
        let track = tracks.baseAddress! + slot
        if case .side = track.pointee.writer { return }
        let pacing = track.pointee.pacing
        guard pacing != .other else {
            let owner = track.pointee.owner!
            owner.apply(atParentTime: time, to: &properties)
            if case .general = track.pointee.writer, let frame = owner.transitionFrame(atParentTime: time) {
                shownTransition = frame
            }
            return
        }
        guard let fraction = track.pointee.timing.fraction(atParentTime: time,
                                                           removedOnCompletion: track.pointee.isRemovedOnCompletion) else {
            return
        }
        let progress: Double
        if pacing == .linear {
            progress = fraction
        } else if track.pointee.curve == memo.curve && fraction == memo.fraction {
            progress = memo.progress
        } else {
            progress = curves[Int(track.pointee.curve)].value(at: fraction)
            memo = ProgressMemo(curve: track.pointee.curve, fraction: fraction, progress: progress)
        }
        if !track.pointee.writer.write(progress, into: &properties) {
            let owner = track.pointee.owner!
            owner.write(progress: progress, into: &properties)
            if let frame = owner.transitionFrame(progress: progress) { shownTransition = frame }
        }
    }

    /// How many records ahead of the one visited `fetchAhead` asks for, and how many slots
    /// of the table ahead of its animations.
    static let recordsAhead = 10, slotsAhead = 20

    /// Asks the cache for the records and tracks the walk will soon read. Both are laid out
    /// in about the order the walk visits them, but a walk over thousands of animated
    /// layers reads three streams at once (records, tracks, and the nodes it writes), more
    /// than the processor's own prefetching keeps ahead of. Hints only: an address guessed
    /// wrong costs nothing but the hint.
    @inline(__always)
    private func fetchAhead(of index: Int, slots span: AnimationTable.Span) {
        if index + Self.recordsAhead < records.count {
            let record = UnsafeRawPointer(records.baseAddress! + index + Self.recordsAhead)
            var line = 0
            while line < walkedBytes {
                ah_prefetch(record + line)
                line += 64
            }
        }
        // As many tracks as this layer has, the same distance ahead.
        let first = Int(span.start) + Self.slotsAhead, end = min(first + Int(span.count), tracks.count)
        guard first < end else { return }
        let start = UnsafeRawPointer(tracks.baseAddress! + first), bytes = (end - first) * MemoryLayout<AnimationTrack>.stride
        var line = 0
        while line < bytes {
            ah_prefetch(start + line)
            line += 64
        }
    }

    mutating func visit(_ index: Int, parent: Int?, _ map: AnimationEngine.TimeMap) {
        // Fields are read through the record's address: no copy of the whole record.
        let record = records.baseAddress! + index
        let localMap = map.then(record.pointee.timing)
        let span = record.pointee.animationSpan
        fetchAhead(of: index, slots: span)
        // A CATransition's old look: below the new one (fade, push, moveIn) or, for
        // reveal, above it (after the layer's subtree).
        var revealing = false
        if record.pointee.showsOutgoingLook {
            for slot in span.slots {
                guard let animation = tracks[slot].owner, let copy = animation.outgoing,
                      case .transition(let type, _) = animation.body else { continue }
                if type == .reveal { revealing = true } else { visitOutgoing(copy, of: animation, parent: parent, map, localMap) }
            }
        }
        defer {
            if revealing {
                for slot in span.slots {
                    guard let animation = tracks[slot].owner, let copy = animation.outgoing,
                          case .transition(.reveal, _) = animation.body else { continue }
                    visitOutgoing(copy, of: animation, parent: parent, map, localMap)
                }
            }
        }
        let position = count
        writeNode(at: position, record: record, index: index, parent: parent)
        if record.pointee.hasDetails { detailed.append(position) }
        count += 1
        if !span.isEmpty {
            let local = localMap.layerTime(time)
            for slot in span.slots { apply(slot: slot, at: local, to: &nodes[position].properties) }
            if let shown = shownTransition {
                transitions.append((position, shown))
                shownTransition = nil
            }
        }
        guard !record.pointee.children.isEmpty else { return }
        // Siblings draw in order of addition unless a zPosition says otherwise. They are
        // visited in that order at once, each checked as it comes (one trip to its record,
        // not a pass over all of them first); a sibling with a zPosition sends the walk
        // back to the first sibling's place, to write them again sorted.
        let first = count
        var ordered = false
        record.pointee.children.withUnsafeBufferPointer { children in
            for child in children {
                let sibling = records.baseAddress! + child
                if sibling.pointee.model.zPosition != 0 || sibling.pointee.animatesZPosition {
                    ordered = true
                    return
                }
                visit(child, parent: position, localMap)
            }
        }
        guard ordered else { return }
        count = first
        while let last = detailed.last, last >= first { detailed.removeLast() }
        while let last = transitions.last, last.position >= first { transitions.removeLast() }
        let children = record.pointee.children
        let z = children.map { child -> Double in
            var properties = records[child].model
            let childTime = localMap.then(records[child].timing).layerTime(time)
            for slot in records[child].animationSpan.slots {
                tracks[slot].owner!.apply(atParentTime: childTime, to: &properties)
            }
            return properties.zPosition
        }
        for offset in children.indices.sorted(by: { (z[$0], $0) < (z[$1], $1) }) {
            visit(children[offset], parent: position, localMap)
        }
    }
}

extension PresentationWalk {
    /// Writes the detached copy of a layer's old look (and its sublayers) under the
    /// layer's parent, carrying the transition's progress, marked outgoing.
    mutating func visitOutgoing(_ copy: Int, of animation: ActiveAnimation, parent: Int?,
                                _ map: AnimationEngine.TimeMap, _ layerMap: AnimationEngine.TimeMap) {
        let position = count
        visit(copy, parent: parent, map)
        if var frame = animation.transitionFrame(atParentTime: layerMap.layerTime(time)) {
            frame.isOutgoing = true
            transitions.append((position, frame))
        }
    }
}

/// One layer of a presentation tree.
public struct PresentationNode: Equatable, Sendable {
    // Stored in an order that packs them (the flag in the properties' tail, the parent's
    // index in four bytes): a frame writes one of these for every layer it shows.

    /// Its presentation values.
    public package(set) var properties: LayerProperties
    /// Whether it backs a view.
    public let isView: Bool
    /// The index of its superlayer's node, -1 for the root.
    let parentIndex: Int32
    /// The layer's index (a layer is a position in the engine's records: four bytes hold
    /// every count the engine allows).
    let layerIndex: Int32

    /// The layer.
    public var layer: LayerID { LayerID(rawValue: Int(layerIndex)) }

    /// The index of its superlayer's node in the same tree, nil for the root.
    public var parent: Int? { parentIndex < 0 ? nil : Int(parentIndex) }

    /// Creates a node.
    public init(layer: LayerID, parent: Int?, properties: LayerProperties, isView: Bool) {
        precondition(parent.map { $0 >= 0 && $0 <= Int(Int32.max) } ?? true, "a node's parent is an index in its tree")
        precondition(layer.rawValue >= 0 && layer.rawValue <= Int(Int32.max), "a layer is an index in its engine")
        self.properties = properties
        self.isView = isView
        self.parentIndex = parent.map { Int32($0) } ?? -1
        self.layerIndex = Int32(layer.rawValue)
    }
}

extension AnimationEngine {
    /// The name of a layer (for reports; frames read names with `details(of:at:)`).
    public func name(of layer: LayerID) -> String? {
        records[layer.rawValue].name
    }
}

/// Something the engine must do at a time: a delayed start, a property animator's end.
struct TimedEvent {
    let time: Double
    let sequence: Int
    let action: () -> Void
}
