import AnimatorABI

/// CASpringAnimation: a basic animation moved by a spring.
public final class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1
    public var stiffness: CGFloat = 100
    public var damping: CGFloat = 10
    public var initialVelocity: CGFloat = 0

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
