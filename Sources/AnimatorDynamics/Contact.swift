/// A point where two shapes overlap, with what the impulse solver keeps between iterations.
struct Contact {
    /// The first body (nil for a boundary).
    var a: BodyID?
    /// The second body.
    var b: BodyID
    /// From a to b, length 1.
    var normal: Vector2
    /// The point, in the world.
    var point: Vector2
    /// How deep the shapes overlap there (≥ 0).
    var depth: Double
    /// Which features touch (reference face, incident edge, which end): the same number for
    /// the same touch in the next step, so its impulses can start where they ended.
    var feature: Int
    /// The boundary's identifier, when `a` is nil.
    var boundary: Int? = nil
    /// Mixed material.
    var friction: Double
    var elasticity: Double

    // Solver state.
    var armA = Vector2.zero
    var armB = Vector2.zero
    var normalMass = 0.0
    var tangentMass = 0.0
    var bias = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
}

/// Shapes placed in the world: vertices and normals rotated and moved.
struct PlacedShape {
    var vertices: [Vector2]
    var normals: [Vector2]
    var center: Vector2

    init(_ shape: BodyShape, center: Vector2, angle: Double) {
        vertices = shape.vertices.map { center + $0.rotated(by: angle) }
        normals = angle == 0 ? shape.normals : shape.normals.map { $0.rotated(by: angle) }
        self.center = center
    }

    init(segment start: Vector2, _ end: Vector2) {
        let shape = BodyShape(segmentFrom: start, to: end)
        vertices = shape.vertices
        normals = shape.normals
        center = (start + end) / 2
    }

    /// The greatest separation of `other` from this shape along one of its normals, and
    /// that normal's edge.
    func maxSeparation(from other: PlacedShape) -> (separation: Double, edge: Int) {
        var best = (separation: -Double.infinity, edge: 0)
        for i in normals.indices {
            let n = normals[i], v = vertices[i]
            var deepest = Double.infinity
            for w in other.vertices { deepest = min(deepest, (w - v).dot(n)) }
            if deepest > best.separation { best = (deepest, i) }
        }
        return best
    }
}

/// The contact points of two convex shapes (up to two), by the separating axis test and
/// clipping of the incident edge against the reference edge's sides. The normal points
/// from `a` to `b`. Empty when they do not overlap.
func collide(_ a: PlacedShape, _ b: PlacedShape) -> [(point: Vector2, normal: Vector2, depth: Double, feature: Int)] {
    let (separationA, edgeA) = a.maxSeparation(from: b)
    if separationA > 0 { return [] }
    let (separationB, edgeB) = b.maxSeparation(from: a)
    if separationB > 0 { return [] }
    // The reference face is the one of least overlap; a small preference for `a` keeps the
    // choice steady between steps.
    let flip = separationB > separationA + 1e-3
    let (reference, incident, edge) = flip ? (b, a, edgeB) : (a, b, edgeA)
    let v1 = reference.vertices[edge], v2 = reference.vertices[(edge + 1) % reference.vertices.count]
    let normal = reference.normals[edge]
    // The incident edge: the one facing most against the reference normal.
    var incidentEdge = 0, leastDot = Double.infinity
    for j in incident.normals.indices {
        let d = incident.normals[j].dot(normal)
        if d < leastDot { (leastDot, incidentEdge) = (d, j) }
    }
    var points = [(incident.vertices[incidentEdge], 0), (incident.vertices[(incidentEdge + 1) % incident.vertices.count], 1)]
    let tangent = (v2 - v1).normalized
    points = clip(points, normal: -tangent, offset: -tangent.dot(v1))
    points = clip(points, normal: tangent, offset: tangent.dot(v2))
    var contacts: [(point: Vector2, normal: Vector2, depth: Double, feature: Int)] = []
    let base = ((flip ? 1 : 0) * 4096 + edge) * 4096 + incidentEdge
    for (p, end) in points {
        let separation = (p - v1).dot(normal)
        if separation <= 0 { contacts.append((p, flip ? -normal : normal, -separation, base * 2 + end)) }
    }
    return contacts
}

/// The part of the segment `points` on the inner side of the line n·p = offset.
/// A point keeps the number of the end it came from; a cut point takes the cut-off end's.
private func clip(_ points: [(Vector2, Int)], normal: Vector2, offset: Double) -> [(Vector2, Int)] {
    guard points.count == 2 else { return points }
    let d0 = normal.dot(points[0].0) - offset, d1 = normal.dot(points[1].0) - offset
    var out: [(Vector2, Int)] = []
    if d0 <= 0 { out.append(points[0]) }
    if d1 <= 0 { out.append(points[1]) }
    if d0 * d1 < 0 {
        let t = d0 / (d0 - d1)
        out.append((points[0].0 + (points[1].0 - points[0].0) * t, d0 > 0 ? points[0].1 : points[1].1))
    }
    return out
}
