import AnimatorABI

/// A layer's own properties (`@Managed`, or any key `setValue(_:forKey:)` is given that is
/// not Core Animation's), kept by the host beside the layer so that every object on it
/// finds them. An animatable value is carried by a standalone layer of the host's that
/// no one sees (a number as its zPosition, a point as its position...): animations of the
/// key run there, on the engine's clock, and its presentation value is the property's.
final class ManagedValues: LayerSideObject {
    /// The model values, by key.
    var model: [String: Any] = [:]
    /// The carrier of each animatable key, with the key path that carries it.
    var carriers: [String: (layer: CALayer, keyPath: String)] = [:]
    /// The keys whose animations redisplay the layer at every frame now.
    var redisplaying: Set<String> = []
}

extension CALayer {
    /// Core Animation's own keys (the first part of a key path): everything else is the
    /// layer's own.
    static let coreAnimationKeys: Set<String> = [
        "bounds", "position", "anchorPoint", "transform", "opacity", "hidden", "isHidden", "backgroundColor",
        "cornerRadius", "borderWidth", "borderColor", "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor",
        "shadowPath", "zPosition", "sublayerTransform", "doubleSided", "fillColor", "strokeColor", "lineWidth",
        "strokeStart", "strokeEnd", "backdropBlurRadius", "backdropSaturation", "backdropTintColor", "path", "frame",
        "cornerCurve", "maskedCorners", "masksToBounds", "fillRule", "lineCap", "lineJoin", "miterLimit", "lineDashPhase",
        "contents", "contentsRect", "contentsCenter", "contentsScale", "contentsGravity", "mask", "sublayers",
        "colors", "locations", "startPoint", "endPoint", "speed", "timeOffset", "beginTime",
    ]

    /// Whether `keyPath` names one of the layer's own properties rather than Core Animation's.
    static func isManagedKey(_ keyPath: String) -> Bool {
        let first = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        return !coreAnimationKeys.contains(first)
    }

    /// The address this copy of AnimatorKit keeps a layer's own values under with the host.
    private static let managedValuesKey = UInt(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// The layer's own values, kept by the host beside the layer (batch 1.8), or by this
    /// object where the host cannot keep them; made when `creating`.
    func managedValues(creating: Bool) -> ManagedValues? {
        if let ownValues { return ownValues }
        if let kept = sideObject(ManagedValues.self, key: Self.managedValuesKey, creating: creating, what: "@Managed") {
            return kept
        }
        guard creating else { return nil }
        ownValues = ManagedValues()
        return ownValues
    }

    /// The value of the layer's own property `key`: the value of the moment on a
    /// presentation layer, else the model value (nil before one is set).
    func managedValue(forKey key: String) -> Any? {
        guard let values = managedValues(creating: false) else { return nil }
        let model = values.model[key]
        guard isPresentation, let carrier = values.carriers[key],
              let now = carrier.layer.presentationValue(forKeyPath: carrier.keyPath) else { return model }
        switch now {
        case .number(let n): return n
        case .point(let p): return p
        case .size(let s): return s
        case .rect(let r): return r
        case .color(let c): return c
        case .transform(let t): return t
        case .path: return model
        }
    }

    /// Sets the layer's own property `key`, as Core Animation changes a dynamic property:
    /// `action(forKey:)` is asked while the old value holds, the value is kept, then the
    /// action runs (an animation is added under the key), and the layer is due for display
    /// when its class's `needsDisplay(forKey:)` says so.
    func setManagedValue(_ value: Any?, forKey key: String) {
        guard let values = managedValues(creating: true) else { return }
        let action = link.hasEngine && handle != AH_NULL_HANDLE ? action(forKey: key) : nil
        values.model[key] = value
        if let value, let carried = CAValue(any: value) { carry(carried, forKey: key, in: values) }
        switch action {
        case let animation as CAAnimation: add(animation, forKey: key)
        case nil, is NSNull: break
        case let custom?: custom.run(forKey: key, object: self, arguments: nil)
        }
        if type(of: self).needsDisplay(forKey: key) { setNeedsDisplay() }
    }

    /// Sets the carrier of `key` to `value` (made, with no actions of its own, the first
    /// time). A value of another kind than before, or one no carrier animates, drops it.
    private func carry(_ value: CAValue, forKey key: String, in values: ManagedValues) {
        guard let keyPath = ManagedValue.carrier(for: value) else {
            values.carriers[key] = nil
            return
        }
        if values.carriers[key]?.keyPath != keyPath {
            guard link.hasEngine, let made = CALayer.makeHostLayer() else { return }
            let carrier = CALayer(link: made.0, handle: made.1)
            let top = String(keyPath.split(separator: ".").first ?? "")
            link.check(link.table.layer_set_action(link.host, carrier.handle, top, ah_action_mode(AH_ACTION_NONE), nil),
                       "@Managed")
            values.carriers[key] = (carrier, keyPath)
        }
        values.carriers[key]?.layer.set(keyPath, value)
    }

    /// Adds `animation` of the layer's own property (its key path is one): to the
    /// property's carrier, under `key`. A redisplay at every frame starts when the class
    /// asks for it. False when the property has no carrier (no value of an animatable kind).
    func addManaged(_ animation: CAPropertyAnimation, keyPath: String, forKey key: String?) -> Bool {
        guard let values = managedValues(creating: true) else { return false }
        if values.carriers[keyPath] == nil, let from = (animation as? CABasicAnimation)?.anyValue,
           let carried = CAValue(any: from) {
            // Animated before ever set: its kind is the animation's (Core Animation's zero start).
            carry(carried.zero, forKey: keyPath, in: values)
        }
        guard let carrier = values.carriers[keyPath], let copy = animation.copy() as? CAPropertyAnimation else {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "add(_:forKey:): '\(keyPath)' holds no number, point, size, rectangle, color or transform to animate")
            return false
        }
        copy.keyPath = carrier.keyPath
        carrier.layer.add(copy, forKey: key ?? keyPath)
        if type(of: self).needsDisplay(forKey: keyPath) { redisplay(whileAnimating: keyPath, in: values) }
        return true
    }

