import AnimatorABI
import AnimatorEngine

/// A failed host-table call: the status to return and the one-line reason for last_error.
struct HostCallError: Error {
    let status: ah_status
    let message: String

    static func invalidHandle(_ message: String) -> HostCallError {
        HostCallError(status: ah_status(AH_ERR_INVALID_HANDLE), message: message)
    }

    static func staleHandle(_ message: String) -> HostCallError {
        HostCallError(status: ah_status(AH_ERR_STALE_HANDLE), message: message)
    }

    static func invalidArgument(_ message: String) -> HostCallError {
        HostCallError(status: ah_status(AH_ERR_INVALID_ARGUMENT), message: message)
    }

    static func invalidState(_ message: String) -> HostCallError {
        HostCallError(status: ah_status(AH_ERR_INVALID_STATE), message: message)
    }
}

extension HostSession {
    /// Runs the body of a host-table function: finds the session, turns a thrown error into
    /// its status and records its message for last_error.
    static func call(_ host: UnsafePointer<ah_host>?, _ body: (HostSession) throws(HostCallError) -> Void) -> ah_status {
        guard let session = from(host) else { return ah_status(AH_ERR_INVALID_ARGUMENT) }
        // [host-thread]: from any other thread a call is refused, touching nothing (not
        // even last_error, which belongs to the host thread); the log says why.
        guard session.isOnHostThread else {
            session.append(UInt32(AH_LOG_ERROR), "a host function other than log was called from a thread that is not "
                           + "the host's; refused with AH_ERR_INVALID_STATE")
            return ah_status(AH_ERR_INVALID_STATE)
        }
        do {
            try body(session)
            return statusOK
        } catch {
            session.lastError = Array(error.message.utf8CString)
            session.recordRefusal(error.message)
            return error.status
        }
    }

    func layer(_ handle: ah_layer) throws(HostCallError) -> Layer {
        switch layers.lookup(handle) {
        case .success(let id): return Layer(engine: engine, id: id)
        case .failure(.staleHandle): throw .staleHandle("layer handle \(handle) is stale")
        case .failure: throw .invalidHandle("\(handle) is not a layer handle of this host")
        }
    }

    func view(_ handle: ah_layer) throws(HostCallError) -> View {
        let layer = try layer(handle)
        guard engine.record(layer.id).isView else { throw .invalidArgument("layer handle \(handle) is not a view") }
        return View(layer: layer)
    }

    func animator(_ handle: ah_property_animator) throws(HostCallError) -> PropertyAnimator {
        switch animators.lookup(handle) {
        case .success(let animator): return animator
        case .failure(.staleHandle): throw .staleHandle("property animator handle \(handle) is stale")
        case .failure: throw .invalidHandle("\(handle) is not a property animator handle of this host")
        }
    }

    /// Keeps a string for the caller until the next call, and returns its C pointer.
    func keep(_ string: String) -> UnsafePointer<CChar> {
        returnedString = Array(string.utf8CString)
        return returnedString.withUnsafeBufferPointer { $0.baseAddress! }
    }
}

/// Requires a non-NULL argument (a pointer, an out-pointer or a function pointer).
func required<T>(_ value: T?, _ name: String) throws(HostCallError) -> T {
    guard let value else { throw .invalidArgument("\(name) is NULL") }
    return value
}

/// Turns an engine refusal into a call error.
func engineCall<R>(_ body: () throws(EngineError) -> R) throws(HostCallError) -> R {
    do {
        return try body()
    } catch {
        throw HostCallError(status: ah_status(AH_ERR_INVALID_STATE), message: error.reason)
    }
}
