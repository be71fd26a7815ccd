#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A two-dimensional rigid-body world, as UIKit Dynamics simulates one: bodies, the
/// behaviors acting on them (`scene`), stepped by whatever clock the caller keeps.
///
/// A step of `dt` seconds is cut into equal substeps of at most `maximumSubstep` (shorter
/// when a spring is stiff). Each substep is a velocity Verlet step, exact for constant
/// forces (a free fall lands where ½gt² says) and symplectic for springs: half a kick of
/// the forces, the velocity constraints (contacts, rigid attachments) solved by sequential
/// impulses, the drift, the second half kick, then overlaps pushed apart by positions
/// alone (which changes neither momentum nor energy). Pure value code: the same steps give
/// the same numbers.
public struct DynamicWorld: Sendable {
    /// The longest substep, in seconds.
    public static let maximumSubstep = 1.0 / 240
    /// Impulse iterations per substep.
    public static let iterations = 10
    /// Overlap left uncorrected, in points, so resting contacts persist between steps.
    public static let slop = 0.25
    /// Normal speeds below this (points/s) meet no elasticity, so resting bodies do not
    /// bounce on gravity's own increments.
    public static let restitutionThreshold = 10.0
    /// Below this speed (points/s) and turn rate (radians/s) a body is still.
    public static let restSpeed = 1.0
    public static let restTurnRate = 0.02
    /// Seconds every body must stay still before the world is at rest.
    public static let restTime = 0.5

    /// The bodies, by `BodyID.index`.
    public private(set) var bodies: [DynamicBody] = []
    /// The behaviors in force.
    public var scene = DynamicScene()
    /// Seconds simulated so far.
    public private(set) var elapsedTime = 0.0
    /// Seconds every body has been still.
    public private(set) var stillTime = 0.0

    private var touching: [ContactKey: Vector2] = [:]
    /// The impulses each touch ended the last substep with, and that substep's length.
    private var warmImpulses: [WarmKey: (normal: Double, tangent: Double)] = [:]
    private var warmStep = 0.0

    private struct WarmKey: Hashable {
        var a: BodyID?
        var b: BodyID
        var boundary: Int?
        var feature: Int
    }

    /// An empty world.
    public init() {}

    /// Adds a body; its ID is its index.
    @discardableResult
    public mutating func add(_ body: DynamicBody) -> BodyID {
        bodies.append(body)
        return BodyID(bodies.count - 1)
    }

    /// A body.
    public subscript(id: BodyID) -> DynamicBody {
        get { bodies[id.index] }
        set {
            bodies[id.index] = newValue
            stillTime = 0
        }
    }

    /// Replaces a body without forgetting the stillness (its material, not its motion).
    public mutating func setQuietly(_ id: BodyID, _ body: DynamicBody) {
        bodies[id.index] = body
    }

    /// Changes a body without forgetting the stillness.
    public mutating func setQuietly(_ id: BodyID, _ change: (inout DynamicBody) -> Void) {
        change(&bodies[id.index])
    }

    /// Whether every body has been still for `restTime` (UIDynamicAnimator pauses then).
    public var isAtRest: Bool { stillTime >= Self.restTime }

    /// Forgets the stillness (a behavior came or went; an item was moved).
    public mutating func wake() { stillTime = 0 }

    /// Advances `dt` seconds; returns the contacts that began and ended, in order.
    public mutating func step(_ dt: Double) -> [ContactEvent] {
        guard dt > 0, dt.isFinite else { return [] }
        // Instantaneous pushes act once, at the start.
        for push in scene.pushes where push.mode == .instantaneous {
            for id in push.bodies where id.index < bodies.count {
                let arm = (push.offsets[id] ?? .zero).rotated(by: bodies[id.index].angle)
                bodies[id.index].applyImpulse(push.vector * Push.unit, at: arm)
            }
        }
        scene.pushes.removeAll { $0.mode == .instantaneous }
        var stiffest = scene.snaps.isEmpty ? 0 : Snap.omega
        for attachment in scene.attachments where attachment.frequency > 0 {
            stiffest = max(stiffest, 2 * Double.pi * attachment.frequency)
        }
        // Substeps short enough for the stiffest spring: with ω·h ≤ 0.03 leapfrog's phase
        // lags by (ωh)²/24 of a radian per radian, under 4 × 10⁻⁵.
        // (A step a rounding error longer than a whole number of substeps takes no extra one.)
        let count = max(Int((dt / Self.maximumSubstep - 1e-6).rounded(.up)), Int((dt * stiffest / 0.03 - 1e-6).rounded(.up)), 1)
        let h = dt / Double(count)
        var events: [ContactEvent] = []
        var moving = false
        for _ in 0..<count { moving = substep(h, events: &events) || moving }
        elapsedTime += dt
        stillTime = moving ? 0 : stillTime + dt
        return events
    }

