import AnimatorEngine
import Glibc

/// Turns a shape layer's path and stroke settings into the area the stroke covers: the
/// path flattened into polylines, trimmed to strokeStart ... strokeEnd of its length, and
/// each piece widened into polygons (a quadrilateral per segment, a join at each corner,
/// caps at open ends). Every polygon winds the same way, so the nonzero rule paints
/// their union once, however they overlap.
enum PathStroker {
    /// A flattened subpath.
    struct Polyline: Equatable {
        var points: [Point]
        var closed: Bool
    }

    /// The stroke's outline, in the path's coordinates.
    ///
    /// - Parameter tolerance: how far (in path units) flattened curves may stray: a
    ///   twentieth of a device pixel, mapped back (coarser shows as lost area on curves).
    static func outline(_ path: ShapePath, width: Double, start: Double, end: Double, cap: LineCap, join: LineJoin,
                        miterLimit: Double, dashes: [Double]? = nil, phase: Double = 0, tolerance: Double) -> ShapePath {
        guard width > 0, width.isFinite, tolerance > 0, tolerance.isFinite else { return ShapePath() }
        let flat = flatten(path, tolerance: tolerance)
        let lines = dashes.map { dash(flat, start: start, end: end, pattern: $0, phase: phase) }
            ?? trim(flat, start: start, end: end)
        var outline = ShapePath()
        let half = width / 2
        for line in lines {
            widen(line, half: half, cap: cap, join: join, miterLimit: miterLimit, tolerance: tolerance, into: &outline)
        }
        return outline
    }

    // MARK: Flattening

    /// The path as polylines, curves cut into segments within `tolerance` of them.
    static func flatten(_ path: ShapePath, tolerance: Double) -> [Polyline] {
        var lines: [Polyline] = []
        var current: [Point] = []
        var start = Point.zero
        var last = Point.zero
        func finish(closed: Bool) {
            if current.count > 1, closed, current.last == current.first { current.removeLast() }
            if current.count > 1 || (current.count == 1 && !closed) { lines.append(Polyline(points: current, closed: closed && current.count > 2)) }
            current = []
        }
        func add(_ p: Point) {
            guard p.x.isFinite, p.y.isFinite else { return }
            if current.isEmpty { current.append(last) }
            if current.last != p { current.append(p) }
            last = p
        }
        for element in path.elements {
            switch element {
            case .move(let x, let y):
                finish(closed: false)
                start = Point(x: x, y: y)
                last = start
                current = [start]
            case .line(let x, let y):
                add(Point(x: x, y: y))
            case .quad(let cx, let cy, let x, let y):
                let p0 = last
                let bend = hypot(p0.x - 2 * cx + x, p0.y - 2 * cy + y)
                let steps = segments(bend / 4, tolerance)
                for step in 1...steps {
                    let t = Double(step) / Double(steps), u = 1 - t
                    add(Point(x: u * u * p0.x + 2 * u * t * cx + t * t * x, y: u * u * p0.y + 2 * u * t * cy + t * t * y))
                }
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                let p0 = last
                let bend = max(hypot(p0.x - 2 * c1x + c2x, p0.y - 2 * c1y + c2y), hypot(c1x - 2 * c2x + x, c1y - 2 * c2y + y))
                let steps = segments(bend * 3 / 4, tolerance)
                for step in 1...steps {
                    let t = Double(step) / Double(steps), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    add(Point(x: a * p0.x + b * c1x + c * c2x + d * x, y: a * p0.y + b * c1y + c * c2y + d * y))
                }
            case .close:
                if !current.isEmpty { add(start) }
                finish(closed: true)
                last = start
            }
        }
        finish(closed: false)
        return lines
    }

    /// Segments for a curve whose flattening error with n segments is `error` / n².
    private static func segments(_ error: Double, _ tolerance: Double) -> Int {
        guard error.isFinite, error > tolerance else { return 1 }
        return min(Int((error / tolerance).squareRoot().rounded(.up)), 256)
    }

    // MARK: Trimming

    /// The arc-length range `a ..< b` of each polyline that lies between fractions `start`
    /// and `end` of their total length, with the polyline's length (empty ranges left out).
    private static func kept(_ lines: [Polyline], start: Double, end: Double)
        -> [(line: Polyline, length: Double, a: Double, b: Double)] {
        let from = min(max(start.isNaN ? 0 : start, 0), 1), to = min(max(end.isNaN ? 1 : end, 0), 1)
        guard to > from else { return [] }
        let lengths = lines.map(length(of:))
        let total = lengths.reduce(0, +)
        guard total > 0 else { return [] }
        let low = from * total, high = to * total
        var result: [(line: Polyline, length: Double, a: Double, b: Double)] = []
        var offset = 0.0
        for (index, line) in lines.enumerated() {
            let a = max(low - offset, 0), b = min(high - offset, lengths[index])
            if b > a { result.append((line, lengths[index], a, b)) }
            offset += lengths[index]
        }
        return result
    }

