import AnimatorEngine
import Glibc

/// A rounded rectangle in a layer's coordinates: the shape of a layer's background,
/// border, clip and shadow, and of a glyph's pixel.
struct RoundedRect {
    var x: Double, y: Double, width: Double, height: Double
    /// The corner radius, clamped to half the shorter side when drawn (as Core Animation).
    var radius: Double
    /// The corners the radius rounds (CACornerMask's bits: 1 top left, 2 top right, 4 bottom
    /// left, 8 bottom right, in the layer's coordinates); the others stay square.
    var corners: UInt8 = 0b1111
    /// Continuous corners (cornerCurve .continuous): each corner a curve of three cubic
    /// Béziers starting 1.52866 × the radius from it, drawn as a path.
    var continuous = false

    /// Whether the corners are continuous curves (and there is a radius).
    var isContinuous: Bool { continuous && radius > 0 && corners & 0b1111 != 0 }

    /// Whether some corners are rounded and others not.
    var isPartlyRounded: Bool { radius > 0 && corners & 0b1111 != 0b1111 }

    /// The radius of the corner nearest the point `dx, dy` from the center.
    @inline(__always)
    func radius(towards dx: Double, _ dy: Double) -> Double {
        let bit: UInt8 = dy < 0 ? (dx < 0 ? 1 : 2) : (dx < 0 ? 4 : 8)
        return corners & bit != 0 ? radius : 0
    }

    func insetBy(_ amount: Double) -> RoundedRect {
        RoundedRect(x: x + amount, y: y + amount, width: max(width - 2 * amount, 0), height: max(height - 2 * amount, 0),
                    radius: max(radius - amount, 0), corners: corners, continuous: continuous)
    }

    func offsetBy(_ dx: Double, _ dy: Double) -> RoundedRect {
        RoundedRect(x: x + dx, y: y + dy, width: width, height: height, radius: radius, corners: corners, continuous: continuous)
    }
}

extension RoundedRect {
    /// How far from a corner a continuous curve starts, in radii.
    static let continuousReach = 1.52866483