    // MARK: One substep

    private mutating func substep(_ h: Double, events: inout [ContactEvent]) -> Bool {
        damp(h / 2, implicit: false)
        kick(h / 2)
        var contacts = findContacts(events: &events)
        solveVelocities(&contacts, h)
        var moving = false
        for i in bodies.indices where bodies[i].isDynamic {
            let body = bodies[i]
            if body.velocity.length >= Self.restSpeed || abs(body.angularVelocity) >= Self.restTurnRate { moving = true }
            bodies[i].center += body.velocity * h
            bodies[i].angle += body.angularVelocity * h
        }
        kick(h / 2)
        damp(h / 2, implicit: true)
        correctPositions()
        return moving
    }

    /// Velocities change by the forces' accelerations over `t`.
    private mutating func kick(_ t: Double) {
        var linear = [Vector2](repeating: .zero, count: bodies.count)
        var angular = [Double](repeating: 0, count: bodies.count)
        accelerations(linear: &linear, angular: &angular)
        for i in bodies.indices where bodies[i].isDynamic {
            bodies[i].velocity += linear[i] * t
            bodies[i].angularVelocity += angular[i] * t
            // Resistance decays speed exactly (e^(−rt)), whatever the step.
            if bodies[i].resistance > 0 { bodies[i].velocity = bodies[i].velocity * exp(-bodies[i].resistance * t) }
            if bodies[i].angularResistance > 0 {
                bodies[i].angularVelocity *= exp(-bodies[i].angularResistance * t)
            }
        }
    }

    /// The accelerations the forces give at the bodies' present positions and velocities.
    private func accelerations(linear: inout [Vector2], angular: inout [Double]) {
        for gravity in scene.gravities {
            for id in gravity.bodies where id.index < bodies.count { linear[id.index] += gravity.acceleration }
        }
        for push in scene.pushes where push.mode == .continuous {
            let force = push.vector * Push.unit
            for id in push.bodies where id.index < bodies.count {
                let body = bodies[id.index]
                let arm = (push.offsets[id] ?? .zero).rotated(by: body.angle)
                linear[id.index] += force * body.inverseMass
                angular[id.index] += arm.cross(force) * body.inverseInertia
            }
        }
        for attachment in scene.attachments where attachment.frequency > 0 {
            springForce(attachment, linear: &linear, angular: &angular)
        }
        for snap in scene.snaps where snap.body.index < bodies.count {
            let body = bodies[snap.body.index]
            let w = Snap.omega
            linear[snap.body.index] += (snap.point - body.center) * (w * w)
            if body.inverseInertia > 0 { angular[snap.body.index] += -body.angle * (w * w) }
        }
    }

    /// An attachment's two points now: the body's, the target's (anchor or other body),
    /// the other body's arm and velocity there, and the line between them; nil for bodies
    /// that are not there or points that coincide.
    private struct AttachmentGeometry {
        let a: DynamicBody
        let armA: Vector2
        /// The other body, its index and arm (nil for an anchor).
        let other: (id: BodyID, body: DynamicBody, arm: Vector2)?
        /// The target point's velocity (zero for an anchor).
        let velocityB: Vector2
        /// From the target point to the body's point.
        let delta: Vector2
    }

    private func geometry(of attachment: Attachment) -> AttachmentGeometry? {
        guard attachment.body.index < bodies.count else { return nil }
        let a = bodies[attachment.body.index]
        let armA = attachment.offset.rotated(by: a.angle)
        var pointB: Vector2, velocityB = Vector2.zero, other: (id: BodyID, body: DynamicBody, arm: Vector2)?
        switch attachment.target {
        case .anchor(let anchor):
            pointB = anchor
        case .body(let id, let offset):
            guard id.index < bodies.count else { return nil }
            let b = bodies[id.index]
            let armB = offset.rotated(by: b.angle)
            pointB = b.center + armB
            velocityB = b.velocity(at: armB)
            other = (id, b, armB)
        }
        let delta = a.center + armA - pointB
        guard delta.length > 1e-12 else { return nil }
        return AttachmentGeometry(a: a, armA: armA, other: other, velocityB: velocityB, delta: delta)
    }

