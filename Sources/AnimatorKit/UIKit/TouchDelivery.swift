import Foundation

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
