import AnimatorEngine
import AnimatorSupport

/// A recorded gesture that drives an interactive transition: timed samples of a pan
/// (translation, velocity) or a pinch (scale, velocity), read from JSON.
///
/// ```json
/// { "gesture": "pinch",
///   "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.8 },
///                { "t": 0.2, "scale": 0.6, "velocity": 2 } ] }
/// ```
///
/// The first sample is where the gesture began, the last where it ended, the ones between
/// are its changes. The interaction controller follows seed 000's rules for a pinch:
/// percent = 1 − scale / startScale (not below 0); at the end, cancel when velocity < 5
/// and percent ≤ 0.3, else finish. For a pan: percent = translation / distance along
/// `axis` (`x` or `y`, default `x`; `distance` defaults to the container's width or
/// height), clamped to 0...1; at the end, finish when the velocity is positive (moving
/// on), or zero past halfway; else cancel. `completionSpeed` and `completionCurve` are
/// optional. A pan may say where the finger comes down, `"at": [x, y]` in window points:
/// its samples then carry the finger's place (the start plus the translation), it reaches
/// only the recognizers of the views under that point, and a screen-edge pan recognizes
/// only when it starts within 20 points of one of its edges.
public struct GestureTrace: Equatable, Sendable {
    /// The kind of gesture.
    public enum Kind: String, Sendable {
        case pan, pinch
    }

    /// One sample: a time (seconds from the start of the transition), the pan's
    /// translation or the pinch's scale, and the velocity.
    public struct Sample: Equatable, Sendable {
        public var time: Double
        public var value: Double
        public var velocity: Double

        /// A sample at `time`.
        public init(time: Double, value: Double, velocity: Double) {
            self.time = time
            self.value = value
            self.velocity = velocity
        }
    }

    public var kind: Kind
    /// For a pan: "x" or "y".
    public var axis: String
    /// For a pan: the distance that means 100 %, or nil for the container's extent.
    public var distance: Double?
    public var samples: [Sample]
    public var completionSpeed: Double
    public var completionCurve: AnimationCurve
    /// Where a pan's finger comes down, in window points (nil: not said).
    public var start: Point?

    /// A trace of `samples`, finished at `completionSpeed` on `completionCurve`.
    public init(kind: Kind, axis: String, distance: Double?, samples: [Sample], completionSpeed: Double,
                completionCurve: AnimationCurve) {
        self.kind = kind
        self.axis = axis
        self.distance = distance
        self.samples = samples
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
    }

