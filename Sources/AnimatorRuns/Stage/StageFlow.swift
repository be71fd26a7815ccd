import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// Steps one animator's run takes one after another on its two screens (`run <animator>
/// --scenario FILE`), each from where the last left the app, with one animator instance
/// (the library's delegate keeps its state from step to step):
///
///     { "steps": [ { "operation": "push", "tap": [300, 400] },
///                  { "operation": "pop", "interaction": "update 0.4 @0.2; cancel @0.3" },
///                  { "operation": "pop", "interaction": "pan-back.json" } ] }
///
/// A step has an operation, and may have a tap ([x, y] in window points: the app's tap
/// handler there asks for the step's transition, as `--tap` does), or instead a long press
/// (`"longPress": [x, y]` or `[x, y, seconds]`, as `--long-press`) or a swipe (`"swipe":
/// {"at": [x, y], "direction": "left"}`, as `--swipe`), and an interaction (a
/// script or a gesture trace file, as `--interactive` takes; a file's path relative to the
/// flow's folder), and `"rotate": "landscape"` (or `"portrait"`) to turn the device after
/// its transition (the window takes the other orientation's size; present and dismiss
/// runs only). The first step's operation sets the screens up (`TransitionStage`);
/// each later one must be the way back from the step before (pop after push, dismiss
/// after present, the other tab after tab) or, after a step that may be cancelled, the
/// same again: which of the two is checked as the flow runs.
public struct StageFlow: Equatable, Sendable {
    /// One step.
    public struct Step: Equatable, Sendable {
        /// What the app does.
        public var operation: TransitionOperation
        /// Where a finger asks for it, in window points (a tap unless `gesture` says).
        public var tap: Point?
        /// What the finger does there.
        public var gesture: TouchGesture
        /// What drives it interactively: a script, or a trace file's path.
        public var interaction: String?
        /// How the device turns after the transition (nil: it does not).
        public var rotate: Traits.Orientation?
        /// The iPad split view share the window takes after the transition (and the turn):
        /// nil, it keeps its size; `.some(nil)`, the whole screen ("full").
        public var split: SplitShare??

        /// Creates a step.
        public init(operation: TransitionOperation, tap: Point? = nil, gesture: TouchGesture = .tap,
                    interaction: String? = nil, rotate: Traits.Orientation? = nil, split: SplitShare?? = nil) {
            self.operation = operation
            self.tap = tap
            self.gesture = gesture
            self.interaction = interaction
            self.rotate = rotate
            self.split = split
        }
    }

    /// The steps, in order.
    public var steps: [Step]

    /// Creates a flow.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Reads and checks a flow file; trace paths are resolved against its folder.
    ///
    /// - Throws: `JSONFormatError` naming the file and the JSON path.
    public static func load(path: String) throws(JSONFormatError) -> StageFlow {
        let folder = FileSystem.directoryName(path)
        return try JSONFormatError.reading(path, limit: FileLimits.document) { json throws(JSONFormatError) in
            try parse(json, folder: folder)
        }
    }

