import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/animator.h: `animator_create`, `animator_add_animations`,
// `animator_add_completion`, `animator_start`, `animator_pause`, `animator_stop`, `animator_finish`,
// `animator_continue`, `animator_get_fraction`, `animator_set_fraction`, `animator_set_reversed`,
// `animator_get_state`, `animator_set_flags`, `spring_settling_duration`, `animator_release`.
// Table batches 1.1.

extension HostSession {
    /// UIViewPropertyAnimator: creating, running, pausing, scrubbing, reversing and releasing property animators.
    static func installPropertyAnimatorFunctions(in table: UnsafeMutablePointer<ah_host>) {
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
}
