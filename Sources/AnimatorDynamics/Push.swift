/// UIPushBehavior: a force (continuous) or an impulse given once (instantaneous), applied
/// at an offset from each body's center (a torque when the offset is not zero).
public struct Push: Sendable {
    /// UIKit's unit: a force of magnitude 1 accelerates a 100 × 100 point body of density 1
    /// at 100 points/s²; an impulse of magnitude 1 changes its velocity by 100 points/s.
    public static let unit = 100.0

    /// How it acts.
    public enum Mode: Sendable {
        /// A force for as long as it is active.
        case continuous
        /// An impulse, given once on the next step.
        case instantaneous
    }

    /// The bodies it pushes.
    public var bodies: [BodyID]
    /// Its mode.
    public var mode: Mode
    /// pushDirection: its length is the magnitude.
    public var vector: Vector2
    /// targetOffsetFromCenter per body, in the body's own coordinates (default zero).
    public var offsets: [BodyID: Vector2]

    /// A push on `bodies`.
    public init(bodies: [BodyID], mode: Mode, vector: Vector2, offsets: [BodyID: Vector2] = [:]) {
        self.bodies = bodies
        self.mode = mode
        self.vector = vector
        self.offsets = offsets
    }
}
