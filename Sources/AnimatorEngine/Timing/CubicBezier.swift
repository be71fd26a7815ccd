/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points P1 and P2, solved
/// for y at a given x, as CAMediaTimingFunction does.
///
/// Pure value code: no clock, no views. Within [0, 1] the error in y is at most 1e-7; outside
/// it the curve continues along the tangents at its ends (as WebKit's and Chromium's solvers
/// do).
public struct CubicBezier: Equatable, Hashable, Sendable {
    /// The first control point.
    public let x1: Double, y1: Double
    /// The second control point.
    public let x2: Double, y2: Double

    // Polynomial coefficients in Horner form: x(t) = ((ax t + bx) t + cx) t.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double
    private let startGradient: Double, endGradient: Double
    // x(t) in depressed form about its inflection point t0: x = ax·u³ + p·u + q, u = t − t0.
    // Where the curve is nearly vertical (x′ ≈ 0) this form keeps its precision.
    private let t0: Double, p: Double, q: Double
    // x(t) at t = 0.1, 0.2, ... 0.9, for a close first guess (Chromium's approach).
    private let samples: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    /// Both control points on y = x: the curve is the identity, exactly.
    private let isLinear: Bool

    /// Creates a curve. x1 and x2 must lie in [0, 1] so that x(t) is monotonic.
    ///
    /// - Precondition: 0 ≤ x1 ≤ 1 and 0 ≤ x2 ≤ 1, all values finite (use `validated` for
    ///   untrusted input).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
        let (a, b, c) = (1 - 3 * x1 - (3 * (x2 - x1) - 3 * x1), 3 * (x2 - x1) - 3 * x1, 3 * x1)
        func x(_ t: Double) -> Double { ((a * t + b) * t + c) * t }
        samples = (x(0.1), x(0.2), x(0.3), x(0.4), x(0.5), x(0.6), x(0.7), x(0.8), x(0.9))
        isLinear = x1 == y1 && x2 == y2
        let inflection = ax != 0 ? -bx / (3 * ax) : 0
        t0 = inflection
        p = (3 * ax * inflection + 2 * bx) * inflection + cx
        q = ((ax * inflection + bx) * inflection + cx) * inflection
        if x1 > 0 {
            startGradient = y1 / x1
        } else if y1 == 0 && x2 > 0 {
            startGradient = y2 / x2
        } else if y1 == 0 && y2 == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if x2 < 1 {
            endGradient = (y2 - 1) / (x2 - 1)
        } else if y2 == 1 && x1 < 1 {
            endGradient = (y1 - 1) / (x1 - 1)
        } else if y2 == 1 && y1 == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    /// A curve from untrusted numbers, or the reason they do not make one.
    public static func validated(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Result<CubicBezier, TimingError> {
        guard [x1, y1, x2, y2].allSatisfy(\.isFinite) else {
            return .failure(TimingError(reason: "control points must be finite numbers"))
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            return .failure(TimingError(reason: "x1 and x2 must be between 0 and 1 (got \(x1) and \(x2))"))
        }
        return .success(CubicBezier(x1, y1, x2, y2))
    }

    /// x(t), the curve's horizontal coordinate at parameter t.
    @inline(__always) public func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t), the curve's vertical coordinate at parameter t.
    @inline(__always) public func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    @inline(__always) private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The parameter t at which x(t) = x, for x in [0, 1], to within about 1e-12 in t.
    ///
    /// Converges on t, not on the residual in x: where the curve is nearly vertical
    /// (dx/dt ≈ 0) a tiny residual in x can hide a large error in t, and so in y.
    public func solveT(forX x: Double) -> Double {
        // Newton-Raphson from a guess interpolated between sampled points, while it is well
        // conditioned.
        var t = initialGuess(x)
        for _ in 0..<8 {
            let slope = slopeX(t)
            if abs(slope) < 1e-6 { break }
            let step = (sampleX(t) - x) / slope
            t -= step
            if t < 0 || t > 1 { break }
            // Newton converges quadratically: after a step below 1e-5 the error in t is of
            // order step² × |x″/2x′|, far below what the 1e-7 bound on y needs.
            if abs(step) < 1e-5 { return t }
        }
        // Bisection: x(t) is monotonic on [0, 1] when x1 and x2 are in [0, 1]. The sign
        // of x(t) − x comes from the depressed form, exact at a flat inflection point.
        var low = 0.0
        var high = 1.0
        let offset = q - x
        while high - low > 1e-13 {
            let middle = (low + high) / 2
            let u = middle - t0
            if (ax * u * u + p) * u + offset < 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    @inline(__always)
    private func initialGuess(_ x: Double) -> Double {
        withUnsafeBytes(of: samples) { raw in
            let xs = raw.bindMemory(to: Double.self)
            var index = 0
            while index < 9 && xs[index] <= x { index += 1 }
            let low = index == 0 ? 0 : xs[index - 1]
            let high = index == 9 ? 1 : xs[index]
            return (Double(index) + (high > low ? (x - low) / (high - low) : 0)) * 0.1
        }
    }

    /// Curves are equal when their control points are.
    public static func == (lhs: CubicBezier, rhs: CubicBezier) -> Bool {
        lhs.x1 == rhs.x1 && lhs.y1 == rhs.y1 && lhs.x2 == rhs.x2 && lhs.y2 == rhs.y2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(x1)
        hasher.combine(y1)
        hasher.combine(x2)
        hasher.combine(y2)
    }

    /// The curve's value at `x`: y where the curve crosses x. Linear beyond [0, 1].
    ///
    /// - Parameter x: the input progress (the fraction of the duration elapsed).
    /// - Returns: the output progress.
    public func value(at x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        if x == 0 || x == 1 || isLinear { return x }
        return sampleY(solveT(forX: x))
    }

    /// The named curves, with Apple's control points.
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseIn.
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// kCAMediaTimingFunctionEaseOut.
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// kCAMediaTimingFunctionEaseInEaseOut (UIView's default curve).
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault (CATransaction's and UICubicTimingParameters()'s).
    public static let caDefault = CubicBezier(0.25, 0.1, 0.25, 1)
}

/// Why timing numbers were refused.
public struct TimingError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
