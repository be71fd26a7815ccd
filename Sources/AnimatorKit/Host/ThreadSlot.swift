import Glibc

/// A reference kept per thread (the host's thread): the tap being handled, the gesture
/// router of a starting interaction, the views waiting for a layout pass. UIKit's calls
/// are static or on objects that do not know them, as on iOS, so they find them here.
final class ThreadSlot<Object: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The object set on this thread, if any.
    var current: Object? {
        pthread_getspecific(key).map { Unmanaged<Object>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with `object` set on this thread (not retained: the caller keeps it).
    func with<R>(_ object: Object, _ body: () -> R) -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(object).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return body()
    }

    /// The object on this thread, made by `make` and kept for the thread's life on first use.
    func value(orMake make: () -> Object) -> Object {
        if let existing = current { return existing }
        let made = make()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }
}
