import Glibc

/// A 2D affine transform: UIKit's CGAffineTransform, [a b 0; c d 0; tx ty 1] acting on row
/// vectors, so x′ = a·x + c·y + tx and y′ = b·x + d·y + ty.
public struct AffineTransform: Equatable, Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    /// Creates a transform from its six numbers.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The identity.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// CGAffineTransformMakeTranslation.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// CGAffineTransformMakeScale.
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// CGAffineTransformMakeRotation: positive angles turn clockwise on screen (y down).
    public init(rotationAngle angle: Double) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// The inverse transform, or nil when the transform flattens the plane (determinant 0).
    public var inverted: AffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        let (ia, ib, ic, id) = (d / determinant, -b / determinant, -c / determinant, a / determinant)
        return AffineTransform(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// CGAffineTransformConcat(self, other): self first, then other.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The transformed point.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The same transform in 3D.
    public var transform3D: Transform3D {
        var result = Transform3D.identity
        result.m11 = a
        result.m12 = b
        result.m21 = c
        result.m22 = d
        result.m41 = tx
        result.m42 = ty
        return result
    }
}
