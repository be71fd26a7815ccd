import Glibc

/// A thread of its own for work that blocks (a server's accept loop, a connection waiting
/// for its page to go away, the watch loop): Dispatch's pool on Linux has as many threads
/// as cores, and blocked work there would starve everything else.
enum DetachedThread {
    /// Runs `body` on a new detached thread.
    ///
    /// - Returns: false when no thread could be made (then `body` did not run).
    @discardableResult
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let result = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if result != 0 {
            Unmanaged<Box>.fromOpaque(box).release()
            return false
        }
        return true
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