    /// A springy attachment: stiffness m_eff·ω² and damping 2·m_eff·ζ·ω along the line of
    /// the two points, m_eff the mass the line feels (the reduced mass of two bodies).
    private func springForce(_ attachment: Attachment, linear: inout [Vector2], angular: inout [Double]) {
        guard let g = geometry(of: attachment) else { return }
        let distance = g.delta.length
        let axis = g.delta / distance
        let inverseMasses = g.a.inverseMass + (g.other?.body.inverseMass ?? 0)
        guard inverseMasses > 0 else { return }
        let omega = 2 * Double.pi * attachment.frequency
        let force = axis * (-omega * omega * (distance - attachment.length) / inverseMasses)
        linear[attachment.body.index] += force * g.a.inverseMass
        angular[attachment.body.index] += g.armA.cross(force) * g.a.inverseInertia
        if let other = g.other {
            linear[other.id.index] -= force * other.body.inverseMass
            angular[other.id.index] -= other.arm.cross(force) * other.body.inverseInertia
        }
    }

    /// The springs' and snaps' damping over `t`: explicit before the first half kick,
    /// implicit after the second, which together make the trapezoidal rule (second order,
    /// so a damped oscillation decays as its closed form says).
    private mutating func damp(_ t: Double, implicit: Bool) {
        for attachment in scene.attachments where attachment.frequency > 0 && attachment.damping > 0 {
            guard let g = geometry(of: attachment) else { continue }
            let axis = g.delta.normalized
            let inverseMasses = g.a.inverseMass + (g.other?.body.inverseMass ?? 0)
            guard inverseMasses > 0 else { continue }
            let c = 2 * attachment.damping * 2 * Double.pi * attachment.frequency / inverseMasses
            let k = effectiveInverseMass(g.other?.body, g.other?.arm ?? .zero, g.a, g.armA, axis)
            let speed = (g.a.velocity(at: g.armA) - g.velocityB).dot(axis)
            let magnitude = -c * speed * t / (implicit ? 1 + c * k * t : 1)
            bodies[attachment.body.index].applyImpulse(axis * magnitude, at: g.armA)
            if let other = g.other { bodies[other.id.index].applyImpulse(axis * -magnitude, at: other.arm) }
        }
        for snap in scene.snaps where snap.body.index < bodies.count && bodies[snap.body.index].isDynamic {
            let rate = 2 * snap.dampingRatio * Snap.omega * t
            let factor = implicit ? 1 / (1 + rate) : 1 - rate
            bodies[snap.body.index].velocity = bodies[snap.body.index].velocity * factor
            if bodies[snap.body.index].inverseInertia > 0 { bodies[snap.body.index].angularVelocity *= factor }
        }
    }

    // MARK: Contacts

    private struct ContactKey: Hashable {
        var group: Int
        var body: BodyID
        var other: ContactEvent.Other
    }

