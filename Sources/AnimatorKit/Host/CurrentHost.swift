import AnimatorABI
import Glibc

/// The host the plugin is talking to on this thread: set while the host calls into the
/// plugin (duration, animate, ended) and while it runs the plugin's blocks and
/// completions, so that UIKit's static calls (`UIView.animate`, `CATransaction.begin`)
/// know where to go.
enum CurrentHost {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The host of the current call, or nil outside any host call.
    static var host: UnsafePointer<ah_host>? {
        pthread_getspecific(key).map { UnsafePointer<ah_host>(OpaquePointer($0)) }
    }

    /// Runs `body` with `host` as the current host.
    static func with<R>(_ host: UnsafePointer<ah_host>, _ body: () -> R) -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(host))
        defer {
            // The end of the host's call (UIKit's run-loop turn): constraint layout first.
            if previous == nil {
                LayoutPass.flush()
                DisplayPass.flush()
                LayerPass.flush()
            }
            pthread_setspecific(key, previous)
        }
        return body()
    }
}

/// A host table and the calls the SDK makes through it: each failure is written to the
/// host's log with the host's own message (UIKit's API has no error to return there).
struct HostLink {
    let host: UnsafePointer<ah_host>

    /// The current host, if the SDK is inside a host call.
    static var current: HostLink? { CurrentHost.host.map(HostLink.init(host:)) }

    var table: ah_host { host.pointee }

    /// Whether the host has the engine batch (ABI 1.1).
    var hasEngine: Bool { table.abi.minor >= 1 && Int(table.struct_size) >= MemoryLayout<ah_host>.size }

    /// Whether the host has paths, shape layers and masks (ABI 1.5).
    var hasShapes: Bool { hasEngine && table.abi.minor >= 5 }

    /// Whether the host tells the traits the app runs with (ABI 1.7).
    var hasTraits: Bool { hasEngine && table.abi.minor >= 7 }

    /// Whether the host keeps plugin objects for layers (ABI 1.8).
    var hasObjects: Bool { hasEngine && table.abi.minor >= 8 }

    /// Whether the host tells the window a view is in (ABI 1.11).
    var hasWindow: Bool { hasEngine && table.abi.minor >= 11 }

    /// Checks a status; on failure logs "what: reason" and returns false.
    @discardableResult
    func check(_ status: ah_status, _ what: String) -> Bool {
        guard status != ah_status(AH_OK) else { return true }
        let reason = hasEngine ? lastError : "status \(status)"
        table.log(host, ah_log_level(AH_LOG_ERROR), "\(what): \(reason)")
        return false
    }

    /// The last error's message.
    var lastError: String { table.last_error(host).map { String(cString: $0) } ?? "" }
}

/// An error the host returned for a call UIKit would trap on.
public struct AnimatorKitError: Error, Equatable, CustomStringConvertible {
    /// The host's one-line reason.
    public let message: String

    public var description: String { message }
}
