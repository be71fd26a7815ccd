import AnimatorEngine
import AnimatorSupport

/// What drives an interactive transition: UIPercentDrivenInteractiveTransition's calls at
/// given times, with its completion settings. Made from a short script or from a gesture
/// trace (a pan or a pinch) by the rules in `GestureTrace`.
public struct InteractionScript: Equatable, Sendable {
    /// One call of the interaction controller.
    public enum Command: Equatable, Sendable {
        /// updateInteractiveTransition(percent), percent in 0...1.
        case update(Double)
        /// pause(): stop a finishing or cancelling completion where it is; interactive again.
        case pause
        /// finishInteractiveTransition().
        case finish
        /// cancelInteractiveTransition().
        case cancel
    }

    /// A command at a time, in seconds from the start of the transition.
    public struct Event: Equatable, Sendable {
        public var time: Double
        public var command: Command

        public init(time: Double, command: Command) {
            self.time = time
            self.command = command
        }
    }

    /// The slowest completion a script or a trace may ask for: 0.01, a completion at most
    /// 100 times as long as the animation (slower ones would run for hours of frames).
    public static let minimumCompletionSpeed = 0.01

    /// The latest time a script or a gesture trace may name, in seconds (ten minutes).
    public static let maximumTime = 600.0

    /// The calls, in time order.
    public var events: [Event]
    /// completionSpeed (> 0): the completion takes (1 − percent) × duration / speed when
    /// finishing, percent × duration / speed when cancelling.
    public var completionSpeed: Double
    /// completionCurve: the curve of the non-interactive rest.
    public var completionCurve: AnimationCurve
    /// wantsInteractiveStart: false starts the transition playing; a `pause` makes it interactive.
    public var wantsInteractiveStart: Bool
    /// The gesture the calls were derived from, when they were: an animator that is its
    /// own interaction controller receives it sample by sample instead.
    public var trace: GestureTrace?

    /// Creates a script.
    public init(events: [Event], completionSpeed: Double = 1, completionCurve: AnimationCurve = .easeInOut,
                wantsInteractiveStart: Bool = true) {
        self.events = events
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
        self.wantsInteractiveStart = wantsInteractiveStart
    }

    /// Parses a script: commands separated by `;` or new lines.
    ///
    /// ```
    /// update 0.3 @0.2; update 0.6 @0.4; cancel @0.5
    /// speed 2; curve linear; update 0.5 @0.1; pause @0.2; finish @0.3
    /// ```
    ///
    /// `update P @T`, `pause @T`, `finish @T`, `cancel @T` (T in seconds from the start,
    /// not decreasing); settings `speed S` (completionSpeed), `curve easeInOut|easeIn|
    /// easeOut|linear`, `start playing` (wantsInteractiveStart = false). The script must
    /// end the interaction with `finish` or `cancel`.
    ///
    /// - Throws: `InteractionError` naming the command and the reason.
    public static func parse(_ text: String, source: String = "script") throws(InteractionError) -> InteractionScript {
        var script = InteractionScript(events: [])
        let commands = text.split(whereSeparator: { $0 == ";" || $0 == "\n" })
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
            .filter { !$0.isEmpty && !$0[0].hasPrefix("#") }
        for (number, words) in commands.enumerated() {
            let place = "\(source): command \(number + 1) '\(words.joined(separator: " "))'"
            func fail(_ reason: String) -> InteractionError { InteractionError(place: place, reason: reason) }
            func time(_ word: String) throws(InteractionError) -> Double {
                guard word.hasPrefix("@"), let value = Double(word.dropFirst()), value.isFinite, value >= 0 else {
                    throw fail("expected a time such as @0.25 (seconds from the start)")
                }
                guard value <= InteractionScript.maximumTime else {
                    throw fail("\(word) is later than \(JSONValue.format(InteractionScript.maximumTime)) s, the most an interaction may last")
                }
                if let last = script.events.last, value < last.time {
                    throw fail("time \(word) is before the previous command's @\(JSONValue.format(last.time))")
                }
                return value
            }
            switch (words[0], words.count) {
            case ("update", 3):
                guard let percent = Double(words[1]), percent >= 0, percent <= 1 else {
                    throw fail("the percent must be a number from 0 to 1")
                }
                script.events.append(Event(time: try time(words[2]), command: .update(percent)))
            case ("pause", 2): script.events.append(Event(time: try time(words[1]), command: .pause))
            case ("finish", 2): script.events.append(Event(time: try time(words[1]), command: .finish))
            case ("cancel", 2): script.events.append(Event(time: try time(words[1]), command: .cancel))
            case ("speed", 2):
                guard let speed = Double(words[1]), speed >= InteractionScript.minimumCompletionSpeed, speed.isFinite else {
                    throw fail("completionSpeed must be a number from \(JSONValue.format(InteractionScript.minimumCompletionSpeed)) "
                               + "(a completion at most 100 times as long as the animation)")
                }
                script.completionSpeed = speed
            case ("curve", 2):
                guard let curve = AnimationCurve(name: words[1]) else {
                    throw fail("the curve is one of easeInOut, easeIn, easeOut, linear")
                }
                script.completionCurve = curve
            case ("start", 2) where words[1] == "playing":
                script.wantsInteractiveStart = false
            case ("update", _), ("pause", _), ("finish", _), ("cancel", _), ("speed", _), ("curve", _):
                throw fail("wrong number of words (update P @T, pause @T, finish @T, cancel @T, speed S, curve NAME)")
            default:
                throw fail("unknown command (update, pause, finish, cancel, speed, curve, start playing)")
            }
        }
        try script.check(source: source)
        return script
    }

