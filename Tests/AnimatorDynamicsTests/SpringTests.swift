import AnimatorDynamics
import Foundation
import Testing

/// Attachments and snaps against the closed forms of the damped oscillator and the pendulum.
@Suite struct SpringTests {
    func run(_ world: inout DynamicWorld, seconds: Double, each: (DynamicWorld, Double) -> Void = { _, _ in }) {
        for frame in 1...Int((seconds * 60).rounded()) {
            _ = world.step(1.0 / 60)
            each(world, Double(frame) / 60)
        }
    }

    @Test func aSpringyAttachmentOscillatesAtItsFrequencyAndDamping() {
        // Anchor at the origin, rest length 100, the body pulled to 150: x(t) − 100 =
        // 50 e^(−ζωt) (cos ω_d t + ζω/ω_d sin ω_d t), ω = 2πf, ω_d = ω √(1 − ζ²).
        var world = DynamicWorld()
        let id = world.add(DynamicBody(center: Vector2(0, 150), shape: .rectangle(width: 40, height: 40)))
        let (f, zeta) = (1.5, 0.1)
        world.scene.attachments = [Attachment(body: id, target: .anchor(.zero), length: 100, frequency: f, damping: zeta)]
        let omega = 2 * Double.pi * f, damped = omega * (1 - zeta * zeta).squareRoot()
        var worst = 0.0
        run(&world, seconds: 2) { world, t in
            let expected = 100 + 50 * exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            worst = max(worst, abs(world[id].center.y - expected))
        }
        #expect(worst < 0.1, "largest difference from the closed form: \(worst) points")
        #expect(abs(world[id].center.x) < 1e-9)
    }

    @Test func twoBodiesOnASpringOscillateAboutTheirCenterOfMass() {
        // Masses 1 and 3 on a spring of 2 Hz: the spring's stiffness is the reduced mass
        // times ω², so the separation oscillates at 2 Hz, and the center of mass stays put.
        var world = DynamicWorld()
        let a = world.add(DynamicBody(center: Vector2(0, 0), shape: .rectangle(width: 100, height: 100)))
        var heavy = DynamicBody(center: Vector2(260, 0), shape: .rectangle(width: 100, height: 100))
        heavy.density = 3
        let b = world.add(heavy)
        world.scene.attachments = [Attachment(body: a, target: .body(b, offset: .zero), length: 200, frequency: 2)]
        let omega = 2 * Double.pi * 2
        var worst = 0.0, drift = 0.0
        run(&world, seconds: 1.5) { world, t in
            let separation = world[b].center.x - world[a].center.x
            worst = max(worst, abs(separation - (200 + 60 * cos(omega * t))))
            drift = max(drift, abs((world[a].center.x + 3 * world[b].center.x) / 4 - 195))
        }
        #expect(worst < 0.1, "\(worst)")
        #expect(drift < 1e-9)
    }

    @Test func aRigidAttachmentSwingsAsAPendulum() {
        // A rod of 250 points under gravity 1 (1,000 points/s²), let go at 5°: the period is
        // 2π √(L/g) (1 + θ₀²/16) = 3.1431 s; the first pass through the bottom is at a quarter.
        var world = DynamicWorld()
        let angle = 5 * Double.pi / 180
        let start = Vector2(250 * sin(angle), 250 * cos(angle))
        let id = world.add(DynamicBody(center: start, shape: .rectangle(width: 20, height: 20)))
        world.scene.gravities = [Gravity(bodies: [id])]
        world.scene.attachments = [Attachment(body: id, target: .anchor(.zero), length: 250)]
        var crossings: [Double] = [], previous = start.x, longest = 0.0
        run(&world, seconds: 3.5) { world, t in
            let x = world[id].center.x
            if previous > 0 && x <= 0 || previous < 0 && x >= 0 {
                crossings.append(t - 1.0 / 60 * x / (x - previous))
            }
            previous = x
            longest = max(longest, abs(world[id].center.length - 250))
        }
        let period = 2 * Double.pi * (250.0 / 1000).squareRoot() * (1 + angle * angle / 16)
        #expect(crossings.count >= 2)
        #expect(abs(crossings[0] - period / 4) < 0.01, "\(crossings)")
        #expect(abs(crossings[1] - 3 * period / 4) < 0.01, "\(crossings)")
        #expect(longest < 0.05, "the rod's length drifted by \(longest)")
    }

    @Test func aSnapBringsTheBodyToThePointUpright() {
        var world = DynamicWorld()
        var body = DynamicBody(center: Vector2(0, 0), angle: 0.8, shape: .rectangle(width: 80, height: 40))
        body.velocity = Vector2(-200, 50)
        let id = world.add(body)
        world.scene.snaps = [Snap(body: id, point: Vector2(200, 300))]
        var overshoot = 0.0
        run(&world, seconds: 2.5) { world, _ in overshoot = max(overshoot, world[id].center.y - 300) }
        #expect((world[id].center - Vector2(200, 300)).length < 0.5)
        #expect(abs(world[id].angle) < 0.01)
        // Damping 0.5 (ratio 0.6) overshoots a little; damping 0 (ratio 1) not at all.
        #expect(overshoot > 1)
        var calm = DynamicWorld()
        let still = calm.add(DynamicBody(center: .zero, shape: .rectangle(width: 80, height: 40)))
        calm.scene.snaps = [Snap(body: still, point: Vector2(200, 300), damping: 0)]
        var calmOvershoot = 0.0
        run(&calm, seconds: 2.5) { calm, _ in calmOvershoot = max(calmOvershoot, calm[still].center.y - 300) }
        #expect(calmOvershoot <= 1e-9)
    }
}
