import AnimatorHost
import AnimatorSupport

/// The `animator-host` program: picks a command and turns errors into exit statuses.
enum CommandLineTool {
    /// Every command, in the order `--help` lists them.
    static let commands: [any Command.Type] = [
        ListCommand.self, InspectCommand.self, ResolveCommand.self, RunCommand.self, PlayCommand.self, WatchCommand.self, CompareCommand.self, RenderCommand.self, CurveCommand.self, ValidateCommand.self, SnapshotCommand.self, DoctorCommand.self, InstallCommand.self, NewCommand.self,
    ]

    static let overview = """
        animator-host: UIKit's custom view-controller transitions, headless, with animators
        loaded from plugin libraries (.so) that speak a versioned C ABI.
        """

    /// Runs the program.
    ///
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the exit status: 0 success, 1 failure, 2 usage error.
    static func main(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.error(usageSummary)
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1 {
                guard let command = commands.first(where: { $0.name == arguments[1].lowercased() }) else {
                    console.error("animator-host: unknown command '\(arguments[1].oneLine)'"
                                  + Suggestion.hint(arguments[1], among: commands.map { $0.name }))
                    console.error("see 'animator-host --help'")
                    return 2
                }
                console.out(command.helpText)
                return 0
            }
            console.out(overview + "\n\n" + usageSummary)
            return 0
        case "--version":
            console.out("\(HostInfo.name) \(HostInfo.version) (plugin ABI \(ABIVersion.host))")
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first.lowercased() }) else {
            if first.hasPrefix("-") {
                console.error("animator-host: unknown option '\(first.oneLine)'"
                              + Suggestion.hint(first, among: ["--help", "--version"]))
            } else {
                console.error("animator-host: unknown command '\(first.oneLine)'" + Suggestion.hint(first, among: commands.map { $0.name }))
            }
            console.error("see 'animator-host --help'")
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do {
            let parsed = try ParsedArguments(rest, options: command.options + [OptionSpec.help])
            if parsed.flag("--help") {
                console.out(command.helpText)
                return 0
            }
            return try command.run(parsed, console: console)
        } catch {
            console.error("animator-host \(command.name): \(error.message.oneLine)")
            console.error("see 'animator-host help \(command.name)'")
            return 2
        }
    }

    static var usageSummary: String {
        let entries = commands.map { command in (name: command.name, summary: command.summary) }
        let width = entries.map { $0.name.count }.max() ?? 0
        let lines = entries.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary }
        return (["usage: animator-host <command> [options]", "", "commands:"] + lines + [
            "",
            "Run 'animator-host <command> --help' for a command's options; --version prints the version.",
        ]).joined(separator: "\n")
    }
}
