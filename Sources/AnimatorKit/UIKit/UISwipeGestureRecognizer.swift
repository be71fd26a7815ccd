import Foundation

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
