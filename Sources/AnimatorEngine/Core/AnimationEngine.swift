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
            let record = buffer.baseAddress! + index
            guard !record.pointee.animationList.isEmpty else { return nil }
            let map = Self.timeMap(of: index, in: buffer)
            var earliest = Double.infinity
            record.pointee.animationList.withUnsafeBufferPointer { animations in
                for animation in animations where !animation.hasStopped {
                    if !animation.hasStarted, let t = map.engineTime(animation.startTime) { earliest = min(earliest, t) }
                    if let t = map.engineTime(animation.endTime) { earliest = min(earliest, t) }
                }
            }
            return earliest.isFinite ? earliest : nil
        }
    }

    /// Puts the layer's next event in the schedule (`time`: already computed), or takes the
    /// layer out of the animated ones when it has no animations left.
    func reschedule(_ index: Int, at time: Double?? = nil) {
        if records[index].animationList.isEmpty { animatedRecords.remove(index) }
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
    private func processEvents() {
        if schedule.isStale { rebuildSchedule() }
        let now = currentTime + Self.timeTolerance
        var starting: [ActiveAnimation] = []
        var stopping: [(ActiveAnimation, Int)] = []
        let due = schedule.takeDue(by: now)
        records.withUnsafeBufferPointer { buffer in
            for index in due {
                let record = buffer.baseAddress! + index
                guard !record.pointee.animationList.isEmpty else { continue }
                let map = Self.timeMap(of: index, in: buffer)
                record.pointee.animationList.withUnsafeBufferPointer { animations in
                    for animation in animations where !animation.hasStopped {
                        if !animation.hasStarted, let t = map.engineTime(animation.startTime), t <= now {
                            starting.append(animation)
                        }
                        if let t = map.engineTime(animation.endTime), t <= now {
                            stopping.append((animation, index))
                        }
                    }
                }
            }
        }
        for animation in starting.sorted(by: { $0.sequence < $1.sequence }) {
            animation.hasStarted = true
            animation.definition.didStart?()
        }
        for (animation, index) in stopping.sorted(by: { $0.0.sequence < $1.0.sequence }) {
            stop(animation, finished: true, in: index)
        }
        // The layers visited have their next events now (callbacks that added animations
        // elsewhere scheduled those layers as they added them).
        if !schedule.isStale { for index in due { reschedule(index) } }
        let dueEvents = timedEvents.filter { $0.time <= now }.sorted { ($0.time, $0.sequence) < ($1.time, $1.sequence) }
        timedEvents.removeAll { $0.time <= now }
        dueEvents.forEach { $0.action() }
    }

    /// Stops an animation: removes it when it is removed on completion (or was removed
    /// early), tells its delegate and its completion groups.
    func stop(_ animation: ActiveAnimation, finished: Bool, in index: Int) {
        guard !animation.hasStopped else { return }
        animation.hasStopped = true
        if !animation.hasStarted { animation.hasStarted = true }
        if !finished || animation.isRemovedOnCompletion {
            records[index].animations.removeAll { $0 === animation }
        }
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
        let record = records[index]
        var properties = record.model
        guard !record.animationList.isEmpty else { return properties }
        let local = timeMap(of: index).layerTime(time ?? currentTime)
        for animation in record.animationList { animation.apply(atParentTime: local, to: &properties) }
        return properties
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

    /// `presentationTree(of:at:)`, and the positions (ascending) of the nodes whose layers
    /// have more for a frame to read (`details(of:at:only:)`): found in the same walk, so a
    /// frame of thousands of plain layers does not read every record a second time.
    package func presentationTreeAndDetails(of root: LayerID, at time: Double? = nil)
        -> (nodes: [PresentationNode], detailed: [Int]) {
        presentationTreeAndDetails(of: root, at: time,
                                   parentMap: records[root.rawValue].parent.map { timeMap(of: $0) } ?? TimeMap())
    }

    private func presentationTreeAndDetails(of root: LayerID, at time: Double?, parentMap: TimeMap)
        -> (nodes: [PresentationNode], detailed: [Int]) {
        let t = time ?? currentTime
        var detailed: [Int] = []
        let nodes = records.withUnsafeBufferPointer { buffer in
            // A tree holds each layer at most once, so the engine's layer count bounds it;
            // nodes are written straight into the result's storage.
            Array(unsafeUninitializedCapacity: buffer.count) { nodes, count in
                var walk = PresentationWalk(records: buffer, nodes: nodes, time: t)
                walk.visit(root.rawValue, parent: nil, parentMap)
                count = walk.count
                detailed = walk.detailed
            }
        }
        return (nodes, detailed)
    }
}

/// One evaluation of a presentation tree. A struct with mutating methods over the
/// records' buffer and the result's storage, so the per-node work reads and writes in
/// place: no captured variables, no dynamic exclusivity checks, no copies of whole records.
private struct PresentationWalk {
    let records: UnsafeBufferPointer<LayerRecord>
    let nodes: UnsafeMutableBufferPointer<PresentationNode>
    let time: Double
    var count = 0
    var memo = ProgressMemo()
    /// The positions of the nodes whose layers have details (`LayerRecord.hasDetails`), in
    /// the order written.
    var detailed: [Int] = []

    /// The statics below, read once per walk rather than once per node (each read of a
    /// lazily made global checks that it is made).
    private let list: ListStorage
    private let offsets: (model: Int, layer: Int, parent: Int, isView: Int)

    init(records: UnsafeBufferPointer<LayerRecord>, nodes: UnsafeMutableBufferPointer<PresentationNode>, time: Double) {
        assert(_isPOD(PresentationNode.self) && _isPOD(LayerProperties.self), "nodes are written as plain memory")
        self.records = records
        self.nodes = nodes
        self.time = time
        list = PresentationWalk.storage
        offsets = (PresentationWalk.modelOffset, PresentationWalk.layerOffset, PresentationWalk.parentOffset,
                   PresentationWalk.isViewOffset)
    }

    static let modelOffset = MemoryLayout<LayerRecord>.offset(of: \.model)!
    static let storage = ListStorage()
    static let layerOffset = MemoryLayout<PresentationNode>.offset(of: \.layer)!
    static let parentOffset = MemoryLayout<PresentationNode>.offset(of: \.parent)!
    static let isViewOffset = MemoryLayout<PresentationNode>.offset(of: \.isView)!

    /// Initializes node `position` with one copy of the record's model: both are plain
    /// data, so the bytes go straight from the record into the result.
    @inline(__always)
    private func writeNode(at position: Int, record: UnsafePointer<LayerRecord>, index: Int, parent: Int?) {
        let node = UnsafeMutableRawPointer(nodes.baseAddress! + position)
        node.copyMemory(from: UnsafeRawPointer(record) + offsets.model,
                        byteCount: MemoryLayout<LayerProperties>.size)
        node.storeBytes(of: LayerID(rawValue: index), toByteOffset: offsets.layer, as: LayerID.self)
        node.storeBytes(of: parent, toByteOffset: offsets.parent, as: Int?.self)
        node.storeBytes(of: record.pointee.isView, toByteOffset: offsets.isView, as: Bool.self)
    }

    /// Asks the cache for what the layers a few records on will need: the storage of their
    /// animation lists 16 records ahead, and the animations themselves 8 ahead (their lists
    /// having arrived by then). Records are laid out in the order layers were made, which
    /// is, in almost every tree, the order the walk visits them; animations are objects on
    /// the heap, each a miss of its own when thousands animate, and each layer's two or
    /// three of them would otherwise wait on memory one after another. Hints only: an
    /// address guessed wrong costs nothing but the hint. The lists are read through their
    /// storage's address (`ListStorage`), never retained: a retain is a write that waits
    /// for the line.
    @inline(__always)
    private func fetchAhead(of index: Int) {
        guard list.isKnown else { return }
        if index + 16 < records.count {
            let storage = list.address(of: records.baseAddress! + index + 16)
            ah_prefetch(storage)
            ah_prefetch(storage + 48)
        }
        guard index + 8 < records.count else { return }
        let storage = list.address(of: records.baseAddress! + index + 8)
        let count = storage.load(fromByteOffset: list.countOffset, as: Int.self)
        for slot in 0..<min(count, 4) {
            // The fields a frame reads: the object's first three cache lines.
            let object = storage.load(fromByteOffset: list.elementsOffset + slot * 8, as: UnsafeRawPointer.self)
            ah_prefetch(object)
            ah_prefetch(object + 64)
            ah_prefetch(object + 128)
        }
    }

    mutating func visit(_ index: Int, parent: Int?, _ map: AnimationEngine.TimeMap) {
        fetchAhead(of: index)
        // Fields are read through the record's address: no copy of the whole record.
        let record = records.baseAddress! + index
        let localMap = map.then(record.pointee.timing)
        // A CATransition's old look: below the new one (fade, push, moveIn) or, for
        // reveal, above it (after the layer's subtree).
        var revealing = false
        if record.pointee.showsOutgoingLook {
            for animation in record.pointee.animationList {
                guard let copy = animation.outgoing, case .transition(let type, _) = animation.body else { continue }
                if type == .reveal { revealing = true } else { visitOutgoing(copy, of: animation, parent: parent, map, localMap) }
            }
        }
        defer {
            if revealing {
                for animation in record.pointee.animationList {
                    guard let copy = animation.outgoing, case .transition(.reveal, _) = animation.body else { continue }
                    visitOutgoing(copy, of: animation, parent: parent, map, localMap)
                }
            }
        }
        let position = count
        writeNode(at: position, record: record, index: index, parent: parent)
        if record.pointee.hasDetails { detailed.append(position) }
        count += 1
        if !record.pointee.animationList.isEmpty {
            let local = localMap.layerTime(time)
            // The record (alive for the whole walk) holds every animation: call them
            // without retaining each one.
            record.pointee.animationList.withUnsafeBufferPointer { animations in
                for slot in animations.indices {
                    Unmanaged.passUnretained(animations[slot])._withUnsafeGuaranteedRef {
                        $0.apply(atParentTime: local, to: &nodes[position].properties, memo: &memo)
                    }
                }
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
        let children = record.pointee.children
        let z = children.map { child -> Double in
            var properties = records[child].model
            let childTime = localMap.then(records[child].timing).layerTime(time)
            for animation in records[child].animationList { animation.apply(atParentTime: childTime, to: &properties) }
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
        animation.apply(atParentTime: layerMap.layerTime(time), to: &nodes[position].properties)
        nodes[position].properties.transition?.isOutgoing = true
    }
}

/// Where a layer record's animation list keeps its count and elements, read from the
/// storage's address without retaining it (`PresentationWalk.fetchAhead`). Swift's array
/// is one reference to a heap object holding a header, the count and the elements; the
/// offsets are not promised by the language, so they are found once on a list built for
/// the purpose and checked, and when they cannot be confirmed nothing is read this way.
struct ListStorage {
    /// Whether the layout was confirmed.
    let isKnown: Bool
    let listOffset: Int
    let countOffset: Int
    let elementsOffset: Int

    init() {
        let listOffset = MemoryLayout<LayerRecord>.offset(of: \.animationList)
        let countOffset = 2 * MemoryLayout<Int>.size, elementsOffset = 4 * MemoryLayout<Int>.size
        self.listOffset = listOffset ?? 0
        self.countOffset = countOffset
        self.elementsOffset = elementsOffset
        guard let listOffset, MemoryLayout<[ActiveAnimation]>.size == MemoryLayout<UnsafeRawPointer>.size else {
            isKnown = false
            return
        }
        // A record holding a list of three known objects: the count and the three
        // addresses must read back where they are expected.
        var probe = LayerRecord()
        let objects = (0..<3).map { _ in
            ActiveAnimation(sequence: 0, key: nil, definition: .basic(.opacity), timing: MediaTiming(),
                            pacing: .linear, body: .group([]))
        }
        probe.animations = objects
        isKnown = withUnsafePointer(to: &probe) { record in
            let storage = (UnsafeRawPointer(record) + listOffset).load(as: UnsafeRawPointer.self)
            guard storage.load(fromByteOffset: countOffset, as: Int.self) == objects.count else { return false }
            return objects.indices.allSatisfy { slot in
                storage.load(fromByteOffset: elementsOffset + slot * 8, as: UnsafeRawPointer.self)
                    == UnsafeRawPointer(Unmanaged.passUnretained(objects[slot]).toOpaque())
            }
        }
    }

    /// The address of the storage of the list of the record at `record`.
    @inline(__always)
    func address(of record: UnsafePointer<LayerRecord>) -> UnsafeRawPointer {
        (UnsafeRawPointer(record) + listOffset).load(as: UnsafeRawPointer.self)
    }
}

/// One layer of a presentation tree.
public struct PresentationNode: Equatable, Sendable {
    /// Its presentation values.
    public package(set) var properties: LayerProperties
    /// The layer.
    public let layer: LayerID
    /// The index of its superlayer's node in the same tree, nil for the root.
    public let parent: Int?
    /// Whether it backs a view.
    public let isView: Bool

    /// Creates a node.
    public init(layer: LayerID, parent: Int?, properties: LayerProperties, isView: Bool) {
        self.properties = properties
        self.layer = layer
        self.parent = parent
        self.isView = isView
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
