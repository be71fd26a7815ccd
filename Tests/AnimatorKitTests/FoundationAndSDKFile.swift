import Foundation
import AnimatorKit

// A file that imports both, as app files often do: one CGRect.

/// A delayed step in a file importing Foundation and AnimatorKit: there `DispatchQueue` is
/// Dispatch's (the wall clock), so the SDK's is named in full, as docs/authoring.md says.
func noteLater(in log: StepLog) {
    AnimatorKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { log.steps.append("later") }
}

/// What ran, in order.
final class StepLog: @unchecked Sendable {
    var steps: [String] = []
}

/// A view's frame through a Foundation-only helper.
func centerOfFrame(of view: UIView) -> CGPoint { view.frame.centerPoint }
