extension AnimationEngine {
    /// Attaches an explicit animation to a layer (CALayer.add(_:forKey:)). An animation
    /// already attached under the same key is removed (its delegate hears finished = false).
    ///
    /// - Parameters:
    ///   - animation: what to run. A duration of 0 takes the transaction's (0.25 s); a begin
    ///     time of 0 means now.
    ///   - key: the key, or nil.
    ///   - layer: the layer.
    ///   - groups: completion groups the animation belongs to besides the open transactions.
    /// - Throws: `EngineError` when a value does not fit the key path, or a property
    ///   animation has no key path.
    @discardableResult
    func addAnimation(_ animation: Animation, forKey key: String?, to layer: LayerID,
                      groups: [CompletionGroup] = []) throws(EngineError) -> ActiveAnimation {
        let index = layer.rawValue
        let now = timeMap(of: index).layerTime(currentTime)
        let active = try resolve(animation, key: key, layer: index, defaultDuration: transaction.animationDuration,
                                 layerTime: now, inGroup: false)
        _ = currentTransaction()
        active.groups = openTransactions.map(\.group) + groups
        for group in active.groups { group.add() }
        if let key, let existing = animations(of: index).first(where: { $0.key == key }) {
            for shared in existing.groups where active.groups.contains(where: { $0 === shared }) {
                shared.drop()
                existing.groups.removeAll { $0 === shared }
            }
            stop(existing, finished: false, in: index)
        }
        if case .transition = active.body { active.outgoing = committedCopy(of: index) }
        append(active, to: index)
        return active
    }

    private func resolve(_ animation: Animation, key: String?, layer: Int, defaultDuration: Double,
                         layerTime: Double, inGroup: Bool) throws(EngineError) -> ActiveAnimation {
        var timing = animation.timing
        if timing.duration == 0 { timing.duration = defaultDuration }
        if !inGroup && timing.beginTime == 0 { timing.beginTime = layerTime }
        guard timing.duration >= 0, timing.duration.isFinite, timing.speed.isFinite, timing.beginTime.isFinite,
              timing.repeatCount >= 0, !timing.repeatCount.isNaN else {
            throw EngineError("animation timing must be finite, with duration and repeatCount not negative")
        }
        let pacing: ActiveAnimation.Pacing
        let body: ActiveAnimation.Body
        switch animation.kind {
        case .basic(let from, let to, let by), .spring(_, let from, let to, let by):
            let keyPath = try requireKeyPath(animation)
            for value in [from, to, by].compactMap({ $0 }) { try check(value, for: keyPath, on: layer) }
            let curve: ActiveAnimation.Curve
            switch (from, to, by) {
            case (let f?, let t?, _): curve = .fixed(ValueSegment(from: f, to: t))
            case (let f?, nil, let b?): curve = .fixed(ValueSegment(from: f, to: f.adding(b)))
            case (nil, let t?, let b?): curve = .fixed(ValueSegment(from: t.subtracting(b), to: t))
            case (let f?, nil, nil): curve = .fromValueToCurrent(Box(f))
            case (nil, let t?, nil): curve = .currentToValue(Box(t))
            case (nil, nil, let b?): curve = .currentBy(Box(b))
            case (nil, nil, nil): curve = .none
            }
            body = .value(keyPath, curve, additive: animation.isAdditive)
            if case .spring(let spring, _, _, _) = animation.kind {
                pacing = .spring(spring, duration: timing.duration)
            } else {
                pacing = animation.timingFunction.map { .timingFunction($0) } ?? .linear
            }
        case .keyframes(let values, let keyTimes, let timingFunctions, let mode):
            let keyPath = try requireKeyPath(animation)
            for value in values { try check(value, for: keyPath, on: layer) }
            let track = KeyframeTrack(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions, mode: mode)
            body = .value(keyPath, .keyframes(Box(track)), additive: animation.isAdditive)
            pacing = animation.timingFunction.map { .timingFunction($0) } ?? .linear
        case .group(let children):
            var resolved: [ActiveAnimation] = []
            for child in children {
                resolved.append(try resolve(child, key: nil, layer: layer, defaultDuration: timing.duration,
                                            layerTime: 0, inGroup: true))
            }
            body = .group(resolved)
            pacing = animation.timingFunction.map { .timingFunction($0) } ?? .linear
        case .transition(let type, let subtype):
            body = .transition(type, subtype)
            pacing = animation.timingFunction.map { .timingFunction($0) } ?? .linear
        }
        return ActiveAnimation(sequence: sequence(), key: key, definition: animation, timing: timing, pacing: pacing,
                               body: body)
    }

    private func requireKeyPath(_ animation: Animation) throws(EngineError) -> LayerKeyPath {
        guard let keyPath = animation.keyPath else { throw EngineError("a property animation needs a key path") }
        return keyPath
    }

