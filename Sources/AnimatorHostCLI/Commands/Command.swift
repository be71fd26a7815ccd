/// A subcommand of `animator-host`.
protocol Command: Sendable {
    /// The word that selects it.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The synopsis after "usage: ".
    static var usage: String { get }
    /// Paragraphs after the options, if any.
    static var discussion: String { get }
    /// The options it accepts (besides --help, which all accept).
    static var options: [OptionSpec] { get }

    /// Runs the command.
    ///
    /// - Returns: the exit status.
    /// - Throws: `UsageError` for a mistake in the invocation (exit status 2).
    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32
}

extension Command {
    static var discussion: String { "" }

    /// The command's `--help` text.
    static var helpText: String {
        var lines = ["usage: \(usage)", "", summary, "", "options:"]
        let all = options + [OptionSpec.help]
        let labels = all.map { spec in
            spec.names.joined(separator: ", ")
                + (spec.valueName.map { spec.valueIsOptional ? " [\($0)]" : " " + $0 } ?? "")
        }
        let width = labels.map(\.count).max() ?? 0
        for (label, spec) in zip(labels, all) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count + 2) + spec.help)
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n")
    }
}
