import AnimatorEngine
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport

/// Compares an actual recording with its golden one value by value: for each transition,
/// how it ended and how long it took, then frame by frame the views (matched by their path
/// of names) and each of their properties, within a tolerance per kind of value.
public struct TimelineComparison: Sendable {
    /// One value that moved past its tolerance, or a structural change.
    public struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// The transition (0-based) it is in.
        public var transition: Int
        /// The frame (0-based), or nil for a difference of the whole transition.
        public var frame: Int?
        /// The frame's time in seconds from the transition's start.
        public var time: Double?
        /// The view's path of names ("window/transition container/to"), or nil.
        public var view: String?
        /// The property ("alpha", "position.x", "transform[12]", "frames").
        public var property: String
        /// The golden value, as text.
        public var golden: String
        /// The actual value, as text.
        public var actual: String
        /// How far apart, for numbers.
        public var delta: Double?

        public var description: String {
            var place = "transition \(transition + 1)"
            if let frame, let time { place += ", frame \(frame) (\(JSONValue.format((time * 1000).rounded() / 1000)) s)" }
            if let view { place += ", \(view)" }
            let by = delta.map { " (by \(Self.format($0)))" } ?? ""
            return "\(place): \(property) \(golden) → \(actual)\(by)"
        }

        static func format(_ value: Double) -> String {
            guard value.isFinite else { return JSONValue.format(value) }
            return JSONValue.format((value * 1e6).rounded() / 1e6)
        }
    }

    /// The differences found, in time order, at most `limit`.
    public private(set) var differences: [Difference] = []
    /// How many there were in all (more than `differences` holds when past the limit).
    public private(set) var total = 0
    /// The most differences kept.
    public let limit: Int
    /// Picture comparisons already made, by the two pictures' buffers (both recordings are
    /// alive while the comparison runs, so a buffer address names one picture).
    private let contentsCache = ContentsCache()

    private final class ContentsCache: @unchecked Sendable {
        var counts: [[UInt]: Int] = [:]
    }

    /// Whether the two matched.
    public var matches: Bool { total == 0 }

    /// Compares `actual` with `golden`.
    public init(golden: Recording, actual: Recording, tolerance: SnapshotTolerance, limit: Int = 50) {
        self.limit = limit
        if golden.size != actual.size {
            add(Difference(transition: 0, property: "screen size", golden: "\(golden.size.width)x\(golden.size.height)",
                           actual: "\(actual.size.width)x\(actual.size.height)"))
        }
        if golden.segments.count != actual.segments.count {
            add(Difference(transition: 0, property: "transitions", golden: "\(golden.segments.count)",
                           actual: "\(actual.segments.count)"))
        }
        for (index, (expected, found)) in zip(golden.segments, actual.segments).enumerated() {
            compare(expected, found, transition: index, tolerance: tolerance)
        }
    }

    private mutating func add(_ difference: Difference) {
        total += 1
        if differences.count < limit { differences.append(difference) }
    }

    private mutating func compare(_ golden: Recording.Segment, _ actual: Recording.Segment, transition: Int,
                                  tolerance: SnapshotTolerance) {
        func whole(_ property: String, _ a: String, _ b: String, delta: Double? = nil) {
            add(Difference(transition: transition, property: property, golden: a, actual: b, delta: delta))
        }
        if golden.operation != actual.operation { whole("operation", golden.operation.rawValue, actual.operation.rawValue) }
        if golden.animator != actual.animator { whole("animator", golden.animator, actual.animator) }
        if golden.outcome.completed != actual.outcome.completed {
            whole("outcome", golden.outcome.completed ? "completed" : "cancelled", actual.outcome.completed ? "completed" : "cancelled")
        }
        if abs(golden.outcome.duration - actual.outcome.duration) > 1e-9 {
            whole("duration", "\(Difference.format(golden.outcome.duration)) s", "\(Difference.format(actual.outcome.duration)) s",
                  delta: actual.outcome.duration - golden.outcome.duration)
        }
        if golden.frames.count != actual.frames.count {
            whole("frames", "\(golden.frames.count)", "\(actual.frames.count)",
                  delta: Double(actual.frames.count - golden.frames.count))
        }
        for (index, (expected, found)) in zip(golden.frames, actual.frames).enumerated() {
            compare(expected, found, since: (golden.start, actual.start), transition: transition, frame: index,
                    tolerance: tolerance)
        }
    }

    /// Each node's path of names from the root (`EndStateCheck.paths`), with "#2", "#3"...
    /// for the second and later layers of one path, so that a path names one view.
    public static func paths(_ frame: SceneFrame) -> [String] {
        var seen: [String: Int] = [:]
        return EndStateCheck.paths(frame).map { path in
            let count = seen[path, default: 0] + 1
            seen[path] = count
            return count > 1 ? path + "#\(count)" : path
        }
    }

    private mutating func compare(_ golden: SceneFrame, _ actual: SceneFrame, since starts: (Double, Double), transition: Int,
                                  frame: Int, tolerance: SnapshotTolerance) {
        let time = actual.time - starts.1
        func add(_ view: String?, _ property: String, _ a: String, _ b: String, delta: Double? = nil) {
            self.add(Difference(transition: transition, frame: frame, time: time, view: view, property: property,
                                golden: a, actual: b, delta: delta))
        }
        let goldenTime = golden.time - starts.0
        if abs(goldenTime - time) > 1e-6 {
            add(nil, "time", "\(Difference.format(goldenTime)) s", "\(Difference.format(time)) s", delta: time - goldenTime)
        }
        let goldenPaths = Self.paths(golden), actualPaths = Self.paths(actual)
        var actualIndex: [String: Int] = [:]
        for (index, path) in actualPaths.enumerated() { actualIndex[path] = index }
        let goldenSet = Set(goldenPaths)
        for (index, path) in goldenPaths.enumerated() {
            guard let match = actualIndex[path] else {
                add(path, "presence", "there", "missing")
                continue
            }
            compare(golden, index, actual, match, view: path, tolerance: tolerance, add: add)
        }
        for path in actualPaths where !goldenSet.contains(path) {
            add(path, "presence", "absent", "there")
        }
    }

    /// Pixels past the threshold between two layers' pictures. A picture is usually the
    /// same buffer in every frame (a screenshot, a snapshot), so each pair is compared once.
    private func contentsDifference(_ x: Image, _ y: Image, threshold: Int) -> Int {
        let key = [x.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) },
                   y.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }]
        if let known = contentsCache.counts[key] { return known }
        let count = PixelComparison.count(x, y, threshold: threshold)
        contentsCache.counts[key] = count
        return count
    }

    private func compare(_ golden: SceneFrame, _ g: Int, _ actual: SceneFrame, _ a: Int, view: String,
                         tolerance: SnapshotTolerance,
                         add: (String?, String, String, String, Double?) -> Void) {
        let p = golden.nodes[g].properties, q = actual.nodes[a].properties
        let pe = golden.extras[g] ?? LayerExtras(), qe = actual.extras[a] ?? LayerExtras()
        func number(_ property: String, _ x: Double, _ y: Double, _ allowed: Double) {
            let delta = y - x
            if !(abs(delta) <= allowed + 1e-12) { add(view, property, Difference.format(x), Difference.format(y), delta) }
        }
        func exact(_ property: String, _ x: String, _ y: String) {
            if x != y { add(view, property, x, y, nil) }
        }
        func color(_ property: String, _ x: RGBAColor?, _ y: RGBAColor?) {
            guard let x, let y else {
                if (x == nil) != (y == nil) { add(view, property, x?.hex ?? "none", y?.hex ?? "none", nil) }
                return
            }
            let channels = [(x.red, y.red), (x.green, y.green), (x.blue, y.blue), (x.alpha, y.alpha)]
            let levels = channels.map { abs(($0.0 - $0.1) * 255) }.max()!
            if levels > Double(tolerance.colorLevels) + 0.5 { add(view, property, x.hex, y.hex, nil) }
        }
        number("position.x", p.position.x, q.position.x, tolerance.points)
        number("position.y", p.position.y, q.position.y, tolerance.points)
        number("bounds.x", p.bounds.origin.x, q.bounds.origin.x, tolerance.points)
        number("bounds.y", p.bounds.origin.y, q.bounds.origin.y, tolerance.points)
        number("bounds.width", p.bounds.size.width, q.bounds.size.width, tolerance.points)
        number("bounds.height", p.bounds.size.height, q.bounds.size.height, tolerance.points)
        number("anchorPoint.x", p.anchorPoint.x, q.anchorPoint.x, tolerance.alpha)
        number("anchorPoint.y", p.anchorPoint.y, q.anchorPoint.y, tolerance.alpha)
        for (index, (x, y)) in zip(p.transform.values, q.transform.values).enumerated() {
            number("transform[\(index)]", x, y, tolerance.transform)
        }
        number("alpha", p.opacity, q.opacity, tolerance.alpha)
        exact("hidden", "\(p.isHidden)", "\(q.isHidden)")
        color("backgroundColor", p.backgroundColor, q.backgroundColor)
        number("cornerRadius", p.cornerRadius, q.cornerRadius, tolerance.points)
        exact("masksToBounds", "\(p.masksToBounds)", "\(q.masksToBounds)")
        number("borderWidth", pe.borderWidth, qe.borderWidth, tolerance.points)
        color("borderColor", pe.borderColor, qe.borderColor)
        number("shadowOpacity", pe.shadowOpacity, qe.shadowOpacity, tolerance.alpha)
        number("shadowRadius", pe.shadowRadius, qe.shadowRadius, tolerance.points)
        number("shadowOffset.width", pe.shadowOffset.width, qe.shadowOffset.width, tolerance.points)
        number("shadowOffset.height", pe.shadowOffset.height, qe.shadowOffset.height, tolerance.points)
        color("shadowColor", pe.shadowColor, qe.shadowColor)
        number("zPosition", p.zPosition, q.zPosition, tolerance.points)
        switch (golden.transitions[g], actual.transitions[a]) {
        case (nil, nil): break
        case (let x?, let y?):
            exact("transition", "\(x.type.rawValue) \(x.subtype?.rawValue ?? "")", "\(y.type.rawValue) \(y.subtype?.rawValue ?? "")")
            number("transition.progress", x.progress, y.progress, tolerance.alpha)
        case (let x, let y):
            exact("transition", x.map { $0.type.rawValue } ?? "none", y.map { $0.type.rawValue } ?? "none")
        }
        exact("text", golden.texts[g].map { "\"\($0.string)\"" } ?? "none", actual.texts[a].map { "\"\($0.string)\"" } ?? "none")
        switch (golden.contents[g], actual.contents[a]) {
        case (nil, nil): break
        case (let x?, let y?):
            exact("contents", "\(x.image.width)x\(x.image.height) \(x.gravity.rawValue)",
                  "\(y.image.width)x\(y.image.height) \(y.gravity.rawValue)")
            if x.image.width == y.image.width, x.image.height == y.image.height {
                let differing = contentsDifference(x.image, y.image, threshold: max(tolerance.pixelThreshold, 2))
                if differing > 0 { add(view, "contents", "picture", "a picture with \(differing) other pixels", Double(differing)) }
            }
        case (let x, let y):
            exact("contents", x == nil ? "none" : "a picture", y == nil ? "none" : "a picture")
        }
    }
}
