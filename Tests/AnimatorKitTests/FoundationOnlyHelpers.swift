import Foundation

// A helper file as app code keeps one: it imports Foundation only, and extends Foundation's
// geometry. Files that import AnimatorKit use these on their views' frames: one CGRect.

extension CGRect {
    /// The rectangle's center.
    var centerPoint: CGPoint { CGPoint(x: midX, y: midY) }

    /// The rectangle scaled about its center.
    func scaled(by factor: CGFloat) -> CGRect {
        insetBy(dx: width * (1 - factor) / 2, dy: height * (1 - factor) / 2)
    }
}

/// A notification a helper posts, as apps name theirs.
let transitionDidFinishNotification = Notification.Name("TransitionDidFinish")
