import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// An app flow for the demo app: the operations to perform, in order, read from JSON:
///
///     { "steps": [ { "operation": "present", "to": "detail" }, { "operation": "dismiss" },
///                  { "operation": "push", "to": "card" }, { "operation": "pop" },
///                  { "operation": "tab", "tab": 1 } ] }
///
/// The screens are the demo's: list (the navigation root in tab 0), card, detail and
/// settings (tab 1). "to" names the screen to present or push; dismiss and pop need
/// nothing; tab needs "tab" (0 or 1). A dismiss with "tap": [x, y] is a tap at that point
/// (window coordinates) that the presentation controller must turn into the dismissal,
/// as a tap on a bottom card's dimming view does. The outgoing screen of each step, and the incoming
/// one of dismiss, pop and tab, follow from the steps before, as in the app; a step that
/// the app could not perform at that point is an error naming the step.
public struct Scenario: Equatable, Sendable {
    /// The steps, with their screens worked out.
    public var steps: [DemoApp.Step]
    /// Pictures shown instead of the built-in screens, by screen name (list, card, detail,
    /// settings): paths to PNG files, relative ones resolved against the scenario's folder
    /// by `load(path:)`. Given as `"screens": {"list": "list.png"}`.
    public var screenImages: [String: String] = [:]

    /// The demo's own script (`DemoApp.script`).
    public static let demo = Scenario(steps: DemoApp.script)

    /// Creates a scenario from steps whose screens are already known.
    public init(steps: [DemoApp.Step]) {
        self.steps = steps
    }

    /// A scenario file that cannot be used: where (a JSON path) and why.
    public typealias FormatError = JSONFormatError

    /// Reads and checks a scenario file.
    public static func load(path: String) throws(FormatError) -> Scenario {
        var scenario = try JSONFormatError.reading(path, limit: FileLimits.document) { json throws(JSONFormatError) in try parse(json) }
        let folder = FileSystem.directoryName(path)
        for (screen, image) in scenario.screenImages where !image.hasPrefix("/") {
            scenario.screenImages[screen] = folder + "/" + image
        }
        return scenario
    }

    /// The most steps a scenario may have (each is a transition of up to a minute).
    public static let maximumSteps = 1000

    /// Checks a scenario's JSON, following the app's state from step to step.
    public static func parse(_ json: JSONValue) throws(FormatError) -> Scenario {
        guard let steps = json["steps"]?.arrayValue else {
            throw FormatError(path: "$.steps", reason: "missing (an array of steps)")
        }
        guard !steps.isEmpty else { throw FormatError(path: "$.steps", reason: "empty: give at least one step") }
        guard steps.count <= maximumSteps else {
            throw FormatError(path: "$.steps", reason: "\(steps.count) steps, over the \(maximumSteps) a scenario may have")
        }
        for (key, _) in json.objectMembers ?? [] where !["steps", "screens"].contains(key) {
            throw FormatError(path: "$.\(key)", reason: "unknown key (a scenario has steps and screens)")
        }
        var images: [String: String] = [:]
        if let screens = json["screens"] {
            guard let members = screens.objectMembers else {
                throw FormatError(path: "$.screens", reason: "expected an object of screen names to PNG files")
            }
            for (name, value) in members {
                guard ["list", "card", "detail", "settings"].contains(name) else {
                    throw FormatError(path: "$.screens.\(name)", reason: "no screen '\(name)'\(Suggestion.hint(name, among: ["list", "card", "detail", "settings"])) (the demo has list, card, detail, settings)")
                }
                guard let file = value.stringValue, !file.isEmpty else {
                    throw FormatError(path: "$.screens.\(name)", reason: "expected the path of a PNG file")
                }
                images[name] = file
            }
        }
        var stack = ["list"], presented: String?, tab = 0
        var result: [DemoApp.Step] = []
        let screens = ["list", "card", "detail", "settings"]
        for (index, step) in steps.enumerated() {
            let at = "$.steps[\(index)]"
            guard case .object(let members) = step else { throw FormatError(path: at, reason: "expected an object") }
            for (key, _) in members where !["operation", "to", "tab", "tap"].contains(key) {
                throw FormatError(path: "\(at).\(key)", reason: "unknown key (a step has operation, to, tab and tap)")
            }
            var tap: Point?
            if let value = step["tap"] {
                guard let numbers = value.arrayValue?.compactMap(\.numberValue), numbers.count == 2,
                      value.arrayValue?.count == 2 else {
                    throw FormatError(path: "\(at).tap", reason: "expected [x, y] in window coordinates")
                }
                guard step["operation"]?.stringValue == "dismiss" else {
                    throw FormatError(path: "\(at).tap", reason: "only a dismissal can be caused by a tap")
                }
                tap = Point(x: numbers[0], y: numbers[1])
            }
            guard let name = step["operation"]?.stringValue else {
                throw FormatError(path: "\(at).operation", reason: "missing (present, dismiss, push, pop or tab)")
            }
            guard let operation = TransitionOperation(rawValue: name) else {
                throw FormatError(path: "\(at).operation", reason: "'\(name)' is not present, dismiss, push, pop or tab")
            }
            let visible = tab == 0 ? stack.last! : "settings"
            func target() throws(FormatError) -> String {
                guard let to = step["to"]?.stringValue else {
                    throw FormatError(path: "\(at).to", reason: "\(name) needs the screen to show (card or detail)")
                }
                guard screens.contains(to) else {
                    throw FormatError(path: "\(at).to", reason: "no screen '\(to)'\(Suggestion.hint(to, among: screens)) (the demo has \(screens.joined(separator: ", ")))")
                }
                guard !stack.contains(to), to != presented, to != "settings" else {
                    throw FormatError(path: "\(at).to", reason: "\(to) is already on screen or in the navigation stack")
                }
                return to
            }
            if operation != .dismiss, let presented {
                throw FormatError(path: at, reason: "\(name) while \(presented) is presented: dismiss it first")
            }
            switch operation {
            case .present:
                let to = try target()
                result.append(DemoApp.Step(operation: .present, from: visible, to: to))
                presented = to
            case .dismiss:
                guard let shown = presented else { throw FormatError(path: at, reason: "dismiss with nothing presented") }
                result.append(DemoApp.Step(operation: .dismiss, from: shown, to: visible, tap: tap))
                presented = nil
            case .push:
                guard tab == 0 else { throw FormatError(path: at, reason: "push needs the navigation stack's tab (tab 0) selected") }
                let to = try target()
                result.append(DemoApp.Step(operation: .push, from: visible, to: to))
                stack.append(to)
            case .pop:
                guard tab == 0, stack.count > 1 else {
                    throw FormatError(path: at, reason: tab == 0 ? "pop with only \(stack[0]) in the navigation stack"
                                                                 : "pop needs the navigation stack's tab (tab 0) selected")
                }
                result.append(DemoApp.Step(operation: .pop, from: stack.removeLast(), to: stack.last!))
            case .tab:
                guard let number = step["tab"]?.numberValue, number == 0 || number == 1 else {
                    throw FormatError(path: "\(at).tab", reason: "tab needs \"tab\": 0 (home) or 1 (settings)")
                }
                let new = Int(number)
                guard new != tab else { throw FormatError(path: "\(at).tab", reason: "tab \(new) is already selected") }
                result.append(DemoApp.Step(operation: .tab, from: tab == 0 ? "home" : "settings",
                                           to: new == 0 ? "home" : "settings", tab: new))
                tab = new
            }
        }
        var scenario = Scenario(steps: result)
        scenario.screenImages = images
        return scenario
    }
}