    /// The outline with continuous corners, clockwise from the top left: at each rounded
    /// corner the published construction of Apple's continuous rounded rectangle (three
    /// cubic Béziers from 1.52866 r along one edge to 1.52866 r along the other, through
    /// 0.29151 r from both edges on the diagonal); the radius is limited so the curves of
    /// one side do not overlap.
    var continuousPath: ShapePath {
        let r = max(min(radius, min(width, height) / 2 / Self.continuousReach), 0)
        // The top-right corner's points, as (along the top edge inward, down the right edge).
        let points: [(Double, Double)] = [(1.52866483, 0), (1.08849296, 0), (0.86840694, 0), (0.63149399, 0.07491100),
                                          (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
                                          (0, 0.86840694), (0, 1.08849296), (0, 1.52866483)]
        // Each corner: its point, and the unit steps "inward along the edge before it" (u)
        // and "along the edge after it" (v), clockwise on the screen.
        let cornersInOrder: [(bit: UInt8, x: Double, y: Double, u: (Double, Double), v: (Double, Double))] = [
            (2, x + width, y, (-1, 0), (0, 1)),
            (8, x + width, y + height, (0, -1), (-1, 0)),
            (4, x, y + height, (1, 0), (0, -1)),
            (1, x, y, (0, 1), (1, 0)),
        ]
        var path = ShapePath()
        for (index, corner) in cornersInOrder.enumerated() {
            func point(_ p: (Double, Double)) -> Point {
                Point(x: corner.x + (p.0 * corner.u.0 + p.1 * corner.v.0) * r, y: corner.y + (p.0 * corner.u.1 + p.1 * corner.v.1) * r)
            }
            guard corners & corner.bit != 0, r > 0 else {
                let at = Point(x: corner.x, y: corner.y)
                if index == 0 { path.move(to: at) } else { path.addLine(to: at) }
                continue
            }
            if index == 0 { path.move(to: point(points[0])) } else { path.addLine(to: point(points[0])) }
            path.addCurve(to: point(points[3]), control1: point(points[1]), control2: point(points[2]))
            path.addCurve(to: point(points[6]), control1: point(points[4]), control2: point(points[5]))
            path.addCurve(to: point(points[9]), control1: point(points[7]), control2: point(points[8]))
        }
        path.close()
        return path
    }
}

/// Turns a rounded rectangle under a projective map into pixel coverage, anti-aliased:
/// a pixel's coverage is 0.5 minus the signed distance from its center to the shape's
/// edge, in pixels, clamped to 0...1. Pure geometry: it knows nothing of layers or time.
///
/// Rectangles that are only scaled and translated (most of a transition's layers) take a
/// fast path: each row is a run of fully covered pixels between two fringes, and only the
/// fringe pixels are measured. Anything else (rotation, perspective) is measured pixel by
/// pixel through the inverse map, with the distance converted to pixels by the map's
/// local derivative.
package enum ShapeRasterizer {
    /// A coordinate as a pixel index, safe for any input: clamped far outside any canvas
    /// (a layer scaled by 1e300 or placed at infinity draws nothing, never traps), NaN as
    /// far away.
    @inline(__always)
    static func index(_ value: Double) -> Int {
        guard !value.isNaN else { return -(1 << 30) }
        return Int(min(max(value, -1e9), 1e9))
    }

    /// Rasterizes `shape` mapped by `map` (layer coordinates to device pixels) into
    /// `painter`, inside `clip`.
    static func fill<P: SpanPainter>(_ shape: RoundedRect, _ map: Homography, clip: PixelRect, painter: P) {
        guard shape.width > 0, shape.height > 0, !clip.isEmpty else { return }
        // Some corners square, some round: measured pixel by pixel (the aligned path's rows
        // are symmetric about the center).
        if !shape.isPartlyRounded, map.isAxisAligned(uniform: shape.radius > 0) {
            fillAligned(shape, AlignedMap(map), clip: clip, painter: painter)
        } else {
            fillProjected(shape, map, clip: clip, painter: painter)
        }
    }

    /// An axis-aligned map's factors: a point (x, y) goes to (x·sx + tx, y·sy + ty).
    struct AlignedMap {
        let sx: Double, sy: Double, tx: Double, ty: Double

        /// The factors of `map`, which must be axis-aligned (`isAxisAligned`).
        init(_ map: Homography) {
            sx = map.m11 / map.m33
            sy = map.m22 / map.m33
            tx = map.m31 / map.m33
            ty = map.m32 / map.m33
        }
    }

    /// A rounded rectangle with all its corners alike (or none rounded) under an
    /// axis-aligned map; `shape` has a positive width and height.
    @inline(__always)
    static func fillAligned<P: SpanPainter>(_ shape: RoundedRect, _ map: AlignedMap, clip: PixelRect, painter: P) {
        let xa = shape.x * map.sx + map.tx, xb = (shape.x + shape.width) * map.sx + map.tx
        let ya = shape.y * map.sy + map.ty, yb = (shape.y + shape.height) * map.sy + map.ty
        fillAligned(left: min(xa, xb), top: min(ya, yb), right: max(xa, xb), bottom: max(ya, yb),
                    radius: shape.radius * abs(map.sx), clip: clip, painter: painter)
    }

    /// The pixels `shape` under `map` can touch, or nil when it lies (partly) behind the
    /// eye, where the whole clip must be considered.
    static func bounds(of shape: RoundedRect, _ map: Homography) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(shape.x, shape.y), (shape.x + shape.width, shape.y), (shape.x, shape.y + shape.height),
                       (shape.x + shape.width, shape.y + shape.height)] {
            let p = map.apply(x, y)
            guard p.w > 1e-9 else { return nil }
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let limit = 1e7
        return PixelRect(x0: index(max(minX, -limit).rounded(.down)) - 1, y0: index(max(minY, -limit).rounded(.down)) - 1,
                         x1: index(min(maxX, limit).rounded(.up)) + 1, y1: index(min(maxY, limit).rounded(.up)) + 1)
    }

    // MARK: Scaled and translated

