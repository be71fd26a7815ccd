import AnimatorEngine

/// UIKit's own transitions, built into the host: what happens when no route names an
/// animator. Slide for push and pop, cover vertical for present and dismiss,
/// cross-dissolve for tabs (and, as modalTransitionStyle .crossDissolve, for present and
/// dismiss when a route names it). All use UIKit's default ease-in-ease-out curve. As in
/// UIKit, the slide follows the layout direction (in a right-to-left language a pushed
/// screen enters from the left), and with Reduce Motion (Prefer Cross-Fade Transitions)
/// push and pop cross-fade instead.
public final class SystemAnimator: TransitionAnimator {
    /// The kinds of system transition.
    public enum Kind: String, Sendable, CaseIterable {
        case slide, coverVertical = "cover-vertical", crossDissolve = "cross-dissolve"

        /// The operations the kind animates.
        public var operations: OperationSet {
            switch self {
            case .slide: return OperationSet([.push, .pop])
            case .coverVertical: return OperationSet([.present, .dismiss])
            case .crossDissolve: return OperationSet([.present, .dismiss, .tab])
            }
        }

        /// The system's choice for an operation.
        public static func `default`(for operation: TransitionOperation) -> Kind {
            switch operation {
            case .push, .pop: return .slide
            case .present, .dismiss: return .coverVertical
            case .tab: return .crossDissolve
            }
        }
    }

    /// Which transition.
    public let kind: Kind
    /// Its duration in seconds.
    public let duration: Double

    /// Creates a system animator.
    public init(_ kind: Kind, duration: Double? = nil) {
        self.kind = kind
        self.duration = duration ?? (kind == .crossDissolve ? 0.25 : 0.35)
    }

    public var identifier: String { "system." + kind.rawValue }

    public func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        let container = state.container
        let width = container.bounds.size.width
        let height = container.bounds.size.height
        let finish: (Bool) -> Void = { [engine] _ in
            if state.wasCancelled, let fromView = state.fromView {
                // Cancelled: the outgoing view goes back where it was, and the incoming one
                // (but a dismissal's presenter, which the runtime puts back) goes away.
                engine.performWithoutAnimation {
                    fromView.frame = state.initialFrames.from
                    fromView.alpha = 1
                }
                if state.operation != .dismiss { state.toView?.removeFromSuperview() }
            }
            state.completeTransition(!state.wasCancelled)
        }
        let incoming = [TransitionOperation.present, .push, .tab].contains(state.operation)
        // The trailing edge: where a pushed screen comes from (the right, or the left in a
        // right-to-left layout).
        let trailing = state.traits.layoutDirection == .rightToLeft ? -1.0 : 1.0
        let kind = self.kind == .slide && state.traits.prefersCrossFadeTransitions ? .crossDissolve : self.kind
        switch (kind, incoming) {
        case (.slide, true):
            guard let toView = state.toView else { break }
            toView.frame = state.finalFrames.to.offsetBy(dx: width * trailing)
            try? container.addSubview(toView)
            engine.animate(withDuration: duration, animations: {
                toView.frame = state.finalFrames.to
                state.fromView?.center.x -= width * 0.3 * trailing
            }, completion: finish)
            return (duration, [])
        case (.slide, false):
            guard let fromView = state.fromView else { break }
            if let toView = state.toView {
                toView.frame = state.finalFrames.to.offsetBy(dx: -width * 0.3 * trailing)
                try? container.insertSubview(toView, belowSubview: fromView)
            }
            engine.animate(withDuration: duration, animations: {
                fromView.center.x += width * trailing
                state.toView?.frame = state.finalFrames.to
            }, completion: finish)
            return (duration, [])
        case (.coverVertical, true):
            guard let toView = state.toView else { break }
            toView.frame = state.finalFrames.to.offsetBy(dy: height)
            try? container.addSubview(toView)
            engine.animate(withDuration: duration, animations: { toView.frame = state.finalFrames.to }, completion: finish)
            return (duration, [])
        case (.coverVertical, false):
            guard let fromView = state.fromView else { break }
            if let toView = state.toView, toView.superview == nil { try? container.insertSubview(toView, belowSubview: fromView) }
            engine.animate(withDuration: duration, animations: { fromView.center.y += height }, completion: finish)
            return (duration, [])
        case (.crossDissolve, true):
            guard let toView = state.toView else { break }
            toView.alpha = 0
            try? container.addSubview(toView)
            engine.animate(withDuration: duration, animations: { toView.alpha = 1 }, completion: finish)
            return (duration, [])
        case (.crossDissolve, false):
            guard let fromView = state.fromView else { break }
            if let toView = state.toView, toView.superview == nil { try? container.insertSubview(toView, belowSubview: fromView) }
            // The dismissed view leaves opaque again, ready for its next presentation.
            engine.animate(withDuration: duration, animations: { fromView.alpha = 0 }, completion: { _ in
                fromView.alpha = 1
                state.completeTransition(!state.wasCancelled)
            })
            return (duration, [])
        }
        // Nothing to animate (a side UIKit hides): complete at once.
        state.completeTransition(true)
        return (0, [])
    }

    public func end(_ state: TransitionState) {}
}

extension Rect {
    /// The rectangle moved by (dx, dy).
    func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }
}
