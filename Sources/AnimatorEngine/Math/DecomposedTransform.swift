import CMathShim
import Glibc

/// A transform taken apart into perspective, translation, scale, skew and a rotation
/// quaternion (the unmatrix method of Graphics Gems II, as CSS transforms and Core
/// Animation use for interpolation). Interpolating the parts, with the rotation on the
/// shortest arc, is how Core Animation animates `transform`.
public struct DecomposedTransform: Equatable, Sendable {
    public var perspective: (Double, Double, Double, Double) = (0, 0, 0, 1)
    public var translation: (Double, Double, Double) = (0, 0, 0)
    public var scale: (Double, Double, Double) = (1, 1, 1)
    /// xy, xz, yz shear factors.
    public var skew: (Double, Double, Double) = (0, 0, 0)
    /// (x, y, z, w).
    public var quaternion: (Double, Double, Double, Double) = (0, 0, 0, 1)

    public static func == (lhs: DecomposedTransform, rhs: DecomposedTransform) -> Bool {
        lhs.perspective == rhs.perspective && lhs.translation == rhs.translation && lhs.scale == rhs.scale
            && lhs.skew == rhs.skew && lhs.quaternion == rhs.quaternion
    }

    /// The parts of the identity.
    init() {}

    /// Takes `transform` apart; nil when it cannot be (singular, or m44 = 0).
    public init?(_ transform: Transform3D) {
        guard transform.m44 != 0 else { return nil }
        var m = [
            [transform.m11, transform.m12, transform.m13, transform.m14],
            [transform.m21, transform.m22, transform.m23, transform.m24],
            [transform.m31, transform.m32, transform.m33, transform.m34],
            [transform.m41, transform.m42, transform.m43, transform.m44],
        ]
        for i in 0..<4 { for j in 0..<4 { m[i][j] /= transform.m44 } }
        var perspectiveMatrix = m
        for i in 0..<3 { perspectiveMatrix[i][3] = 0 }
        perspectiveMatrix[3][3] = 1
        guard let inverse = Transform3D(perspectiveMatrix.flatMap { $0 }).inverted else { return nil }
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // M = A·P with A = perspectiveMatrix and P the identity whose last column is p, so
            // M's last column = A·p and p = A⁻¹·(M's last column).
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            let inv = inverse.values
            var p = [0.0, 0, 0, 0]
            for j in 0..<4 { for k in 0..<4 { p[j] += inv[j * 4 + k] * rhs[k] } }
            perspective = (p[0], p[1], p[2], p[3])
        }
        translation = (m[3][0], m[3][1], m[3][2])
        var row = [[m[0][0], m[0][1], m[0][2]], [m[1][0], m[1][1], m[1][2]], [m[2][0], m[2][1], m[2][2]]]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double]) -> [Double] { let l = length(v); return l == 0 ? v : v.map { $0 / l } }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
        }
        var sx = length(row[0])
        row[0] = normalized(row[0])
        var xy = dot(row[0], row[1])
        row[1] = combine(row[1], row[0], 1, -xy)
        var sy = length(row[1])
        row[1] = normalized(row[1])
        if sy != 0 { xy /= sy }
        var xz = dot(row[0], row[2])
        row[2] = combine(row[2], row[0], 1, -xz)
        var yz = dot(row[1], row[2])
        row[2] = combine(row[2], row[1], 1, -yz)
        var sz = length(row[2])
        row[2] = normalized(row[2])
        if sz != 0 { xz /= sz; yz /= sz }
        let cross = [row[1][1] * row[2][2] - row[1][2] * row[2][1],
                     row[1][2] * row[2][0] - row[1][0] * row[2][2],
                     row[1][0] * row[2][1] - row[1][1] * row[2][0]]
        if dot(row[0], cross) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            row = row.map { $0.map { -$0 } }
        }
        scale = (sx, sy, sz)
        skew = (xy, xz, yz)
        var qx = 0.5 * max(1 + row[0][0] - row[1][1] - row[2][2], 0).squareRoot()
        var qy = 0.5 * max(1 - row[0][0] + row[1][1] - row[2][2], 0).squareRoot()
        var qz = 0.5 * max(1 - row[0][0] - row[1][1] + row[2][2], 0).squareRoot()
        let qw = 0.5 * max(1 + row[0][0] + row[1][1] + row[2][2], 0).squareRoot()
        if row[2][1] > row[1][2] { qx = -qx }
        if row[0][2] > row[2][0] { qy = -qy }
        if row[1][0] > row[0][1] { qz = -qz }
        quaternion = (qx, qy, qz, qw)
    }

    /// The transform these parts make: scale, then skew, rotation, translation and
    /// perspective, in the row-vector order (the rows of the 3×3 part are scaled rows of
    /// skew × rotation).
    public var transform: Transform3D {
        let (x, y, z, w) = quaternion
        // The quaternion's rotation, row-vector layout.
        let r11 = 1 - 2 * (y * y + z * z), r12 = 2 * (x * y + z * w), r13 = 2 * (x * z - y * w)
        let r21 = 2 * (x * y - z * w), r22 = 1 - 2 * (x * x + z * z), r23 = 2 * (y * z + x * w)
        let r31 = 2 * (x * z + y * w), r32 = 2 * (y * z - x * w), r33 = 1 - 2 * (x * x + y * y)
        let (xy, xz, yz) = skew
        // Rows of K·R with K = [[1,0,0],[xy,1,0],[xz,yz,1]], each scaled.
        let a1 = r11 * scale.0, a2 = r12 * scale.0, a3 = r13 * scale.0
        let b1 = (r21 + xy * r11) * scale.1, b2 = (r22 + xy * r12) * scale.1, b3 = (r23 + xy * r13) * scale.1
        let c1 = (r31 + xz * r11 + yz * r21) * scale.2, c2 = (r32 + xz * r12 + yz * r22) * scale.2
        let c3 = (r33 + xz * r13 + yz * r23) * scale.2
        let (p1, p2, p3, p4) = perspective
        let (t1, t2, t3) = translation
        if p1 == 0 && p2 == 0 && p3 == 0 && p4 == 1 {
            return Transform3D(m11: a1, m12: a2, m13: a3, m14: 0, m21: b1, m22: b2, m23: b3, m24: 0,
                               m31: c1, m32: c2, m33: c3, m34: 0, m41: t1, m42: t2, m43: t3, m44: 1)
        }
        // (S·K·R)·(T·P): T·P has rows e1..e3 with p in the last column, and [t, 1]·P last.
        let affine = Transform3D(m11: a1, m12: a2, m13: a3, m14: 0, m21: b1, m22: b2, m23: b3, m24: 0,
                                 m31: c1, m32: c2, m33: c3, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        let translatedPerspective = Transform3D(m11: 1, m12: 0, m13: 0, m14: p1, m21: 0, m22: 1, m23: 0, m24: p2,
                                                m31: 0, m32: 0, m33: 1, m34: p3,
                                                m41: t1, m42: t2, m43: t3, m44: t1 * p1 + t2 * p2 + t3 * p3 + p4)
        return affine.concatenating(translatedPerspective)
    }
}