    /// A rounded rectangle in device pixels.
    package static func fillAligned<P: SpanPainter>(left: Double, top: Double, right: Double, bottom: Double, radius: Double,
                                            clip: PixelRect, painter: P) {
        let hw = (right - left) / 2, hh = (bottom - top) / 2
        guard hw > 0, hh > 0, hw.isFinite, hh.isFinite, left.isFinite, top.isFinite, radius.isFinite else { return }
        let r = min(max(radius, 0), hw, hh)
        let cx = left + hw, cy = top + hh
        // Shapes thinner than a pixel cover at most their own width.
        let thin = min(1, 2 * hw) * min(1, 2 * hh)
        let rowStart = max(index(top.rounded(.down)), clip.y0), rowEnd = min(index(bottom.rounded(.up)), clip.y1)
        guard rowStart < rowEnd else { return }
        let innerX = hw - r, innerY = hh - r
        for row in rowStart..<rowEnd {
            let py = Double(row) + 0.5
            let qy = abs(py - cy) - innerY
            // Extents either side of the center: fully covered within `solid`, touched within `outer`.
            let outer: Double
            var solid = -1.0
            if qy > 0 {
                let reach = (r + 0.5) * (r + 0.5) - qy * qy
                guard reach > 0 else { continue }
                outer = innerX + reach.squareRoot()
                if r >= 0.5, qy <= r - 0.5 { solid = innerX + ((r - 0.5) * (r - 0.5) - qy * qy).squareRoot() }
            } else {
                outer = hw + 0.5
                if qy <= r - 0.5 { solid = hw - 0.5 }
            }
            if thin < 1 { solid = -1 }
            let touchStart = max(index((cx - outer - 0.5).rounded(.down)), clip.x0)
            let touchEnd = min(index((cx + outer - 0.5).rounded(.up)) + 1, clip.x1)
            var solidStart = touchEnd, solidEnd = touchEnd
            if solid >= 0 {
                solidStart = min(max(index((cx - solid - 0.5).rounded(.up)), touchStart), touchEnd)
                solidEnd = max(min(index((cx + solid - 0.5).rounded(.down)) + 1, touchEnd), solidStart)
            }
            var x = touchStart
            while x < touchEnd {
                if x == solidStart, solidEnd > solidStart {
                    painter.span(y: row, x0: solidStart, x1: solidEnd)
                    x = solidEnd
                    continue
                }
                let px = Double(x) + 0.5
                let qx = abs(px - cx) - innerX
                let distance: Double
                if qx > 0, qy > 0 {
                    distance = (qx * qx + qy * qy).squareRoot() - r
                } else {
                    distance = max(qx, qy) - r
                }
                let coverage = UInt32(max(min(0.5 - distance, 1), 0) * thin * 256)
                if coverage >= 256 {
                    painter.span(y: row, x0: x, x1: x + 1)
                } else if coverage > 0 {
                    painter.pixel(y: row, x: x, coverage: coverage)
                }
                x += 1
            }
        }
    }

    // MARK: Any projective map

    /// A border: the band between `shape` and `shape` inset by `width` (its inner corners
    /// rounded with the radius minus the width, as Core Animation draws borders).
    static func fillRing<P: SpanPainter>(_ shape: RoundedRect, width: Double, _ map: Homography, clip: PixelRect,
                                         painter: P) {
        guard shape.width > 0, shape.height > 0, !clip.isEmpty else { return }
        fillProjected(shape, map, hole: shape.insetBy(width), clip: clip, painter: painter)
    }

    /// The signed distance from (x, y) to a rounded rectangle's edge (negative inside), in
    /// the rectangle's units, and the unit direction in which it grows.
    @inline(__always)
    static func signedDistance(_ x: Double, _ y: Double, _ shape: RoundedRect) -> (distance: Double, nx: Double, ny: Double) {
        let hw = shape.width / 2, hh = shape.height / 2
        let dx = x - (shape.x + hw), dy = y - (shape.y + hh)
        let r = min(max(shape.radius(towards: dx, dy), 0), hw, hh)
        let qx = abs(dx) - (hw - r), qy = abs(dy) - (hh - r)
        if qx > 0, qy > 0 {
            let length = (qx * qx + qy * qy).squareRoot()
            return (length - r, qx / length * (dx < 0 ? -1 : 1), qy / length * (dy < 0 ? -1 : 1))
        } else if qx > qy {
            return (qx - r, dx < 0 ? -1 : 1, 0)
        } else {
            return (qy - r, 0, dy < 0 ? -1 : 1)
        }
    }

