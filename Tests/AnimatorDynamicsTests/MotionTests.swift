import AnimatorDynamics
import Foundation
import Testing

/// Bodies under forces alone, against the closed forms of Newton's laws in UIKit's units:
/// gravity 1.0 is 1,000 points/s², a push of 1.0 accelerates a 100 × 100 point body of
/// density 1 at 100 points/s² (Apple's documented "UIKit newton").
@Suite struct MotionTests {
    /// Steps `world` at 60 Hz for `seconds`.
    func run(_ world: inout DynamicWorld, seconds: Double) {
        for _ in 0..<Int((seconds * 60).rounded()) { _ = world.step(1.0 / 60) }
    }

    func square(_ side: Double = 100, at center: Vector2 = .zero, density: Double = 1) -> DynamicBody {
        var body = DynamicBody(center: center, shape: .rectangle(width: side, height: side))
        body.density = density
        return body
    }

    @Test func aFreeFallLandsWhereHalfGTSquaredSays() {
        var world = DynamicWorld()
        let id = world.add(square(at: Vector2(50, 0)))
        world.scene.gravities = [Gravity(bodies: [id])]
        run(&world, seconds: 0.5)
        // y = ½ · 1000 · 0.5² = 125; v = 1000 · 0.5 = 500; x unchanged.
        #expect(abs(world[id].center.y - 125) < 1e-9)
        #expect(abs(world[id].velocity.y - 500) < 1e-9)
        #expect(world[id].center.x == 50)
        #expect(abs(world.elapsedTime - 0.5) < 1e-12)
    }

    @Test func gravityIsTheSameAccelerationForEveryMass() {
        var world = DynamicWorld()
        let light = world.add(square(20, density: 0.1)), heavy = world.add(square(300, density: 8))
        // Angle 30° below the horizontal, magnitude 2.5: (cos 30°, sin 30°) × 2,500 points/s².
        let direction = Vector2(cos(Double.pi / 6), sin(Double.pi / 6)) * 2.5
        world.scene.gravities = [Gravity(bodies: [light, heavy], direction: direction)]
        run(&world, seconds: 1)
        for id in [light, heavy] {
            #expect(abs(world[id].center.x - 0.5 * 2500 * cos(Double.pi / 6)) < 1e-6)
            #expect(abs(world[id].center.y - 0.5 * 2500 * sin(Double.pi / 6)) < 1e-6)
        }
    }

    @Test func aContinuousPushAcceleratesByForceOverMass() {
        var world = DynamicWorld()
        // Masses: 100×100 at density 1 → 1; 200×100 at 0.5 → 1; 50×50 at 1 → 0.25.
        let unit = world.add(square())
        let wide = world.add({ var b = DynamicBody(center: .zero, shape: .rectangle(width: 200, height: 100)); b.density = 0.5; return b }())
        let small = world.add(square(50))
        #expect(world[unit].mass == 1 && world[wide].mass == 1 && world[small].mass == 0.25)
        world.scene.pushes = [Push(bodies: [unit, wide, small], mode: .continuous, vector: Vector2(1, 0))]
        run(&world, seconds: 1)
        // x = ½ (F/m) t²: F = 100; 50 points for mass 1, 200 for mass 0.25.
        #expect(abs(world[unit].center.x - 50) < 1e-9 && abs(world[wide].center.x - 50) < 1e-9)
        #expect(abs(world[small].center.x - 200) < 1e-9)
        #expect(world[unit].angularVelocity == 0)
    }

    @Test func anInstantaneousPushActsOnceWithItsTorque() {
        var world = DynamicWorld()
        let id = world.add(square())
        // An impulse of 1 (100 in mass·points/s) at 50 points above the center, to the right:
        // Δv = 100 points/s; Δω = r × J / I = (0, −50) × (100, 0) / (1 · (100² + 100²) / 12) = 3 rad/s.
        world.scene.pushes = [Push(bodies: [id], mode: .instantaneous, vector: Vector2(1, 0), offsets: [id: Vector2(0, -50)])]
        run(&world, seconds: 1)
        #expect(abs(world[id].velocity.x - 100) < 1e-9)
        #expect(abs(world[id].angularVelocity - 3) < 1e-9)
        #expect(abs(world[id].center.x - 100) < 1e-9)
        #expect(abs(world[id].angle - 3) < 1e-9)
        #expect(world.scene.pushes.isEmpty)
    }

    @Test func resistanceDecaysSpeedExponentially() {
        var world = DynamicWorld()
        var body = square()
        body.velocity = Vector2(300, 0)
        body.resistance = 2
        body.angularVelocity = 4
        body.angularResistance = 1
        let id = world.add(body)
        run(&world, seconds: 1)
        // v = v₀e^(−rt), x = v₀(1 − e^(−rt))/r.
        #expect(abs(world[id].velocity.x - 300 * exp(-2)) < 1e-3)
        #expect(abs(world[id].center.x - 300 * (1 - exp(-2)) / 2) < 1e-2)
        #expect(abs(world[id].angularVelocity - 4 * exp(-1)) < 1e-4)
    }

    @Test func anAnchoredBodyNeverMoves() {
        var world = DynamicWorld()
        var body = square(at: Vector2(10, 20))
        body.isAnchored = true
        let id = world.add(body)
        world.scene.gravities = [Gravity(bodies: [id])]
        world.scene.pushes = [Push(bodies: [id], mode: .instantaneous, vector: Vector2(5, 5))]
        run(&world, seconds: 0.5)
        #expect(world[id].center == Vector2(10, 20) && world[id].velocity == .zero)
    }

    @Test func theSameStepsGiveTheSameNumbers() {
        func simulate() -> [Double] {
            var world = DynamicWorld()
            var ids: [BodyID] = []
            for i in 0..<20 { ids.append(world.add(square(30, at: Vector2(Double(i % 5) * 40 + 20, Double(i / 5) * 40)))) }
            world.scene.gravities = [Gravity(bodies: ids)]
            world.scene.collisions = [CollisionGroup(bodies: ids, boundaries: [
                .init(identifier: 0, start: Vector2(0, 300), end: Vector2(400, 300))])]
            run(&world, seconds: 2)
            return ids.flatMap { [world[$0].center.x, world[$0].center.y, world[$0].angle] }
        }
        #expect(simulate() == simulate())
    }
}
