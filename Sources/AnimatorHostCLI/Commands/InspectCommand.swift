import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// `animator-host inspect`: every descriptor field of an animator, its parameters, and
/// the durations it answers.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "Show everything an animator says about itself, and ask it for its durations."
    static let usage = "animator-host inspect <id|name|path> [--param NAME=VALUE]... [--json] [--plugin-path DIR]..."
    static let options: [OptionSpec] = [
        .value("--param", valueName: "NAME=VALUE", repeatable: true,
               help: "Set a parameter before asking for durations (repeatable)."),
        .flag("--json", help: "Print JSON: {\"animators\": [...], \"problems\": [...]}, durations included."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        A path (containing '/' or ending in .so) inspects that library file, every animator
        in it; otherwise the id or short name is looked up on the search path. The durations
        are the animator's own answers to transitionDuration for each operation it supports.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "inspect needs an animator id, name or path"
                                                           : "inspect takes one animator (got \(arguments.positionals.count))")
        }
        let query = arguments.positionals[0]
        let environment = try PluginEnvironment(arguments)
        let animators: [AnimatorInfo]
        var problems: [LoadProblem] = []
        if query.contains("/") || query.hasSuffix(".so") {
            (animators, problems) = environment.loader.scanFile(query)
            if animators.isEmpty && problems.isEmpty {
                problems.append(LoadProblem(path: query, reason: "offers no animators"))
            }
        } else {
            let registry = environment.discover()
            guard let found = registry.animator(named: query) else {
                let known = registry.animators.map(\.name).joined(separator: ", ")
                console.error("animator-host: no animator '\(query.oneLine)' on the search path" + registry.suggestion(for: query).oneLine
                              + (known.isEmpty ? "" : " (installed: \(known))"))
                return 1
            }
            animators = [found]
        }
        // A parameter mistake is a mistake in the command line (exit 2), found before any
        // plugin code runs (for one animator; a library's several may differ in parameters).
        for info in animators where animators.count == 1 {
            do {
                _ = try info.resolveParameters(arguments.values("--param"))
            } catch {
                throw UsageError("--param: \(error)")
            }
        }
        var failed = !problems.isEmpty
        var reports: [(AnimatorInfo, Result<[(TransitionOperation, Double)], DurationQuery.Failure>)] = []
        for info in animators {
            let durations = DurationQuery.ask(info, assignments: arguments.values("--param"), sandbox: environment.sandbox)
            if case .failure(let failure) = durations {
                failed = true
                console.error("animator-host inspect: \(info.id): \(failure.reason)")
            }
            reports.append((info, durations))
        }
        if arguments.flag("--json") {
            console.out(JSONValue.object([
                ("animators", .array(reports.map { info, durations in
                    guard case .object(var members) = info.json else { return info.json }
                    switch durations {
                    case .success(let list):
                        members.append(("durations", .object(list.map { ($0.0.rawValue, .number($0.1)) })))
                    case .failure(let failure):
                        members.append(("error", .string(failure.reason)))
                    }
                    return .object(members)
                })),
                ("problems", .array(problems.map(\.json))),
            ]).serialized(pretty: true))
        } else {
            for (number, (info, durations)) in reports.enumerated() {
                if number > 0 { console.out() }
                describe(info, durations: durations, console: console)
            }
            problems.forEach { console.error("problem: \($0.description.oneLine)") }
        }
        return failed ? 1 : 0
    }

    private static func describe(_ info: AnimatorInfo, durations: Result<[(TransitionOperation, Double)], DurationQuery.Failure>,
                                 console: Console) {
        var fields: [(String, String)] = [
            ("id", info.id), ("name", info.name), ("display name", info.displayName), ("version", info.version),
            ("ABI", info.abi.description),
        ]
        if let summary = info.summary { fields.append(("description", summary)) }
        if let author = info.author { fields.append(("author", author)) }
        if let url = info.url { fields.append(("url", url)) }
        fields += [
            ("operations", info.operations.operations.map(\.rawValue).joined(separator: ", ")),
            ("interactive", info.isInteractive ? "yes" : "no"),
            ("path", info.path),
        ]
        switch durations {
        case .success(let list):
            fields.append(("durations", list.map { "\($0.0.rawValue) \(JSONValue.format($0.1)) s" }
                .joined(separator: ", ")))
        case .failure(let failure):
            fields.append(("durations", "unavailable: \(failure.reason)"))
        }
        let width = fields.map(\.0.count).max() ?? 0
        for (label, value) in fields {
            console.out(label + String(repeating: " ", count: width - label.count + 2) + value.oneLine)
        }
        guard !info.parameters.isEmpty else {
            console.out("parameters" + String(repeating: " ", count: max(width - 8, 2)) + "none")
            return
        }
        console.out("parameters")
        var table = TextTable(header: ["  NAME", "TYPE", "DEFAULT", "RANGE", "HELP"])
        for parameter in info.parameters {
            table.rows.append(["  " + parameter.name, parameter.type.rawValue, parameter.defaultValue.text,
                               range(of: parameter), parameter.help ?? ""])
        }
        table.lines.forEach { console.out($0) }
    }

    private static func range(of parameter: ParameterSpec) -> String {
        if parameter.type == .enumeration { return parameter.choices.joined(separator: "|") }
        switch (parameter.minimum, parameter.maximum) {
        case (let low?, let high?): return "\(JSONValue.format(low))...\(JSONValue.format(high))"
        case (let low?, nil): return ">= \(JSONValue.format(low))"
        case (nil, let high?): return "<= \(JSONValue.format(high))"
        case (nil, nil): return "-"
        }
    }
}

