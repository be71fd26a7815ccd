import AnimatorEngine
import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// The options that choose and shape a run, shared by `run`, `play`, `compare` and
/// `watch`, and their reading into a `RunRequest`. This is the only place run options
/// become a request; nothing else assembles run arguments.
enum RunOptions {
    /// The options.
    static let options: [OptionSpec] = [
        .value("--operation", "-o", valueName: "OP",
               help: "The operation to run the animator for (default: the first it supports)."),
        .value("--param", valueName: "NAME=VALUE", repeatable: true, help: "Set an animator parameter (repeatable)."),
        .value("--duration", valueName: "S", help: "Shorthand for --param duration=S."),
        .value("--interactive", valueName: "TRACE",
               help: "Drive the transition interactively: a gesture trace (.json), a script file, or a script."),
        .value("--tap", valueName: "X,Y",
               help: "Start the transition with a tap at X,Y (points): the app's tap handler there asks for it."),
        .value("--long-press", valueName: "X,Y[,S]",
               help: "Start it with a press at X,Y held S seconds (default 1): the app's long-press handler asks for it."),
        .value("--swipe", valueName: "X,Y,DIR",
               help: "Start it with a swipe from X,Y going right, left, up or down: the app's swipe handler asks for it."),
        .value("--style", valueName: "STYLE",
               help: "How present and dismiss present: fullScreen (default), overFullScreen, pageSheet or custom."),
        .value("--rotate", valueName: "WAY",
               help: "Turn the device after the transition: landscape or portrait (the screens hear viewWillTransition)."),
        .value("--split", valueName: "SHARE",
               help: "On an iPad, give the app this share of the screen after the transition (and --rotate): "
                   + "third, half, two-thirds or full."),
        .value("--from-image", valueName: "PNG", help: "Show this screenshot as the outgoing screen (scaled to fill --size)."),
        .value("--to-image", valueName: "PNG", help: "Show this screenshot as the incoming screen."),
        .value("--scenario", valueName: "FILE", help: "Run this app flow in the demo app (default: the demo's own); with an animator, steps on its screens (push, then pop...)."),
        .value("--routes", valueName: "FILE", help: "Use these routes in the demo app instead of its own."),
        .value("--fps", valueName: "N", help: "Frames per second (default 60)."),
        .value("--log-level", valueName: "LEVEL",
               help: "Show what animators log at LEVEL and above: debug, info, warning (default), error, none."),
        .value("--size", valueName: "WxH", help: "The screen in points (default 390x844)."),
        .value("--variant", valueName: "WORDS",
               help: "The traits the app runs with, comma-separated: dark, rtl, reduce-motion, text-xs ... text-ax5, "
                   + "a device (iphone-se, iphone, iphone-pro-max, ipad), landscape, with ipad split-third, split-half "
                   + "or split-two-thirds (docs/variants.md)."),
    ]

    /// The options of the demo app only.
    static let demoOnly: Set<String> = ["--scenario", "--routes"]

    /// The option that sets a request's field, as messages name it.
    static func optionName(_ field: RunRequest.Field) -> String {
        switch field {
        case .animator: return "the animator"
        case .operation: return "--operation"
        case .parameters: return "--param"
        case .interaction: return "--interactive"
        case .tap: return "--tap"
        case .gesture: return "--long-press/--swipe"
        case .style: return "--style"
        case .rotate: return "--rotate"
        case .split: return "--split"
        case .fromImage: return "--from-image"
        case .toImage: return "--to-image"
        case .scenario: return "--scenario"
        case .routes: return "--routes"
        case .size: return "--size"
        case .fps: return "--fps"
        case .keepsFrames: return "keepsFrames"
        case .outputs: return "--out"
        case .variant: return "--variant"
        }
    }

    /// A request error as a usage error, naming the option.
    static func usage(_ error: RunRequestError) -> UsageError {
        UsageError(error.message(naming: optionName))
    }

    /// The request the arguments ask for: the animator (the one positional, or `animator`
    /// when given) and every run option, checked.
    ///
    /// - Throws: `UsageError` for a mistake in the command line.
    static func request(_ arguments: ParsedArguments, animator given: String? = nil) throws(UsageError) -> RunRequest {
        guard arguments.positionals.count <= (given == nil ? 1 : 2) else {
            throw UsageError("at most one animator (got \(arguments.positionals.count))")
        }
        var request = RunRequest()
        request.animator = given ?? arguments.positionals.first
        if request.isDemo, arguments.value("--duration") != nil {
            throw UsageError("--duration needs an animator: <id|name> --operation OP")
        }
        request.operation = try parseOperation(arguments.value("--operation"), required: false)
        request.parameters = arguments.values("--param")
        if let duration = arguments.value("--duration") { request.parameters.insert("duration=\(duration)", at: 0) }
        request.interaction = arguments.value("--interactive")
        (request.tap, request.gesture) = try touch(arguments)
        request.style = try style(arguments)
        if let text = arguments.value("--rotate") {
            let names = Traits.Orientation.allCases.map(\.rawValue)
            guard let orientation = Traits.Orientation(rawValue: text.lowercased()) else {
                throw UsageError("--rotate: '\(text.oneLine)' is not landscape or portrait" + Suggestion.hint(text, among: names))
            }
            request.rotate = orientation
        }
        if let text = arguments.value("--split") {
            let names = SplitShare.allCases.map(\.rawValue) + ["full"]
            let word = text.lowercased()
            guard word == "full" || SplitShare(rawValue: word) != nil else {
                throw UsageError("--split: '\(text.oneLine)' is not third, half, two-thirds or full" + Suggestion.hint(text, among: names))
            }
            request.split = .some(SplitShare(rawValue: word))
        }
        request.fromImage = arguments.value("--from-image")
        request.toImage = arguments.value("--to-image")
        request.scenario = arguments.value("--scenario")
        request.routes = arguments.value("--routes")
        request.size = try screenSize(arguments)
        request.fps = try fps(arguments)
        request.variant = arguments.value("--variant") ?? ""
        _ = try logLevel(arguments)
        do {
            try request.check()
        } catch {
            throw usage(error)
        }
        return request
    }