    /// The contacts at the present positions, with the events of those that began or ended.
    private mutating func findContacts(events: inout [ContactEvent]) -> [Contact] {
        var contacts: [Contact] = []
        var now: [ContactKey: Vector2] = [:]
        let placed = bodies.map { PlacedShape($0.shape, center: $0.center, angle: $0.angle) }
        for (groupIndex, group) in scene.collisions.enumerated() {
            let members = group.bodies.filter { $0.index < bodies.count }
            if group.mode.contains(.boundaries) {
                for boundary in group.boundaries {
                    let segment = PlacedShape(segment: boundary.start, boundary.end)
                    for id in members where bodies[id.index].isDynamic {
                        let body = bodies[id.index]
                        guard near(segment, placed[id.index], radius: body.shape.radius) else { continue }
                        let found = collide(segment, placed[id.index])
                        guard !found.isEmpty else { continue }
                        now[ContactKey(group: groupIndex, body: id, other: .boundary(boundary.identifier))] = found[0].point
                        for c in found {
                            contacts.append(Contact(a: nil, b: id, normal: c.normal, point: c.point, depth: c.depth,
                                                    feature: c.feature, boundary: boundary.identifier, friction: body.friction, elasticity: body.elasticity))
                        }
                    }
                }
            }
            if group.mode.contains(.items) {
                // Sweep and prune along x.
                let sorted = members.sorted { placed[$0.index].center.x - bodies[$0.index].shape.radius
                                              < placed[$1.index].center.x - bodies[$1.index].shape.radius }
                for (k, first) in sorted.enumerated() {
                    let a = bodies[first.index]
                    let right = a.center.x + a.shape.radius
                    for second in sorted[(k + 1)...] {
                        let b = bodies[second.index]
                        if b.center.x - b.shape.radius > right { break }
                        guard a.isDynamic || b.isDynamic, first != second else { continue }
                        let reach = a.shape.radius + b.shape.radius
                        guard (a.center - b.center).lengthSquared <= reach * reach else { continue }
                        let (low, high) = first < second ? (first, second) : (second, first)
                        let found = collide(placed[low.index], placed[high.index])
                        guard !found.isEmpty else { continue }
                        now[ContactKey(group: groupIndex, body: low, other: .body(high))] = found[0].point
                        let (bodyLow, bodyHigh) = (bodies[low.index], bodies[high.index])
                        for c in found {
                            contacts.append(Contact(a: low, b: high, normal: c.normal, point: c.point, depth: c.depth,
                                                    feature: c.feature, friction: (bodyLow.friction * bodyHigh.friction).squareRoot(),
                                                    elasticity: max(bodyLow.elasticity, bodyHigh.elasticity)))
                        }
                    }
                }
            }
        }
        // In a fixed order (a dictionary's differs from process to process): ended first,
        // then began, each by group, body and what it touches.
        var changes: [ContactEvent] = []
        for (key, point) in touching where now[key] == nil {
            changes.append(ContactEvent(group: key.group, body: key.body, other: key.other, began: false, point: point))
        }
        for (key, point) in now where touching[key] == nil {
            changes.append(ContactEvent(group: key.group, body: key.body, other: key.other, began: true, point: point))
        }
        func order(_ e: ContactEvent) -> (Int, Int, Int, Int, Int) {
            switch e.other {
            case .body(let id): return (e.began ? 1 : 0, e.group, e.body.index, 0, id.index)
            case .boundary(let identifier): return (e.began ? 1 : 0, e.group, e.body.index, 1, identifier)
            }
        }
        events += changes.sorted { order($0) < order($1) }
        touching = now
        return contacts
    }

    private func near(_ segment: PlacedShape, _ shape: PlacedShape, radius: Double) -> Bool {
        let (p, q) = (segment.vertices[0], segment.vertices[1])
        let d = q - p
        let t = d.lengthSquared > 0 ? min(max((shape.center - p).dot(d) / d.lengthSquared, 0), 1) : 0
        return (p + d * t - shape.center).lengthSquared <= radius * radius
    }

    /// Sequential impulses: each contact's normal impulse stays pushing, its friction within
    /// its cone; a rigid attachment's impulse keeps the points' distance from changing.
    private mutating func solveVelocities(_ contacts: inout [Contact], _ h: Double) {
        for k in contacts.indices {
            var c = contacts[k]
            let a = c.a.map { bodies[$0.index] }, b = bodies[c.b.index]
            c.armA = a.map { c.point - $0.center } ?? .zero
            c.armB = c.point - b.center
            let tangent = c.normal.perpendicular
            c.normalMass = 1 / effectiveInverseMass(a, c.armA, b, c.armB, c.normal)
            c.tangentMass = 1 / effectiveInverseMass(a, c.armA, b, c.armB, tangent)
            let speed = relativeVelocity(c).dot(c.normal)
            c.bias = speed < -Self.restitutionThreshold ? -c.elasticity * speed : 0
            // Warm start: the impulses this touch needed last time, scaled to this step.
            if let warm = warmImpulses[WarmKey(a: c.a, b: c.b, boundary: c.boundary, feature: c.feature)], warmStep > 0, c.bias == 0 {
                let scale = h / warmStep
                c.normalImpulse = warm.normal * scale
                c.tangentImpulse = warm.tangent * scale
                apply(c.normal * c.normalImpulse + tangent * c.tangentImpulse, c)
            }
            contacts[k] = c
        }
        let rigid = scene.attachments.filter { $0.frequency <= 0 && $0.body.index < bodies.count }
        for iteration in 0..<Self.iterations {
            // Forward, then backward: the order of a face's two points favours neither side.
            let order = iteration % 2 == 0 ? Array(contacts.indices) : contacts.indices.reversed()
            for k in order {
                var c = contacts[k]
                // Friction first, bounded by the normal impulse so far.
                let tangent = c.normal.perpendicular
                let tangentSpeed = relativeVelocity(c).dot(tangent)
                let limit = c.friction * c.normalImpulse
                let newTangent = min(max(c.tangentImpulse - tangentSpeed * c.tangentMass, -limit), limit)
                apply(tangent * (newTangent - c.tangentImpulse), c)
                c.tangentImpulse = newTangent
                let normalSpeed = relativeVelocity(c).dot(c.normal)
                let newNormal = max(c.normalImpulse - (normalSpeed - c.bias) * c.normalMass, 0)
                apply(c.normal * (newNormal - c.normalImpulse), c)
                c.normalImpulse = newNormal
                contacts[k] = c
            }
            for attachment in rigid { solveRod(attachment) }
        }
        warmImpulses.removeAll(keepingCapacity: true)
        for c in contacts {
            warmImpulses[WarmKey(a: c.a, b: c.b, boundary: c.boundary, feature: c.feature)] = (c.normalImpulse, c.tangentImpulse)
        }
        warmStep = h
    }

