import AnimatorABI

/// CAMediaTimingFunction.
public struct CAMediaTimingFunction: Equatable, Sendable {
    var c: ah_timing_function

    /// The named functions.
    public enum Name: Sendable {
        case linear, easeIn, easeOut, easeInEaseOut, `default`
    }

    /// CAMediaTimingFunction(name:).
    public init(name: Name) {
        let kinds: [Name: Int] = [.linear: AH_TIMING_LINEAR, .easeIn: AH_TIMING_EASE_IN, .easeOut: AH_TIMING_EASE_OUT,
                                  .easeInEaseOut: AH_TIMING_EASE_IN_OUT, .default: AH_TIMING_CA_DEFAULT]
        c = ah_timing_function(kind: ah_timing_kind(kinds[name]!), x1: 0, y1: 0, x2: 0, y2: 0)
    }

    /// CAMediaTimingFunction(controlPoints:_:_:_:).
    public init(controlPoints x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
        c = ah_timing_function(kind: ah_timing_kind(AH_TIMING_BEZIER), x1: Double(x1), y1: Double(y1), x2: Double(x2),
                               y2: Double(y2))
    }

    init(c: ah_timing_function) {
        self.c = c
    }

    /// The curve's two control points: the named functions' Bézier points included.
    var controlPoints: (Double, Double, Double, Double) {
        let named: [Int: (Double, Double, Double, Double)] = [
            AH_TIMING_LINEAR: (0, 0, 1, 1), AH_TIMING_EASE_IN: (0.42, 0, 1, 1), AH_TIMING_EASE_OUT: (0, 0, 0.58, 1),
            AH_TIMING_EASE_IN_OUT: (0.42, 0, 0.58, 1), AH_TIMING_CA_DEFAULT: (0.25, 0.1, 0.25, 1),
        ]
        return named[Int(c.kind)] ?? (c.x1, c.y1, c.x2, c.y2)
    }

    /// getControlPoint(at:_:): index 0 is (0, 0), 1 and 2 the curve's control points, 3 is
    /// (1, 1); `point` receives x and y.
    public func getControlPoint(at index: Int, _ point: UnsafeMutablePointer<Float>) {
        let (x1, y1, x2, y2) = controlPoints
        let points: [(Double, Double)] = [(0, 0), (x1, y1), (x2, y2), (1, 1)]
        let chosen = points[min(max(index, 0), 3)]
        point[0] = Float(chosen.0)
        point[1] = Float(chosen.1)
    }

    /// Equal when the curves are: a named function equals its control points.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        let (a, b) = (lhs.controlPoints, rhs.controlPoints)
        return a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3
    }
}

/// UIKit's CAMediaTimingFunctionName (`.easeInEaseOut`, ...).
public typealias CAMediaTimingFunctionName = CAMediaTimingFunction.Name
