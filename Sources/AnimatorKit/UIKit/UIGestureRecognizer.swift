import AnimatorABI
import Glibc

/// UIKit's gesture recognizers, fed from the gesture that drives an interactive
/// transition (`animator-host run --interactive TRACE`): a pan trace reaches pan and
/// screen-edge pan recognizers, a pinch trace pinch recognizers, sample by sample, each
/// recognizer calling its handlers. Objective-C's target-action has no place here: a
/// handler is a closure (`UIPanGestureRecognizer { [weak self] in self?.handle($0) }`).
open class UIGestureRecognizer {
    /// UIGestureRecognizer.State.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    /// Where the gesture is.
    public internal(set) var state = State.possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// Whether it receives samples.
    public var isEnabled = true
    private var handlers: [(UIGestureRecognizer) -> Void] = []

    /// A recognizer without a handler yet (add one with `addTarget(_:)`).
    public init() {}

    /// Adds a handler, called with the recognizer at every change of its state.
    public func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes every handler.
    public func removeAllTargets() {
        handlers.removeAll()
    }

    /// Whether a sample of this kind is for this recognizer.
    func accepts(_ sample: GestureSample) -> Bool { false }

    /// Takes a sample into the recognizer's values.
    func take(_ sample: GestureSample) {}

    /// Delivers one sample: the state follows the sample's phase, then the handlers run.
    func deliver(_ sample: GestureSample) {
        guard isEnabled, accepts(sample) else { return }
        take(sample)
        switch sample.phase {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        }
        for handler in handlers { handler(self) }
    }
}

/// The recognizers attached during a transition, which the gesture's samples reach. The
/// SDK makes one per interactive transition and makes it current (per thread, as the
/// current host) while the interaction controller runs, so `addGestureRecognizer` finds it.
final class GestureRouter {
    private var recognizers: [UIGestureRecognizer] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The router of the interaction running on this thread, if any.
    static var current: GestureRouter? {
        pthread_getspecific(key).map { Unmanaged<GestureRouter>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with this router current.
    func with<R>(_ body: () -> R) -> R {
        let previous = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(Self.key, previous) }
        return body()
    }

    func add(_ recognizer: UIGestureRecognizer) {
        if !recognizers.contains(where: { $0 === recognizer }) { recognizers.append(recognizer) }
    }

    func remove(_ recognizer: UIGestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
    }

    /// Hands a sample to every recognizer, in the order they were attached.
    func deliver(_ sample: GestureSample) {
        for recognizer in recognizers { recognizer.deliver(sample) }
    }
}

extension UIView {
    /// Attaches a recognizer: during an interactive transition the driving gesture's
    /// samples reach it. Outside one (no gesture can come), the host's log says so.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view = self
        gestureRecognizerList.append(recognizer)
        if let router = GestureRouter.current {
            router.add(recognizer)
        } else if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "addGestureRecognizer: no interactive transition is starting; attach recognizers in the "
                           + "export's interactionController closure or in startInteractiveTransition")
        }
    }

    /// Detaches a recognizer.
    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizerList.removeAll { $0 === recognizer }
        GestureRouter.current?.remove(recognizer)
        if recognizer.view === self { recognizer.view = nil }
    }

    /// The recognizers attached to this view object.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        gestureRecognizerList.isEmpty ? nil : gestureRecognizerList
    }
}
