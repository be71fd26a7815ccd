import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h: `log`, `last_error`, `current_time`, `screen_bounds`, `host_after`,
// `host_traits`. Table batches 1.0, 1.1, 1.6, 1.7.

extension HostSession {
    /// The host's own services to a plugin: logging, the last error, the clock, the screen and delayed blocks.
    static func installHostServices(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.log = { host, level, message in
            guard let session = HostSession.from(host), let message else { return }
            session.append(level, PluginLogEntry.message(message))
        }
        table.pointee.last_error = { host in
            guard let session = HostSession.from(host), session.isOnHostThread else { return HostSession.emptyError }
            return session.lastError.withUnsafeBufferPointer { $0.baseAddress }
        }
        table.pointee.current_time = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = session.engine.currentTime
            }
        }
        table.pointee.screen_bounds = { host, bounds, scale in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(bounds, "bounds")
                var window = Rect(origin: Point(x: 0, y: 0), size: TransitionRuntime.defaultWindowSize)
                if let id = session.engine.window {
                    // The run's window, whatever the call (a screen being built, a turn).
                    window = Layer(engine: session.engine, id: id).bounds
                } else if let container = session.contexts.liveObjects.compactMap({ $0.transition?.container }).last {
                    var root = container.layer
                    while let parent = root.superlayer { root = parent }
                    window = root.bounds
                }
                out.pointee = HostSession.cRect(window)
                scale?.pointee = session.traits.device.scale
            }
        }
        table.pointee.host_traits = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let size = Int(out.pointee.struct_size)
                guard size >= MemoryLayout<ah_traits>.offset(of: \.reduce_motion)! + 1 else {
                    throw .invalidArgument("out->struct_size \(size) is too small: set it to sizeof(ah_traits)")
                }
                let traits = session.traits
                var answer = ah_traits()
                answer.abi = ABIVersion.host.cValue
                answer.struct_size = UInt32(min(size, MemoryLayout<ah_traits>.size))
                answer.user_interface_style = traits.userInterfaceStyle == .dark
                    ? ah_user_interface_style(AH_USER_INTERFACE_STYLE_DARK) : ah_user_interface_style(AH_USER_INTERFACE_STYLE_LIGHT)
                answer.layout_direction = traits.layoutDirection == .rightToLeft
                    ? ah_layout_direction(AH_LAYOUT_DIRECTION_RIGHT_TO_LEFT) : ah_layout_direction(AH_LAYOUT_DIRECTION_LEFT_TO_RIGHT)
                answer.content_size_category = ah_content_size_category(
                    Traits.ContentSizeCategory.allCases.firstIndex(of: traits.contentSizeCategory)!)
                answer.reduce_motion = traits.reduceMotion
                answer.prefers_cross_fade_transitions = traits.prefersCrossFadeTransitions
                answer.is_pad = traits.device.isPad
                answer.display_scale = traits.device.scale
                answer.screen_size = ah_size(width: traits.screenSize.width, height: traits.screenSize.height)
                let safe = traits.safeArea
                (answer.safe_area_top, answer.safe_area_left) = (safe.top, safe.left)
                (answer.safe_area_bottom, answer.safe_area_right) = (safe.bottom, safe.right)
                answer.screen_corner_radius = traits.device.cornerRadius
                var window = traits.windowSize
                if let id = session.engine.window { window = Layer(engine: session.engine, id: id).bounds.size }
                answer.window_size = ah_size(width: window.width, height: window.height)
                // Write only what the caller's struct holds.
                let count = Int(answer.struct_size)
                withUnsafeBytes(of: &answer) { bytes in
                    UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: count)
                }
            }
        }
        table.pointee.host_after = { host, delay, block, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let block = try required(block, "block")
                guard delay.isFinite, delay >= 0 else { throw .invalidArgument("delay must be finite and not negative") }
                session.engine.after(delay) { [marker = session.marker] in
                    PluginCallMarker.calling(marker, .block, nil) { block(userData) }
                }
            }
        }
    }
}
