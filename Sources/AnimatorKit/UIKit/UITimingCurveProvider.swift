import AnimatorABI
import Foundation

/// UIKit's UITimingCurveProvider: the timing of a property animator.
public protocol UITimingCurveProvider {
    /// The host's form of it.
    var cParameters: ah_timing_parameters { get }
}

/// UIKit's UICubicTimingParameters: a named curve or a cubic Bézier's control points.
public struct UICubicTimingParameters: UITimingCurveProvider, Sendable {
    /// The host's form of the timing.
    public let cParameters: ah_timing_parameters

    /// The default curve (easeInOut).
    public init() { self.init(animationCurve: .easeInOut) }

    /// A named curve.
    public init(animationCurve curve: UIView.AnimationCurve) {
        let kinds = [AH_TIMING_EASE_IN_OUT, AH_TIMING_EASE_IN, AH_TIMING_EASE_OUT, AH_TIMING_LINEAR]
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_CUBIC)
        p.curve = ah_timing_function(kind: ah_timing_kind(kinds[curve.rawValue]), x1: 0, y1: 0, x2: 0, y2: 0)
        cParameters = p
    }

    /// A cubic Bézier from (0, 0) to (1, 1) with these control points.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_CUBIC)
        p.curve = ah_timing_function(kind: ah_timing_kind(AH_TIMING_BEZIER), x1: point1.x, y1: point1.y,
                                     x2: point2.x, y2: point2.y)
        cParameters = p
    }
}

/// UIKit's UISpringTimingParameters.
public struct UISpringTimingParameters: UITimingCurveProvider, Sendable {
    /// The host's form of the timing.
    public let cParameters: ah_timing_parameters

    /// A critically damped spring.
    public init() { self.init(dampingRatio: 1) }

    /// A spring by its damping ratio (the animator's duration is kept).
    public init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: CGVector(dx: 0, dy: 0))
    }

    /// A spring by its damping ratio with an initial velocity (in whole distances per second;
    /// dx is used, as for one-dimensional progress).
    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_SPRING)
        p.damping_ratio = ratio
        p.initial_velocity = velocity.dx
        cParameters = p
    }

    /// init(duration:bounce:initialVelocity:) (iOS 17): a spring by its perceptual duration
    /// and bounce, as SwiftUI's springs (`PerceptualSpring`). The animator's duration is the
    /// spring's settling time.
    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = CGVector(dx: 0, dy: 0)) {
        let spring = PerceptualSpring(duration: duration, bounce: bounce)
        self.init(mass: 1, stiffness: spring.stiffness, damping: spring.damping, initialVelocity: velocity)
    }

    /// A spring by its physics; the animator's duration is the spring's settling time.
    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        var p = ah_timing_parameters()
        p.kind = ah_timing_parameters_kind(AH_TIMING_PARAMETERS_SPRING_PHYSICS)
        (p.mass, p.stiffness, p.damping, p.initial_velocity) = (mass, stiffness, damping, velocity.dx)
        cParameters = p
    }
}

/// UIKit's CGVector.
public struct CGVector: Equatable, Hashable, Sendable {
    /// The horizontal component.
    public var dx: CGFloat
    /// The vertical component.
    public var dy: CGFloat
    /// A vector of two components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    /// No motion.
    public static let zero = CGVector(dx: 0, dy: 0)
}
