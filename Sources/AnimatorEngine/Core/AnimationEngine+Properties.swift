extension AnimationEngine {
    /// Sets a model value and runs the action the change calls for: for a view's layer,
    /// the view answers (an animation inside an animation block, nothing outside); for a
    /// standalone layer, Core Animation's lookup (delegate, `actions`, `style`, the
    /// default implicit animation) unless the transaction disables actions.
    ///
    /// - Throws: `EngineError` when the value does not fit the key path.
    public func setValue(_ value: AnimatableValue, for keyPath: LayerKeyPath, of layer: LayerID) throws(EngineError) {
        try check(value, for: keyPath, on: layer.rawValue)
        set(value, keyPath, layer)
    }

    /// `setValue` for values known to fit (the typed Swift API).
    func set(_ value: AnimatableValue, _ keyPath: LayerKeyPath, _ layer: LayerID) {
        let oldValue = modelValue(keyPath, of: layer.rawValue)
        guard oldValue != value else { return }
        let oldPresentation = presentationValue(keyPath, of: layer)
        preserveLook(layer.rawValue)
        if keyPath == .path {
            guard case .path(let path) = value else { return }
            var shape = records[layer.rawValue].shape ?? LayerShape()
            shape.path = path.elements.isEmpty ? nil : path
            records[layer.rawValue].shape = shape
        } else if keyPath.isExtra {
            var extras = records[layer.rawValue].extras ?? LayerExtras()
            keyPath.set(value, in: &extras)
            records[layer.rawValue].extras = extras
        } else {
            keyPath.set(value, in: &records[layer.rawValue].model)
        }
        let record = records[layer.rawValue]
        _ = currentTransaction()
        let event = ActionEvent(layer: Layer(engine: self, id: layer), keyPath: keyPath, oldValue: oldValue,
                                oldPresentationValue: oldPresentation, newValue: value)
        if record.isView {
            runViewAction(event)
        } else {
            runLayerAction(event, record: record)
        }
    }

    /// A change as Core Animation's action lookup sees it: at the level of the whole
    /// property ("transform" for a change of "transform.scale"), with the whole old, new
    /// and on-screen values.
    public func propertyLevel(_ event: ActionEvent) -> ActionEvent {
        let property = event.keyPath.property
        guard property != event.keyPath, !event.keyPath.isExtra, event.keyPath != .path else { return event }
        let model = records[event.layer.id.rawValue].model
        var old = model
        event.keyPath.set(event.oldValue, in: &old)
        var shown = presentation(of: event.layer.id)
        event.keyPath.set(event.oldPresentationValue, in: &shown)
        return ActionEvent(layer: event.layer, keyPath: property, oldValue: property.get(old),
                           oldPresentationValue: property.get(shown), newValue: property.get(model))
    }

    /// The model value at a key path (a shape's path and the extras included).
    func modelValue(_ keyPath: LayerKeyPath, of index: Int) -> AnimatableValue {
        if keyPath == .path { return .path(records[index].shape?.path ?? ShapePath()) }
        if keyPath.isExtra { return keyPath.get(records[index].extras ?? LayerExtras()) }
        return keyPath.get(records[index].model)
    }

    /// The model value at a key path (CALayer.value(forKeyPath:)).
    public func modelValue(_ keyPath: LayerKeyPath, of layer: LayerID) -> AnimatableValue {
        modelValue(keyPath, of: layer.rawValue)
    }

    /// The presentation value at a key path at `time` (default now).
    public func presentationValue(_ keyPath: LayerKeyPath, of layer: LayerID, at time: Double? = nil) -> AnimatableValue {
        if keyPath == .path { return .path(shape(of: layer, at: time)?.path ?? ShapePath()) }
        if keyPath.isExtra { return keyPath.get(extras(of: layer, at: time) ?? LayerExtras()) }
        return keyPath.get(presentation(of: layer, at: time))
    }

    private func runViewAction(_ event: ActionEvent) {
        guard event.keyPath != .hidden else { return }
        // A view's own override (a UIView subclass's action(for:forKey:)) answers first.
        if let delegate = records[event.layer.id.rawValue].delegate {
            let answer = delegate.action(for: event)
            guard case .continueSearch = answer else {
                run(answer, for: event)
                return
            }
        }
        // The innermost context answers; a custom one that answers nil (continueSearch)
        // leaves the answer to the one around it.
        var index = viewContexts.count - 1
        while index >= 0, case .custom(let provider) = viewContexts[index] {
            let answer = provider(event)
            guard case .continueSearch = answer else {
                run(answer, for: event)
                return
            }
            index -= 1
        }
        guard index >= 0, areAnimationsEnabled else { return }
        switch viewContexts[index] {
        case .withoutAnimation, .custom:
            return
        case .recording(let recorder):
            recorder.record(event)
        case .block(let block):
            // UIKit: a block of duration 0 changes the views at once, without animation
            // (its completion still runs, finished, after this step).
            guard block.duration > 0 else { return }
            var animation = Animation.basic(event.keyPath,
                                            from: block.options.contains(.beginFromCurrentState)
                                                ? event.oldPresentationValue : event.oldValue,
                                            to: event.newValue)
            (animation.timing, animation.timingFunction) = blockTiming(block, layer: event.layer.id)
            _ = try? addAnimation(animation, forKey: event.keyPath.property.rawValue, to: event.layer.id,
                                  groups: [block.group])
        case .keyframes(let collector, let start, let duration):
            collector.record(event, start: start, duration: duration)
        case .propertyAnimator(let animator, let delayFactor):
            animator.attach(event, delayFactor: delayFactor)
        }
    }

    /// The timing of a view change's animation in `block`: from now (plus the block's
    /// delay, filled backwards) in `layer`'s time, repeated and reversed as its options say.
    private func blockTiming(_ block: BlockAnimation, layer: LayerID) -> (MediaTiming, TimingFunction) {
        let now = layerTime(of: layer, at: currentTime)
        let timing = MediaTiming(beginTime: now + block.delay, duration: block.duration,
                                 repeatCount: block.options.contains(.repeat) ? .infinity : 0,
                                 autoreverses: block.options.contains(.autoreverse),
                                 fillMode: block.delay > 0 ? .backwards : .removed)
        return (timing, block.timing)
    }

    /// The timing a change of `layer` (a view's) made now gets from the innermost
    /// UIView.animate block: what UIView's `action(for:forKey:)` answers inside one (its
    /// curve, or a spring as `.spring`). Nil outside a block, in one of duration 0, in
    /// performWithoutAnimation, keyframes, a property animator's animations or a custom
    /// API's, between beginAnimations and commitAnimations, or with animations disabled.
    public func blockAnimationTiming(for layer: LayerID) -> (timing: MediaTiming, timingFunction: TimingFunction)? {
        guard areAnimationsEnabled, records.indices.contains(layer.rawValue),
              case .block(let block)? = viewContexts.last(where: { if case .custom = $0 { false } else { true } }),
              block.duration > 0 else { return nil }
        return blockTiming(block, layer: layer)
    }

    private func runLayerAction(_ event: ActionEvent, record: LayerRecord) {
        guard !transaction.disableActions else { return }
        let key = event.keyPath.property.rawValue
        let sources: [ActionLookup?] = [record.delegate?.action(for: event), record.actions[key],
                                        record.style[key]]
        for source in sources {
            switch source {
            case .action(let action)?:
                run(.action(action), for: event)
                return
            case .noAction?:
                return
            case .continueSearch?, nil:
                continue
            }
        }
        var animation = Animation.basic(event.keyPath, from: event.oldPresentationValue, to: event.newValue)
        animation.timingFunction = transaction.animationTimingFunction ?? .caDefault
        _ = try? addAnimation(animation, forKey: key, to: event.layer.id)
    }

    /// Runs what an action lookup found.
    func run(_ lookup: ActionLookup, for event: ActionEvent) {
        guard case .action(let action) = lookup else { return }
        switch action {
        case .custom(let body):
            body(event)
        case .animation(var animation):
            if animation.keyPath == nil { animation.keyPath = event.keyPath }
            if case .basic(nil, nil, nil) = animation.kind {
                animation.kind = .basic(from: event.oldPresentationValue, to: event.newValue, by: nil)
            }
            if animation.timingFunction == nil {
                animation.timingFunction = transaction.animationTimingFunction ?? .caDefault
            }
            _ = try? addAnimation(animation, forKey: event.keyPath.property.rawValue, to: event.layer.id)
        }
    }
}
