import Foundation
import Testing
@testable import AnimatorEngine
import TestSupport

/// Reference spring displacement: x″ = −(c·x′ + k·x)/m integrated with classical RK4.
func referenceSpring(mass m: Double, stiffness k: Double, damping c: Double, velocity v0: Double, at time: Double) -> Double {
    var x = 1.0, v = -v0
    let steps = 200_000
    let h = time / Double(steps)
    func acceleration(_ x: Double, _ v: Double) -> Double { -(c * v + k * x) / m }
    for _ in 0..<steps {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
}

@Suite struct CubicBezierTests {
    static let curves: [(Double, Double, Double, Double)] = [
        (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1), (0, 0, 1, 1),
        (0, 0, 0, 1), (1, 0, 0, 1), (0.5, -0.5, 0.5, 1.5), (0.99, 0, 0.01, 1), (0, 1, 1, 0),
        (0.68, -0.55, 0.265, 1.55), (1, 1, 0, 0), (0.01, 0.99, 0.99, 0.01),
    ]

    @Test(arguments: 0..<curves.count)
    func errorInYIsAtMostTenToTheMinusSevenAcrossTheUnitInterval(_ index: Int) {
        let p = CubicBezierTests.curves[index]
        let curve = CubicBezier(p.0, p.1, p.2, p.3)
        var worst = 0.0
        for step in 0...10_000 {
            let x = Double(step) / 10_000
            worst = max(worst, abs(curve.value(at: x) - referenceBezier(p, at: x)))
        }
        #expect(worst <= 1e-7, "max error \(worst) for \(p)")
    }

    @Test func applesNamedControlPoints() {
        #expect(CubicBezier.easeIn == CubicBezier(0.42, 0, 1, 1))
        #expect(CubicBezier.easeOut == CubicBezier(0, 0, 0.58, 1))
        #expect(CubicBezier.easeInOut == CubicBezier(0.42, 0, 0.58, 1))
        #expect(CubicBezier.caDefault == CubicBezier(0.25, 0.1, 0.25, 1))
        #expect(AnimationCurve(rawValue: 0) == .easeInOut)
        #expect(AnimationCurve(rawValue: 3) == .linear)
        // easeInOut is symmetric about (0.5, 0.5).
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(CubicBezier.easeInOut.value(at: x) + CubicBezier.easeInOut.value(at: 1 - x) - 1) < 1e-9)
        }
        #expect(abs(CubicBezier.linear.value(at: 0.3) - 0.3) < 1e-12)
    }

    @Test func extrapolatesAlongTheEndTangents() {
        // easeIn: P1 = (0.42, 0) gives a start slope of 0; P2 = (1, 1) sits on the end, so
        // the end slope comes from P1: (0 - 1) / (0.42 - 1).
        #expect(CubicBezier.easeIn.value(at: -0.5) == 0)
        #expect(abs(CubicBezier.easeIn.value(at: 1.5) - (1 + 0.5 / 0.58)) < 1e-12)
        // (0.25, 0.1, 0.25, 1): start slope 0.1 / 0.25, end slope (1 - 1) / (0.25 - 1) = 0.
        #expect(abs(CubicBezier.caDefault.value(at: -1) - (-0.4)) < 1e-12)
        #expect(CubicBezier.caDefault.value(at: 2) == 1)
        // linear: slope 1 everywhere.
        #expect(abs(CubicBezier.linear.value(at: -0.25) + 0.25) < 1e-12)
    }

    @Test func refusesControlPointsThatAreNotAFunctionOfX() {
        #expect(CubicBezier.validated(1.2, 0, 0.5, 1) == .failure(TimingError(reason: "x1 and x2 must be between 0 and 1 (got 1.2 and 0.5)")))
        #expect(CubicBezier.validated(.nan, 0, 0.5, 1) == .failure(TimingError(reason: "control points must be finite numbers")))
    }
}