    static func fillProjected<P: SpanPainter>(_ shape: RoundedRect, _ map: Homography, hole: RoundedRect? = nil,
                                              clip: PixelRect, painter: P) {
        guard let inverse = map.inverse else { return }
        let corners = [(shape.x, shape.y), (shape.x + shape.width, shape.y),
                       (shape.x + shape.width, shape.y + shape.height), (shape.x, shape.y + shape.height)]
        let projected = corners.map { map.apply($0.0, $0.1) }
        let inFront = projected.allSatisfy { $0.w > 1e-9 }
        let area = (inFront ? bounds(of: shape, map) : nil).map { $0.intersection(clip) } ?? clip
        guard !area.isEmpty else { return }
        let hollow = hole.map { $0.width > 0 && $0.height > 0 } ?? false
        let g = inverse
        // Without perspective the layer point moves linearly along a row, so the run of
        // pixels whose centers lie half a pixel or more inside the shape's corner-free
        // middle is found per row in closed form and filled without measuring each pixel.
        let affine = g.m13 == 0 && g.m23 == 0 && !hollow
        let r = min(max(shape.radius, 0), shape.width / 2, shape.height / 2)
        // Layer units per pixel across the vertical and the horizontal edges, plus a hair.
        let marginX = 0.5 * (g.m11 * g.m11 + g.m21 * g.m21).squareRoot() / abs(g.m33) * 1.001 + 1e-9
        let marginY = 0.5 * (g.m12 * g.m12 + g.m22 * g.m22).squareRoot() / abs(g.m33) * 1.001 + 1e-9
        for row in area.y0..<area.y1 {
            var start = area.x0, end = area.x1
            if inFront {
                // The quad's extent in this row's band, a pixel wider each side for the fringe.
                let band0 = Double(row) - 1, band1 = Double(row) + 2
                var low = Double.infinity, high = -Double.infinity
                for edge in 0..<4 {
                    let a = projected[edge], b = projected[(edge + 1) % 4]
                    let ylo = max(min(a.y, b.y), band0), yhi = min(max(a.y, b.y), band1)
                    guard ylo <= yhi else { continue }
                    if a.y == b.y {
                        low = min(low, a.x, b.x); high = max(high, a.x, b.x)
                    } else {
                        for yy in [ylo, yhi] {
                            let x = a.x + (b.x - a.x) * (yy - a.y) / (b.y - a.y)
                            low = min(low, x); high = max(high, x)
                        }
                    }
                }
                guard low <= high else { continue }
                start = max(start, index(low.rounded(.down)) - 1)
                end = min(end, index(high.rounded(.up)) + 2)
            }
            guard start < end else { continue }
            let py = Double(row) + 0.5
            var solidStart = end, solidEnd = end
            if affine {
                // Layer x = a + b·X and y = c + d·X at pixel-center abscissa X on this row.
                let a = (py * g.m21 + g.m31) / g.m33, b = g.m11 / g.m33
                let c = (py * g.m22 + g.m32) / g.m33, d = g.m12 / g.m33
                // The wider arm of the cross: the full width between the straight
                // horizontal edges, or the full height between the vertical ones.
                let arms = [(shape.x + marginX, shape.x + shape.width - marginX, shape.y + r + marginY,
                             shape.y + shape.height - r - marginY),
                            (shape.x + r + marginX, shape.x + shape.width - r - marginX, shape.y + marginY,
                             shape.y + shape.height - marginY)]
                for (left, right, top, bottom) in arms {
                    var low = -Double.infinity, high = Double.infinity
                    for (origin, slope, lower, upper) in [(a, b, left, right), (c, d, top, bottom)] {
                        if slope == 0 {
                            if origin < lower || origin > upper { low = .infinity }
                        } else {
                            let p = (lower - origin) / slope, q = (upper - origin) / slope
                            low = max(low, min(p, q)); high = min(high, max(p, q))
                        }
                    }
                    guard low <= high, low.isFinite || high.isFinite else { continue }
                    let first = max(index((low - 0.5).rounded(.up)), start)
                    let last = min(index((high - 0.5).rounded(.down)) + 1, end)
                    if last - first > solidEnd - solidStart { (solidStart, solidEnd) = (first, last) }
                }
            }
            var u = (Double(start) + 0.5) * g.m11 + py * g.m21 + g.m31
            var v = (Double(start) + 0.5) * g.m12 + py * g.m22 + g.m32
            var w = (Double(start) + 0.5) * g.m13 + py * g.m23 + g.m33
            // Fully covered pixels are handed over in runs.
            var run = -1
            var x = start
            while x < end {
                if x == solidStart, solidEnd > solidStart {
                    if run < 0 { run = x }
                    let skipped = Double(solidEnd - x)
                    u += g.m11 * skipped; v += g.m12 * skipped; w += g.m13 * skipped
                    x = solidEnd
                    continue
                }
                defer { u += g.m11; v += g.m12; w += g.m13; x += 1 }
                guard w > 1e-12 else {
                    if run >= 0 { painter.span(y: row, x0: run, x1: x); run = -1 }
                    continue
                }
                let lx = u / w, ly = v / w
                var (distance, nx, ny) = signedDistance(lx, ly, shape)
                if hollow, let hole {
                    let inner = signedDistance(lx, ly, hole)
                    if -inner.distance > distance { (distance, nx, ny) = (-inner.distance, -inner.nx, -inner.ny) }
                }
                // d(distance)/d(screen): the layer-space gradient through the inverse map's derivative.
                let gx = (nx * (g.m11 - lx * g.m13) + ny * (g.m12 - ly * g.m13)) / w
                let gy = (nx * (g.m21 - lx * g.m23) + ny * (g.m22 - ly * g.m23)) / w
                let gradient = (gx * gx + gy * gy).squareRoot()
                let pixels = gradient > 0 ? distance / gradient : .infinity
                if pixels <= -0.5 {
                    if run < 0 { run = x }
                    continue
                }
                if run >= 0 { painter.span(y: row, x0: run, x1: x); run = -1 }
                if pixels < 0.5 {
                    let coverage = UInt32((0.5 - pixels) * 256)
                    if coverage > 0 { painter.pixel(y: row, x: x, coverage: min(coverage, 255)) }
                }
            }
            if run >= 0 { painter.span(y: row, x0: run, x1: end) }
        }
    }
}
