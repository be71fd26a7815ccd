import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// Everything that says what one run does: which transitions run (one animator's, or an app
/// flow in the demo app), on what screen, at what frame rate, and which files are made of
/// it. The command line, snapshot manifests, `compare`, `watch`, the benchmarks and the
/// sandbox child all describe a run with one of these; `Runner` performs it.
///
/// It is plain data and reads and writes as JSON (`init(json:)`, `json`): the sandbox child
/// receives it so, and `animator-host run --request FILE` reads it from a file.
///
/// Adding a run option: a field here (with its JSON key in `init(json:)` and `json`, and
/// its check in `check()`), its use in `Runner`, and its parsing in the CLI's `RunOptions`.
public struct RunRequest: Equatable, Sendable {
    /// The animator to run, by id, name or library path; nil runs the demo app (`scenario`).
    public var animator: String?
    /// The operation (nil: the animator's first).
    public var operation: TransitionOperation?
    /// Parameter assignments in order, `NAME=VALUE` as `--param` takes them; a later one
    /// for the same name wins.
    public var parameters: [String] = []
    /// An interaction: an interaction script, or the path of a gesture trace or script file.
    public var interaction: String?
    /// A tap at this point (window points) that starts the transition: the app's tap handler
    /// there asks for it (nil: the host starts it).
    public var tap: Point?
    /// What the finger does at `tap`: a tap, or a long press or a swipe (`--long-press`, `--swipe`).
    public var gesture = TouchGesture.tap
    /// How present and dismiss present (nil: fullScreen).
    public var style: ModalPresentationStyle?
    /// Turn the device this way after the transition (`--rotate`): the window takes the
    /// other orientation's size and the screens hear viewWillTransition(to:with:); nil
    /// turns nothing.
    public var rotate: Traits.Orientation?
    /// The iPad split view share the window takes after the transition (`--split`):
    /// `.some(nil)` the whole screen again; nil changes nothing.
    public var split: SplitShare??
    /// A PNG shown as the outgoing screen instead of the built-in one.
    public var fromImage: String?
    /// A PNG shown as the incoming screen.
    public var toImage: String?
    /// A scenario file of the demo app (nil: the demo's own script); with an animator, its
    /// flow (`StageFlow`): steps on its two screens.
    public var scenario: String?
    /// A routes file for the demo app (nil: the demo's own routes).
    public var routes: String?
    /// The screen in points.
    public var size = RunRequest.defaultSize
    /// Frames per second.
    public var fps = 60.0
    /// The traits the app runs with, as `--variant` words (`Traits(variant:)`; "" for the
    /// defaults): appearance, layout direction, text size, Reduce Motion, device, orientation.
    public var variant = ""
    /// Whether frames are kept (false when nothing draws them: they are counted, not kept).
    public var keepsFrames = true
    /// The files made of the run, written after it by `RunOutput.write`.
    public var outputs: [RunOutput] = []

    /// The screen of an iPhone 14/15 in points.
    public static let defaultSize = Size(width: 390, height: 844)
    /// Screen sides a run accepts, in points.
    public static let sideRange = 16.0...4096
    /// Frame rates a run accepts.
    public static let fpsRange = 1.0...240

    /// A run of the demo app.
    public init() {}

    /// A run of `animator`'s `operation` (nil: its first).
    public init(animator: String, operation: TransitionOperation? = nil) {
        self.animator = animator
        self.operation = operation
    }

    /// Whether it runs the demo app rather than one animator.
    public var isDemo: Bool { animator == nil }

    /// The traits `variant` names (the defaults when it names none, or is not valid:
    /// `check()` says so).
    public var traits: Traits { (try? Traits(variant: variant)) ?? Traits() }

    /// The app's window in points: the variant's device as held (the part split view gives
    /// the app on an iPad), when it names a device or an orientation; otherwise `size`.
    public var screenSize: Size {
        let traits = self.traits
        return traits.device != Traits().device || traits.orientation != .portrait ? traits.windowSize : size
    }

    /// The canvas a run's pictures are drawn on: the window, or the whole screen when the
    /// window's split view share changes during the run (`resizes`: each share's window
    /// drawn from the top left corner), or, when the device turns during the run
    /// (`turns`), a square as long as its longer side, so that both orientations fit.
    public func canvasSize(turns: Bool, resizes: Bool = false) -> Size {
        let screen = resizes ? traits.screenSize : screenSize
        guard turns else { return screen }
        let side = max(screen.width, screen.height)
        return Size(width: side, height: side)
    }

    /// The names of the fields, as JSON keys and in messages.
    public enum Field: String, Sendable, CaseIterable {
        case animator, operation, parameters, interaction, style, fromImage, toImage, scenario, routes, size, fps
        case keepsFrames, outputs, variant, tap, gesture, rotate, split
    }

