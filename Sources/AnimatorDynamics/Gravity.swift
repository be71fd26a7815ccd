/// UIGravityBehavior: a constant acceleration of its bodies, whatever their mass.
public struct Gravity: Sendable {
    /// UIKit's unit: magnitude 1 accelerates at 1,000 points/s².
    public static let pointsPerSecondSquared = 1000.0

    /// The bodies it pulls.
    public var bodies: [BodyID]
    /// gravityDirection: its length is the magnitude (default (0, 1): down, magnitude 1).
    public var direction: Vector2

    /// Gravity on `bodies` along `direction` (its length the magnitude).
    public init(bodies: [BodyID], direction: Vector2 = Vector2(0, 1)) {
        self.bodies = bodies
        self.direction = direction
    }

    /// The acceleration it gives, in points/s².
    public var acceleration: Vector2 { direction * Self.pointsPerSecondSquared }
}
