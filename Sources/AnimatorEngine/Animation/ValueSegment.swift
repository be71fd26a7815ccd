/// An interpolation between two fixed values, prepared once so that each frame only
/// blends (transforms keep their decomposition). Large payloads sit in boxes so that the
/// per-frame path moves pointers, not hundreds of bytes.
enum ValueSegment {
    case number(Double, Double)
    case point(Point, Point)
    case transform(Box<TransformInterpolator>)
    /// Two paths of the same structure: their numbers, read once.
    case path(Box<(shape: ShapePath, from: [Double], to: [Double])>)
    case other(Box<(AnimatableValue, AnimatableValue)>)

    init(from: AnimatableValue, to: AnimatableValue) {
        switch (from, to) {
        case (.number(let a), .number(let b)): self = .number(a, b)
        case (.point(let a), .point(let b)): self = .point(a, b)
        case (.transform(let a), .transform(let b)): self = .transform(Box(TransformInterpolator(from: a, to: b)))
        case (.path(let a), .path(let b)) where a.hasSameStructure(as: b):
            self = .path(Box((a, a.components, b.components)))
        default: self = .other(Box((from, to)))
        }
    }

    @inline(__always)
    func value(at t: Double) -> AnimatableValue {
        switch self {
        case .number(let a, let b): return .number(a + (b - a) * t)
        case .point(let a, let b): return .point(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        case .transform(let box): return .transform(box.value.value(at: t))
        case .path(let box): return .path(box.value.shape.interpolated(box.value.from, box.value.to, t))
        case .other(let box): return box.value.0.interpolated(to: box.value.1, t)
        }
    }
}

/// A heap box for a large value that hot paths pass around.
final class Box<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// A keyframe animation's values, key times and modes, resolved once.
struct KeyframeTrack {
    let values: [AnimatableValue]
    let keyTimes: [Double]
    let timingFunctions: [TimingFunction]?
    let mode: CalculationMode
    let segments: [ValueSegment]

    init(values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [TimingFunction]?, mode: CalculationMode) {
        self.values = values
        self.mode = mode
        let n = values.count
        switch mode {
        case .paced, .cubicPaced:
            // Key times proportional to the distance travelled: constant speed.
            var lengths = [0.0]
            for index in 1..<max(n, 1) { lengths.append(lengths.last! + values[index - 1].distance(to: values[index])) }
            let total = lengths.last ?? 0
            self.keyTimes = total > 0 ? lengths.map { $0 / total } : KeyframeTrack.uniform(n)
            self.timingFunctions = nil
        case .discrete:
            if let keyTimes, (keyTimes.count == n || keyTimes.count == n + 1), KeyframeTrack.isValid(keyTimes) {
                self.keyTimes = keyTimes
            } else {
                self.keyTimes = (0...n).map { Double($0) / Double(max(n, 1)) }
            }
            self.timingFunctions = nil
        case .linear, .cubic:
            if let keyTimes, keyTimes.count == n, KeyframeTrack.isValid(keyTimes) {
                self.keyTimes = keyTimes
            } else {
                self.keyTimes = KeyframeTrack.uniform(n)
            }
            self.timingFunctions = timingFunctions.flatMap { $0.count >= n - 1 ? $0 : nil }
        }
        segments = n < 2 ? [] : (0..<(n - 1)).map { ValueSegment(from: values[$0], to: values[$0 + 1]) }
    }

    static func uniform(_ n: Int) -> [Double] {
        n < 2 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Core Animation's rule: non-decreasing and within [0, 1].
    static func isValid(_ keyTimes: [Double]) -> Bool {
        guard keyTimes.allSatisfy({ $0 >= 0 && $0 <= 1 }) else { return false }
        return zip(keyTimes, keyTimes.dropFirst()).allSatisfy { $0 <= $1 }
    }

    func value(at progress: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        let p = min(max(progress, 0), 1)
        if mode == .discrete {
            var index = 0
            while index + 1 < keyTimes.count, keyTimes[index + 1] <= p { index += 1 }
            return values[min(index, n - 1)]
        }
        var segment = 0
        while segment < n - 2, keyTimes[segment + 1] <= p { segment += 1 }
        let start = keyTimes[segment], end = keyTimes[segment + 1]
        var local = end > start ? (p - start) / (end - start) : 1
        local = min(max(local, 0), 1)
        if let timingFunctions { local = timingFunctions[segment].value(at: local) }
        if mode == .cubic || mode == .cubicPaced, case .transform = values[segment] {
            return segments[segment].value(at: local)
        }
        if mode == .cubic || mode == .cubicPaced,
           values[max(segment - 1, 0)].isSameKind(as: values[segment]),
           values[segment].isSameKind(as: values[segment + 1]),
           values[segment + 1].isSameKind(as: values[min(segment + 2, n - 1)]) {
            return catmullRom(segment, local)
        }
        return segments[segment].value(at: local)
    }

    /// The Catmull-Rom spline through the values, on segment `i` at parameter t; the end
    /// points are repeated beyond the ends.
    private func catmullRom(_ i: Int, _ t: Double) -> AnimatableValue {
        let p0 = values[max(i - 1, 0)].components
        let p1 = values[i].components
        let p2 = values[i + 1].components
        let p3 = values[min(i + 2, values.count - 1)].components
        let t2 = t * t, t3 = t2 * t
        var result = [Double](repeating: 0, count: p1.count)
        for c in result.indices {
            result[c] = 0.5 * (2 * p1[c] + (-p0[c] + p2[c]) * t + (2 * p0[c] - 5 * p1[c] + 4 * p2[c] - p3[c]) * t2
                + (-p0[c] + 3 * p1[c] - 3 * p2[c] + p3[c]) * t3)
        }
        return values[i].with(result)
    }
}
