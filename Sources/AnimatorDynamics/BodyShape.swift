#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a body collides with: a convex polygon around its center, in the body's own
/// (unrotated) coordinates, and the area and moment of inertia that polygon gives.
///
/// A rectangle is its four corners; an ellipse a polygon of `ellipseSides` points on it; a
/// path its points' convex hull (as UIKit requires a convex, counter-clockwise path).
public struct BodyShape: Sendable, Equatable {
    /// The corners, clockwise on the screen (y down), around the center (0, 0).
    public let vertices: [Vector2]
    /// The outward normal of the edge from `vertices[i]` to `vertices[i + 1]`.
    public let normals: [Vector2]
    /// The area the mass is spread over, in square points: the rectangle's or the
    /// ellipse's own (πab), the hull's for a path.
    public let area: Double
    /// The polar moment of inertia per unit of mass, about the center (points²).
    public let inertiaPerMass: Double
    /// The distance from the center to the farthest vertex.
    public let radius: Double

    /// Points on an ellipse's outline.
    public static let ellipseSides = 32

    /// A rectangle of `width` by `height` centered on the body.
    public static func rectangle(width: Double, height: Double) -> BodyShape {
        let (w, h) = (width / 2, height / 2)
        let corners = [Vector2(-w, -h), Vector2(w, -h), Vector2(w, h), Vector2(-w, h)]
        return BodyShape(vertices: corners, area: width * height, inertiaPerMass: (width * width + height * height) / 12)
    }

    /// An ellipse filling a `width` by `height` box centered on the body.
    public static func ellipse(width: Double, height: Double) -> BodyShape {
        let (a, b) = (width / 2, height / 2)
        let points = (0..<ellipseSides).map { i -> Vector2 in
            let angle = 2 * Double.pi * Double(i) / Double(ellipseSides)
            return Vector2(a * cos(angle), b * sin(angle))
        }
        return BodyShape(vertices: points, area: Double.pi * a * b, inertiaPerMass: (a * a + b * b) / 4)
    }

    /// The convex hull of `points` (relative to the center); nil when they enclose no area.
    public static func hull(of points: [Vector2]) -> BodyShape? {
        let hull = convexHull(points)
        guard hull.count >= 3 else { return nil }
        // Area and second moment of the polygon about the origin (shoelace sums).
        var area = 0.0, moment = 0.0
        for i in hull.indices {
            let (p, q) = (hull[i], hull[(i + 1) % hull.count])
            let c = p.cross(q)
            area += c / 2
            moment += c * (p.dot(p) + p.dot(q) + q.dot(q)) / 12
        }
        guard abs(area) > 1e-9 else { return nil }
        return BodyShape(vertices: hull, area: abs(area), inertiaPerMass: abs(moment / area))
    }

    /// A shape of `vertices` in clockwise screen order (counter-clockwise in y-up terms).
    init(vertices: [Vector2], area: Double, inertiaPerMass: Double) {
        self.vertices = vertices
        self.normals = vertices.indices.map { i in
            let edge = vertices[(i + 1) % vertices.count] - vertices[i]
            // With y down, clockwise order: the outward normal is (edge.y, −edge.x).
            return Vector2(edge.y, -edge.x).normalized
        }
        self.area = area
        self.inertiaPerMass = inertiaPerMass
        self.radius = vertices.map(\.length).max() ?? 0
    }

    /// A segment as a shape with two sides (a boundary): two vertices, two opposite normals.
    init(segmentFrom a: Vector2, to b: Vector2) {
        vertices = [a, b]
        let n = Vector2((b - a).y, -(b - a).x).normalized
        normals = [n, -n]
        area = 0
        inertiaPerMass = 0
        radius = max(a.length, b.length)
    }
}

/// Andrew's monotone chain, in the screen's clockwise order (y down); collinear points dropped.
func convexHull(_ points: [Vector2]) -> [Vector2] {
    let sorted = points.sorted { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
    guard sorted.count >= 3 else { return sorted }
    func turn(_ o: Vector2, _ a: Vector2, _ b: Vector2) -> Double { (a - o).cross(b - o) }
    var lower: [Vector2] = [], upper: [Vector2] = []
    for p in sorted {
        while lower.count >= 2, turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
        lower.append(p)
    }
    for p in sorted.reversed() {
        while upper.count >= 2, turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
        upper.append(p)
    }
    // Positive turns in y-down coordinates go clockwise on the screen.
    return Array(lower.dropLast() + upper.dropLast())
}