@Suite struct SpringTests {
    @Test(arguments: [
        (1.0, 100.0, 10.0, 0.0),    // CASpringAnimation's defaults: ζ = 0.5
        (1.0, 100.0, 5.0, 2.0),     // underdamped, moving toward the target
        (2.0, 50.0, 20.0, -1.5),    // critically damped (ζ = 20 / (2·√100) = 1), moving away
        (1.0, 100.0, 40.0, 3.0),    // overdamped, ζ = 2
        (0.5, 300.0, 1.0, 0.0),     // barely damped
    ])
    func closedFormsMatchTheIntegratedEquation(_ parameters: (Double, Double, Double, Double)) {
        let (m, k, c, v) = parameters
        let spring = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
        for t in [0.0, 0.05, 0.1, 0.37, 0.8, 1.5] {
            let expected = referenceSpring(mass: m, stiffness: k, damping: c, velocity: v, at: t)
            #expect(abs(spring.displacement(at: t) - expected) < 1e-7, "t = \(t)")
            #expect(abs(spring.value(at: t) - (1 - expected)) < 1e-7)
        }
    }

    @Test func ratioAndFrequency() {
        let spring = Spring(mass: 4, stiffness: 100, damping: 8)
        #expect(spring.naturalFrequency == 5)            // √(100/4)
        #expect(spring.dampingRatio == 0.2)              // 8 / (2·√400)
    }

    @Test func applesDocumentedSettlingDurations() {
        // Apple: damping 5 → "approximately 2.85 seconds"; damping 15 → "just over 1 second".
        let bouncy = Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration()
        #expect(abs(bouncy - 2.85) < 0.01, "\(bouncy)")
        let firm = Spring(mass: 1, stiffness: 100, damping: 15).settlingDuration()
        #expect(firm > 1 && firm < 1.05, "\(firm)")
    }

    @Test func settlingDurationMeansTheMotionStaysWithinTheThreshold() {
        for spring in [Spring(damping: 5), Spring(damping: 20), Spring(damping: 40, initialVelocity: 4)] {
            let settle = spring.settlingDuration()
            for step in 0..<400 {
                let t = settle + Double(step) * 0.01
                #expect(abs(spring.displacement(at: t)) <= Spring.restThreshold * 1.000001)
            }
        }
    }

    @Test func uikitsDurationMappingMatchesFramersPublishedFigures() {
        // Framer's check: duration 3, damping ratio 0.25 → stiffness ≈ 54.834, damping ≈ 3.7025.
        let spring = Spring(duration: 3, dampingRatio: 0.25)
        #expect(abs(spring.stiffness - 54.834) < 0.005, "\(spring.stiffness)")
        #expect(abs(spring.damping - 3.7025) < 0.0005, "\(spring.damping)")
        #expect(spring.mass == 1)
        // The defining equation, solved for ω0 in the test: (ζω0/ωd)·e^(−ζω0·D) = 0.001.
        let zeta = 0.25, duration = 3.0
        let omega0 = spring.naturalFrequency
        let envelope = zeta * omega0 / (omega0 * (1 - zeta * zeta).squareRoot()) * exp(-zeta * omega0 * duration)
        #expect(abs(envelope - 0.001) < 1e-9)
    }

    @Test func uikitClampsTheDampingRatioToOne() {
        let spring = Spring(duration: 0.5, dampingRatio: 3)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        // Critically damped: (1 + ω0·D)·e^(−ω0·D) = 0.001 at D = 0.5.
        let omega0 = spring.naturalFrequency
        #expect(abs((1 + omega0 * 0.5) * exp(-omega0 * 0.5) - 0.001) < 1e-9)
    }

    @Test func responseAndDampingFraction() {
        let spring = Spring(dampingRatio: 0.8, response: 0.5)
        #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.5, 2)) < 1e-9)
        #expect(abs(spring.damping - 4 * Double.pi * 0.8 / 0.5) < 1e-9)
        #expect(abs(spring.dampingRatio - 0.8) < 1e-12)
    }

    @Test func aSpringTimingFunctionLandsOnOne() {
        let timing = TimingFunction.spring(Spring(duration: 0.4, dampingRatio: 0.8, initialVelocity: 1), duration: 0.4)
        #expect(timing.value(at: 0) == 0)
        #expect(timing.value(at: 1) == 1)
        #expect(abs(timing.value(at: 0.999) - 1) < 0.002)
    }
}