    /// The parts of `lines` between fractions `start` and `end` of their total length
    /// (strokeStart, strokeEnd). A trimmed closed polyline opens where it is cut.
    static func trim(_ lines: [Polyline], start: Double, end: Double) -> [Polyline] {
        if start <= 0 && end >= 1 { return lines }
        return kept(lines, start: start, end: end).map { line, length, a, b in
            a <= 0 && b >= length ? line : Polyline(points: piece(of: line, from: a, to: b), closed: false)
        }
    }

    /// The painted pieces of `lines` under a dash pattern (painted and unpainted lengths
    /// alternating, restarting `phase` into the pattern at each subpath), within fractions
    /// `start` ... `end` of the total length: the dashes stay where they are on the path
    /// while the trim moves, as Core Animation draws a dashed strokeEnd animation.
    static func dash(_ lines: [Polyline], start: Double, end: Double, pattern: [Double], phase: Double) -> [Polyline] {
        let period = pattern.reduce(0, +)
        guard period > 0 else { return [] }
        var result: [Polyline] = []
        for (line, _, a, b) in kept(lines, start: start, end: end) {
            // Walk the pattern from `phase` (wrapped into one period) along the subpath.
            var position = -(phase.truncatingRemainder(dividingBy: period) + (phase < 0 ? period : 0))
            var piece = 0
            // At most a million pieces per subpath, so an absurdly fine pattern cannot spin
            // (the rest of such a subpath is left undrawn).
            var steps = 0
            while position < b, steps < 1_000_000 {
                let next = position + pattern[piece]
                if piece % 2 == 0 {
                    let s = max(position, a), e = min(next, b)
                    // A painted length of 0 is a dot (round caps) or a square (square caps).
                    let dot = pattern[piece] == 0 && position >= a && position <= b
                    if e > s || dot {
                        result.append(Polyline(points: self.piece(of: line, from: s, to: max(e, s)), closed: false))
                    }
                }
                position = next
                piece = (piece + 1) % pattern.count
                steps += 1
            }
        }
        return result
    }

    /// The length of a polyline (with its closing segment when closed).
    static func length(of line: Polyline) -> Double {
        var total = 0.0
        let points = line.closed ? line.points + [line.points[0]] : line.points
        for index in points.indices.dropFirst() { total += distance(points[index - 1], points[index]) }
        return total
    }