    /// The keys of the animations running on the layer's own properties.
    func managedAnimationKeys() -> [String] {
        guard let values = managedValues(creating: false) else { return [] }
        return values.carriers.values.flatMap { $0.layer.animationKeys() }
    }

    /// The carrier running an animation under `key`, if any.
    func managedCarrier(runningAnimationForKey key: String) -> CALayer? {
        managedValues(creating: false)?.carriers.values.map(\.layer).first { $0.animationKeys().contains(key) }
    }

    /// Removes the animations of the layer's own properties (under `key`, or all).
    func removeManagedAnimations(forKey key: String?) {
        guard let values = managedValues(creating: false) else { return }
        for carrier in values.carriers.values {
            if let key { carrier.layer.removeAnimation(forKey: key) } else { carrier.layer.removeAllAnimations() }
        }
    }

    /// Displays the layer at every refresh of the screen while an animation of `key` runs
    /// (with the values of the moment), then once more as it is.
    func redisplay(whileAnimating key: String, in values: ManagedValues) {
        guard !values.redisplaying.contains(key) else { return }
        values.redisplaying.insert(key)
        func next() {
            guard let now = HostTimer.now else { return }
            let refresh = (now * Double(CADisplayLink.refreshRate) + 1e-6).rounded(.down) + 1
            HostTimer.after(refresh / Double(CADisplayLink.refreshRate) - now, "needsDisplay(forKey:)") { [weak self] in
                guard let self else { return }
                if self.isAnimating(key, in: values) {
                    self.displayShowingTheMoment()
                    next()
                } else {
                    values.redisplaying.remove(key)
                    self.display()
                }
            }
        }
        next()
    }

    /// Whether an animation of `keyPath` runs on the layer now.
    private func isAnimating(_ keyPath: String, in values: ManagedValues) -> Bool {
        if let carrier = values.carriers[keyPath] { return !carrier.layer.animationKeys().isEmpty }
        return !animationKeys().isEmpty
    }

    /// What `display()` runs at the end of a host call: while an animation redisplays the
    /// layer at every frame, with the values of the moment; else as it is.
    func displayAsShown() {
        if let values = managedValues(creating: false), !values.redisplaying.isEmpty {
            displayShowingTheMoment()
        } else {
            display()
        }
    }

    /// `display()` with this object reading presentation values (Core Animation displays
    /// the presentation layer: `radius` and `presentation()?.radius` both read the value
    /// of the moment), its own stored properties as they are.
    private func displayShowingTheMoment() {
        let was = isPresentation
        isPresentation = true
        defer { isPresentation = was }
        display()
    }
}

extension CABasicAnimation {
    /// A value the animation names (from, to or by), for the kind of what it animates.
    var anyValue: Any? { fromValue ?? toValue ?? byValue }
}

extension CAValue {
    /// The zero of this kind of value.
    var zero: CAValue {
        switch self {
        case .number: return .number(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .rect: return .rect(.zero)
        case .color: return .color(UIColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .transform: return .transform(CATransform3DIdentity)
        case .path(let p): return .path(p)
        }
    }
}
