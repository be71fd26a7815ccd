/// UICollisionBehavior: its bodies collide with one another, with its boundaries, or both.
public struct CollisionGroup: Sendable {
    /// collisionMode.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The group's bodies collide with one another.
        public static let items = Mode(rawValue: 1)
        /// The group's bodies collide with its boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both.
        public static let everything: Mode = [.items, .boundaries]
    }

    /// A boundary: a segment both sides of which stop bodies.
    public struct Boundary: Sendable {
        /// Who asked for it: the index the caller knows it by (events carry it back).
        public var identifier: Int
        /// One end, in the reference view's coordinates.
        public var start: Vector2
        /// The other end.
        public var end: Vector2

        /// A segment boundary.
        public init(identifier: Int, start: Vector2, end: Vector2) {
            self.identifier = identifier
            self.start = start
            self.end = end
        }

        /// A rectangle's four edges, clockwise from its top left, under one identifier
        /// (UICollisionBehavior's reference bounds).
        public static func edges(minX: Double, minY: Double, maxX: Double, maxY: Double, identifier: Int) -> [Boundary] {
            let corners = [Vector2(minX, minY), Vector2(maxX, minY), Vector2(maxX, maxY), Vector2(minX, maxY)]
            return (0..<4).map { Boundary(identifier: identifier, start: corners[$0], end: corners[($0 + 1) % 4]) }
        }
    }

    /// The bodies.
    public var bodies: [BodyID]
    /// What they collide with.
    public var mode: Mode
    /// The boundaries (a reference-bounds boundary is its four edges).
    public var boundaries: [Boundary]

    /// A group.
    public init(bodies: [BodyID], mode: Mode = .everything, boundaries: [Boundary] = []) {
        self.bodies = bodies
        self.mode = mode
        self.boundaries = boundaries
    }
}
