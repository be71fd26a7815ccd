import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h (with animation.h): `transaction_begin`, `transaction_commit`,
// `transaction_set_duration`, `transaction_set_timing_function`, `transaction_set_disable_actions`,
// `transaction_set_completion`, `layer_add_animation`, `layer_remove_animation`, `layer_animation_key_count`,
// `layer_animation_key_at`, `layer_set_timing`, `layer_set_paused`, `layer_set_action`,
// `transaction_get_duration`, `transaction_get_timing_function`, `transaction_get_disable_actions`.
// Table batches 1.1, 1.6.

extension HostSession {
    /// CATransaction and CAAnimation: transactions, explicit animations, layer timing, per-key actions.
    static func installCoreAnimationFunctions(in table: UnsafeMutablePointer<ah_host>) {
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
        table.pointee.transaction_get_duration = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.transaction.animationDuration
            }
        }
        table.pointee.transaction_get_timing_function = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                var c = ah_timing_function()
                c.kind = ah_timing_kind(AH_TIMING_DEFAULT)
                if case .bezier(let curve)? = session.engine.transaction.animationTimingFunction {
                    c.kind = ah_timing_kind(AH_TIMING_BEZIER)
                    (c.x1, c.y1, c.x2, c.y2) = (curve.x1, curve.y1, curve.x2, curve.y2)
                }
                out.pointee = c
            }
        }
        table.pointee.transaction_get_disable_actions = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.transaction.disableActions
            }
        }
    }
}