    /// Checks what can be checked without plugins: fields that need an animator, fields
    /// that need the demo app, sizes and rates in range, outputs that make sense.
    ///
    /// - Throws: `RunRequestError` naming the field.
    public func check() throws(RunRequestError) {
        if isDemo {
            let needsAnimator: [(Field, Bool)] = [
                (.operation, operation != nil), (.parameters, !parameters.isEmpty), (.interaction, interaction != nil),
                (.style, style != nil), (.fromImage, fromImage != nil), (.toImage, toImage != nil), (.gesture, gesture != .tap),
                (.tap, tap != nil), (.rotate, rotate != nil), (.split, split != nil),
            ]
            if let field = needsAnimator.first(where: { $0.1 })?.0 {
                throw RunRequestError(field, "needs an animator: <id|name> --operation OP")
            }
        } else {
            if routes != nil { throw RunRequestError(.routes, "runs the demo app; it does not combine with an animator") }
            // With an animator, a scenario is its flow: the steps give the operations.
            if scenario != nil, let field = [(Field.operation, operation != nil), (.gesture, gesture != .tap), (.tap, tap != nil),
                                             (.interaction, interaction != nil), (.rotate, rotate != nil),
                                             (.split, split != nil)].first(where: { $0.1 })?.0 {
                throw RunRequestError(field, "comes from the scenario's steps with an animator; leave it out")
            }
            if split != nil, !traits.device.isPad {
                throw RunRequestError(.split, "needs an iPad: split view is iPadOS's (--variant ipad)")
            }
            if style != nil, let operation, ![.present, .dismiss].contains(operation) {
                throw RunRequestError(.style, "applies to present and dismiss, not \(operation.rawValue)")
            }
        }
        let traits: Traits
        do {
            traits = try Traits(variant: variant)
        } catch {
            throw RunRequestError(.variant, ": \(error.description)")
        }
        if traits.device != Traits().device || traits.orientation != .portrait, size != Self.defaultSize {
            throw RunRequestError(.variant, ": '\(variant)' names the screen (a device or an orientation), and so does the size; "
                                  + "choose one")
        }
        guard Self.sideRange.contains(size.width), Self.sideRange.contains(size.height) else {
            throw RunRequestError(.size, ": \(JSONValue.format(size.width))x\(JSONValue.format(size.height)) is not "
                                  + "WIDTHxHEIGHT in points, each 16...4096")
        }
        guard Self.fpsRange.contains(fps) else {
            throw RunRequestError(.fps, ": \(JSONValue.format(fps)) is not a frame rate from 1 to 240")
        }
        for output in outputs {
            try output.check()
            // What a frame costs is known before the run: refused now, not after it.
            if output.kind.render != nil, let problem = RunOutput.sizeProblem(screenSize, scale: output.scale) {
                throw RunRequestError(.outputs, ": \(problem)")
            }
        }
    }

    // MARK: JSON

