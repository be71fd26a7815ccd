import Glibc

/// UIKit's ease-in-ease-out (0.42, 0, 0.58, 1) by the reference solver.
public func referenceEaseInOut(_ x: Double) -> Double { referenceBezier((0.42, 0, 0.58, 1), at: x) }

/// Reference y(x) for a cubic Bézier: the Bernstein form in 80-bit floating point,
/// bisected on t until the interval is below its precision. Written independently of
/// `CubicBezier`. The curve (1, 0, 0, 1) is flat in x at t = ½ (x = ½ + 4(t − ½)³), where
/// no bisection on x(t) can find t precisely; there the closed form t = ½ + ∛((x − ½)/4)
/// is used.
public func referenceBezier(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
    func bernstein(_ a: Float80, _ b: Float80, _ t: Float80) -> Float80 {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }
    let t: Float80
    if p == (1, 0, 0, 1) {
        t = 0.5 + Float80(cbrt((x - 0.5) / 4))
    } else {
        var low: Float80 = 0, high: Float80 = 1
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if bernstein(Float80(p.0), Float80(p.2), middle) < Float80(x) { low = middle } else { high = middle }
        }
        t = (low + high) / 2
    }
    return Double(bernstein(Float80(p.1), Float80(p.3), t))
}
