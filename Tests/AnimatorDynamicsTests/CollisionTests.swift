import AnimatorDynamics
import Foundation
import Testing

/// Contacts against conservation laws: momentum always, kinetic energy when elastic, the
/// bounce height of a coefficient of restitution, a body coming to rest.
@Suite struct CollisionTests {
    func run(_ world: inout DynamicWorld, seconds: Double, each: (DynamicWorld, [ContactEvent]) -> Void = { _, _ in }) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            let events = world.step(1.0 / 60)
            each(world, events)
        }
    }

    func block(at x: Double, velocity: Double, density: Double, elasticity: Double) -> DynamicBody {
        var body = DynamicBody(center: Vector2(x, 0), shape: .rectangle(width: 100, height: 100))
        body.density = density
        body.velocity = Vector2(velocity, 0)
        body.elasticity = elasticity
        body.allowsRotation = false
        return body
    }

    @Test func anElasticHeadOnCollisionKeepsMomentumAndEnergy() {
        // m₁ = 1 at 200 points/s, m₂ = 3 at −100: after, v₁ = ((m₁ − m₂)v₁ + 2m₂v₂)/(m₁ + m₂)
        // = −250 and v₂ = ((m₂ − m₁)v₂ + 2m₁v₁)/(m₁ + m₂) = 50.
        var world = DynamicWorld()
        let a = world.add(block(at: 0, velocity: 200, density: 1, elasticity: 1))
        let b = world.add(block(at: 200, velocity: -100, density: 3, elasticity: 1))
        world.scene.collisions = [CollisionGroup(bodies: [a, b], mode: .items)]
        var began = 0
        run(&world, seconds: 1) { _, events in began += events.filter { $0.began && $0.other == .body(b) }.count }
        #expect(abs(world[a].velocity.x - -250) < 1e-6 && abs(world[b].velocity.x - 50) < 1e-6)
        #expect(abs(world[a].mass * world[a].velocity.x + world[b].mass * world[b].velocity.x - -100) < 1e-6)
        #expect(abs(world[a].kineticEnergy + world[b].kineticEnergy - 35_000) < 1e-6)
        #expect(began == 1)
        #expect(abs(world[a].velocity.y) < 1e-9 && abs(world[b].velocity.y) < 1e-9)
    }

    @Test func aPerfectlyInelasticCollisionMovesThemTogether() {
        var world = DynamicWorld()
        let a = world.add(block(at: 0, velocity: 200, density: 1, elasticity: 0))
        let b = world.add(block(at: 200, velocity: -100, density: 3, elasticity: 0))
        world.scene.collisions = [CollisionGroup(bodies: [a, b], mode: .items)]
        run(&world, seconds: 1)
        // The common velocity: total momentum / total mass = −100 / 4.
        #expect(abs(world[a].velocity.x - -25) < 1e-6 && abs(world[b].velocity.x - -25) < 1e-6)
        #expect(world[b].center.x - world[a].center.x <= 100)
    }

    @Test func aBallBouncesToTheRestitutionSquaredTimesItsHeight() {
        // Let go 200 points above a floor with elasticity 0.5: it comes back up 0.5² × 200 = 50.
        var world = DynamicWorld()
        var ball = DynamicBody(center: Vector2(100, 0), shape: .ellipse(width: 40, height: 40))
        ball.elasticity = 0.5
        let id = world.add(ball)
        world.scene.gravities = [Gravity(bodies: [id])]
        world.scene.collisions = [CollisionGroup(bodies: [id], mode: .boundaries, boundaries: [
            .init(identifier: 7, start: Vector2(0, 220), end: Vector2(300, 220))])]
        var events: [ContactEvent] = [], bounced = false, apex = Double.infinity
        run(&world, seconds: 1.2) { world, step in
            events += step
            if world[id].velocity.y < 0 { bounced = true }
            if bounced { apex = min(apex, world[id].center.y) }
        }
        let height = 200 - apex
        #expect(abs(height - 50) < 2.5, "bounced \(height) points")
        #expect(events.first == ContactEvent(group: 0, body: id, other: .boundary(7), began: true, point: events.first?.point ?? .zero))
        #expect(events.contains { !$0.began && $0.other == .boundary(7) })
    }

    @Test func aBoxDroppedOnAFloorComesToRestOnIt() {
        var world = DynamicWorld()
        var box = DynamicBody(center: Vector2(150, 0), angle: 0.3, shape: .rectangle(width: 60, height: 40))
        box.friction = 0.5
        let id = world.add(box)
        world.scene.gravities = [Gravity(bodies: [id])]
        // A reference-bounds boundary: the four edges of a 300 × 400 box.
        let corners = [Vector2(0, 0), Vector2(300, 0), Vector2(300, 400), Vector2(0, 400)]
        world.scene.collisions = [CollisionGroup(bodies: [id], boundaries: (0..<4).map {
            .init(identifier: $0, start: corners[$0], end: corners[($0 + 1) % 4]) })]
        run(&world, seconds: 4)
        #expect(world.isAtRest)
        // Flat on a long side: its center 20 points (half its height) above the floor, at
        // most the slop lower; its angle a multiple of π.
        let turned = world[id].angle.truncatingRemainder(dividingBy: Double.pi)
        #expect(min(abs(turned), Double.pi - abs(turned)) < 0.01, "angle \(world[id].angle)")
        #expect(abs(world[id].center.y - 380) < DynamicWorld.slop + 0.05, "\(world[id].center)")
    }

    @Test func bodiesStackWithoutSinkingIntoEachOther() {
        var world = DynamicWorld()
        var ids: [BodyID] = []
        for i in 0..<4 {
            var body = DynamicBody(center: Vector2(100, 360 - Double(i) * 42), shape: .rectangle(width: 50, height: 40))
            body.friction = 0.6
            ids.append(world.add(body))
        }
        world.scene.gravities = [Gravity(bodies: ids)]
        world.scene.collisions = [CollisionGroup(bodies: ids, boundaries: [.init(identifier: 0, start: Vector2(-100, 400),
                                                                                  end: Vector2(300, 400))])]
        run(&world, seconds: 3)
        // Each rests on the one below: centers 40 apart (less what the slop allows per contact).
        for (i, id) in ids.enumerated() {
            let expected = 380 - Double(i) * 40
            #expect(abs(world[id].center.y - expected) < Double(i + 1) * DynamicWorld.slop + 0.1, "box \(i): \(world[id].center)")
            #expect(abs(world[id].center.x - 100) < 0.5)
        }
    }

    @Test func contactsThatBeginTogetherAreReportedInBodyOrder() {
        // Eight boxes side by side land on one floor in the same step: their events come by
        // body, whatever order the process's hashing would give.
        var world = DynamicWorld()
        let ids = (0..<8).map { world.add(DynamicBody(center: Vector2(Double($0) * 50 + 25, 0), shape: .rectangle(width: 40, height: 40))) }
        world.scene.gravities = [Gravity(bodies: ids)]
        world.scene.collisions = [CollisionGroup(bodies: ids, mode: .boundaries, boundaries: [
            .init(identifier: 0, start: Vector2(0, 100), end: Vector2(400, 100))])]
        var began: [BodyID] = []
        run(&world, seconds: 1) { _, events in began += events.filter(\.began).map(\.body) }
        #expect(began == ids)
    }
}