import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h (with gesture.h): `context_percent_complete`, `context_animate_alongside`,
// `context_update_interactive`, `context_finish_interactive`, `context_cancel_interactive`,
// `context_target_transform`, `context_pause_interactive`, `context_drive_percent`,
// `context_notify_interaction_changes`.
// Table batches 1.3, 1.5.

extension HostSession {
    /// The transition coordinator and interactive transitions: percent complete, alongside animations,
    /// updates, finishing and cancelling, scrubbing by an animator's own interaction controller.
    static func installCoordinatorFunctions(in table: UnsafeMutablePointer<ah_host>) {
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
        table.pointee.context_drive_percent = { host, ctx, speed, curve, animator in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                guard state.percentDriver == nil else { throw .invalidState("the transition is already percent-driven") }
                guard speed.isFinite, speed > 0 else { throw .invalidArgument("completion speed \(speed) is not a positive number") }
                var completionCurve = AnimationCurve.easeInOut
                if let curve {
                    switch Int(curve.pointee.kind) {
                    case AH_TIMING_LINEAR: completionCurve = .linear
                    case AH_TIMING_EASE_IN: completionCurve = .easeIn
                    case AH_TIMING_EASE_OUT: completionCurve = .easeOut
                    case AH_TIMING_EASE_IN_OUT, AH_TIMING_DEFAULT: completionCurve = .easeInOut
                    default: throw .invalidArgument("the completion curve must be linear, easeIn, easeOut or easeInOut")
                    }
                }
                let propertyAnimator = animator == AH_NULL_HANDLE ? nil : try session.animator(animator)
                // As for scripts and traces: no completion over 100 times the animation.
                let floor = InteractionScript.minimumCompletionSpeed
                if speed < floor {
                    session.append(UInt32(AH_LOG_WARNING), "completion speed \(speed) is below \(floor); \(floor) is used "
                                   + "(a completion at most 100 times the animation's duration)")
                }
                let driver = PercentDrivenInteraction(liveWith: max(speed, floor), completionCurve: completionCurve, state: state,
                                                      engine: session.engine)
                driver.prepare(start: session.engine.currentTime)
                if let propertyAnimator {
                    // The property animator is scrubbed instead of the container's time.
                    driver.releaseContainer()
                    driver.pendingPropertyAnimator = propertyAnimator
                }
                state.percentDriver = driver
                // Asked for after start_interactive returned (from a gesture sample): it
                // begins now with the duration the transition has.
                if let duration = state.interactiveDuration { driver.begin(duration: duration) }
                // Alongside animations (a navigation bar's) follow the transition's time.
                state.coordinator?.interaction = driver
            }
        }
        table.pointee.context_notify_interaction_changes = { host, ctx, changed, done, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                guard state.completion == nil, let coordinator = state.coordinator else {
                    throw .invalidState("the transition has completed: no more interaction changes")
                }
                guard let changed else { throw .invalidArgument("changed is NULL") }
                let pointer = UserDataPointer(raw: userData)
                coordinator.notifyWhenInteractionChanges { [marker = session.marker] context in
                    PluginCallMarker.calling(marker, .block, nil) {
                        changed(pointer.raw, context.isInteractive, context.isCancelled)
                    }
                }
                if let done {
                    coordinator.completions.append { [marker = session.marker] _ in
                        PluginCallMarker.calling(marker, .block, nil) { done(pointer.raw) }
                    }
                }
            }
        }
    }
}