    /// Checks a flow's JSON.
    ///
    /// - Parameter folder: where relative trace paths start.
    public static func parse(_ json: JSONValue, folder: String = ".") throws(JSONFormatError) -> StageFlow {
        for (key, _) in json.objectMembers ?? [] where key != "steps" {
            throw JSONFormatError(path: "$.\(key)", reason: "unknown key (an animator's flow has steps)")
        }
        guard let steps = json["steps"]?.arrayValue else {
            throw JSONFormatError(path: "$.steps", reason: "missing (an array of steps)")
        }
        guard !steps.isEmpty else { throw JSONFormatError(path: "$.steps", reason: "empty: give at least one step") }
        guard steps.count <= Scenario.maximumSteps else {
            throw JSONFormatError(path: "$.steps", reason: "\(steps.count) steps, over the \(Scenario.maximumSteps) a flow may have")
        }
        var result: [Step] = []
        for (index, step) in steps.enumerated() {
            let at = "$.steps[\(index)]"
            guard case .object(let members) = step else { throw JSONFormatError(path: at, reason: "expected an object") }
            for (key, _) in members where !["operation", "tap", "longPress", "swipe", "interaction", "rotate", "split"].contains(key) {
                let hint = ["to", "tab"].contains(key) ? ": an animator's run has its two screens; leave it out"
                    : " (a step has operation, tap, longPress or swipe, interaction, rotate and split)" + Suggestion.hint(
                        key, among: ["operation", "tap", "longPress", "swipe", "interaction", "rotate", "split"])
                throw JSONFormatError(path: "\(at).\(key)", reason: "unknown key\(hint)")
            }
            guard let name = step["operation"]?.stringValue else {
                throw JSONFormatError(path: "\(at).operation", reason: "missing (present, dismiss, push, pop or tab)")
            }
            guard let operation = TransitionOperation(rawValue: name) else {
                throw JSONFormatError(path: "\(at).operation", reason: "'\(name)' is not present, dismiss, push, pop or tab"
                                      + Suggestion.hint(name, among: TransitionOperation.allCases.map(\.rawValue)))
            }
            if let previous = result.last?.operation, operation != previous,
               operation != TransitionStage.inverse(of: previous) {
                throw JSONFormatError(path: "\(at).operation", reason: "\(name) cannot follow \(previous.rawValue): after it "
                                      + "comes \(TransitionStage.inverse(of: previous).rawValue) (or \(previous.rawValue) "
                                      + "again, when it was cancelled)")
            }
            let fingers = members.filter { ["tap", "longPress", "swipe"].contains($0.0) }.map(\.0)
            if fingers.count > 1 {
                throw JSONFormatError(path: "\(at).\(fingers[1])", reason: "a step has one of tap, longPress and swipe")
            }
            var tap: Point?
            var gesture = TouchGesture.tap
            if let value = step["tap"] {
                tap = try point(value, at: "\(at).tap")
            } else if let value = step["longPress"] {
                let numbers = value.arrayValue ?? []
                tap = try point(.array(Array(numbers.prefix(2))), at: "\(at).longPress", extra: numbers.count == 3 ? ", seconds" : "")
                var seconds = TouchGesture.standardPressSeconds
                if numbers.count == 3 {
                    guard let held = numbers[2].numberValue, held.isFinite, held > 0, held <= 60 else {
                        throw JSONFormatError(path: "\(at).longPress[2]", reason: "expected the seconds the press is held (0 to 60)")
                    }
                    seconds = held
                } else if numbers.count != 2 {
                    throw JSONFormatError(path: "\(at).longPress", reason: "expected [x, y] or [x, y, seconds]")
                }
                gesture = .longPress(seconds: seconds)
            } else if let value = step["swipe"] {
                for (key, _) in value.objectMembers ?? [] where !["at", "direction"].contains(key) {
                    throw JSONFormatError(path: "\(at).swipe.\(key)", reason: "unknown key (a swipe has at and direction)")
                }
                guard value.objectMembers != nil, let start = value["at"] else {
                    throw JSONFormatError(path: "\(at).swipe", reason: "expected {\"at\": [x, y], \"direction\": \"left\"}")
                }
                tap = try point(start, at: "\(at).swipe.at")
                let names = TouchGesture.SwipeDirection.allCases.map(\.rawValue)
                guard let name = value["direction"]?.stringValue, let direction = TouchGesture.SwipeDirection(rawValue: name) else {
                    let given = value["direction"]?.stringValue.map { "'\($0)' is not " } ?? "missing: "
                    throw JSONFormatError(path: "\(at).swipe.direction", reason: given + "right, left, up or down"
                                          + Suggestion.hint(value["direction"]?.stringValue ?? "", among: names))
                }
                gesture = .swipe(direction)
            }
            var interaction: String?
            if let value = step["interaction"] {
                guard let text = value.stringValue, !text.isEmpty else {
                    throw JSONFormatError(path: "\(at).interaction", reason: "expected a script or a gesture trace file")
                }
                interaction = text.hasSuffix(".json") && !text.hasPrefix("/") ? folder + "/" + text : text
            }
            var rotate: Traits.Orientation?
            if let value = step["rotate"] {
                let names = Traits.Orientation.allCases.map(\.rawValue)
                guard let text = value.stringValue, let orientation = Traits.Orientation(rawValue: text) else {
                    let given = value.stringValue.map { "'\($0)' is not " } ?? "expected "
                    throw JSONFormatError(path: "\(at).rotate", reason: given + "portrait or landscape"
                                          + Suggestion.hint(value.stringValue ?? "", among: names))
                }
                rotate = orientation
            }
            var split: SplitShare??
            if let value = step["split"] {
                let names = SplitShare.allCases.map(\.rawValue) + ["full"]
                guard let text = value.stringValue, text == "full" || SplitShare(rawValue: text) != nil else {
                    let given = value.stringValue.map { "'\($0)' is not " } ?? "expected "
                    throw JSONFormatError(path: "\(at).split", reason: given + "third, half, two-thirds or full"
                                          + Suggestion.hint(value.stringValue ?? "", among: names))
                }
                split = .some(SplitShare(rawValue: text))
            }
            result.append(Step(operation: operation, tap: tap, gesture: gesture, interaction: interaction, rotate: rotate,
                               split: split))
        }
        return StageFlow(steps: result)
    }

    /// An [x, y] pair of finite numbers.
    private static func point(_ value: JSONValue, at path: String, extra: String = "") throws(JSONFormatError) -> Point {
        guard let items = value.arrayValue, items.count == 2,
              let x = items[0].numberValue, let y = items[1].numberValue, x.isFinite, y.isFinite else {
            throw JSONFormatError(path: path, reason: "expected [x, y\(extra)] in window points")
        }
        return Point(x: x, y: y)
    }
}
