import AnimatorRendering

/// How far along a recorded transition is at each frame, measured from the frames
/// themselves (animators do not declare their curves): for every layer present at both
/// ends, each number that changes (position, size, opacity, corner radius, the 2D part of
/// the transform) contributes the fraction of its total change reached so far; a frame's
/// progress is the mean. An ease-in-out animation measures as its ease-in-out curve; a
/// spring overshoots past 1.
enum ProgressCurve {
    static func measure<Frames: Collection<SceneFrame>>(_ frames: Frames) -> [Double] {
        guard let first = frames.first else { return [] }
        let last = frames.dropFirst(frames.count - 1).first!
        func numbers(_ frame: SceneFrame) -> [Int: [Double]] {
            var values: [Int: [Double]] = [:]
            for node in frame.nodes {
                let p = node.properties, t = p.transform
                values[node.layer.rawValue] = [p.position.x, p.position.y, p.bounds.size.width, p.bounds.size.height,
                                               p.opacity, p.cornerRadius, t.m11, t.m12, t.m21, t.m22, t.m41, t.m42]
            }
            return values
        }
        let start = numbers(first)
        var end = numbers(last)
        // A cancelled transition ends where it began: measure against its farthest frame.
        if !changes(start, end) {
            var farthest = 0.0
            for frame in frames {
                let values = numbers(frame)
                let distance = start.reduce(0.0) { sum, entry in
                    guard let other = values[entry.key] else { return sum }
                    return sum + zip(entry.value, other).reduce(0) { $0 + abs($1.0 - $1.1) }
                }
                if distance > farthest { farthest = distance; end = values }
            }
        }
        return frames.map { frame in
            let values = numbers(frame)
            var sum = 0.0, count = 0
            for (layer, from) in start {
                guard let to = end[layer], let now = values[layer] else { continue }
                for i in from.indices where abs(to[i] - from[i]) > 1e-6 {
                    sum += (now[i] - from[i]) / (to[i] - from[i])
                    count += 1
                }
            }
            return count == 0 ? 1 : sum / Double(count)
        }
    }

    private static func changes(_ a: [Int: [Double]], _ b: [Int: [Double]]) -> Bool {
        a.contains { layer, values in
            guard let other = b[layer] else { return false }
            return zip(values, other).contains { abs($0 - $1) > 1e-6 }
        }
    }
}
