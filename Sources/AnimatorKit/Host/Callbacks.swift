import AnimatorABI

/// A Swift closure passed to the host as a C function pointer plus user data. The box is
/// retained until the host has called it the last time it will; it re-enters the host
/// it belongs to while the closure runs.
final class CallbackBox {
    let host: UnsafePointer<ah_host>
    /// Cleared once the host has run it, when it was only lent for the call.
    var block: (() -> Void)?
    let completion: ((Bool) -> Void)?
    let positionCompletion: ((PositionRaw) -> Void)?

    typealias PositionRaw = ah_animator_position

    init(host: UnsafePointer<ah_host>, block: (() -> Void)? = nil, completion: ((Bool) -> Void)? = nil,
         positionCompletion: ((PositionRaw) -> Void)? = nil) {
        self.host = host
        self.block = block
        self.completion = completion
        self.positionCompletion = positionCompletion
    }

    /// An unretained pointer: for blocks the host runs during the call.
    func borrowed() -> UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// A retained pointer: for callbacks the host makes later; released by the trampoline.
    func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> CallbackBox {
        Unmanaged<CallbackBox>.fromOpaque(pointer!).takeUnretainedValue()
    }

    static func release(_ pointer: UnsafeMutableRawPointer?) {
        Unmanaged<CallbackBox>.fromOpaque(pointer!).release()
    }

    /// Runs a block the host calls during the call that took it.
    static let runBlock: ah_block = { pointer in
        let box = CallbackBox.from(pointer)
        CurrentHost.with(box.host) { box.block?() }
    }

    /// Runs a block the host calls once, later; releases the box.
    static let runBlockOnce: ah_block = { pointer in
        let box = CallbackBox.from(pointer)
        CurrentHost.with(box.host) { box.block?() }
        CallbackBox.release(pointer)
    }

    /// Runs a completion the host calls once, later; releases the box.
    static let runCompletionOnce: ah_completion = { pointer, finished in
        let box = CallbackBox.from(pointer)
        CurrentHost.with(box.host) { box.completion?(finished) }
        CallbackBox.release(pointer)
    }

    /// Runs a property animator completion once; releases the box.
    static let runPositionCompletionOnce: ah_animator_completion = { pointer, position in
        let box = CallbackBox.from(pointer)
        CurrentHost.with(box.host) { box.positionCompletion?(position) }
        CallbackBox.release(pointer)
    }
}
