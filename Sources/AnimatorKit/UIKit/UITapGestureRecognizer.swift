import Foundation

/// UITapGestureRecognizer: recognizes the host's taps (a scenario's or trace's `tap` at a
/// point) on its view or the views inside it, after hit testing found the view under the
/// finger, as UIKit delivers a touch. A discrete recognizer: its handlers run once, in
/// `.ended` (`.recognized`).
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed (the host taps once: a recognizer that wants more never fires).
    public var numberOfTapsRequired = 1
    /// Fingers needed (the host taps with one).
    public var numberOfTouchesRequired = 1

    /// A tap recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UITapGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UITapGestureRecognizer) }
    }

    /// One tap at `point` (in `view`'s coordinates, `view` the hit-tested view or one of
    /// its superviews holding this recognizer): asks the delegate, recognizes, runs the
    /// handlers. Returns whether it recognized.
    func recognizeTap(at point: CGPoint, in view: UIView) -> Bool {
        guard isEnabled, numberOfTapsRequired == 1, numberOfTouchesRequired == 1 else { return false }
        let windowPoint = view.convert(point, to: nil)
        let touch = UITouch(view: view, windowLocation: windowPoint)
        guard delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true, delegateLetsBegin() else {
            state = .failed
            state = .possible
            return false
        }
        touchLocation = windowPoint
        state = .recognized
        fire()
        state = .possible
        touchLocation = nil
        return true
    }
}
