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
