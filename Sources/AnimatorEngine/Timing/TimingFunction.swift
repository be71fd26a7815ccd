/// A timing function: maps the fraction of an animation's duration elapsed to the
/// fraction of its change applied. Pure value code.
public enum TimingFunction: Equatable, Hashable, Sendable {
    /// A cubic Bézier curve (the named curves are Bézier curves).
    case bezier(CubicBezier)
    /// A spring, evaluated at `fraction × duration` seconds (UIKit's spring blocks run
    /// the spring over the animation's duration with a linear curve).
    case spring(Spring, duration: Double)

    /// Linear.
    public static let linear = TimingFunction.bezier(.linear)
    /// Ease in.
    public static let easeIn = TimingFunction.bezier(.easeIn)
    /// Ease out.
    public static let easeOut = TimingFunction.bezier(.easeOut)
    /// Ease in, ease out: UIView's default.
    public static let easeInOut = TimingFunction.bezier(.easeInOut)
    /// Core Animation's default (CATransaction, UICubicTimingParameters()).
    public static let caDefault = TimingFunction.bezier(.caDefault)

    /// The output fraction for an input fraction.
    @inline(__always)
    public func value(at fraction: Double) -> Double {
        switch self {
        case .bezier(let curve):
            return curve.value(at: fraction)
        case .spring(let spring, let duration):
            // The spring's motion ends at the duration by construction; land exactly.
            if fraction >= 1 { return 1 }
            return spring.value(at: fraction * duration)
        }
    }
}

/// UIView.AnimationCurve, with UIKit's raw values.
public enum AnimationCurve: Int, Sendable, CaseIterable {
    case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3

    /// The curve as a timing function.
    public var timingFunction: TimingFunction {
        switch self {
        case .easeInOut: return .easeInOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}