    /// Reads a request written by `json` (or by hand), trusting nothing: unknown keys and
    /// values of the wrong kind are refused.
    ///
    /// - Throws: `RunRequestError` naming the field.
    public init(json: JSONValue) throws(RunRequestError) {
        guard case .object(let members) = json else { throw RunRequestError(nil, "a run request is a JSON object") }
        for (key, _) in members where Field(rawValue: key) == nil {
            throw RunRequestError(nil, "unknown key '\(key)'" + Suggestion.hint(key, among: Field.allCases.map(\.rawValue)) + " (expected "
                                  + Field.allCases.map(\.rawValue).joined(separator: ", ") + ")")
        }
        func string(_ field: Field) throws(RunRequestError) -> String? {
            guard let value = json[field.rawValue], value != .null else { return nil }
            guard let text = value.stringValue else { throw RunRequestError(field, ": expected a string") }
            return text
        }
        func number(_ field: Field) throws(RunRequestError) -> Double? {
            guard let value = json[field.rawValue], value != .null else { return nil }
            guard let number = value.numberValue, number.isFinite else { throw RunRequestError(field, ": expected a number") }
            return number
        }
        animator = try string(.animator)
        if let text = try string(.operation) {
            guard let value = TransitionOperation(rawValue: text) else {
                throw RunRequestError(.operation, ": '\(text)' is not present, dismiss, push, pop or tab")
            }
            operation = value
        }
        if let list = json[Field.parameters.rawValue] {
            guard let items = list.arrayValue, items.allSatisfy({ $0.stringValue != nil }) else {
                throw RunRequestError(.parameters, ": expected an array of \"NAME=VALUE\" strings")
            }
            parameters = items.compactMap(\.stringValue)
        }
        interaction = try string(.interaction)
        if let text = try string(.style) {
            guard let value = ModalPresentationStyle(name: text) else {
                throw RunRequestError(.style, ": '\(text)' is not fullScreen, overFullScreen, pageSheet or custom")
            }
            style = value
        }
        if let pair = json[Field.tap.rawValue], pair != .null {
            guard let items = pair.arrayValue, items.count == 2, let x = items[0].numberValue, let y = items[1].numberValue,
                  x.isFinite, y.isFinite else {
                throw RunRequestError(.tap, ": expected [x, y] in points")
            }
            tap = Point(x: x, y: y)
        }
        if let value = json[Field.gesture.rawValue], value != .null {
            guard let name = value["kind"]?.stringValue,
                  let parsed = TouchGesture(name: name, seconds: value["seconds"]?.numberValue) else {
                throw RunRequestError(.gesture, ": expected {\"kind\": \"long-press\" or \"swipe-left\"..., \"seconds\": S}")
            }
            if let seconds = parsed.seconds, !(seconds > 0 && seconds <= 60) {
                throw RunRequestError(.gesture, ": a press is held 0 to 60 seconds")
            }
            gesture = parsed
        }
        if gesture != .tap, tap == nil { throw RunRequestError(.gesture, "needs the point it happens at") }
        if let text = try string(.rotate) {
            guard let value = Traits.Orientation(rawValue: text) else {
                throw RunRequestError(.rotate, ": '\(text)' is not portrait or landscape")
            }
            rotate = value
        }
        if let text = try string(.split) {
            guard text == "full" || SplitShare(rawValue: text) != nil else {
                throw RunRequestError(.split, ": '\(text)' is not third, half, two-thirds or full")
            }
            split = .some(SplitShare(rawValue: text))
        }
        fromImage = try string(.fromImage)
        toImage = try string(.toImage)
        scenario = try string(.scenario)
        routes = try string(.routes)
        if let pair = json[Field.size.rawValue] {
            guard let items = pair.arrayValue, items.count == 2, let width = items[0].numberValue,
                  let height = items[1].numberValue else {
                throw RunRequestError(.size, ": expected [width, height] in points")
            }
            size = Size(width: width, height: height)
        }
        fps = try number(.fps) ?? fps
        variant = try string(.variant) ?? ""
        if let flag = json[Field.keepsFrames.rawValue] {
            guard let value = flag.boolValue else { throw RunRequestError(.keepsFrames, ": expected true or false") }
            keepsFrames = value
        }
        if let list = json[Field.outputs.rawValue] {
            guard let items = list.arrayValue else { throw RunRequestError(.outputs, ": expected an array") }
            outputs = try items.enumerated().map { index, item throws(RunRequestError) in
                try RunOutput(json: item, at: "outputs[\(index)]")
            }
        }
    }

    /// The request as JSON; `init(json:)` reads it back equal.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        func add(_ field: Field, _ value: JSONValue?) {
            if let value { members.append((field.rawValue, value)) }
        }
        add(.animator, animator.map(JSONValue.string))
        add(.operation, operation.map { .string($0.rawValue) })
        add(.parameters, parameters.isEmpty ? nil : .array(parameters.map(JSONValue.string)))
        add(.interaction, interaction.map(JSONValue.string))
        add(.tap, tap.map { .array([.number($0.x), .number($0.y)]) })
        add(.gesture, gesture == .tap ? nil
            : .object([("kind", .string(gesture.name))] + (gesture.seconds.map { [("seconds", JSONValue.number($0))] } ?? [])))
        add(.style, style.map { .string($0.name) })
        add(.rotate, rotate.map { .string($0.rawValue) })
        add(.split, split.map { .string($0?.rawValue ?? "full") })
        add(.fromImage, fromImage.map(JSONValue.string))
        add(.toImage, toImage.map(JSONValue.string))
        add(.scenario, scenario.map(JSONValue.string))
        add(.routes, routes.map(JSONValue.string))
        add(.size, .array([.number(size.width), .number(size.height)]))
        add(.fps, .number(fps))
        add(.keepsFrames, .bool(keepsFrames))
        add(.outputs, outputs.isEmpty ? nil : .array(outputs.map(\.json)))
        add(.variant, variant.isEmpty ? nil : .string(variant))
        return .object(members)
    }

    /// Reads a request file: at most 1 MiB of JSON.
    ///
    /// - Throws: `RunRequestError` naming the file and the reason.
    public static func load(path: String) throws(RunRequestError) -> RunRequest {
        let bytes: [UInt8]
        switch FileSystem.readRegularFile(path, limit: FileLimits.document) {
        case .success(let read): bytes = read
        case .failure(let refusal): throw RunRequestError(nil, "\(path): \(refusal.reason)")
        }
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes: bytes)
        } catch {
            throw RunRequestError(nil, "\(path): not JSON: \(error)")
        }
        do {
            return try RunRequest(json: document)
        } catch {
            throw RunRequestError(nil, "\(path): \(error.description)")
        }
    }
}