    func check(_ value: AnimatableValue, for keyPath: LayerKeyPath, on layer: Int) throws(EngineError) {
        if keyPath == .path {
            guard case .path = value else { throw EngineError("path takes a path, not a \(value.kindName)") }
            return
        }
        let expected = modelValue(keyPath, of: layer)
        guard value.isSameKind(as: expected) else {
            throw EngineError("\(keyPath.rawValue) takes a \(expected.kindName), not a \(value.kindName)")
        }
    }

    /// Attaches an animation made by the engine itself (a property animator's), replacing
    /// any under the same key.
    func attach(_ active: ActiveAnimation, to layer: LayerID) {
        let index = layer.rawValue
        if let key = active.key, let existing = animations(of: index).first(where: { $0.key == key }) {
            stop(existing, finished: false, in: index)
        }
        append(active, to: index)
    }

    /// Removes the animation under `key` (its delegate hears finished = false).
    func removeAnimation(forKey key: String, from layer: LayerID) {
        let index = layer.rawValue
        guard let existing = animations(of: index).first(where: { $0.key == key }) else { return }
        stop(existing, finished: false, in: index)
    }

    /// The animations still running (not yet stopped) on `root` and the layers under it,
    /// with the engine time each ends: what a transition leaves in motion.
    public func runningAnimations(under root: LayerID) -> [RunningAnimation] {
        guard contains(root) else { return [] }
        var found: [RunningAnimation] = []
        var pending = [root.rawValue]
        while let index = pending.popLast() {
            pending += records[index].children
            let span = records[index].animationSpan
            guard !span.isEmpty else { continue }
            let map = timeMap(of: index)
            for slot in span.slots where !animationTable[slot].hasStopped {
                let animation = animationTable[slot].owner!
                let keyPath: String?
                if case .value(let path, _, _) = animation.body { keyPath = path.rawValue } else { keyPath = nil }
                found.append(RunningAnimation(layer: LayerID(rawValue: index), key: animation.key, keyPath: keyPath,
                                              end: map.engineTime(animationTable[slot].endTime) ?? .infinity))
            }
        }
        return found.sorted { ($0.end, $0.layer) < ($1.end, $1.layer) }
    }

    /// Removes every animation of a layer: those running are stopped (their delegates hear
    /// finished = false), those kept after they finished are taken off. One that a stop
    /// callback adds meanwhile stays (as in UIKit, where it comes after the removal).
    func removeAllAnimations(from layer: LayerID) {
        let index = layer.rawValue
        let attached = animations(of: index)
        for animation in attached { stop(animation, finished: false, in: index) }
        for animation in attached { detach(animation, from: index) }
    }

    // MARK: The table of animations

    /// The animations attached to the layer at `index`, oldest first.
    func animations(of index: Int) -> [ActiveAnimation] {
        animationTable.owners(of: records[index].animationSpan)
    }

    /// Whether any animation is attached to `layer` (running, or kept after it finished).
    package func hasAnimations(_ layer: LayerID) -> Bool {
        !records[layer.rawValue].animationSpan.isEmpty
    }

    /// Attaches `active` after the layer's other animations and schedules the layer.
    private func append(_ active: ActiveAnimation, to index: Int) {
        // In the animated records before the table changes: a compaction lays out those.
        animatedRecords.insert(index)
        animationTable.append(active, to: &records[index].animationSpan)
        animationsChanged(index)
        reschedule(index)
    }

    /// Takes `animation` off the layer at `index` without stopping it (a property
    /// animator's own, which it ends itself; one kept after it finished); nothing when it
    /// is not there.
    func detach(_ animation: ActiveAnimation, from index: Int) {
        guard let slot = animationTable.slot(of: animation, in: records[index].animationSpan) else { return }
        detach(slot: slot, from: index)
    }

    /// Takes the animation in `slot` off the layer at `index`.
    func detach(slot: Int, from index: Int) {
        animationTable.remove(slot: slot, from: &records[index].animationSpan)
        animationsChanged(index)
    }

    /// Keeps the record's flags with its animations, and the table compact.
    private func animationsChanged(_ index: Int) {
        records[index].animationsChanged(animations(of: index))
        guard animationTable.wantsCompaction else { return }
        // Every layer with animations is among the animated records, in record order.
        let layers = Array(animatedRecords)
        let spans = animationTable.compacted(layers.map { records[$0].animationSpan })
        for (index, span) in zip(layers, spans) { records[index].animationSpan = span }
    }
}

extension AnimatableValue {
    /// "number", "point", ...: for messages.
    var kindName: String {
        switch self {
        case .number: return "number"
        case .point: return "point"
        case .size: return "size"
        case .rect: return "rect"
        case .color: return "color"
        case .transform: return "transform"
        case .path: return "path"
        }
    }
}