    /// The points of `line` from arc length `a` to `b`.
    private static func piece(of line: Polyline, from a: Double, to b: Double) -> [Point] {
        let points = line.closed ? line.points + [line.points[0]] : line.points
        var result: [Point] = []
        var travelled = 0.0
        for index in points.indices.dropFirst() {
            let p = points[index - 1], q = points[index]
            let length = distance(p, q)
            let segmentStart = travelled, segmentEnd = travelled + length
            travelled = segmentEnd
            guard segmentEnd >= a, segmentStart <= b, length > 0 else { continue }
            func at(_ s: Double) -> Point {
                let t = min(max((s - segmentStart) / length, 0), 1)
                return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            if result.isEmpty { result.append(at(max(a, segmentStart))) }
            let stop = at(min(b, segmentEnd))
            if result.last != stop { result.append(stop) }
            if segmentEnd >= b { break }
        }
        return result
    }

    private static func distance(_ p: Point, _ q: Point) -> Double { hypot(q.x - p.x, q.y - p.y) }

    // MARK: Widening

    /// Appends the polygons covering a polyline stroked `half` × 2 wide.
    private static func widen(_ line: Polyline, half: Double, cap: LineCap, join: LineJoin, miterLimit: Double,
                              tolerance: Double, into outline: inout ShapePath) {
        let points = line.points
        guard let first = points.first else { return }
        if points.count == 1 {
            // A zero-length piece: a round cap draws a dot, a square cap a square.
            switch cap {
            case .round: polygon(circle(first, half, tolerance), into: &outline)
            case .square:
                polygon([Point(x: first.x - half, y: first.y - half), Point(x: first.x + half, y: first.y - half),
                         Point(x: first.x + half, y: first.y + half), Point(x: first.x - half, y: first.y + half)],
                        into: &outline)
            case .butt: break
            }
            return
        }
        let count = points.count
        let segmentCount = line.closed ? count : count - 1
        var directions: [Point] = []
        for index in 0..<segmentCount {
            let p = points[index], q = points[(index + 1) % count]
            let length = distance(p, q)
            directions.append(Point(x: (q.x - p.x) / length, y: (q.y - p.y) / length))
        }
        for index in 0..<segmentCount {
            var p = points[index], q = points[(index + 1) % count]
            let d = directions[index]
            let n = Point(x: -d.y * half, y: d.x * half)
            if !line.closed && cap == .square {
                if index == 0 { p = Point(x: p.x - d.x * half, y: p.y - d.y * half) }
                if index == segmentCount - 1 { q = Point(x: q.x + d.x * half, y: q.y + d.y * half) }
            }
            polygon([Point(x: p.x + n.x, y: p.y + n.y), Point(x: q.x + n.x, y: q.y + n.y),
                     Point(x: q.x - n.x, y: q.y - n.y), Point(x: p.x - n.x, y: p.y - n.y)], into: &outline)
        }
        // Joins: at every vertex of a closed line, at the inner ones of an open line.
        let joints = line.closed ? Array(0..<count) : Array(1..<(count - 1))
        for vertex in joints {
            let before = directions[(vertex - 1 + segmentCount) % segmentCount], after = directions[vertex % segmentCount]
            addJoin(at: points[vertex], before, after, half: half, join: join, miterLimit: miterLimit,
                    tolerance: tolerance, into: &outline)
        }
        if !line.closed && cap == .round {
            polygon(circle(points[0], half, tolerance), into: &outline)
            polygon(circle(points[count - 1], half, tolerance), into: &outline)
        }
    }

    private static func addJoin(at p: Point, _ d1: Point, _ d2: Point, half: Double, join: LineJoin, miterLimit: Double,
                                tolerance: Double, into outline: inout ShapePath) {
        let cross = d1.x * d2.y - d1.y * d2.x
        let dot = d1.x * d2.x + d1.y * d2.y
        // Straight on: the segments' ends meet exactly.
        guard abs(cross) > 1e-9 || dot < 0 else { return }
        if join == .round {
            polygon(circle(p, half, tolerance), into: &outline)
            return
        }
        // The outer side of the turn.
        let side: Double = cross > 0 ? -1 : 1
        let n1 = Point(x: -d1.y * half * side, y: d1.x * half * side)
        let n2 = Point(x: -d2.y * half * side, y: d2.x * half * side)
        let a = Point(x: p.x + n1.x, y: p.y + n1.y), b = Point(x: p.x + n2.x, y: p.y + n2.y)
        // n1·n2 / half² is the cosine of the turn; the miter's length over the line's
        // width is 1 / cos(turn / 2).
        let cosine = (n1.x * n2.x + n1.y * n2.y) / (half * half)
        let ratio = 1 / max(((1 + cosine) / 2).squareRoot(), 1e-12)
        if join == .miter && ratio <= miterLimit {
            let scale = 1 / (1 + cosine)
            let tip = Point(x: p.x + (n1.x + n2.x) * scale, y: p.y + (n1.y + n2.y) * scale)
            polygon([p, a, tip, b], into: &outline)
        } else {
            polygon([p, a, b], into: &outline)
        }
    }

    /// A circle as a polygon whose sides stray at most `tolerance` from it.
    private static func circle(_ center: Point, _ radius: Double, _ tolerance: Double) -> [Point] {
        let ratio = min(max(1 - tolerance / radius, -1), 1)
        let sides = min(max(Int((Double.pi / max(acos(ratio), 1e-3)).rounded(.up)), 8), 256)
        return (0..<sides).map { index in
            let angle = 2 * Double.pi * Double(index) / Double(sides)
            return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
    }

    /// Appends a closed polygon wound the one way every stroke polygon is (negative
    /// signed area in the path's coordinates); one of no area is dropped.
    private static func polygon(_ points: [Point], into outline: inout ShapePath) {
        var area = 0.0
        for index in points.indices {
            let p = points[index], q = points[(index + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        guard area.isFinite, abs(area) > 1e-12 else { return }
        let ordered = area > 0 ? Array(points.reversed()) : points
        outline.move(to: ordered[0])
        for point in ordered.dropFirst() { outline.addLine(to: point) }
        outline.close()
    }
}
