import AnimatorABI

/// UIKit's gesture recognizers. Continuous ones (pan, screen-edge pan, pinch, swipe) are
/// fed from the gesture that drives an interactive transition (`animator-host run
/// --interactive TRACE`), sample by sample; a tap in the container of a custom presentation
/// reaches the tap recognizers of the view under the finger, found by hit testing. Each
/// recognizer asks its `delegate` as UIKit does and calls its handlers. Objective-C's
/// target-action has no place here: a handler is a closure
/// (`UIPanGestureRecognizer { [weak self] in self?.handle($0) }`), the one edit to iOS code.
open class UIGestureRecognizer: NSObject {
    /// UIGestureRecognizer.State.
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete recognizer's recognized state (the same as `.ended`).
        public static let recognized = State.ended
    }

    /// Where the gesture is.
    public internal(set) var state = State.possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// Whether it receives touches and samples.
    public var isEnabled = true
    /// The delegate asked whether to begin, receive a touch, and recognize alongside others.
    public weak var delegate: UIGestureRecognizerDelegate?
    /// cancelsTouchesInView: kept; views here get no touches of their own, only
    /// recognizers do, so it changes nothing (nor do the two below).
    public var cancelsTouchesInView = true
    /// delaysTouchesBegan: kept.
    public var delaysTouchesBegan = false
    /// delaysTouchesEnded: kept.
    public var delaysTouchesEnded = true
    /// The name, for debugging.
    public var name: String?
    /// Where the touch is, in the window's coordinates (taps), or nil.
    var touchLocation: CGPoint?
    private var handlers: [(UIGestureRecognizer) -> Void] = []
    /// The recognizers that must fail first (require(toFail:)).
    public private(set) var failureRequirements: [UIGestureRecognizer] = []

    /// A recognizer without a handler yet (add one with `addTarget(_:)`).
    public override init() {
        super.init()
    }

    /// Adds a handler, called with the recognizer at every change of its state.
    public func addTarget(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Removes every handler.
    public func removeAllTargets() {
        handlers.removeAll()
    }

    /// require(toFail:): this recognizer waits for `other` to fail before it recognizes.
    public func require(toFail other: UIGestureRecognizer) {
        failureRequirements.append(other)
    }

    /// location(in:): where the touch is in `view`'s coordinates (the window's for nil);
    /// for a trace's pan, which has no place, the middle of the recognizer's view.
    open func location(in view: UIView?) -> CGPoint {
        guard let touchLocation else {
            guard let own = self.view else { return .zero }
            let middle = CGPoint(x: own.bounds.midX, y: own.bounds.midY)
            return view.map { own.convert(middle, to: $0) } ?? own.convert(middle, to: nil)
        }
        guard let view else { return touchLocation }
        return view.convert(touchLocation, from: nil)
    }

    /// numberOfTouches: the fingers down (one for a tap or pan, two for a pinch).
    open var numberOfTouches: Int { state == .possible || state == .failed ? 0 : 1 }

    /// Whether a sample of this kind is for this recognizer.
    func accepts(_ sample: GestureSample) -> Bool { false }

    /// Takes a sample into the recognizer's values.
    func take(_ sample: GestureSample) {}

    /// Whether the delegate lets the recognizer begin (gestureRecognizerShouldBegin).
    func delegateLetsBegin() -> Bool {
        delegate?.gestureRecognizerShouldBegin(self) ?? true
    }

    /// Runs the handlers.
    func fire() {
        for handler in handlers { handler(self) }
    }

    /// Delivers one sample: the state follows the sample's phase, then the handlers run. A
    /// delegate that declines the beginning fails the recognizer until the gesture ends.
    func deliver(_ sample: GestureSample) {
        guard isEnabled, accepts(sample) else { return }
        if sample.phase == .began {
            guard delegateLetsBegin() else {
                state = .failed
                return
            }
        } else if state == .failed || state == .possible {
            if sample.phase == .ended, state == .failed { state = .possible }
            return
        }
        take(sample)
        switch sample.phase {
        case .began: state = .began
        case .changed: state = .changed
        case .ended: state = .ended
        }
        fire()
    }
}

