import AnimatorSupport

/// A command line split into options and positional arguments.
struct ParsedArguments {
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []

    /// Parses `arguments` against `options`. `--name=value` and `--name value` are both
    /// accepted; `--` ends the options.
    ///
    /// - Throws: `UsageError` for an unknown option, a missing value, a repeated
    ///   non-repeatable option, or a value given to a flag.
    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let spec = options.first(where: { $0.names.contains(name) }) else {
                throw UsageError("unknown option '\(name)'" + Suggestion.hint(name, among: options.flatMap(\.names)))
            }
            guard spec.valueName != nil else {
                if inlineValue != nil { throw UsageError("option '\(spec.name)' takes no value") }
                flags.insert(spec.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if spec.valueIsOptional {
                if index < arguments.count, !arguments[index].isEmpty, arguments[index].allSatisfy(\.isASCIIDigit) {
                    value = arguments[index]
                    index += 1
                } else {
                    value = ""
                }
            } else {
                guard index < arguments.count else { throw UsageError("option '\(spec.name)' needs a value") }
                value = arguments[index]
                index += 1
            }
            if !spec.repeatable, values[spec.name] != nil {
                throw UsageError("option '\(spec.name)' given more than once")
            }
            values[spec.name, default: []].append(value)
        }
    }

    /// Whether the flag `name` (canonical spelling) was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value of `name`, or nil.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of `name`, in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }
}

extension Character {
    /// 0 to 9.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// A mistake in how the command was invoked: exit status 2.
struct UsageError: Error {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
