import AnimatorHost
import AnimatorSupport

/// A presentation controller a route asks for (the transitioning delegate's
/// presentationController(forPresented:presenting:source:)).
public enum PresentationSpec: Equatable, Sendable {
    /// Seed 004's bottom card, `height` points tall.
    case bottomCard(height: Double)

    /// The name routes use: "bottom-card".
    public var name: String {
        switch self {
        case .bottomCard: return "bottom-card"
        }
    }

    /// The JSON form: `{"style": "bottom-card", "height": 300}`.
    public var json: JSONValue {
        switch self {
        case .bottomCard(let height): return .object([("style", .string(name)), ("height", .number(height))])
        }
    }

    /// Makes the controller for a presentation.
    public func makeController(presented: ViewController, presenting: ViewController) -> PresentationController {
        switch self {
        case .bottomCard(let height):
            return BottomCardPresentationController(presentedViewController: presented, presenting: presenting,
                                                    height: height)
        }
    }
}

/// One rule of a routes file.
public struct Route: Equatable, Sendable {
    /// The operations it applies to.
    public var operations: [TransitionOperation]
    /// The outgoing screen's name, if the rule names one.
    public var from: String?
    /// The incoming screen's name, if the rule names one.
    public var to: String?
    /// The selected tab's index, if the rule names one.
    public var tab: Int?
    /// What it picks.
    public var target: RouteTarget
    /// The presentation controller it asks for (present rules only).
    public var presentation: PresentationSpec?
    /// The modal presentation style it asks for (present rules only; nil: full screen).
    public var style: ModalPresentationStyle? = nil
    /// The interaction controller it asks for: a percent-driven interaction script.
    public var interaction: InteractionScript?
    /// Higher wins; equal priorities go to the earlier rule.
    public var priority: Double
    /// Where it is in its file: `$.routes[2]`.
    public var path: String
    /// Whether the animator's instance is shared by every transition this rule (or another
    /// sharing rule) picks it for with the same parameters, as a delegate returning the same
    /// object for present and dismiss ("sharedInstance": true).
    public var sharedInstance = false
}

/// A routes file: the rules the resolver answers UIKit's delegates with.
///
/// ```json
/// { "version": 1, "default": "system",
///   "routes": [ { "operation": "present", "to": "detail", "animator": "bubble",
///                 "parameters": { "duration": 0.5 }, "priority": 10 } ] }
/// ```
///
/// `operation` is a name or a list of names; `from`, `to` and `tab` narrow the match;
/// `animator` is an installed animator's id or name, `system` (the system's transition
/// for the operation), `system:slide` / `system:cover-vertical` / `system:cross-dissolve`,
/// or `none`; `default` is what applies when nothing matches: `system` or `none`.
public struct Routes: Equatable, Sendable {
    /// The rules, in file order.
    public var routes: [Route]
    /// What applies when no rule matches: `.system` kinds per operation, or `.none`.
    public var usesSystemDefault: Bool
    /// Where the rules came from (a file name, or "demo").
    public var source: String

    /// Parses and checks a routes file against the installed animators.
    ///
    /// - Throws: `RoutesError` naming the source, the JSON path and the reason.
    public static func parse(_ text: String, source: String, registry: AnimatorRegistry) throws(RoutesError) -> Routes {
        func fail(_ path: String, _ reason: String) -> RoutesError { RoutesError(source: source, path: path, reason: reason) }
        let document: JSONValue
        do {
            document = try JSONValue.parse(text)
        } catch {
            throw RoutesError(source: source, path: nil, reason: error.description)
        }
        guard case .object(let members) = document else { throw fail("$", "a routes file is a JSON object") }
        for (key, _) in members where !["version", "default", "routes"].contains(key) {
            throw fail("$.\(key)", "unknown key (expected version, default, routes)")
        }
        if let version = document["version"], version != .number(1) {
            throw fail("$.version", "unsupported version \(version.serialized()) (this host reads version 1)")
        }
        var usesSystem = true
        if let fallback = document["default"] {
            switch fallback {
            case .string("system"): usesSystem = true
            case .string("none"): usesSystem = false
            default: throw fail("$.default", "expected \"system\" or \"none\"")
            }
        }
        guard let list = document["routes"]?.arrayValue else { throw fail("$.routes", "expected an array of rules") }
        var routes: [Route] = []
        for (index, rule) in list.enumerated() {
            routes.append(try parseRule(rule, path: "$.routes[\(index)]", registry: registry, fail: fail))
        }
        return Routes(routes: routes, usesSystemDefault: usesSystem, source: source)
    }

