import AnimatorHost

/// `animator-host run`: runs the demo app, or one animator's transition, headless, and
/// says what happened.
enum RunCommand: Command {
    static let name = "run"
    static let summary = "Run the demo app (no arguments) or one animator's transition, and report what happened."
    static let usage = "animator-host run [<id|name> [--operation OP] [--param NAME=VALUE]... [--interactive TRACE]] [--routes FILE] [--json]"
    static let options: [OptionSpec] = [
        .value("--operation", "-o", valueName: "OP",
               help: "The operation to run the animator for (default: the first it supports)."),
        .value("--param", valueName: "NAME=VALUE", repeatable: true, help: "Set an animator parameter (repeatable)."),
        .value("--interactive", valueName: "TRACE",
               help: "Drive the transition interactively: a gesture trace (.json), a script file, or a script."),
        .value("--routes", valueName: "FILE", help: "Run the demo app with these routes instead of its own."),
        .flag("--json", help: "Print JSON: {\"transitions\": [...]}, one object per transition."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        The demo app has a list screen in a navigation stack under the first of two tabs, a
        card screen pushed on it, a detail screen presented over it and a settings tab. Its
        script presents and dismisses the detail, pushes and pops the card, and switches to
        the second tab and back; its routes (docs/transitions.md) use every bundled animator.
        With an animator, one transition runs between two screens, "from" and "to";
        --interactive drives it as UIPercentDrivenInteractiveTransition would, from a pan or
        pinch trace or a script such as 'update 0.3 @0.2; update 0.6 @0.4; cancel @0.5'
        (docs/interaction.md).
        Exit status 1 when a transition had a problem (the watchdog fired, completeTransition
        was called twice, a duration was invalid) or something could not be loaded.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("run takes at most one animator (got \(arguments.positionals.count))")
        }
        let registry = PluginEnvironment(arguments).discover()
        registry.problems.forEach { console.error("problem: \($0)") }
        let reports: [Line]
        do {
            if let query = arguments.positionals.first {
                guard arguments.value("--routes") == nil else {
                    throw UsageError("--routes runs the demo app; it does not combine with an animator")
                }
                reports = try runOne(query, arguments: arguments, registry: registry)
            } else {
                guard arguments.value("--operation") == nil, arguments.values("--param").isEmpty,
                      arguments.value("--interactive") == nil else {
                    throw UsageError("--operation, --param and --interactive need an animator: run <id|name> --operation OP")
                }
                reports = try runDemo(routesPath: arguments.value("--routes"), registry: registry)
            }
        } catch let error as UsageError {
            throw error
        } catch {
            console.error("animator-host run: \(error)")
            return 1
        }
        if arguments.flag("--json") {
            console.out(JSONValue.object([("transitions", .array(reports.map(\.json)))]).serialized(pretty: true))
        } else {
            for (number, line) in reports.enumerated() {
                console.out("\(number + 1). \(line.text)")
                line.outcome.problems.forEach { console.out("   warning: \($0)") }
            }
            let completed = reports.filter(\.outcome.completed).count
            let seconds = reports.reduce(0) { $0 + $1.outcome.elapsed }
            console.out("\(reports.count) transition\(reports.count == 1 ? "" : "s"): \(completed) completed, "
                        + "\(reports.count - completed) cancelled, \(JSONValue.format(rounded(seconds))) s")
        }
        return reports.contains { !$0.outcome.problems.isEmpty } ? 1 : 0
    }

    /// One report line: what ran, and how it went.
    struct Line {
        var operation: TransitionOperation
        var from: String
        var to: String
        var animator: String
        var rule: String?
        var outcome: TransitionOutcome
        var interactive = false

        var text: String {
            var text = "\(operation.rawValue) \(from) → \(to): \(animator), "
                + "\(JSONValue.format(rounded(outcome.duration))) s, \(outcome.completed ? "completed" : "cancelled")"
                + (interactive ? " (interactive, \(JSONValue.format(rounded(outcome.elapsed))) s)" : "")
            if let rule { text += "  [\(rule)]" }
            return text
        }

        var json: JSONValue {
            .object([
                ("operation", .string(operation.rawValue)), ("from", .string(from)), ("to", .string(to)),
                ("animator", .string(outcome.animator ?? animator)), ("rule", rule.map(JSONValue.string) ?? .null),
                ("duration", .number(outcome.duration)), ("elapsed", .number(outcome.elapsed)),
                ("completed", .bool(outcome.completed)), ("interactive", .bool(interactive)), ("problems", .array(outcome.problems.map(JSONValue.string))),
            ])
        }
    }

    private static func runDemo(routesPath: String?, registry: AnimatorRegistry) throws -> [Line] {
        let routes = try loadRoutes(routesPath, registry: registry)
        return try DemoApp.run(routes: routes, registry: registry).map { report in
            Line(operation: report.step.operation, from: report.step.from, to: report.step.to,
                 animator: ResolveCommand.describe(report.resolution.target),
                 rule: report.resolution.rule ?? "default", outcome: report.outcome)
        }
    }

    private static func runOne(_ query: String, arguments: ParsedArguments, registry: AnimatorRegistry) throws -> [Line] {
        guard let info = registry.animator(named: query) else {
            let known = registry.animators.map(\.name).joined(separator: ", ")
            throw AnimatorError(animator: query, reason: "no such animator on the search path"
                                + (known.isEmpty ? "" : " (installed: \(known))"))
        }
        let operation = try parseOperation(arguments.value("--operation"), required: false)
            ?? info.operations.operations[0]
        guard info.operations.supports(operation) else {
            throw AnimatorError(animator: info.id, reason: "does not support \(operation.rawValue) (it supports \(info.operations))")
        }
        let parameters = try info.resolveParameters(arguments.values("--param"))
        let runtime = TransitionRuntime()
        let interaction = try arguments.value("--interactive").map { argument throws(InteractionError) in
            try InteractionScript.load(argument, containerSize: runtime.window.bounds.size)
        }
        let animator = try AnimatorInstance(info, parameters: parameters, session: HostSession(engine: runtime.engine))
        let stage = TransitionStage(runtime: runtime)
        let outcome = try stage.perform(operation, animator: animator, interaction: interaction)
        return [Line(operation: operation, from: stage.from.name, to: stage.to.name,
                     animator: "\(info.name) (\(info.id))", rule: nil, outcome: outcome,
                     interactive: interaction != nil)]
    }

    /// Rounds to the millisecond for reports (frame steps leave float noise).
    private static func rounded(_ seconds: Double) -> Double {
        (seconds * 1000).rounded() / 1000
    }
}
