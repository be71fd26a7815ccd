import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// `animator-host resolve`: which animator a routes file picks for one transition, and why.
enum ResolveCommand: Command {
    static let name = "resolve"
    static let summary = "Show which animator the routes pick for a transition, with its parameters and the winning rule."
    static let usage = "animator-host resolve --operation OP [--from NAME] [--to NAME] [--tab N] [--routes FILE] [--json]"
    static let options: [OptionSpec] = [
        .value("--operation", "-o", valueName: "OP", help: "present, dismiss, push, pop or tab (required)."),
        .value("--from", valueName: "NAME", help: "The outgoing screen's name."),
        .value("--to", valueName: "NAME", help: "The incoming screen's name."),
        .value("--tab", valueName: "N", help: "The selected tab's index (tab transitions)."),
        .value("--routes", valueName: "FILE", help: "The routes file (default: the demo app's routes)."),
        .flag("--json", help: "Print JSON: {\"operation\", \"animator\", \"kind\", \"parameters\", \"rule\", \"presentation\", \"style\", \"interaction\", \"routes\"}."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        Among the rules that match the operation (and the screen names and tab index they
        give), the highest priority wins, the earliest of equals; when none matches, the
        routes' default applies: the system transition for the operation, or none. See
        docs/transitions.md for the routes file.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("resolve takes no arguments (got '\(arguments.positionals[0])'); use --operation")
        }
        let operation = try parseOperation(arguments.value("--operation"), required: true)!
        let tab = try parseTab(arguments.value("--tab"))
        let registry = try PluginEnvironment(arguments).discover()
        let routes: Routes
        do {
            routes = try loadRoutes(arguments.value("--routes"), registry: registry)
        } catch {
            console.error("animator-host resolve: \("\(error)".oneLine)")
            return 1
        }
        let from = arguments.value("--from"), to = arguments.value("--to")
        let resolution = RouteResolver(routes: routes).resolve(operation, from: from, to: to, tab: tab)
        let parameters: [(String, ParameterValue)]
        switch resolution.target {
        case .animator(let info, let values): parameters = zip(info.parameters.map(\.name), values).map { ($0, $1) }
        default: parameters = []
        }
        if arguments.flag("--json") {
            console.out(JSONValue.object([
                ("operation", .string(operation.rawValue)),
                ("from", from.map(JSONValue.string) ?? .null),
                ("to", to.map(JSONValue.string) ?? .null),
                ("tab", tab.map { .number(Double($0)) } ?? .null),
                ("animator", .string(resolution.target.name)),
                ("kind", .string(kind(of: resolution.target))),
                ("parameters", .object(parameters.map { ($0.0, $0.1.json) })),
                ("rule", resolution.rule.map(JSONValue.string) ?? .null),
                ("presentation", resolution.presentation?.json ?? .null),
                ("style", resolution.style.map { .string($0.name) } ?? .null),
                ("interaction", resolution.interaction.map { .string($0.description) } ?? .null),
                ("routes", .string(routes.source)),
            ]).serialized(pretty: true))
        } else {
            var fields = [("animator", describe(resolution.target))]
            if !parameters.isEmpty {
                fields.append(("parameters", parameters.map { "\($0.0)=\($0.1.text)" }.joined(separator: " ")))
            }
            if case .bottomCard(let height)? = resolution.presentation {
                fields.append(("presentation", "bottom-card, \(JSONValue.format(height)) points tall"))
            }
            if let style = resolution.style { fields.append(("style", style.name)) }
            if let interaction = resolution.interaction {
                fields.append(("interaction", interaction.description))
            }
            fields.append(("rule", (resolution.rule ?? "default") + " (\(routes.source))"))
            let width = fields.map(\.0.count).max() ?? 0
            for (label, value) in fields {
                console.out(label + String(repeating: " ", count: width - label.count + 2) + value.oneLine)
            }
        }
        registry.problems.forEach { console.error("problem: \($0.description.oneLine)") }
        return 0
    }

    /// "bubble (org.animatorhost.bubble)", "system.slide" or "none".
    static func describe(_ target: RouteTarget) -> String {
        if case .animator(let info, _) = target { return "\(info.name) (\(info.id))" }
        return target.name
    }

    private static func kind(of target: RouteTarget) -> String {
        switch target {
        case .animator: return "plugin"
        case .system: return "system"
        case .none: return "none"
        }
    }
}

/// Reads `--routes FILE`, or the demo's routes when it is nil.
func loadRoutes(_ path: String?, registry: AnimatorRegistry) throws(RoutesError) -> Routes {
    guard let path else { return try DemoApp.routes(registry: registry) }
    return try Routes.load(path: path, registry: registry)
}

/// Parses an `--operation` value.
func parseOperation(_ text: String?, required: Bool) throws(UsageError) -> TransitionOperation? {
    guard let text else {
        if required { throw UsageError("--operation is required (present, dismiss, push, pop or tab)") }
        return nil
    }
    guard let operation = TransitionOperation(rawValue: text.lowercased()) else {
        let names = TransitionOperation.allCases.map(\.rawValue)
        throw UsageError("--operation: '\(text)' is not an operation\(Suggestion.hint(text, among: names)) "
                         + "(present, dismiss, push, pop or tab)")
    }
    return operation
}

/// Parses a `--tab` value.
private func parseTab(_ text: String?) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let index = Int(text), index >= 0 else { throw UsageError("--tab: '\(text)' is not a tab index (0, 1, ...)") }
    return index
}