    /// Reads and parses a routes file.
    ///
    /// - Throws: `RoutesError` naming the file and why it cannot be read or used.
    public static func load(path: String, registry: AnimatorRegistry) throws(RoutesError) -> Routes {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: FileLimits.document)
        } catch {
            throw RoutesError(source: path, path: nil, reason: error.readFailure)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RoutesError(source: path, path: nil, reason: "not UTF-8 text")
        }
        return try parse(text, source: path, registry: registry)
    }

    private static func parseRule(_ rule: JSONValue, path: String, registry: AnimatorRegistry,
                                  fail: (String, String) -> RoutesError) throws(RoutesError) -> Route {
        guard case .object(let members) = rule else { throw fail(path, "a rule is a JSON object") }
        let known = ["operation", "from", "to", "tab", "animator", "parameters", "priority", "presentation", "style",
                     "interaction", "sharedInstance"]
        for (key, _) in members where !known.contains(key) {
            throw fail("\(path).\(key)", "unknown key (expected \(known.joined(separator: ", ")))")
        }
        // Operations.
        var names: [(String, String)] = []
        switch rule["operation"] {
        case .string(let name)?: names = [(name, "\(path).operation")]
        case .array(let list)?:
            for (index, element) in list.enumerated() {
                guard let name = element.stringValue else { throw fail("\(path).operation[\(index)]", "expected a name") }
                names.append((name, "\(path).operation[\(index)]"))
            }
        case nil: throw fail(path, "missing \"operation\"")
        default: throw fail("\(path).operation", "expected an operation name or a list of them")
        }
        var operations: [TransitionOperation] = []
        for (name, place) in names {
            guard let operation = TransitionOperation(rawValue: name) else {
                throw fail(place, "'\(name)' is not an operation (present, dismiss, push, pop, tab)")
            }
            operations.append(operation)
        }
        guard !operations.isEmpty else { throw fail("\(path).operation", "names no operation") }
        func text(_ key: String) throws(RoutesError) -> String? {
            guard let value = rule[key] else { return nil }
            guard let text = value.stringValue, !text.isEmpty else { throw fail("\(path).\(key)", "expected a screen name") }
            return text
        }
        var tab: Int?
        if let value = rule["tab"] {
            guard let number = value.numberValue, number >= 0, number == number.rounded(), number < 1000 else {
                throw fail("\(path).tab", "expected a tab index (a whole number from 0)")
            }
            tab = Int(number)
        }
        var priority = 0.0
        if let value = rule["priority"] {
            guard let number = value.numberValue else { throw fail("\(path).priority", "expected a number") }
            priority = number
        }
        guard let animatorName = rule["animator"]?.stringValue else {
            throw fail(rule["animator"] == nil ? path : "\(path).animator",
                       rule["animator"] == nil ? "missing \"animator\"" : "expected an animator id or name")
        }
        let target = try resolveTarget(animatorName, rule: rule, operations: operations, path: path, registry: registry,
                                       fail: fail)
        var presentation: PresentationSpec?
        if let value = rule["presentation"] {
            presentation = try parsePresentation(value, path: "\(path).presentation", operations: operations, fail: fail)
        }
        var style: ModalPresentationStyle?
        if let value = rule["style"] {
            let place = "\(path).style"
            guard operations == [.present] else {
                throw fail(place, "a presentation style is chosen for present only (the rule's operation must be \"present\")")
            }
            guard let name = value.stringValue, let parsed = ModalPresentationStyle(name: name) else {
                throw fail(place, "expected \"fullScreen\", \"overFullScreen\", \"pageSheet\" or \"custom\"")
            }
            if presentation != nil && parsed != .custom {
                throw fail(place, "a presentation controller makes the style custom; \(parsed.name) contradicts it")
            }
            style = parsed
        }
        var interaction: InteractionScript?
        if let value = rule["interaction"] {
            let place = "\(path).interaction"
            guard let text = value.stringValue else { throw fail(place, "expected an interaction script") }
            if case .none = target { throw fail(place, "an interaction needs an animator (UIKit asks only then)") }
            do {
                interaction = try InteractionScript.parse(text, source: "script")
            } catch {
                throw fail(place, error.description)
            }
        }
        var route = Route(operations: operations, from: try text("from"), to: try text("to"), tab: tab, target: target,
                          presentation: presentation, interaction: interaction, priority: priority, path: path)
        route.style = style
        if let value = rule["sharedInstance"] {
            let place = "\(path).sharedInstance"
            guard let shared = value.boolValue else { throw fail(place, "expected true or false") }
            guard case .animator = target else { throw fail(place, "only an animator plugin has an instance to share") }
            route.sharedInstance = shared
        }
        return route
    }

    /// `"bottom-card"` or `{"style": "bottom-card", "height": 320}`, on present rules only.
    private static func parsePresentation(_ value: JSONValue, path: String, operations: [TransitionOperation],
                                          fail: (String, String) -> RoutesError) throws(RoutesError) -> PresentationSpec {
        guard operations == [.present] else {
            throw fail(path, "a presentation controller is chosen for present only (the rule's operation must be \"present\")")
        }
        var height = 300.0
        let style: String?
        switch value {
        case .string(let name): style = name
        case .object(let members):
            for (key, _) in members where !["style", "height"].contains(key) {
                throw fail("\(path).\(key)", "unknown key (expected style, height)")
            }
            style = value["style"]?.stringValue
            if let given = value["height"] {
                guard let number = given.numberValue, number > 0, number.isFinite else {
                    throw fail("\(path).height", "expected a height in points above 0")
                }
                height = number
            }
        default: style = nil
        }
        guard style == "bottom-card" else {
            throw fail(path, "unknown presentation (the host offers \"bottom-card\")")
        }
        return .bottomCard(height: height)
    }

    private static func resolveTarget(_ name: String, rule: JSONValue, operations: [TransitionOperation], path: String,
                                      registry: AnimatorRegistry,
                                      fail: (String, String) -> RoutesError) throws(RoutesError) -> RouteTarget {
        if name == "none" {
            if rule["parameters"] != nil { throw fail("\(path).parameters", "\"none\" takes no parameters") }
            return .none
        }
        if name == "system" || name.hasPrefix("system:") {
            if rule["parameters"] != nil { throw fail("\(path).parameters", "system transitions take no parameters") }
            if name == "system" {
                let kinds = Set(operations.map { SystemAnimator.Kind.default(for: $0) })
                guard kinds.count == 1 else {
                    throw fail("\(path).animator", "\"system\" means different transitions for these operations; split the rule")
                }
                return .system(kinds.first!)
            }
            guard let kind = SystemAnimator.Kind(rawValue: String(name.dropFirst("system:".count))) else {
                throw fail("\(path).animator", "unknown system transition '\(name)' (system:slide, system:cover-vertical, system:cross-dissolve)")
            }
            for operation in operations where !kind.operations.supports(operation) {
                throw fail("\(path).animator", "\(name) does not animate \(operation.rawValue)")
            }
            return .system(kind)
        }
        guard let info = registry.animator(named: name) else {
            let installed = registry.animators.map(\.name).joined(separator: ", ")
            throw fail("\(path).animator", "unknown animator '\(name)'" + (installed.isEmpty ? "" : " (installed: \(installed))"))
        }
        for operation in operations where !info.operations.supports(operation) {
            throw fail("\(path).animator", "\(info.name) does not support \(operation.rawValue) (it supports \(info.operations))")
        }
        var assignments: [String] = []
        if let parameters = rule["parameters"] {
            guard case .object(let members) = parameters else {
                throw fail("\(path).parameters", "expected an object of parameter values")
            }
            for (key, value) in members {
                let place = "\(path).parameters.\(key)"
                guard info.parameter(named: key) != nil else {
                    throw fail(place, "\(info.name) has no such parameter (it has: \(info.parameters.map(\.name).joined(separator: ", ")))")
                }
                switch value {
                case .number(let number): assignments.append("\(key)=\(JSONValue.format(number))")
                case .bool(let flag): assignments.append("\(key)=\(flag)")
                case .string(let text): assignments.append("\(key)=\(text)")
                case .array(let pair) where pair.count == 2 && pair.allSatisfy({ $0.numberValue != nil }):
                    assignments.append("\(key)=\(JSONValue.format(pair[0].numberValue!)),\(JSONValue.format(pair[1].numberValue!))")
                default: throw fail(place, "expected a number, a boolean, a string or [x, y]")
                }
            }
        }
        do {
            return .animator(info, parameters: try info.resolveParameters(assignments))
        } catch {
            throw fail("\(path).parameters.\(error.parameter)", error.reason)
        }
    }
}
