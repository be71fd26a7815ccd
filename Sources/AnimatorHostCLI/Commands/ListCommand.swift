import AnimatorHost
import AnimatorSupport

/// `animator-host list`: every installed animator, and what was refused.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "List the installed animators, with the problems found on the search path."
    static let usage = "animator-host list [--json] [--strict] [--plugin-path DIR]... [--allow-insecure] [--no-cache]"
    static let options: [OptionSpec] = [
        .flag("--json", help: "Print one JSON object: {\"animators\": [...], \"problems\": [...]}."),
        .flag("--strict", help: "Exit with status 1 when any problem was found."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        Search path, in order: --plugin-path folders, ANIMATOR_PLUGIN_PATH (colon-separated),
        the folder of this executable, ~/.local/lib/animator-host/plugins. The first library
        to offer an id wins. Problems are printed on standard error, one line each.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("list takes no arguments (got '\(arguments.positionals[0])')")
        }
        let registry = try PluginEnvironment(arguments).discover()
        if arguments.flag("--json") {
            console.out(JSONValue.object([
                ("animators", .array(registry.animators.map(\.json))),
                ("problems", .array(registry.problems.map(\.json))),
            ]).serialized(pretty: true))
        } else {
            printTable(registry, console: console)
        }
        return arguments.flag("--strict") && !registry.problems.isEmpty ? 1 : 0
    }

    private static func printTable(_ registry: AnimatorRegistry, console: Console) {
        if registry.animators.isEmpty {
            let folders = registry.searchPath.entries.map(\.directory).joined(separator: ", ")
            console.error("no animators found; searched: \(folders)")
            console.error("(a copied animator-host leaves its bundled animators behind: use 'animator-host install', "
                          + "or a symbolic link to the built one; 'animator-host doctor' shows the search path)")
        } else {
            var table = TextTable(header: ["ID", "NAME", "VERSION", "ABI", "OPERATIONS", "INTERACTIVE",
                                           "PARAMETERS", "PATH"])
            for info in registry.animators {
                table.rows.append([
                    info.id, info.name, info.version, info.abi.description, info.operations.description,
                    info.isInteractive ? "yes" : "no",
                    info.parameters.isEmpty ? "-" : info.parameters.map(\.name).joined(separator: ","), info.path,
                ])
            }
            table.lines.forEach { console.out($0) }
        }
        for problem in registry.problems {
            console.error("problem: \(problem.description.oneLine)")
        }
    }
}
