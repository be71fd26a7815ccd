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

    /// The transform these parts make.
    public var transform: Transform3D {
        var m = Transform3D.identity
        (m.m14, m.m24, m.m34, m.m44) = perspective
        let t = translation
        m.m41 += t.0 * m.m11 + t.1 * m.m21 + t.2 * m.m31
        m.m42 += t.0 * m.m12 + t.1 * m.m22 + t.2 * m.m32
        m.m43 += t.0 * m.m13 + t.1 * m.m23 + t.2 * m.m33
        m.m44 += t.0 * m.m14 + t.1 * m.m24 + t.2 * m.m34
        let (x, y, z, w) = quaternion
        // The quaternion's rotation in the row-vector layout (the transpose of the
        // column-vector matrix usually printed).
        let rotation = Transform3D([
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
            0, 0, 0, 1,
        ])
        m = rotation.concatenating(m)
        if skew.2 != 0 {
            var shear = Transform3D.identity
            shear.m32 = skew.2
            m = shear.concatenating(m)
        }
        if skew.1 != 0 {
            var shear = Transform3D.identity
            shear.m31 = skew.1
            m = shear.concatenating(m)
        }
        if skew.0 != 0 {
            var shear = Transform3D.identity
            shear.m21 = skew.0
            m = shear.concatenating(m)
        }
        (m.m11, m.m12, m.m13) = (m.m11 * scale.0, m.m12 * scale.0, m.m13 * scale.0)
        (m.m21, m.m22, m.m23) = (m.m21 * scale.1, m.m22 * scale.1, m.m23 * scale.1)
        (m.m31, m.m32, m.m33) = (m.m31 * scale.2, m.m32 * scale.2, m.m33 * scale.2)
        return m
    }
}

/// Interpolates between two transforms by decomposition, the rotation taking the
/// shortest arc. Prepared once per pair so that each frame only blends.
public struct TransformInterpolator: Sendable {
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
            self.from = DecomposedTransform(.identity)!
            self.to = self.from
            decomposable = false
            theta = 0
            sinTheta = 0
            sign = 1
        }
    }

    /// The transform at fraction `t` (0 gives `from`, 1 gives `to`; values outside [0, 1]
    /// extrapolate the parts, as springs overshoot).
    public func value(at t: Double) -> Transform3D {
        if t == 0 { return fromMatrix }
        if t == 1 { return toMatrix }
        guard decomposable else { return t < 0.5 ? fromMatrix : toMatrix }
        @inline(__always) func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        var result = DecomposedTransform(.identity)!
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