/// A 2D transform without reflection taken apart: translation, scale, shear and the
/// rotation angle. For such transforms this is exactly what the general decomposition
/// gives (no perspective, z scale 1, rotation about z), at a fraction of the cost.
struct PlanarParts {
    var tx, ty, sx, sy, shear, angle: Double

    init(tx: Double, ty: Double, sx: Double, sy: Double, shear: Double, angle: Double) {
        (self.tx, self.ty, self.sx, self.sy, self.shear, self.angle) = (tx, ty, sx, sy, shear, angle)
    }

    /// A zero 2D matrix (CGAffineTransformMakeScale(0, 0) and friends) as parts: scale 0
    /// with the given angle, so that it interpolates as a shrinking or growing view.
    init?(zero m: Transform3D, angle: Double) {
        guard m.isAffine, m.m11 == 0, m.m12 == 0, m.m21 == 0, m.m22 == 0 else { return nil }
        self.init(tx: m.m41, ty: m.m42, sx: 0, sy: 0, shear: 0, angle: angle)
    }

    /// nil unless the transform is affine 2D with a positive determinant.
    init?(_ m: Transform3D) {
        guard m.isAffine else { return nil }
        let determinant = m.m11 * m.m22 - m.m12 * m.m21
        guard determinant > 0 else { return nil }
        sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot()
        let (ax, ay) = (m.m11 / sx, m.m12 / sx)
        var xy = ax * m.m21 + ay * m.m22
        let (bx, by) = (m.m21 - xy * ax, m.m22 - xy * ay)
        sy = (bx * bx + by * by).squareRoot()
        xy /= sy
        shear = xy
        angle = atan2(ay, ax)
        (tx, ty) = (m.m41, m.m42)
    }

    /// The transform: rows sx·(cos, sin) and sy·((−sin, cos) + shear·(cos, sin)), then t.
    var transform: Transform3D {
        var result = Transform3D.identity
        write(into: &result, sine: sin(angle), cosine: cos(angle))
        return result
    }

    /// Writes the transform into `m` (an affine transform) given the angle's sine and cosine.
    @inline(__always)
    func write(into m: inout Transform3D, sine s: Double, cosine c: Double) {
        m.m11 = sx * c
        m.m12 = sx * s
        m.m21 = sy * (-s + shear * c)
        m.m22 = sy * (c + shear * s)
        m.m41 = tx
        m.m42 = ty
    }
}

/// Interpolates between two transforms by decomposition, the rotation taking the
/// shortest arc. Prepared once per pair so that each frame only blends.
public struct TransformInterpolator: Sendable {
    /// Both ends planar: blend the parts, the angle on the shortest arc.
    private let planar: (from: PlanarParts, to: PlanarParts)?
    /// The angle's sine and cosine when both ends share it (no trigonometry per frame).
    private let fixedAngle: (sine: Double, cosine: Double)?
    private let from: DecomposedTransform
    private let to: DecomposedTransform
    private let fromMatrix: Transform3D
    private let toMatrix: Transform3D
    private let decomposable: Bool
    // The arc between the rotations, and the sign that makes it the shortest.
    private let theta: Double
    private let sinTheta: Double
    private let sign: Double