    private func effectiveInverseMass(_ a: DynamicBody?, _ armA: Vector2, _ b: DynamicBody, _ armB: Vector2,
                                      _ direction: Vector2) -> Double {
        var k = b.inverseMass + b.inverseInertia * pow(armB.cross(direction), 2)
        if let a { k += a.inverseMass + a.inverseInertia * pow(armA.cross(direction), 2) }
        return max(k, 1e-12)
    }

    private func relativeVelocity(_ c: Contact) -> Vector2 {
        let vb = bodies[c.b.index].velocity(at: c.armB)
        let va = c.a.map { bodies[$0.index].velocity(at: c.armA) } ?? .zero
        return vb - va
    }

    private mutating func apply(_ impulse: Vector2, _ c: Contact) {
        bodies[c.b.index].applyImpulse(impulse, at: c.armB)
        if let a = c.a { bodies[a.index].applyImpulse(-impulse, at: c.armA) }
    }

    /// A rod: the relative speed of the two points along their line removed.
    private mutating func solveRod(_ attachment: Attachment) {
        guard let g = geometry(of: attachment) else { return }
        let axis = g.delta.normalized
        let k = effectiveInverseMass(g.other?.body, g.other?.arm ?? .zero, g.a, g.armA, axis)
        let speed = (g.a.velocity(at: g.armA) - g.velocityB).dot(axis)
        let impulse = axis * (-speed / k)
        bodies[attachment.body.index].applyImpulse(impulse, at: g.armA)
        if let other = g.other { bodies[other.id.index].applyImpulse(-impulse, at: other.arm) }
    }

    /// Overlaps beyond the slop, and rods' lengths, corrected by moving positions only.
    private mutating func correctPositions() {
        var none: [ContactEvent] = []
        let saved = touching
        let contacts = findContacts(events: &none)
        touching = saved
        // Each point pushed out along its normal, turning as well as moving the bodies (a
        // tilted box rights itself), three passes; a point's depth follows the moves made
        // so far to first order.
        let start = bodies.map { ($0.center, $0.angle) }
        for _ in 0..<3 {
            for c in contacts {
                let armB = c.point - start[c.b.index].0, armA = c.a.map { c.point - start[$0.index].0 } ?? .zero
                func moved(_ id: BodyID, _ arm: Vector2) -> Vector2 {
                    let (center, angle) = start[id.index]
                    return bodies[id.index].center - center + cross(bodies[id.index].angle - angle, arm)
                }
                let relative = moved(c.b, armB) - (c.a.map { moved($0, armA) } ?? .zero)
                let depth = c.depth - relative.dot(c.normal)
                guard depth > Self.slop else { continue }
                let a = c.a.map { bodies[$0.index] }, b = bodies[c.b.index]
                let k = effectiveInverseMass(a, armA, b, armB, c.normal)
                let push = c.normal * ((depth - Self.slop) * 0.8 / k)
                bodies[c.b.index].center += push * b.inverseMass
                bodies[c.b.index].angle += armB.cross(push) * b.inverseInertia
                if let id = c.a, let a {
                    bodies[id.index].center -= push * a.inverseMass
                    bodies[id.index].angle -= armA.cross(push) * a.inverseInertia
                }
            }
        }
        for attachment in scene.attachments where attachment.frequency <= 0 {
            guard let g = geometry(of: attachment) else { continue }
            let inverseB = g.other?.body.inverseMass ?? 0
            let total = g.a.inverseMass + inverseB
            guard total > 0 else { continue }
            let distance = g.delta.length
            let move = g.delta / distance * (distance - attachment.length)
            bodies[attachment.body.index].center -= move * (g.a.inverseMass / total)
            if let other = g.other { bodies[other.id.index].center += move * (inverseB / total) }
        }
    }
}
