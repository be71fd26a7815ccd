import Glibc

/// A damped harmonic oscillator, m·x″ + c·x′ + k·x = 0, moving a value from 0 to 1.
///
/// x is the displacement from the target, x(0) = 1, x′(0) = −v0: a positive initial
/// velocity moves toward the target, in units of the whole distance per second (a 200 pt
/// move started at 100 pt/s has velocity 0.5). The progress is 1 − x. Closed forms for
/// the three regimes; pure value code.
public struct Spring: Equatable, Hashable, Sendable {
    /// Mass (m > 0).
    public let mass: Double
    /// Stiffness (k > 0).
    public let stiffness: Double
    /// Damping coefficient (c ≥ 0).
    public let damping: Double
    /// Initial velocity toward the target, in distances per second.
    public let initialVelocity: Double

    /// Undamped angular frequency ω0 = √(k/m).
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(km)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// CASpringAnimation's physical form (defaults: mass 1, stiffness 100, damping 10,
    /// velocity 0).
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// The SwiftUI form: response (the period of the undamped spring, seconds) and damping
    /// fraction. k = (2π/response)²·m, c = 4π·dampingFraction·m/response, with m = 1.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        let mass = 1.0
        self.init(mass: mass, stiffness: (2 * Double.pi / response) * (2 * Double.pi / response) * mass,
                  damping: 4 * Double.pi * dampingRatio * mass / response, initialVelocity: initialVelocity)
    }

    /// UIView.animate(withDuration:…usingSpringWithDamping:initialSpringVelocity:): mass 1,
    /// the damping ratio clamped to (0, 1], and ω0 chosen so that the spring's envelope has
    /// decayed to 0.001 at `duration` (Framer's published mapping, which reproduces
    /// UIKit's springs):
    ///  - ζ < 1: (ζω0 − v)/ωd · e^(−ζω0·D) = 0.001, with ωd = ω0√(1 − ζ²);
    ///  - ζ = 1: (1 + (ω0 − v)·D) · e^(−ω0·D) = 0.001.
    /// Then k = ω0² and c = 2ζω0.
    ///
    /// - Parameters:
    ///   - duration: the animation's duration in seconds (> 0).
    ///   - dampingRatio: UIKit's usingSpringWithDamping.
    ///   - initialVelocity: UIKit's initialSpringVelocity.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        let zeta = min(max(dampingRatio, 0.001), 1)
        let omega = Spring.naturalFrequency(forDuration: duration, dampingRatio: zeta, velocity: initialVelocity)
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: initialVelocity)
    }

    static func naturalFrequency(forDuration duration: Double, dampingRatio zeta: Double, velocity: Double) -> Double {
        let epsilon = 0.001
        func envelope(_ omega: Double) -> Double {
            if zeta < 1 {
                let decay = zeta * omega
                let damped = omega * (1 - zeta * zeta).squareRoot()
                return abs(decay - velocity) / damped * exp(-decay * duration)
            }
            return abs(1 + (omega - velocity) * duration) * exp(-omega * duration)
        }
        // The envelope falls as ω0 grows (for the ω0 that matter); bisect in log space
        // between a spring far too slow and one far too fast.
        var low = log(1e-3 / max(duration, 1e-6))
        var high = log(1e6 / max(duration, 1e-6))
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if envelope(exp(middle)) > epsilon { low = middle } else { high = middle }
        }
        return exp((low + high) / 2)
    }

    /// The displacement from the target at time t (1 at t = 0, → 0).
    public func displacement(at t: Double) -> Double {
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        if abs(zeta - 1) < 1e-9 {
            return exp(-omega0 * t) * (1 + (omega0 - v0) * t)
        }
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - v0) / omegaD
            return exp(-zeta * omega0 * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega0 * (zeta - root)
        let r2 = -omega0 * (zeta + root)
        let c2 = (-v0 - r1) / (r2 - r1)
        let c1 = 1 - c2
        return c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// The progress at time t: 1 − displacement (0 at t = 0, → 1, overshooting when
    /// underdamped).
    public func value(at t: Double) -> Double {
        1 - displacement(at: t)
    }

    /// The velocity of the progress at time t, in distances per second.
    public func velocity(at t: Double) -> Double {
        let step = 1e-6
        return (value(at: t + step) - value(at: max(t - step, 0))) / (t + step - max(t - step, 0))
    }

    /// The threshold `settlingDuration` uses: the amplitude at which the spring counts as
    /// at rest, as a fraction of the distance travelled. 1/1200 reproduces Apple's
    /// documented figures (see `settlingDuration`).
    public static let restThreshold = 1.0 / 1200

    /// How long until the spring is at rest: the time after which the amplitude of its
    /// motion, √(A² + B²)·e^(−ζω0·t) for an underdamped spring (A = 1, B = (ζω0 − v0)/ωd),
    /// |C1|e^(r1·t) + |C2|e^(r2·t) for an overdamped one and (1 + |ω0 − v0|·t)e^(−ω0·t) for a
    /// critically damped one, stays below `threshold`.
    ///
    /// With the default threshold of 1/1200 this reproduces Apple's CASpringAnimation
    /// figures: mass 1, stiffness 100, damping 5 → about 2.85 s; damping 15 → just over
    /// 1 s. (A threshold of 0.001 would give 2.78 s and 0.98 s.)
    public func settlingDuration(threshold: Double = Spring.restThreshold) -> Double {
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        let v0 = initialVelocity
        let amplitude: (Double) -> Double
        if abs(zeta - 1) < 1e-9 {
            amplitude = { t in (1 + abs(omega0 - v0) * t) * exp(-omega0 * t) }
        } else if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega0 - v0) / omegaD
            let scale = (1 + b * b).squareRoot()
            if zeta == 0 { return .infinity }
            return max(0, log(scale / threshold) / (zeta * omega0))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root)
            let r2 = -omega0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            amplitude = { t in abs(c1) * exp(r1 * t) + abs(c2) * exp(r2 * t) }
        }
        // Decreasing from its start (or after a short rise): find where it crosses.
        var high = 1.0
        while amplitude(high) > threshold && high < 1e6 { high *= 2 }
        var low = 0.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if amplitude(middle) > threshold { low = middle } else { high = middle }
        }
        return high
    }
}
