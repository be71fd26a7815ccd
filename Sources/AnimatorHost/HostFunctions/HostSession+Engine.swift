import AnimatorABI
import AnimatorEngine
import Glibc

/// A key that layer_get/layer_set accept: a Core Animation key path, or one of the
/// non-animatable or derived properties.
private enum PropertyKey {
    case keyPath(LayerKeyPath)
    case frame
    case masksToBounds
    /// A shape layer's style (batch 1.5): fillRule, lineCap, lineJoin, miterLimit.
    case shapeStyle(String)

    init(_ c: UnsafePointer<CChar>?) throws(HostCallError) {
        guard let c else { throw .invalidArgument("key path is NULL") }
        switch String(cString: c) {
        case "frame": self = .frame
        case "masksToBounds": self = .masksToBounds
        case let style where ["fillRule", "lineCap", "lineJoin", "miterLimit"].contains(style): self = .shapeStyle(style)
        default: self = .keyPath(try CConversions.keyPath(c))
        }
    }
}

extension HostSession {
    /// A value for the plugin: paths as new handles it releases.
    func cValue(_ value: AnimatableValue) -> ah_value {
        guard case .path(let path) = value else { return CConversions.cValue(value) }
        var c = CConversions.cValue(value)
        c.path = path.elements.isEmpty ? AH_NULL_HANDLE : paths.insert(path)
        return c
    }

    /// A shape style as a number (the C constants' order).
    fileprivate static func styleNumber(_ key: String, _ shape: LayerShape) -> Double {
        switch key {
        case "fillRule": return Double(FillRule.allCases.firstIndex(of: shape.fillRule)!)
        case "lineCap": return Double(LineCap.allCases.firstIndex(of: shape.lineCap)!)
        case "lineJoin": return Double(LineJoin.allCases.firstIndex(of: shape.lineJoin)!)
        default: return shape.miterLimit
        }
    }

    /// Sets a shape style from a number.
    fileprivate static func setStyle(_ key: String, _ value: AnimatableValue, on layer: Layer) throws(HostCallError) {
        guard case .number(let number) = value, number.isFinite else { throw .invalidArgument("\(key) takes a number") }
        func pick<T>(_ all: [T]) throws(HostCallError) -> T {
            guard number >= 0, number == number.rounded(), Int(number) < all.count else {
                throw .invalidArgument("\(key) \(number) is not one of 0...\(all.count - 1)")
            }
            return all[Int(number)]
        }
        switch key {
        case "fillRule": let rule = try pick(FillRule.allCases); layer.updateShapeStyle { $0.fillRule = rule }
        case "lineCap": let cap = try pick(LineCap.allCases); layer.updateShapeStyle { $0.lineCap = cap }
        case "lineJoin": let join = try pick(LineJoin.allCases); layer.updateShapeStyle { $0.lineJoin = join }
        default:
            guard number >= 0 else { throw .invalidArgument("miterLimit \(number) is negative") }
            layer.updateShapeStyle { $0.miterLimit = number }
        }
    }
}

extension HostSession {
    /// Batch 1.1: the animation engine.
    static func installBatch1_1(in table: UnsafeMutablePointer<ah_host>) {
        installScene(in: table)
        installViewAnimations(in: table)
        installCoreAnimation(in: table)
        installPropertyAnimators(in: table)
    }