    /// Prepares the interpolation from `from` to `to`.
    public init(from: Transform3D, to: Transform3D) {
        fromMatrix = from
        toMatrix = to
        var ends = (PlanarParts(from), PlanarParts(to))
        // A collapsed end (scale 0) takes the other end's angle.
        if ends.0 == nil, let b = ends.1 { ends.0 = PlanarParts(zero: from, angle: b.angle) }
        if ends.1 == nil, let a = ends.0 { ends.1 = PlanarParts(zero: to, angle: a.angle) }
        if let a = ends.0, var b = ends.1 {
            // The shortest arc: the difference of angles brought into (−π, π].
            var delta = (b.angle - a.angle).truncatingRemainder(dividingBy: 2 * Double.pi)
            if delta > Double.pi { delta -= 2 * Double.pi }
            if delta <= -Double.pi { delta += 2 * Double.pi }
            b.angle = a.angle + delta
            planar = (a, b)
            fixedAngle = delta == 0 ? (sin(a.angle), cos(a.angle)) : nil
        } else {
            planar = nil
            fixedAngle = nil
        }
        if let a = DecomposedTransform(from), let b = DecomposedTransform(to) {
            self.from = a
            self.to = b
            decomposable = true
            var product = a.quaternion.0 * b.quaternion.0 + a.quaternion.1 * b.quaternion.1
                + a.quaternion.2 * b.quaternion.2 + a.quaternion.3 * b.quaternion.3
            sign = product < 0 ? -1 : 1
            product = min(abs(product), 1)
            theta = acos(product)
            sinTheta = sin(theta)
        } else {
            self.from = DecomposedTransform()
            self.to = self.from
            decomposable = false
            theta = 0
            sinTheta = 0
            sign = 1
        }
    }

    /// Writes the transform at fraction `t` into `result` (the per-frame path).
    @inline(__always)
    func write(at t: Double, into result: inout Transform3D) {
        guard t != 0, t != 1, let (a, b) = planar, result.isAffine else {
            result = value(at: t)
            return
        }
        let parts = PlanarParts(tx: a.tx + (b.tx - a.tx) * t, ty: a.ty + (b.ty - a.ty) * t,
                                sx: a.sx + (b.sx - a.sx) * t, sy: a.sy + (b.sy - a.sy) * t,
                                shear: a.shear + (b.shear - a.shear) * t, angle: a.angle + (b.angle - a.angle) * t)
        if let fixedAngle {
            parts.write(into: &result, sine: fixedAngle.sine, cosine: fixedAngle.cosine)
        } else {
            var sine = 0.0, cosine = 0.0
            ah_sincos(parts.angle, &sine, &cosine)
            parts.write(into: &result, sine: sine, cosine: cosine)
        }
    }

    /// The transform at fraction `t` (0 gives `from`, 1 gives `to`; values outside [0, 1]
    /// extrapolate the parts, as springs overshoot).
    public func value(at t: Double) -> Transform3D {
        if t == 0 { return fromMatrix }
        if t == 1 { return toMatrix }
        if let (a, b) = planar {
            return PlanarParts(tx: a.tx + (b.tx - a.tx) * t, ty: a.ty + (b.ty - a.ty) * t, sx: a.sx + (b.sx - a.sx) * t,
                               sy: a.sy + (b.sy - a.sy) * t, shear: a.shear + (b.shear - a.shear) * t,
                               angle: a.angle + (b.angle - a.angle) * t).transform
        }
        guard decomposable else { return t < 0.5 ? fromMatrix : toMatrix }
        @inline(__always) func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var result = DecomposedTransform()
        result.perspective = (mix(from.perspective.0, to.perspective.0), mix(from.perspective.1, to.perspective.1),
                              mix(from.perspective.2, to.perspective.2), mix(from.perspective.3, to.perspective.3))
        result.translation = (mix(from.translation.0, to.translation.0), mix(from.translation.1, to.translation.1),
                              mix(from.translation.2, to.translation.2))
        result.scale = (mix(from.scale.0, to.scale.0), mix(from.scale.1, to.scale.1), mix(from.scale.2, to.scale.2))
        result.skew = (mix(from.skew.0, to.skew.0), mix(from.skew.1, to.skew.1), mix(from.skew.2, to.skew.2))
        let a = from.quaternion
        let b = to.quaternion
        let wa: Double
        let wb: Double
        if sinTheta < 1e-9 {
            (wa, wb) = (1 - t, t * sign)
        } else {
            wa = sin((1 - t) * theta) / sinTheta
            wb = sin(t * theta) / sinTheta * sign
        }
        var q = (a.0 * wa + b.0 * wb, a.1 * wa + b.1 * wb, a.2 * wa + b.2 * wb, a.3 * wa + b.3 * wb)
        let norm = (q.0 * q.0 + q.1 * q.1 + q.2 * q.2 + q.3 * q.3).squareRoot()
        if norm > 0 { q = (q.0 / norm, q.1 / norm, q.2 / norm, q.3 / norm) }
        result.quaternion = q
        return result.transform
    }
}
