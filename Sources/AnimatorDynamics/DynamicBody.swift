/// A body of the simulation: a UIKit dynamic item's state (where it is, how it moves) and
/// its material (UIDynamicItemBehavior's properties).
///
/// Mass follows UIKit's unit: a 100 × 100 point item of density 1 has mass 1, so a force of
/// magnitude 1 (a "UIKit newton") accelerates it at 100 points/s².
public struct DynamicBody: Sendable {
    /// Its center, in the reference view's coordinates.
    public var center: Vector2
    /// Its rotation, in radians (clockwise on the screen).
    public var angle: Double
    /// Points per second.
    public var velocity: Vector2
    /// Radians per second.
    public var angularVelocity: Double
    /// What it collides with, around its center.
    public var shape: BodyShape

    /// UIDynamicItemBehavior.density (default 1): mass is density × area / 10,000.
    public var density: Double = 1 { didSet { updateMass() } }
    /// UIDynamicItemBehavior.elasticity (0 to 1; default 0): the share of the normal speed
    /// a collision gives back.
    public var elasticity: Double = 0
    /// UIDynamicItemBehavior.friction (default 0): Coulomb's coefficient at contacts.
    public var friction: Double = 0
    /// UIDynamicItemBehavior.resistance (default 0): linear damping, per second.
    public var resistance: Double = 0
    /// UIDynamicItemBehavior.angularResistance (default 0): angular damping, per second.
    public var angularResistance: Double = 0
    /// UIDynamicItemBehavior.allowsRotation (default true).
    public var allowsRotation: Bool = true { didSet { updateMass() } }
    /// UIDynamicItemBehavior.isAnchored (default false): an anchored body takes part in
    /// collisions but never moves.
    public var isAnchored: Bool = false { didSet { updateMass() } }

    /// Its mass (0 for an anchored body's inverse).
    public private(set) var mass: Double = 0
    /// 1 / mass, 0 when anchored.
    public private(set) var inverseMass: Double = 0
    /// 1 / moment of inertia, 0 when anchored or not allowed to rotate.
    public private(set) var inverseInertia: Double = 0

    /// A body at `center`, at rest.
    public init(center: Vector2, angle: Double = 0, shape: BodyShape) {
        self.center = center
        self.angle = angle
        self.velocity = .zero
        self.angularVelocity = 0
        self.shape = shape
        updateMass()
    }

    private mutating func updateMass() {
        mass = max(density, 0) * shape.area / 10_000
        inverseMass = isAnchored || mass <= 0 ? 0 : 1 / mass
        let inertia = mass * shape.inertiaPerMass
        inverseInertia = isAnchored || !allowsRotation || inertia <= 0 ? 0 : 1 / inertia
    }

    /// Whether the simulation moves it at all: false when anchored or disabled (an item no
    /// behavior holds any more keeps its place and its velocity).
    public var isEnabled = true

    /// Whether it moves.
    public var isDynamic: Bool { inverseMass > 0 && isEnabled }

    /// A point of the body (`offset` from its center in its own coordinates) in the world.
    public func worldPoint(_ offset: Vector2) -> Vector2 { center + offset.rotated(by: angle) }

    /// The velocity of the body's point at `arm` (world-oriented, from the center).
    public func velocity(at arm: Vector2) -> Vector2 { velocity + cross(angularVelocity, arm) }

    /// Applies an impulse at `arm` from the center (world orientation).
    public mutating func applyImpulse(_ impulse: Vector2, at arm: Vector2) {
        velocity += impulse * inverseMass
        angularVelocity += arm.cross(impulse) * inverseInertia
    }

    /// Kinetic energy, linear and rotational.
    public var kineticEnergy: Double {
        let linear = 0.5 * mass * velocity.lengthSquared
        let rotational = inverseInertia > 0 ? 0.5 * angularVelocity * angularVelocity / inverseInertia : 0
        return linear + rotational
    }
}
