/// One option a command accepts.
struct OptionSpec {
    /// Its spellings, long first: ["--plugin-path"], ["--help", "-h"].
    var names: [String]
    /// The placeholder of its value, or nil for a flag.
    var valueName: String?
    /// Whether it may be given more than once (values accumulate).
    var repeatable = false
    /// One line of help.
    var help: String
    /// Whether the value may be left out (`--serve` or `--serve 8080`): the next argument is
    /// taken as its value only when it is a number; left out, the value is "".
    var valueIsOptional = false

    /// The canonical (first) spelling.
    var name: String { names[0] }

    /// A flag: no value.
    static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help)
    }

    /// An option with a value.
    static func value(_ names: String..., valueName: String, repeatable: Bool = false, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, repeatable: repeatable, help: help)
    }

    /// An option whose numeric value may be left out.
    static func optionalNumber(_ names: String..., valueName: String, help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: valueName, help: help, valueIsOptional: true)
    }

    /// The options every command that loads plugins accepts.
    static let pluginOptions: [OptionSpec] = [
        .value("--plugin-path", valueName: "DIR", repeatable: true,
               help: "Search DIR for animator libraries first (repeatable)."),
        .flag("--allow-insecure", help: "Load plugins from files or folders writable by group or others."),
        .flag("--no-cache", help: "Load every library instead of using the metadata cache."),
        .flag("--in-process", help: "Run plugin code in this process, not in a child (for a debugger; a crash takes the host down)."),
        .value("--plugin-timeout", valueName: "S", help: "Stop a plugin that makes no progress for S seconds (default 10)."),
        .value("--plugin-memory", valueName: "MIB", help: "The plugin process's address space in MiB (default 4096; 0: no limit)."),
        .value("--plugin-cpu", valueName: "S", help: "The plugin process's CPU time in seconds (default 300; 0: no limit)."),
    ]

    /// `--help`, which every command accepts.
    static let help = OptionSpec.flag("--help", "-h", help: "Show this help.")
}
