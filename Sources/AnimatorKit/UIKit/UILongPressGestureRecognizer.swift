import Foundation

/// UILongPressGestureRecognizer: recognizes the host's long presses (`animator-host run
/// --long-press X,Y[,S]`, a flow step's `longPress`) on its view or the views inside it,
/// after hit testing found the view under the finger. A continuous recognizer, as in
/// UIKit: once the finger has stayed down `minimumPressDuration`, its handlers run with
/// `.began`, then with `.ended` when the finger lifts (the host's press does not move).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the finger must stay down, in seconds (UIKit's default 0.5).
    public var minimumPressDuration = 0.5
    /// Taps before the press (UIKit's default 0; the host's press follows none, so a
    /// recognizer that wants taps first never recognizes).
    public var numberOfTapsRequired = 0
    /// Fingers needed (the host presses with one).
    public var numberOfTouchesRequired = 1
    /// How far the finger may move, in points (UIKit's default 10; the host's press stays).
    public var allowableMovement = 10.0

    /// A long-press recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UILongPressGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UILongPressGestureRecognizer) }
    }

    /// A press held `seconds` at `point` (in `view`'s coordinates): asks the delegate,
    /// recognizes, runs the handlers for `.began` and `.ended`. Returns whether it recognized.
    func recognizePress(at point: CGPoint, in view: UIView, seconds: Double) -> Bool {
        guard isEnabled, numberOfTapsRequired == 0, numberOfTouchesRequired == 1, seconds >= minimumPressDuration,
              receives(at: point, in: view) else { return false }
        touchLocation = view.convert(point, to: nil)
        defer { touchLocation = nil; state = .possible }
        state = .began
        fire()
        state = .ended
        fire()
        return true
    }
}

/// UISwipeGestureRecognizer: recognizes the host's swipes (`animator-host run --swipe
/// X,Y,DIRECTION`, a flow step's `swipe`) in its `direction` on its view or the views inside
/// it, after hit testing found the view under the finger where the swipe starts. A
/// discrete recognizer: its handlers run once, in `.ended` (`.recognized`).
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// UISwipeGestureRecognizer.Direction.
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions it recognizes (UIKit's default `.right`).
    public var direction: Direction = .right
    /// Fingers needed (the host swipes with one).
    public var numberOfTouchesRequired = 1

    /// A swipe recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UISwipeGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UISwipeGestureRecognizer) }
    }

    /// A swipe starting at `point` (in `view`'s coordinates) going `swiped`: asks the
    /// delegate, recognizes, runs the handlers. `location(in:)` is where the swipe started.
    /// Returns whether it recognized.
    func recognizeSwipe(_ swiped: Direction, at point: CGPoint, in view: UIView) -> Bool {
        guard isEnabled, numberOfTouchesRequired == 1, direction.contains(swiped), receives(at: point, in: view) else {
            return false
        }
        touchLocation = view.convert(point, to: nil)
        defer { touchLocation = nil; state = .possible }
        state = .recognized
        fire()
        return true
    }
}

extension UIGestureRecognizer {
    /// Whether the delegate lets a touch at `point` (in `view`'s coordinates) reach the
    /// recognizer and lets it begin; a refusal leaves it failed, then possible again.
    func receives(at point: CGPoint, in view: UIView) -> Bool {
        let touch = UITouch(view: view, windowLocation: view.convert(point, to: nil))
        guard delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true, delegateLetsBegin() else {
            state = .failed
            state = .possible
            return false
        }
        return true
    }
}

extension UIView {
    /// Delivers a long press (held `seconds`) or a swipe (going `swipe`) at `windowPoint`
    /// to this view (the hit-tested one) and then to its superviews: the first recognizer
    /// of the gesture's kind that takes it ends the walk.
    ///
    /// - Returns: whether one recognized it.
    func deliverTouch(atWindowPoint windowPoint: CGPoint, pressSeconds: Double? = nil,
                      swipe: UISwipeGestureRecognizer.Direction? = nil) -> Bool {
        var cursor: UIView? = self
        while let current = cursor {
            let local = current.convert(windowPoint, from: nil)
            for recognizer in current.gestureRecognizerList {
                if let seconds = pressSeconds, let press = recognizer as? UILongPressGestureRecognizer,
                   press.recognizePress(at: local, in: current, seconds: seconds) {
                    return true
                }
                if let swiped = swipe, let swiper = recognizer as? UISwipeGestureRecognizer,
                   swiper.recognizeSwipe(swiped, at: local, in: current) {
                    return true
                }
            }
            cursor = current.superview
        }
        return false
    }
}