    /// `--log-level LEVEL`: the least severe plugin log entry shown (nil: none), default warning.
    static func logLevel(_ arguments: ParsedArguments) throws(UsageError) -> PluginLogEntry.Level? {
        guard let text = arguments.value("--log-level") else { return .warning }
        if text.lowercased() == "none" { return nil }
        let levels: [PluginLogEntry.Level] = [.debug, .info, .warning, .error]
        guard let level = levels.first(where: { $0.name == text.lowercased() }) else {
            throw UsageError("--log-level: '\(text)' is not debug, info, warning, error or none")
        }
        return level
    }

    /// `--style STYLE` (names matched without regard to case), or nil.
    static func style(_ arguments: ParsedArguments) throws(UsageError) -> ModalPresentationStyle? {
        guard let text = arguments.value("--style") else { return nil }
        guard let style = ModalPresentationStyle(name: text) else {
            throw UsageError("--style: '\(text)' is not fullScreen, overFullScreen, pageSheet or custom")
        }
        return style
    }

    /// `--tap X,Y`, `--long-press X,Y[,S]` or `--swipe X,Y,DIRECTION` (at most one): the
    /// point in points and the gesture; nil and a tap when none is given.
    static func touch(_ arguments: ParsedArguments) throws(UsageError) -> (Point?, TouchGesture) {
        let given = ["--tap", "--long-press", "--swipe"].filter { arguments.value($0) != nil }
        guard given.count <= 1 else { throw UsageError("\(given[0]) and \(given[1]): give one gesture") }
        guard let option = given.first, let text = arguments.value(option) else { return (nil, .tap) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func point() -> Point? {
            guard parts.count >= 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else { return nil }
            return Point(x: x, y: y)
        }
        switch option {
        case "--tap":
            guard parts.count == 2, let point = point() else {
                throw UsageError("--tap: '\(text.oneLine)' is not X,Y in points (e.g. 195,300)")
            }
            return (point, .tap)
        case "--long-press":
            guard parts.count == 2 || parts.count == 3, let point = point() else {
                throw UsageError("--long-press: '\(text.oneLine)' is not X,Y or X,Y,SECONDS (e.g. 195,300 or 195,300,1.5)")
            }
            guard parts.count == 3 else { return (point, .longPress(seconds: TouchGesture.standardPressSeconds)) }
            guard let seconds = Double(parts[2]), seconds > 0, seconds <= 60 else {
                throw UsageError("--long-press: '\(parts[2].oneLine)' is not a number of seconds from 0 to 60")
            }
            return (point, .longPress(seconds: seconds))
        default:
            let names = TouchGesture.SwipeDirection.allCases.map(\.rawValue)
            guard parts.count == 3, let point = point() else {
                throw UsageError("--swipe: '\(text.oneLine)' is not X,Y,DIRECTION (e.g. 195,300,left)")
            }
            guard let direction = TouchGesture.SwipeDirection(rawValue: parts[2].lowercased()) else {
                throw UsageError("--swipe: '\(parts[2].oneLine)' is not right, left, up or down"
                                 + Suggestion.hint(parts[2].lowercased(), among: names))
            }
            return (point, .swipe(direction))
        }
    }

    /// `--size WxH`, default 390x844.
    static func screenSize(_ arguments: ParsedArguments) throws(UsageError) -> Size {
        guard let text = arguments.value("--size") else { return RunRequest.defaultSize }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              RunRequest.sideRange.contains(width), RunRequest.sideRange.contains(height) else {
            throw UsageError("--size: '\(text)' is not WIDTHxHEIGHT in points, each 16...4096 (e.g. 390x844)")
        }
        return Size(width: width, height: height)
    }

    /// `--fps N`, default 60.
    static func fps(_ arguments: ParsedArguments) throws(UsageError) -> Double {
        guard let text = arguments.value("--fps") else { return 60 }
        guard let value = Double(text), RunRequest.fpsRange.contains(value) else {
            throw UsageError("--fps: '\(text)' is not a frame rate from 1 to 240")
        }
        return value
    }

    /// Discovers the plugins (reporting their problems) and performs `request`; a failure
    /// is reported as `animator-host <command>: <reason>`.
    ///
    /// - Returns: the result, or nil after reporting why it could not be made.
    /// - Throws: `UsageError` for a mistake in the request.
    static func perform(_ request: RunRequest, environment: PluginEnvironment, command: String,
                        console: Console) throws(UsageError) -> RunResult? {
        let registry = environment.registry(for: request.animator)
        registry.problems.forEach { console.error("problem: \($0.description.oneLine)") }
        let runner = Runner(registry: registry, sandbox: environment.sandbox) { console.error("plugin output: \($0.oneLine)") }
        do {
            return try runner.perform(request)
        } catch let error as RunRequestError {
            throw usage(error)
        } catch {
            console.error("animator-host \(command): \("\(error)".oneLine)")
            return nil
        }
    }
}
