import Glibc
import Testing
@testable import AnimatorEngine

func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Rotation about z written out by hand, in CATransform3D's row-vector layout:
/// x′ = x·cos − y·sin, y′ = x·sin + y·cos.
func zRotation(_ angle: Double) -> Transform3D {
    Transform3D([cos(angle), sin(angle), 0, 0, -sin(angle), cos(angle), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

@Suite struct TransformTests {
    @Test func coreAnimationConventions() {
        // A point at (10, 0) rotated a quarter turn clockwise (y down) lands at (0, 10).
        let turned = Transform3D.rotation(Double.pi / 2, 0, 0, 1).apply(to: Point(x: 10, y: 0))
        #expect(abs(turned.x) < 1e-12 && abs(turned.y - 10) < 1e-12)
        #expect(close(Transform3D.rotation(0.7, 0, 0, 1), zRotation(0.7)))
        // Concatenation: first scale by 2, then translate by (5, 0).
        let combined = Transform3D.scale(2, 2).concatenating(.translation(5, 0))
        #expect(combined.apply(to: Point(x: 1, y: 1)) == Point(x: 7, y: 2))
        // The affine mirror.
        let affine = AffineTransform(rotationAngle: 0.4).concatenating(AffineTransform(translationX: 3, y: 4))
        #expect(close(affine.transform3D, Transform3D.rotation(0.4, 0, 0, 1).concatenating(.translation(3, 4))))
        #expect(affine.transform3D.isAffine)
        // Perspective: a point at z = 0 is unchanged, and m34 = −1/d.
        #expect(Transform3D.perspective(distance: 500).m34 == -1.0 / 500)
    }

    @Test func inverseUndoes() throws {
        let m = Transform3D.rotation(0.3, 1, 2, 3).concatenating(.scale(2, 0.5, 3)).concatenating(.translation(4, -5, 6))
            .concatenating(.perspective(distance: 800))
        let inverse = try #require(m.inverted)
        #expect(close(m.concatenating(inverse), .identity, 1e-9))
        #expect(Transform3D.scale(0, 1).inverted == nil)
    }

    static let samples: [Transform3D] = [
        .identity, .translation(3, -4, 5), .scale(2, 3), .scale(-1, 1), zRotation(0.3), zRotation(2.0),
        zRotation(-1.5 * Double.pi), .rotation(0.8, 1, 0, 0), .rotation(-0.6, 0, 1, 0), .rotation(1.1, 1, 1, 0.5),
        AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0).transform3D,
        .rotation(0.5, 0, 1, 0).concatenating(.perspective(distance: 500)),
        .scale(0.001, 0.001).concatenating(.translation(200, 300)),
        AffineTransform(translationX: 180, y: 0).concatenating(AffineTransform(rotationAngle: 0.3 * Double.pi)).transform3D,
    ]

    @Test(arguments: 0..<samples.count)
    func decomposingAndRecomposingGivesTheSameTransform(_ index: Int) throws {
        let m = TransformTests.samples[index]
        let parts = try #require(DecomposedTransform(m))
        #expect(close(parts.transform, m, 1e-9), "\(m.values) → \(parts.transform.values)")
    }

    @Test func rotationsInterpolateOnTheShortestArc() {
        // Less than half a turn: the angle is interpolated linearly.
        let quarter = TransformInterpolator(from: .identity, to: zRotation(0.5 * Double.pi))
        for t in [0.25, 0.5, 0.75] {
            #expect(close(quarter.value(at: t), zRotation(0.5 * Double.pi * t)))
        }
        // −1.5π is the same orientation as +0.5π: Core Animation turns the short way,
        // a quarter turn clockwise (seed 000's "clockwise 90 degrees").
        let long = TransformInterpolator(from: .identity, to: zRotation(-1.5 * Double.pi))
        #expect(close(long.value(at: 0.5), zRotation(0.25 * Double.pi)))
        // From π to 1.3π: 0.3π apart, through 1.15π.
        let swing = TransformInterpolator(from: zRotation(Double.pi), to: zRotation(1.3 * Double.pi))
        #expect(close(swing.value(at: 0.5), zRotation(1.15 * Double.pi)))
    }

    @Test func thePlanarPathGivesWhatTheGeneralDecompositionGives() throws {
        let samples: [AffineTransform] = [
            .identity, AffineTransform(rotationAngle: 2.5), AffineTransform(scaleX: 0.001, y: 0.001),
            AffineTransform(a: 1.5, b: 0.2, c: 0.7, d: 1.1, tx: 30, ty: -40),
            AffineTransform(rotationAngle: -1.5 * Double.pi).concatenating(AffineTransform(translationX: 180, y: 0)),
            AffineTransform(scaleX: 2, y: 0.5).concatenating(AffineTransform(rotationAngle: 0.3 * Double.pi)),
        ]
        for from in samples {
            for to in samples {
                let a = try #require(DecomposedTransform(from.transform3D))
                let b = try #require(DecomposedTransform(to.transform3D))
                let interpolator = TransformInterpolator(from: from.transform3D, to: to.transform3D)
                for t in [0.25, 0.5, 0.9] {
                    // The general path, written out: blend the parts, slerp on the short arc.
                    var parts = DecomposedTransform()
                    parts.translation = (a.translation.0 + (b.translation.0 - a.translation.0) * t,
                                         a.translation.1 + (b.translation.1 - a.translation.1) * t, 0)
                    parts.scale = (a.scale.0 + (b.scale.0 - a.scale.0) * t, a.scale.1 + (b.scale.1 - a.scale.1) * t, 1)
                    parts.skew = (a.skew.0 + (b.skew.0 - a.skew.0) * t, 0, 0)
                    var dot = a.quaternion.2 * b.quaternion.2 + a.quaternion.3 * b.quaternion.3
                    let sign = dot < 0 ? -1.0 : 1.0
                    dot = min(abs(dot), 1)
                    let theta = acos(dot)
                    let (wa, wb): (Double, Double) = theta < 1e-9 ? (1 - t, t * sign)
                        : (sin((1 - t) * theta) / sin(theta), sin(t * theta) / sin(theta) * sign)
                    let z: Double = a.quaternion.2 * wa + b.quaternion.2 * wb
                    let w: Double = a.quaternion.3 * wa + b.quaternion.3 * wb
                    let norm = (z * z + w * w).squareRoot()
                    parts.quaternion = (0, 0, z / norm, w / norm)
                    let expected = parts.transform
                    #expect(close(interpolator.value(at: t), expected, 1e-9), "\(from) → \(to) at \(t)")
                    var written = Transform3D.identity
                    interpolator.write(at: t, into: &written)
                    #expect(close(written, expected, 1e-9))
                }
            }
        }
    }

    @Test func aCollapsedTransformGrowsAndShrinks() {
        // Seed 000's zoom: from CGAffineTransformMakeScale(0, 0) to the identity and back.
        let zero = AffineTransform(scaleX: 0, y: 0).transform3D
        #expect(close(TransformInterpolator(from: zero, to: .identity).value(at: 0.25), .scale(0.25, 0.25)))
        #expect(close(TransformInterpolator(from: .identity, to: zero).value(at: 0.75), .scale(0.25, 0.25)))
        let turned = AffineTransform(rotationAngle: 0.5).transform3D
        #expect(close(TransformInterpolator(from: zero, to: turned).value(at: 0.5),
                      Transform3D.scale(0.5, 0.5).concatenating(zRotation(0.5))))
    }

    @Test func scaleAndTranslationInterpolateLinearly() {
        let grow = TransformInterpolator(from: .scale(0.001, 0.001), to: .identity)
        #expect(close(grow.value(at: 0.5), .scale(0.5005, 0.5005)))
        let move = TransformInterpolator(from: .identity, to: .translation(180, -40))
        #expect(close(move.value(at: 0.25), .translation(45, -10)))
        // Both ends are returned exactly.
        let pendulumEnd = AffineTransform(translationX: 180, y: 0).concatenating(AffineTransform(rotationAngle: 0.3 * Double.pi)).transform3D
        let fall = TransformInterpolator(from: zRotation(0.8 * Double.pi), to: pendulumEnd)
        #expect(fall.value(at: 1) == pendulumEnd)
        #expect(fall.value(at: 0) == zRotation(0.8 * Double.pi))
    }
}
