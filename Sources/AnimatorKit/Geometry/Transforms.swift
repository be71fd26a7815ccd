import AnimatorABI

/// The C library's math (sqrt, fmax, sin, ...), as `import UIKit` brings Darwin's on iOS.
@_exported import Glibc

/// UIKit's CGAffineTransform: x′ = a·x + c·y + tx, y′ = b·x + d·y + ty.
public struct CGAffineTransform: Equatable, Sendable {
    public var a, b, c, d, tx, ty: CGFloat

    /// Creates a transform from its six numbers.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The identity.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// CGAffineTransformMakeScale.
    public init(scaleX x: CGFloat, y: CGFloat) { self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0) }

    /// CGAffineTransformMakeTranslation.
    public init(translationX x: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// CGAffineTransformMakeRotation (clockwise on screen for positive angles).
    public init(rotationAngle angle: CGFloat) {
        self.init(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// CGAffineTransformConcat(self, t2): self first, then t2.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d, c: c * t2.a + d * t2.c,
                          d: c * t2.b + d * t2.d, tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// This transform, then a scale.
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// This transform, then a rotation.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// This transform, then a translation.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// inverted(): the inverse map (the transform itself when it has none, as Core
    /// Graphics returns).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return self }
        return CGAffineTransform(a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
                                 tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    var transform3D: CATransform3D {
        var m = CATransform3DIdentity
        (m.m11, m.m12, m.m21, m.m22, m.m41, m.m42) = (a, b, c, d, tx, ty)
        return m
    }
}

extension CGPoint {
    /// The point mapped by `t` (CGPoint.applying).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

/// Core Animation's CATransform3D (row vectors; translation in m41…m43, perspective m34).
public typealias CATransform3D = ah_transform3d

/// CATransform3DIdentity.
public let CATransform3DIdentity = ah_transform3d(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
                                                  m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

/// CATransform3DMakeTranslation.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var m = CATransform3DIdentity
    (m.m41, m.m42, m.m43) = (tx, ty, tz)
    return m
}

/// CATransform3DMakeScale.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var m = CATransform3DIdentity
    (m.m11, m.m22, m.m33) = (sx, sy, sz)
    return m
}

/// CATransform3DMakeRotation: `angle` about the axis (x, y, z).
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0 else { return CATransform3DIdentity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), t = 1 - c
    return ah_transform3d(m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
                          m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
                          m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
                          m41: 0, m42: 0, m43: 0, m44: 1)
}

/// CATransform3DConcat(a, b): a first, then b.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    func row(_ r: (CGFloat, CGFloat, CGFloat, CGFloat)) -> (CGFloat, CGFloat, CGFloat, CGFloat) {
        (r.0 * b.m11 + r.1 * b.m21 + r.2 * b.m31 + r.3 * b.m41, r.0 * b.m12 + r.1 * b.m22 + r.2 * b.m32 + r.3 * b.m42,
         r.0 * b.m13 + r.1 * b.m23 + r.2 * b.m33 + r.3 * b.m43, r.0 * b.m14 + r.1 * b.m24 + r.2 * b.m34 + r.3 * b.m44)
    }
    let r1 = row((a.m11, a.m12, a.m13, a.m14)), r2 = row((a.m21, a.m22, a.m23, a.m24))
    let r3 = row((a.m31, a.m32, a.m33, a.m34)), r4 = row((a.m41, a.m42, a.m43, a.m44))
    return ah_transform3d(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                          m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
}

extension CGRect {
    /// applying(_:): the smallest rectangle holding the transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY),
                       CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// CATransform3DRotate(t, angle, x, y, z): the rotation first, then `t`.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// CATransform3DScale(t, sx, sy, sz): the scale first, then `t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// CATransform3DTranslate(t, tx, ty, tz): the translation first, then `t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// CATransform3DMakeAffineTransform: the affine transform in 3D.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    m.transform3D
}

/// CATransform3DGetAffineTransform: the affine part.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

/// CATransform3DIsIdentity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool {
    CATransform3DEqualToTransform(t, CATransform3DIdentity)
}

/// CATransform3DEqualToTransform.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool {
    withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
}
