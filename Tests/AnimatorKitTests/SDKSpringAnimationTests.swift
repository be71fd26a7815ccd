import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine

/// iOS 17's spring animations by perceptual duration and bounce, checked against the damped
/// oscillator they define, solved by hand.
@Suite struct SDKSpringAnimationTests {
    /// The step response of a unit-mass spring from rest: natural frequency 2π / duration,
    /// damping ratio ζ = 1 − bounce (underdamped here).
    static func response(at t: Double, duration: Double, bounce: Double) -> Double {
        let omega = 2 * Double.pi / duration, zeta = 1 - bounce
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
    }

    @Test func aBouncySpringFollowsItsOscillatorAndCompletesWhenItSettles() throws {
        let session = HostSession()
        let host = UnsafePointer(session.table)
        var completed: [Bool] = []
        let view = CurrentHost.with(host) { () -> UIView in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.center = CGPoint(x: 0, y: 0)
            UIView.animate(springDuration: 0.5, bounce: 0.3, animations: { view.center = CGPoint(x: 100, y: 0) },
                           completion: { completed.append($0) })
            return view
        }
        for t in [0.1, 0.2, 0.35] {
            try session.engine.advance(to: t)
            let x = CurrentHost.with(host) { view.layer.presentation()?.position.x } ?? -1
            let expected = 100 * Self.response(at: t, duration: 0.5, bounce: 0.3)
            #expect(abs(Double(x) - expected) < 1e-6, "at \(t): \(x) against \(expected)")
        }
        // It overshoots (ζ = 0.7): past 100 at some point before settling.
        let peak = Double.pi / (2 * .pi / 0.5 * (1 - 0.49).squareRoot())
        #expect(100 * Self.response(at: peak, duration: 0.5, bounce: 0.3) > 100)
        #expect(completed.isEmpty)
        try session.engine.advance(to: 3)
        #expect(completed == [true])
        #expect(view.center.x == 100)
    }

    @Test func aCASpringAnimationByPerceptualDurationAndBounceIsTheSameOscillator() throws {
        let session = HostSession()
        let host = UnsafePointer(session.table)
        let layer = CurrentHost.with(host) { () -> CALayer in
            let layer = CALayer()
            layer.position = CGPoint(x: 100, y: 0)
            let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
            // Its physics: ω = 2π / 0.5 = 4π, so stiffness 16π², damping 2ζω = 5.6π.
            #expect(abs(spring.stiffness - 16 * .pi * .pi) < 1e-9 && abs(spring.damping - 5.6 * .pi) < 1e-9)
            #expect(abs(spring.perceptualDuration - 0.5) < 1e-12 && abs(spring.bounce - 0.3) < 1e-12)
            spring.keyPath = "position.x"
            spring.fromValue = 0
            spring.toValue = 100
            layer.add(spring, forKey: "slide")
            return layer
        }
        try session.engine.advance(to: 0.2)
        let x = CurrentHost.with(host) { layer.presentation()?.position.x } ?? -1
        #expect(abs(Double(x) - 100 * Self.response(at: 0.2, duration: 0.5, bounce: 0.3)) < 1e-6, "\(x)")
        // An overdamped spring (bounce −0.5: ζ = 2) reads back its bounce.
        #expect(abs(CASpringAnimation(perceptualDuration: 1, bounce: -0.5).bounce + 0.5) < 1e-12)
    }
}
