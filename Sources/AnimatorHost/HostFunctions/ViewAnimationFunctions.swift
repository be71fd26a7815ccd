import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h (with animation.h): `view_animate`, `view_animate_keyframes`,
// `view_add_keyframe`, `view_perform_without_animation`, `view_begin_animations`, `view_commit_animations`,
// `view_set_animations_enabled`, `view_animations_enabled`, `view_current_animation`.
// Table batches 1.1, 1.6, 1.14.

extension HostSession {
    /// UIView's animation calls: blocks, springs, keyframes, beginAnimations/commitAnimations, animations enabled.
    static func installViewAnimationFunctions(in table: UnsafeMutablePointer<ah_host>) {
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
        table.pointee.view_begin_animations = { host in
            HostSession.call(host) { session throws(HostCallError) in session.engine.beginAnimations() }
        }
        table.pointee.view_commit_animations = { host, settings, completion, userData in
            HostSession.call(host) { session throws(HostCallError) in
                guard session.engine.isRecordingAnimations else {
                    throw .invalidState("commitAnimations without a matching beginAnimations")
                }
                // NULL settings: UIKit's defaults, 0.2 s on easeInOut.
                let s = try settings.map { pointer throws(HostCallError) in try HostSession.blockSettings(pointer) }
                    ?? (0.2, 0, AnimationOptions(), nil)
                let (duration, delay, options, spring) = s
                let done = session.completion(completion, userData)
                try engineCall { () throws(EngineError) in
                    try session.engine.commitAnimations(duration: duration, delay: delay, options: options,
                                                        spring: spring, completion: done)
                }
            }
        }
        table.pointee.view_set_animations_enabled = { host, enabled in
            HostSession.call(host) { session throws(HostCallError) in session.engine.areAnimationsEnabled = enabled }
        }
        table.pointee.view_animations_enabled = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.areAnimationsEnabled
            }
        }
        table.pointee.view_current_animation = { host, view, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard ABIVersion(out.pointee.abi).major == ABIVersion.host.major,
                      Int(out.pointee.struct_size) >= MemoryLayout<ah_animation_desc>.size else {
                    throw .invalidArgument("out: wrong ABI or shorter than ah_animation_desc (struct_size \(out.pointee.struct_size))")
                }
                let target = try session.view(view)
                guard let (timing, curve) = session.engine.blockAnimationTiming(for: target.layer.id) else {
                    // No block animates a change made now: all zero (a duration of 0).
                    var none = ah_animation_desc()
                    (none.abi, none.struct_size) = (out.pointee.abi, out.pointee.struct_size)
                    out.pointee = none
                    return
                }
                out.pointee = HostSession.description(timing: timing, curve: curve, abi: out.pointee.abi,
                                                      size: out.pointee.struct_size)
            }
        }
    }
}


extension HostSession {
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

    /// The description of a block's animation of a change (view_current_animation): its
    /// timing and curve, a spring as AH_ANIMATION_SPRING; no key path, values or delegates.
    static func description(timing: MediaTiming, curve: TimingFunction, abi: ah_version, size: UInt32) -> ah_animation_desc {
        var d = ah_animation_desc()
        d.abi = abi
        d.struct_size = size
        let fills: [FillMode: Int] = [.removed: AH_FILL_REMOVED, .forwards: AH_FILL_FORWARDS,
                                      .backwards: AH_FILL_BACKWARDS, .both: AH_FILL_BOTH]
        d.timing = ah_media_timing(begin_time: timing.beginTime, duration: timing.duration, speed: timing.speed,
                                   time_offset: timing.timeOffset, repeat_count: timing.repeatCount,
                                   repeat_duration: timing.repeatDuration, autoreverses: timing.autoreverses,
                                   fill_mode: ah_fill_mode(fills[timing.fillMode] ?? AH_FILL_REMOVED))
        switch curve {
        case .bezier(let bezier):
            d.kind = ah_animation_kind(AH_ANIMATION_BASIC)
            d.timing_function = ah_timing_function(kind: ah_timing_kind(AH_TIMING_BEZIER), x1: bezier.x1, y1: bezier.y1,
                                                   x2: bezier.x2, y2: bezier.y2)
        case .spring(let spring, _):
            d.kind = ah_animation_kind(AH_ANIMATION_SPRING)
            d.timing_function = ah_timing_function(kind: ah_timing_kind(AH_TIMING_LINEAR), x1: 0, y1: 0, x2: 1, y2: 1)
            (d.mass, d.stiffness, d.damping, d.initial_velocity) = (spring.mass, spring.stiffness, spring.damping,
                                                                    spring.initialVelocity)
        }
        return d
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
