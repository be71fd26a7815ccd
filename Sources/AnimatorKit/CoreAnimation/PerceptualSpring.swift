import Foundation

/// iOS 17's spring by perceptual duration and bounce (SwiftUI's `Spring(duration:bounce:)`),
/// as the physics `CASpringAnimation` and `UISpringTimingParameters` take: a unit mass,
/// stiffness (2π / duration)², damping 4π ζ / duration, with the damping ratio ζ = 1 − bounce
/// (for a negative bounce, 1 / (1 + bounce): overdamped).
struct PerceptualSpring {
    let stiffness: CGFloat
    let damping: CGFloat

    /// The spring of `duration` (a non-positive or infinite one: 0.5 s) and `bounce`
    /// (kept within −0.99 ... 1).
    init(duration: TimeInterval, bounce: CGFloat) {
        let response = duration > 0 && duration.isFinite ? duration : 0.5
        let bounce = min(max(bounce, -0.99), 1)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        stiffness = pow(2 * .pi / response, 2)
        damping = 4 * .pi * ratio / response
    }
}
