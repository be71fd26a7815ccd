import AnimatorABI
import Foundation

/// CASpringAnimation: a basic animation moved by a spring.
public final class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1
    public var stiffness: CGFloat = 100
    public var damping: CGFloat = 10
    public var initialVelocity: CGFloat = 0

    /// copy(): the same spring, values and settings.
    public override func copy() -> Any {
        let copy = CASpringAnimation(keyPath: keyPath)
        copyValues(into: copy)
        (copy.mass, copy.stiffness, copy.damping, copy.initialVelocity) = (mass, stiffness, damping, initialVelocity)
        return copy
    }

    /// init(perceptualDuration:bounce:) (iOS 17): the spring of SwiftUI's and
    /// `UISpringTimingParameters(duration:bounce:)` (`PerceptualSpring`). Its `duration` is
    /// left at 0: the spring's settling time.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let spring = PerceptualSpring(duration: perceptualDuration, bounce: bounce)
        (mass, stiffness, damping) = (1, spring.stiffness, spring.damping)
    }

    /// perceptualDuration: 2π / the natural frequency √(stiffness / mass).
    public var perceptualDuration: TimeInterval {
        mass > 0 && stiffness > 0 ? 2 * .pi / (stiffness / mass).squareRoot() : 0
    }

    /// bounce: 1 − the damping ratio damping / (2 √(stiffness × mass)) (for an overdamped
    /// spring, 1 / ratio − 1, negative).
    public var bounce: CGFloat {
        guard mass > 0, stiffness > 0 else { return 0 }
        let ratio = damping / (2 * (stiffness * mass).squareRoot())
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// How long the spring takes to come to rest, as the host computes it (0 outside a
    /// host call).
    public var settlingDuration: CGFloat {
        guard let link = HostLink.current, link.hasEngine else { return 0 }
        var seconds = 0.0
        link.check(link.table.spring_settling_duration(link.host, mass, stiffness, damping, initialVelocity, &seconds),
                   "settlingDuration")
        return seconds
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        super.fill(&d, &storage)
        d.kind = ah_animation_kind(AH_ANIMATION_SPRING)
        (d.mass, d.stiffness, d.damping, d.initial_velocity) = (mass, stiffness, damping, initialVelocity)
    }
}
