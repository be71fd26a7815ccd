import AnimatorDynamics
import Foundation
import Testing

/// Shapes' areas and moments of inertia against the textbook formulas.
@Suite struct ShapeTests {
    @Test func aRectanglesMomentIsMassTimesTheSumOfSquaresOverTwelve() {
        let shape = BodyShape.rectangle(width: 120, height: 50)
        #expect(shape.area == 6000)
        #expect(abs(shape.inertiaPerMass - (120.0 * 120 + 50 * 50) / 12) < 1e-9)
    }

    @Test func anEllipseHasItsOwnAreaAndMoment() {
        let shape = BodyShape.ellipse(width: 80, height: 40)
        #expect(abs(shape.area - Double.pi * 40 * 20) < 1e-9)
        #expect(abs(shape.inertiaPerMass - (40.0 * 40 + 20 * 20) / 4) < 1e-9)
    }

    @Test func aPathsHullGivesThePolygonsMoment() {
        // A right triangle and an inner point: the hull drops the inner point. Its area is
        // ½ · 60 · 60 = 1,800; about the origin (a corner), ∫(x² + y²) dA / A = (60² + 60²)/6.
        let hull = BodyShape.hull(of: [Vector2(0, 0), Vector2(60, 0), Vector2(0, 60), Vector2(10, 10)])
        #expect(hull?.vertices.count == 3)
        #expect(abs((hull?.area ?? 0) - 1800) < 1e-9)
        #expect(abs((hull?.inertiaPerMass ?? 0) - 1200) < 1e-9)
        #expect(BodyShape.hull(of: [Vector2(0, 0), Vector2(1, 1), Vector2(2, 2)]) == nil)
    }
}
