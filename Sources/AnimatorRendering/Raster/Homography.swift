import AnimatorEngine

/// A projective map of the plane, acting on row vectors [x y 1] as CATransform3D does on
/// [x y z 1] with z = 0 and the z column dropped: what a layer's 4×4 transform does to
/// its flat content. Core Animation flattens each layer into its superlayer's plane, so a
/// chain of layers composes as a chain of these.
struct Homography: Equatable {
    var m11, m12, m13: Double
    var m21, m22, m23: Double
    var m31, m32, m33: Double

    static let identity = Homography(m11: 1, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1)

    /// The flat part of a 3D transform: rows and columns 1, 2 and 4.
    init(_ t: Transform3D) {
        (m11, m12, m13) = (t.m11, t.m12, t.m14)
        (m21, m22, m23) = (t.m21, t.m22, t.m24)
        (m31, m32, m33) = (t.m41, t.m42, t.m44)
    }

    init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
         m31: Double, m32: Double, m33: Double) {
        (self.m11, self.m12, self.m13) = (m11, m12, m13)
        (self.m21, self.m22, self.m23) = (m21, m22, m23)
        (self.m31, self.m32, self.m33) = (m31, m32, m33)
    }

    /// Scaling by `factor` (points to device pixels).
    static func scale(_ factor: Double) -> Homography {
        Homography(m11: factor, m12: 0, m13: 0, m21: 0, m22: factor, m23: 0, m31: 0, m32: 0, m33: 1)
    }

    /// self first, then `o`.
    func concatenating(_ o: Homography) -> Homography {
        Homography(m11: m11 * o.m11 + m12 * o.m21 + m13 * o.m31, m12: m11 * o.m12 + m12 * o.m22 + m13 * o.m32,
                   m13: m11 * o.m13 + m12 * o.m23 + m13 * o.m33,
                   m21: m21 * o.m11 + m22 * o.m21 + m23 * o.m31, m22: m21 * o.m12 + m22 * o.m22 + m23 * o.m32,
                   m23: m21 * o.m13 + m22 * o.m23 + m23 * o.m33,
                   m31: m31 * o.m11 + m32 * o.m21 + m33 * o.m31, m32: m31 * o.m12 + m32 * o.m22 + m33 * o.m32,
                   m33: m31 * o.m13 + m32 * o.m23 + m33 * o.m33)
    }

    /// The inverse, or nil when the map is singular (a layer scaled to nothing).
    var inverse: Homography? {
        let c11 = m22 * m33 - m23 * m32, c12 = m13 * m32 - m12 * m33, c13 = m12 * m23 - m13 * m22
        let c21 = m23 * m31 - m21 * m33, c22 = m11 * m33 - m13 * m31, c23 = m13 * m21 - m11 * m23
        let c31 = m21 * m32 - m22 * m31, c32 = m12 * m31 - m11 * m32, c33 = m11 * m22 - m12 * m21
        let determinant = m11 * c11 + m12 * c21 + m13 * c31
        guard abs(determinant) > 1e-12 else { return nil }
        let k = 1 / determinant
        return Homography(m11: c11 * k, m12: c12 * k, m13: c13 * k, m21: c21 * k, m22: c22 * k, m23: c23 * k,
                          m31: c31 * k, m32: c32 * k, m33: c33 * k)
    }

    /// The map of a point, and its w (≤ 0: behind the eye).
    @inline(__always)
    func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = x * m13 + y * m23 + m33
        return ((x * m11 + y * m21 + m31) / w, (x * m12 + y * m22 + m32) / w, w)
    }

    /// Whether the map only scales (by the same amount on both axes when `uniform`) and
    /// translates: no rotation, skew or perspective.
    func isAxisAligned(uniform: Bool) -> Bool {
        guard m12 == 0, m21 == 0, m13 == 0, m23 == 0, m33 != 0 else { return false }
        return !uniform || abs(abs(m11) - abs(m22)) <= 1e-9 * max(abs(m11), abs(m22))
    }

    /// How much the map scales lengths, on average (the square root of its area factor at
    /// the origin), for blur radii and hairlines.
    var averageScale: Double {
        (abs((m11 * m22 - m12 * m21) / (m33 * m33))).squareRoot()
    }
}