    /// Batch 1.2: the transition context.
    static func installBatch1_2(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.context_container_view = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                try required(out, "out").pointee = session.handle(for: state.container.layer.id)
            }
        }
        table.pointee.context_view = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let view = try HostSession.side(key) ? state.fromView : state.toView
                try required(out, "out").pointee = view.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
            }
        }
        table.pointee.context_initial_frame = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let frame = try HostSession.side(key) ? state.initialFrames.from : state.initialFrames.to
                try required(out, "out").pointee = HostSession.cRect(frame)
            }
        }
        table.pointee.context_final_frame = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let frame = try HostSession.side(key) ? state.finalFrames.from : state.finalFrames.to
                try required(out, "out").pointee = HostSession.cRect(frame)
            }
        }
        table.pointee.context_complete_transition = { host, ctx, didComplete in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                do throws(TransitionState.Misuse) {
                    try state.complete(didComplete)
                } catch {
                    throw .invalidState(error.message)
                }
            }
        }
        table.pointee.context_was_cancelled = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.transition(ctx).wasCancelled
            }
        }
        table.pointee.context_presentation_style = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.transition(ctx).presentationStyle.rawValue
            }
        }
    }

    /// Batch 1.3: the transition coordinator.
    static func installBatch1_3(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.context_percent_complete = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                try required(out, "out").pointee = state.coordinator?.percentComplete ?? (state.completion == nil ? 0 : 1)
            }
        }
        table.pointee.context_animate_alongside = { host, ctx, follow, animation, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                guard state.completion == nil, let coordinator = state.coordinator else {
                    throw .invalidState("the transition has completed: alongside animations are no longer taken")
                }
                let view = follow == AH_NULL_HANDLE ? nil : try session.view(follow)
                let pointer = UserDataPointer(raw: userData)
                _ = coordinator.add(TransitionCoordinator.Alongside(
                    view: view,
                    animation: animation.map { call in { [marker = session.marker] _ in PluginCallMarker.calling(marker, .block, nil) { call(pointer.raw) } } },
                    completion: completion.map { call in { [marker = session.marker] context in
                        PluginCallMarker.calling(marker, .block, nil) { call(pointer.raw, context.isCancelled) } } }))
            }
        }
        table.pointee.context_update_interactive = { host, ctx, percent in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                guard percent.isFinite, percent >= 0, percent <= 1 else {
                    throw .invalidArgument("percent \(percent) is outside 0...1")
                }
                guard state.isInteractive else { throw .invalidState("the transition is no longer interactive (pause first)") }
                state.reportedPercent = percent
                state.percentDriver?.live(.update(percent), at: session.engine.currentTime)
            }
        }
        table.pointee.context_finish_interactive = { host, ctx in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                guard state.isInteractive else { throw .invalidState("the transition is no longer interactive") }
                if let driver = state.percentDriver {
                    driver.live(.finish, at: session.engine.currentTime)
                } else {
                    state.setInteractive(false)
                }
            }
        }
        table.pointee.context_cancel_interactive = { host, ctx in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                guard state.isInteractive else { throw .invalidState("the transition is no longer interactive") }
                if let driver = state.percentDriver {
                    driver.live(.cancel, at: session.engine.currentTime)
                } else {
                    state.wasCancelled = true
                    state.setInteractive(false)
                }
            }
        }
        table.pointee.context_view_controller_name = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let screen = try HostSession.side(key) ? state.from : state.to
                try required(out, "out").pointee = session.cName(screen.name)
            }
        }
        table.pointee.context_target_transform = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                _ = try session.transition(ctx)
                try required(out, "out").pointee = CConversions.cValue(.transform(.identity)).transform
            }
        }
        table.pointee.context_pause_interactive = { host, ctx in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                if let driver = state.percentDriver {
                    driver.live(.pause, at: session.engine.currentTime)
                } else {
                    state.wasCancelled = false
                    state.setInteractive(true)
                }
            }
        }
    }

    /// The screen names handed to plugins, kept as C strings for the life of the session.
    func cName(_ name: String) -> UnsafePointer<CChar> {
        if let existing = screenNames[name] { return existing }
        let copy = UnsafePointer(strdup(name)!)
        screenNames[name] = copy
        return copy
    }

    /// The transition behind `ctx`, which must be driven by the animator's own interaction.
    func ownInteraction(_ ctx: ah_context) throws(HostCallError) -> TransitionState {
        let state = try transition(ctx)
        guard state.drivenByAnimator else {
            throw .invalidState("the animator is not this transition's interaction controller (no start_interactive call)")
        }
        guard state.completion == nil else { throw .invalidState("the transition has completed") }
        return state
    }

    /// The live transition behind a context handle.
    func transition(_ ctx: ah_context) throws(HostCallError) -> TransitionState {
        switch contexts.lookup(ctx) {
        case .success(let state):
            guard let transition = state.transition else {
                throw .invalidState("this context only answers durations: no transition is running")
            }
            return transition
        case .failure(.staleHandle): throw .staleHandle("context handle \(ctx) is stale (its transition has ended)")
        case .failure: throw .invalidHandle("\(ctx) is not a context handle of this host")
        }
    }

    /// true for the from side, false for the to side.
    static func side(_ key: ah_context_key) throws(HostCallError) -> Bool {
        switch Int(key) {
        case AH_CONTEXT_FROM: return true
        case AH_CONTEXT_TO: return false
        default: throw .invalidArgument("unknown context key \(key)")
        }
    }

    static func cRect(_ rect: Rect) -> ah_rect {
        ah_rect(origin: ah_point(x: rect.origin.x, y: rect.origin.y), size: ah_size(width: rect.size.width, height: rect.size.height))
    }

    static func swiftRect(_ rect: ah_rect) -> Rect {
        Rect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }

    private static func installScene(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.last_error = { host in
            guard let session = HostSession.from(host), session.isOnHostThread else { return HostSession.emptyError }
            return session.lastError.withUnsafeBufferPointer { $0.baseAddress }
        }
        table.pointee.current_time = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.currentTime
            }
        }
        table.pointee.layer_create = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                out.pointee = session.handle(for: session.engine.makeLayer().id)
            }
        }
        table.pointee.view_create = { host, frame, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let rect = Rect(x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
                guard [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("frame is not finite")
                }
                out.pointee = session.handle(for: session.engine.makeView(frame: rect).layer.id)
            }
        }
        table.pointee.layer_set_name = { host, layer, name in
            HostSession.call(host) { session throws(HostCallError) in
                try session.layer(layer).name = CConversions.string(name)
            }
        }
        table.pointee.layer_get = { host, layer, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let out = try required(out, "out")
                switch try PropertyKey(key) {
                case .keyPath(let keyPath): out.pointee = session.cValue(session.engine.modelValue(keyPath, of: target.id))
                case .frame: out.pointee = CConversions.cValue(.rect(target.frame))
                case .masksToBounds: out.pointee = CConversions.cValue(.number(target.masksToBounds ? 1 : 0))
                case .shapeStyle(let style):
                    out.pointee = CConversions.cValue(.number(HostSession.styleNumber(style, target.shape ?? LayerShape())))
                }
            }
        }
        table.pointee.layer_set = { host, layer, key, value in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let new = try CConversions.value(try required(value, "value").pointee, paths: session.paths)
                switch try PropertyKey(key) {
                case .keyPath(let keyPath):
                    do throws(EngineError) {
                        try session.engine.setValue(new, for: keyPath, of: target.id)
                    } catch {
                        throw .invalidArgument(error.reason)
                    }
                case .frame:
                    guard case .rect(let rect) = new else { throw .invalidArgument("frame takes a rect") }
                    target.frame = rect
                case .masksToBounds:
                    guard case .number(let flag) = new else { throw .invalidArgument("masksToBounds takes a number") }
                    target.masksToBounds = flag != 0
                case .shapeStyle(let style):
                    try HostSession.setStyle(style, new, on: target)
                }
            }
        }
        table.pointee.layer_presentation = { host, layer, time, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let out = try required(out, "out")
                guard time.isFinite else { throw .invalidArgument("time is not finite") }
                let shown = target.presentation(at: time)
                switch try PropertyKey(key) {
                case .keyPath(let keyPath) where keyPath.isExtra || keyPath == .path:
                    out.pointee = session.cValue(session.engine.presentationValue(keyPath, of: target.id, at: time))
                case .keyPath(let keyPath): out.pointee = CConversions.cValue(keyPath.get(shown))
                case .frame: out.pointee = CConversions.cValue(.rect(shown.frame))
                case .masksToBounds: out.pointee = CConversions.cValue(.number(shown.masksToBounds ? 1 : 0))
                case .shapeStyle(let style):
                    out.pointee = CConversions.cValue(.number(HostSession.styleNumber(style, target.shape ?? LayerShape())))
                }
            }
        }
        table.pointee.layer_insert = { host, parent, child, mode, index, sibling in
            HostSession.call(host) { session throws(HostCallError) in
                let parent = try session.layer(parent)
                let child = try session.layer(child)
                do {
                    switch Int(mode) {
                    case AH_INSERT_TOP: try parent.addSublayer(child)
                    case AH_INSERT_BOTTOM: try parent.insertSublayer(child, at: 0)
                    case AH_INSERT_AT_INDEX: try parent.insertSublayer(child, at: Int(index))
                    case AH_INSERT_ABOVE: try parent.insertSublayer(child, above: try session.layer(sibling))
                    case AH_INSERT_BELOW: try parent.insertSublayer(child, below: try session.layer(sibling))
                    default: throw HostCallError.invalidArgument("unknown insert mode \(mode)")
                    }
                } catch let error as HostCallError {
                    throw error
                } catch let error as EngineError {
                    throw .invalidArgument(error.reason)
                } catch {
                    throw .invalidArgument("\(error)")
                }
            }
        }
        table.pointee.layer_remove_from_superlayer = { host, layer in
            HostSession.call(host) { session throws(HostCallError) in
                try session.layer(layer).removeFromSuperlayer()
            }
        }
        table.pointee.layer_superlayer = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                let parent = try session.layer(layer).superlayer
                try required(out, "out").pointee = parent.map { session.handle(for: $0.id) } ?? AH_NULL_HANDLE
            }
        }
        table.pointee.layer_sublayer_count = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = UInt32(try session.layer(layer).sublayers.count)
            }
        }
        table.pointee.layer_sublayer_at = { host, layer, index, out in
            HostSession.call(host) { session throws(HostCallError) in
                let sublayers = try session.layer(layer).sublayers
                guard Int(index) < sublayers.count else {
                    throw .invalidArgument("sublayer index \(index) is out of range (\(sublayers.count) sublayers)")
                }
                try required(out, "out").pointee = session.handle(for: sublayers[Int(index)].id)
            }
        }
        table.pointee.view_snapshot = { host, view, after, out in
            HostSession.call(host) { session throws(HostCallError) in
                let snapshot = try session.view(view).snapshotView(afterScreenUpdates: after)
                try required(out, "out").pointee = session.handle(for: snapshot.layer.id)
            }
        }
        table.pointee.view_hit_test = { host, view, point, out in
            HostSession.call(host) { session throws(HostCallError) in
                let hit = try session.view(view).hitTest(Point(x: point.x, y: point.y))
                try required(out, "out").pointee = hit.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
            }
        }
    }

    private static func installViewAnimations(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.view_animate = { host, settings, animations, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let s = try HostSession.blockSettings(settings)
                let body = try required(animations, "animations")
                let done = session.completion(completion, userData)
                if let spring = s.spring {
                    session.engine.animate(withDuration: s.duration, delay: s.delay, usingSpringWithDamping: spring.dampingRatio,
                                           initialSpringVelocity: spring.velocity, options: s.options,
                                           animations: { body(userData) }, completion: done)
                } else {
                    session.engine.animate(withDuration: s.duration, delay: s.delay, options: s.options,
                                           animations: { body(userData) }, completion: done)
                }
            }
        }
        table.pointee.view_animate_keyframes = { host, settings, animations, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let s = try HostSession.viewAnimation(settings)
                let body = try required(animations, "animations")
                session.engine.animateKeyframes(withDuration: s.pointee.duration, delay: s.pointee.delay,
                                                options: AnimationOptions(rawValue: UInt(s.pointee.options)),
                                                animations: { body(userData) }, completion: session.completion(completion, userData))
            }
        }
        table.pointee.view_add_keyframe = { host, start, duration, animations, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let body = try required(animations, "animations")
                guard start.isFinite, duration.isFinite else { throw .invalidArgument("keyframe times must be finite") }
                try engineCall { () throws(EngineError) in
                    try session.engine.addKeyframe(withRelativeStartTime: start, relativeDuration: duration) { body(userData) }
                }
            }
        }
        table.pointee.view_perform_without_animation = { host, actions, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let body = try required(actions, "actions")
                session.engine.performWithoutAnimation { body(userData) }
            }
        }
    }

    private static func installCoreAnimation(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.transaction_begin = { host in
            HostSession.call(host) { session throws(HostCallError) in session.engine.transaction.begin() }
        }
        table.pointee.transaction_commit = { host in
            HostSession.call(host) { session throws(HostCallError) in
                try engineCall { () throws(EngineError) in try session.engine.transaction.commit() }
            }
        }
        table.pointee.transaction_set_duration = { host, duration in
            HostSession.call(host) { session throws(HostCallError) in
                guard duration.isFinite, duration >= 0 else { throw .invalidArgument("duration must be finite and not negative") }
                session.engine.transaction.animationDuration = duration
            }
        }
        table.pointee.transaction_set_timing_function = { host, function in
            HostSession.call(host) { session throws(HostCallError) in
                session.engine.transaction.animationTimingFunction = try function.map { p throws(HostCallError) in
                    try CConversions.timing(p.pointee)
                } ?? nil
            }
        }
        table.pointee.transaction_set_disable_actions = { host, disable in
            HostSession.call(host) { session throws(HostCallError) in session.engine.transaction.disableActions = disable }
        }
        table.pointee.transaction_set_completion = { host, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                session.engine.transaction.setCompletionBlock(completion.map { completion in
                    { [marker = session.marker] in PluginCallMarker.calling(marker, .block, nil) { completion(userData) } } })
            }
        }
        table.pointee.layer_add_animation = { host, layer, description, key in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let animation = try CConversions.animation(description, paths: session.paths)
                do throws(EngineError) {
                    try target.add(animation, forKey: CConversions.string(key))
                } catch {
                    throw .invalidArgument(error.reason)
                }
            }
        }
        table.pointee.layer_remove_animation = { host, layer, key in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                if let key = CConversions.string(key) { target.removeAnimation(forKey: key) } else { target.removeAllAnimations() }
            }
        }
        table.pointee.layer_animation_key_count = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = UInt32(try session.layer(layer).animationKeys().count)
            }
        }
        table.pointee.layer_animation_key_at = { host, layer, index, out in
            HostSession.call(host) { session throws(HostCallError) in
                let keys = try session.layer(layer).animationKeys()
                let out = try required(out, "out")
                guard Int(index) < keys.count else {
                    throw .invalidArgument("animation key index \(index) is out of range (\(keys.count) keys)")
                }
                out.pointee = session.keep(keys[Int(index)])
            }
        }
        table.pointee.layer_set_timing = { host, layer, begin, speed, offset in
            HostSession.call(host) { session throws(HostCallError) in
                guard begin.isFinite, speed.isFinite, offset.isFinite else { throw .invalidArgument("timing must be finite") }
                try session.layer(layer).timing = LayerTiming(beginTime: begin, speed: speed, timeOffset: offset)
            }
        }
        table.pointee.layer_set_paused = { host, layer, paused in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                if paused { target.pause() } else { target.resume() }
            }
        }
        table.pointee.layer_set_action = { host, layer, key, mode, description in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard let key = CConversions.string(key) else { throw .invalidArgument("key is NULL") }
                switch Int(mode) {
                case AH_ACTION_DEFAULT: target.actions[key] = nil
                case AH_ACTION_NONE: target.actions[key] = .noAction
                case AH_ACTION_ANIMATION: target.actions[key] = .action(.animation(try CConversions.animation(description, paths: session.paths,
                                                                                                               forAction: true)))
                default: throw .invalidArgument("unknown action mode \(mode)")
                }
            }
        }
    }

    private static func installPropertyAnimators(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.animator_create = { host, duration, parameters, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard duration.isFinite, duration >= 0 else { throw .invalidArgument("duration must be finite and not negative") }
                let animator = PropertyAnimator(engine: session.engine, duration: duration,
                                                timingParameters: try CConversions.timingParameters(parameters) ?? .default)
                out.pointee = session.animators.insert(animator)
            }
        }
        table.pointee.animator_add_animations = { host, handle, animations, userData, delayFactor in
            HostSession.call(host) { session throws(HostCallError) in
                let body = try required(animations, "animations")
                let animator = try session.animator(handle)
                try engineCall { () throws(EngineError) in
                    try animator.addAnimations({ [marker = session.marker] in PluginCallMarker.calling(marker, .block, nil) { body(userData) } },
                                              delayFactor: delayFactor)
                }
            }
        }
        table.pointee.animator_add_completion = { host, handle, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let completion = try required(completion, "completion")
                try session.animator(handle).addCompletion { [marker = session.marker] position in
                    PluginCallMarker.calling(marker, .block, nil) { completion(userData, ah_animator_position(position.rawValue)) }
                }
            }
        }
        table.pointee.animator_start = { host, handle, delay in
            HostSession.call(host) { session throws(HostCallError) in
                guard delay.isFinite, delay >= 0 else { throw .invalidArgument("delay must be finite and not negative") }
                let animator = try session.animator(handle)
                try engineCall { () throws(EngineError) in try animator.startAnimation(afterDelay: delay) }
            }
        }
        table.pointee.animator_pause = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                try engineCall { () throws(EngineError) in try animator.pauseAnimation() }
            }
        }
        table.pointee.animator_stop = { host, handle, withoutFinishing in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                try engineCall { () throws(EngineError) in try animator.stopAnimation(withoutFinishing) }
            }
        }
        table.pointee.animator_finish = { host, handle, position in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                guard let final = PropertyAnimator.Position(rawValue: Int(position)) else {
                    throw .invalidArgument("unknown position \(position)")
                }
                try engineCall { () throws(EngineError) in try animator.finishAnimation(at: final) }
            }
        }
        table.pointee.animator_continue = { host, handle, parameters, factor in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                let timing = try CConversions.timingParameters(parameters)
                try engineCall { () throws(EngineError) in
                    try animator.continueAnimation(withTimingParameters: timing, durationFactor: factor)
                }
            }
        }
        table.pointee.animator_get_fraction = { host, handle, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.animator(handle).fractionComplete
            }
        }
        table.pointee.animator_set_fraction = { host, handle, fraction in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                guard fraction.isFinite else { throw .invalidArgument("fraction \(fraction) is not a number in 0...1") }
                try engineCall { () throws(EngineError) in try animator.setFractionComplete(fraction) }
            }
        }
        table.pointee.animator_set_reversed = { host, handle, reversed in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                try engineCall { () throws(EngineError) in try animator.setReversed(reversed) }
            }
        }
        table.pointee.animator_get_state = { host, handle, state, running, reversed in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                state?.pointee = ah_animator_state(animator.state.rawValue)
                running?.pointee = animator.isRunning
                reversed?.pointee = animator.isReversed
            }
        }
        table.pointee.animator_set_flags = { host, handle, interruptible, scrubsLinearly, pausesOnCompletion in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.animator(handle)
                if interruptible != animator.isInterruptible {
                    try engineCall { () throws(EngineError) in try animator.setInterruptible(interruptible) }
                }
                animator.scrubsLinearly = scrubsLinearly
                animator.pausesOnCompletion = pausesOnCompletion
            }
        }
        table.pointee.spring_settling_duration = { host, mass, stiffness, damping, velocity, out in
            HostSession.call(host) { _ throws(HostCallError) in
                let out = try required(out, "out")
                guard mass > 0, stiffness > 0, damping >= 0, [mass, stiffness, damping, velocity].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("spring: mass and stiffness must be positive, damping not negative")
                }
                out.pointee = Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
                    .settlingDuration()
            }
        }
        table.pointee.animator_release = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                _ = try session.animator(handle)
                session.animators.remove(handle)
            }
        }
    }

    /// A UIView animation call's settings, checked: duration, delay, options and, for a
    /// spring block, its damping ratio and initial velocity.
    static func blockSettings(_ pointer: UnsafePointer<ah_view_animation>?) throws(HostCallError)
        -> (duration: Double, delay: Double, options: AnimationOptions, spring: (dampingRatio: Double, velocity: Double)?) {
        let s = try viewAnimation(pointer).pointee
        guard s.use_spring else { return (s.duration, s.delay, AnimationOptions(rawValue: UInt(s.options)), nil) }
        guard s.spring_damping_ratio > 0, s.spring_initial_velocity.isFinite else {
            throw .invalidArgument("spring_damping_ratio must be positive")
        }
        return (s.duration, s.delay, AnimationOptions(rawValue: UInt(s.options)),
                (s.spring_damping_ratio, s.spring_initial_velocity))
    }

    /// A plugin's completion (NULL: none) as the engine's, run as a plugin call.
    func completion(_ completion: ah_completion?, _ userData: UnsafeMutableRawPointer?) -> ((Bool) -> Void)? {
        completion.map { completion in
            { [marker] finished in PluginCallMarker.calling(marker, .block, nil) { completion(userData, finished) } }
        }
    }

    static func viewAnimation(_ pointer: UnsafePointer<ah_view_animation>?) throws(HostCallError) -> UnsafePointer<ah_view_animation> {
        let settings = try required(pointer, "settings")
        guard Int(settings.pointee.struct_size) >= MemoryLayout<ah_view_animation>.size else {
            throw .invalidArgument("settings are truncated (struct_size \(settings.pointee.struct_size))")
        }
        guard settings.pointee.duration.isFinite, settings.pointee.duration >= 0,
              settings.pointee.delay.isFinite, settings.pointee.delay >= 0 else {
            throw .invalidArgument("duration and delay must be finite and not negative")
        }
        return settings
    }
}

/// A plugin's `user_data`, passed back untouched.
struct UserDataPointer {
    let raw: UnsafeMutableRawPointer?
}
