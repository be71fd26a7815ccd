import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h: `log`, `last_error`, `current_time`, `screen_bounds`, `host_after`.
// Table batches 1.0, 1.1, 1.6.

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
                if let container = session.contexts.liveObjects.compactMap({ $0.transition?.container }).last {
                    var root = container.layer
                    while let parent = root.superlayer { root = parent }
                    window = root.bounds
                }
                out.pointee = HostSession.cRect(window)
                scale?.pointee = 3
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
