#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A vector of the plane, in points (or points per second, or force units): the dynamics'
/// own value type, so the solver depends on nothing.
public struct Vector2: Hashable, Sendable {
    /// The horizontal component (right is positive).
    public var x: Double
    /// The vertical component (down is positive, as on UIKit's screens).
    public var y: Double

    /// A vector of two components.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// No length.
    public static let zero = Vector2(0, 0)

    /// Its length.
    public var length: Double { (x * x + y * y).squareRoot() }

    /// Its length, squared.
    public var lengthSquared: Double { x * x + y * y }

    /// The vector of length 1 in its direction; zero for zero.
    public var normalized: Vector2 {
        let l = length
        return l > 0 ? Vector2(x / l, y / l) : .zero
    }

    /// The vector turned a quarter turn: (−y, x).
    public var perpendicular: Vector2 { Vector2(-y, x) }

    /// The vector turned by `angle` radians (clockwise on the screen, as UIKit's rotations).
    public func rotated(by angle: Double) -> Vector2 {
        if angle == 0 { return self }
        let (s, c) = (sin(angle), cos(angle))
        return Vector2(c * x - s * y, s * x + c * y)
    }

    /// The dot product.
    public func dot(_ other: Vector2) -> Double { x * other.x + y * other.y }

    /// The cross product's one component: x₁y₂ − y₁x₂.
    public func cross(_ other: Vector2) -> Double { x * other.y - y * other.x }

    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }
    public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }
    public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }
    public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }
    public static func += (a: inout Vector2, b: Vector2) { a = a + b }
    public static func -= (a: inout Vector2, b: Vector2) { a = a - b }
}

/// The cross product of a scalar (an angular velocity) and a vector: ω × r = (−ωr_y, ωr_x).
@inline(__always)
func cross(_ w: Double, _ r: Vector2) -> Vector2 { Vector2(-w * r.y, w * r.x) }