/// UIGestureRecognizerDelegate: every method has UIKit's default.
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (default true).
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer sees `touch` (default true).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Whether two recognizers may recognize at once (default false; the host's traces
    /// reach every attached recognizer of the gesture's kind).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the recognizer waits for `otherGestureRecognizer` to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether `otherGestureRecognizer` waits for this one to fail (default false).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// UITouch: one finger, as a recognizer's delegate is asked about it.
open class UITouch: NSObject {
    /// UITouch.Phase.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
    }

    /// The view the touch landed in (the hit-tested view).
    public private(set) weak var view: UIView?
    /// The touch's phase.
    public let phase: Phase
    /// How many taps (1 for the host's taps).
    public let tapCount: Int
    private let windowLocation: CGPoint

    init(view: UIView?, windowLocation: CGPoint, phase: Phase = .began, tapCount: Int = 1) {
        self.view = view
        self.windowLocation = windowLocation
        self.phase = phase
        self.tapCount = tapCount
        super.init()
    }

    /// location(in:): the touch in `view`'s coordinates (the window's for nil).
    public func location(in view: UIView?) -> CGPoint {
        view.map { $0.convert(windowLocation, from: nil) } ?? windowLocation
    }
}

extension UIView {
    /// The enabled pan, pinch and swipe-like recognizers of this view and every view
    /// inside it, depth first (the continuous recognizers a gesture can reach).
    func continuousRecognizersInTree() -> [UIGestureRecognizer] {
        var found = gestureRecognizerList.filter { $0.isEnabled && !($0 is UITapGestureRecognizer) }
        for subview in subviews { found += subview.continuousRecognizersInTree() }
        return found
    }
}

/// The recognizers attached during a transition, which the gesture's samples reach. The
/// SDK makes one per interactive transition and makes it current (per thread, as the
/// current host) while the interaction controller runs, so `addGestureRecognizer` finds it.
final class GestureRouter {
    private var recognizers: [UIGestureRecognizer] = []

    private static let slot = ThreadSlot<GestureRouter>()

    /// The router of the interaction running on this thread, if any.
    static var current: GestureRouter? { slot.current }

    /// Runs `body` with this router current.
    func with<R>(_ body: () -> R) -> R { Self.slot.with(self, body) }

    func add(_ recognizer: UIGestureRecognizer) {
        if !recognizers.contains(where: { $0 === recognizer }) { recognizers.append(recognizer) }
    }

    func remove(_ recognizer: UIGestureRecognizer) {
        recognizers.removeAll { $0 === recognizer }
    }

    /// The recognizers the gesture under way reaches, when its trace said where the
    /// finger came down (chosen at `.began`: those whose views are under the finger).
    private var reached: [UIGestureRecognizer]?

    /// Hands a sample to every recognizer, in the order they were attached; a gesture that
    /// says where the finger is reaches only the recognizers of the views under it.
    func deliver(_ sample: GestureSample) {
        if sample.phase == .began {
            reached = sample.location.map { point in recognizers.filter { $0.view?.isUnder(windowPoint: point) ?? false } }
        }
        for recognizer in reached ?? recognizers { recognizer.deliver(sample) }
        if sample.phase == .ended { reached = nil }
    }
}

extension UIView {
    /// Whether a point of the window lies in this view's bounds.
    func isUnder(windowPoint point: CGPoint) -> Bool {
        bounds.contains(convert(point, from: nil))
    }

    /// Attaches a recognizer: during an interactive transition the driving gesture's
    /// samples reach it, as they reach the pan and pinch recognizers of the transition's
    /// views attached before it began (a pan-to-dismiss on the presented view); taps reach
    /// tap recognizers through hit testing.
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view = self
        gestureRecognizerList.append(recognizer)
        GestureRouter.current?.add(recognizer)
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