    /// Reads what `--interactive` names: a gesture trace (a `.json` file), a script file,
    /// or the text of a script.
    ///
    /// - Parameter containerSize: the container's size, which a pan's percent is relative to.
    /// - Throws: `InteractionError` naming the file or script and the reason.
    public static func load(_ argument: String, containerSize: Size) throws(InteractionError) -> InteractionScript {
        let isFile = (try? FileSystem.status(argument)) != nil
        if argument.hasSuffix(".json") || isFile {
            let bytes: [UInt8]
            do {
                bytes = try FileSystem.read(argument, limit: FileLimits.interaction)
            } catch {
                throw InteractionError(place: argument, reason: error.readFailure)
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw InteractionError(place: argument, reason: "not UTF-8 text")
            }
            if argument.hasSuffix(".json") {
                return try GestureTrace.parse(text, source: argument).script(containerSize: containerSize)
            }
            return try parse(text, source: argument)
        }
        return try parse(argument)
    }

    /// Checks that the interaction ends: its last command is finish or cancel.
    func check(source: String) throws(InteractionError) {
        guard let last = events.last else {
            throw InteractionError(place: source, reason: "no commands: an interaction needs at least finish or cancel")
        }
        guard last.command == .finish || last.command == .cancel else {
            throw InteractionError(place: source, reason: "the interaction never ends: the last command must be finish or cancel")
        }
    }
}

extension InteractionScript: CustomStringConvertible {
    /// The script in the form `parse` reads, settings first.
    public var description: String {
        var parts: [String] = []
        if completionSpeed != 1 { parts.append("speed \(JSONValue.format(completionSpeed))") }
        if completionCurve != .easeInOut { parts.append("curve \(completionCurve.name)") }
        if !wantsInteractiveStart { parts.append("start playing") }
        for event in events {
            let at = "@" + JSONValue.format(event.time)
            switch event.command {
            case .update(let percent): parts.append("update \(JSONValue.format(percent)) \(at)")
            case .pause: parts.append("pause \(at)")
            case .finish: parts.append("finish \(at)")
            case .cancel: parts.append("cancel \(at)")
            }
        }
        return parts.joined(separator: "; ")
    }
}

extension AnimationCurve {
    /// UIKit's name of the curve.
    var name: String {
        switch self {
        case .easeInOut: return "easeInOut"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .linear: return "linear"
        }
    }

    /// The curve named as in UIKit: easeInOut, easeIn, easeOut, linear.
    init?(name: String) {
        switch name {
        case "easeInOut": self = .easeInOut
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "linear": self = .linear
        default: return nil
        }
    }
}

/// Why an interaction script or gesture trace was refused, in one line.
public struct InteractionError: Error, Equatable, CustomStringConvertible {
    /// The file or script and, where there is one, the command or JSON path.
    public var place: String
    /// Why.
    public var reason: String

    public var description: String { "\(place): \(reason)" }
}
