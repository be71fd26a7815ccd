#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// UISnapBehavior: the body pulled to a point and turned upright by a damped spring.
///
/// UIKit gives no formula; this one settles in about half a second: a spring of
/// `frequency` Hz whose damping ratio is 1 − 0.8 × `damping`, so UIKit's `damping`
/// (0 to 1, default 0.5) runs from no overshoot to a few visible oscillations.
public struct Snap: Sendable {
    /// The spring's frequency, in Hz.
    public static let frequency = 2.0

    /// The body.
    public var body: BodyID
    /// Where its center goes.
    public var point: Vector2
    /// UIKit's damping, 0 (least oscillation) to 1 (most).
    public var damping: Double

    /// A snap of `body` to `point`.
    public init(body: BodyID, point: Vector2, damping: Double = 0.5) {
        self.body = body
        self.point = point
        self.damping = damping
    }

    /// The spring's damping ratio.
    public var dampingRatio: Double { 1 - 0.8 * min(max(damping, 0), 1) }

    /// The spring's angular frequency, radians per second.
    public static var omega: Double { 2 * Double.pi * frequency }
}