    /// Parses a trace.
    ///
    /// - Throws: `InteractionError` naming the source, the JSON path and the reason.
    public static func parse(_ text: String, source: String) throws(InteractionError) -> GestureTrace {
        func fail(_ path: String?, _ reason: String) -> InteractionError {
            InteractionError(place: path.map { "\(source): \($0)" } ?? source, reason: reason)
        }
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw fail(nil, error.description)
        }
        guard case .object(let members) = document else { throw fail("$", "a gesture trace is a JSON object") }
        let known = ["gesture", "axis", "distance", "samples", "completionSpeed", "completionCurve", "at"]
        for (key, _) in members where !known.contains(key) {
            throw fail("$.\(key)", "unknown key (expected \(known.joined(separator: ", ")))")
        }
        guard let name = document["gesture"]?.stringValue, let kind = Kind(rawValue: name) else {
            throw fail("$.gesture", "expected \"pan\" or \"pinch\"")
        }
        var trace = GestureTrace(kind: kind, axis: "x", distance: nil, samples: [], completionSpeed: 1,
                                 completionCurve: .easeInOut)
        if let axis = document["axis"] {
            guard kind == .pan else { throw fail("$.axis", "only a pan has an axis") }
            guard let text = axis.stringValue, text == "x" || text == "y" else { throw fail("$.axis", "expected \"x\" or \"y\"") }
            trace.axis = text
        }
        if let distance = document["distance"] {
            guard kind == .pan else { throw fail("$.distance", "only a pan has a distance") }
            guard let value = distance.numberValue, value > 0 else { throw fail("$.distance", "expected a number above 0") }
            trace.distance = value
        }
        if let at = document["at"] {
            guard kind == .pan else { throw fail("$.at", "only a pan starts at a point") }
            guard let pair = at.arrayValue, pair.count == 2, let x = pair[0].numberValue, let y = pair[1].numberValue,
                  x.isFinite, y.isFinite else {
                throw fail("$.at", "expected [x, y] in window points")
            }
            trace.start = Point(x: x, y: y)
        }
        if let speed = document["completionSpeed"] {
            guard let value = speed.numberValue, value >= InteractionScript.minimumCompletionSpeed, value.isFinite else {
                throw fail("$.completionSpeed", "expected a number from \(JSONValue.format(InteractionScript.minimumCompletionSpeed)) "
                           + "(a completion at most 100 times as long as the animation)")
            }
            trace.completionSpeed = value
        }
        if let curve = document["completionCurve"] {
            guard let value = curve.stringValue.flatMap(AnimationCurve.init(name:)) else {
                throw fail("$.completionCurve", "expected easeInOut, easeIn, easeOut or linear")
            }
            trace.completionCurve = value
        }
        guard let list = document["samples"]?.arrayValue else { throw fail("$.samples", "expected an array of samples") }
        guard list.count >= 2 else { throw fail("$.samples", "a gesture needs at least two samples: its beginning and its end") }
        let field = kind == .pan ? "translation" : "scale"
        for (index, sample) in list.enumerated() {
            let path = "$.samples[\(index)]"
            guard case .object(let keys) = sample else { throw fail(path, "a sample is a JSON object") }
            for (key, _) in keys where !["t", field, "velocity"].contains(key) {
                throw fail("\(path).\(key)", "unknown key (a \(kind.rawValue) sample has t, \(field), velocity)")
            }
            guard let time = sample["t"]?.numberValue, time >= 0 else {
                throw fail("\(path).t", "expected a time in seconds (0 or more)")
            }
            guard time <= InteractionScript.maximumTime else {
                throw fail("\(path).t", "\(JSONValue.format(time)) s is later than "
                           + "\(JSONValue.format(InteractionScript.maximumTime)) s, the most an interaction may last")
            }
            if let last = trace.samples.last, time < last.time {
                throw fail("\(path).t", "\(JSONValue.format(time)) is before the previous sample's \(JSONValue.format(last.time))")
            }
            guard let value = sample[field]?.numberValue else { throw fail("\(path).\(field)", "expected a number") }
            if kind == .pinch, value <= 0 { throw fail("\(path).scale", "a pinch's scale is above 0") }
            var velocity = 0.0
            if let given = sample["velocity"] {
                guard let number = given.numberValue else { throw fail("\(path).velocity", "expected a number") }
                velocity = number
            }
            trace.samples.append(Sample(time: time, value: value, velocity: velocity))
        }
        return trace
    }

    /// The interaction controller's calls for this gesture in a container of `size`.
    public func script(containerSize: Size) -> InteractionScript {
        let extent = distance ?? (axis == "y" ? containerSize.height : containerSize.width)
        let start = samples[0].value
        func percent(_ value: Double) -> Double {
            switch kind {
            case .pinch: return min(max(1 - value / start, 0), 1)
            case .pan: return min(max(value / extent, 0), 1)
            }
        }
        var events: [InteractionScript.Event] = []
        for sample in samples.dropFirst().dropLast() {
            events.append(.init(time: sample.time, command: .update(percent(sample.value))))
        }
        let end = samples[samples.count - 1]
        let finalPercent = percent(end.value)
        let cancelled: Bool
        switch kind {
        case .pinch: cancelled = end.velocity < 5 && finalPercent <= 0.3
        case .pan: cancelled = end.velocity < 0 || (end.velocity == 0 && finalPercent < 0.5)
        }
        events.append(.init(time: end.time, command: .update(finalPercent)))
        events.append(.init(time: end.time, command: cancelled ? .cancel : .finish))
        var script = InteractionScript(events: events, completionSpeed: completionSpeed, completionCurve: completionCurve)
        script.trace = self
        return script
    }
}
