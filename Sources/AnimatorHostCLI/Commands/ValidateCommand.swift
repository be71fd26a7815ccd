import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// `animator-host validate`: conformance checks for animator libraries, as audio plugin
/// authors run clap-validator before they ship.
enum ValidateCommand: Command {
    static let name = "validate"
    static let summary = "Check animator libraries: loading, descriptors, every operation's transition, interaction, determinism."
    static let usage = "animator-host validate <id|name|path>... [--json] [--only REGEX] [--skip REGEX] [--jobs N] "
        + "[--param NAME=VALUE]... [--repeat N] [--list-checks] [--in-process]"
    static let options: [OptionSpec] = [
        .flag("--json", help: "Print JSON: {\"libraries\": [{\"path\", \"checks\", \"animators\": [{\"id\", \"checks\"}]}]}."),
        .value("--only", valueName: "REGEX", help: "Run only the checks whose name matches REGEX."),
        .value("--skip", valueName: "REGEX", help: "Skip the checks whose name matches REGEX."),
        .value("--jobs", valueName: "N", help: "Run N checks at once (default: the number of cores)."),
        .value("--param", valueName: "NAME=VALUE", repeatable: true, help: "Set an animator parameter for every check (repeatable)."),
        .value("--repeat", valueName: "N", help: "Transitions robustness.repeat runs (default 1000; 22 to 100000)."),
        .flag("--list-checks", help: "List the checks and what each verifies, and exit."),
        .value("--junit", valueName: "FILE", help: "Also write the results as a JUnit XML report, for CI services to show."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        An argument with a '/' or ending in .so is a library file: all its animators are
        checked. Otherwise it is an animator's id or name on the search path: its library's
        checks and its own run. Every animator check runs in a child process of its own
        (docs/isolation.md), so one that crashes or hangs shows as crashed, with the call
        and the signal, and the others go on. The checks are described in docs/validate.md.
        Exit status 0 when nothing failed or crashed (warnings and skips allowed), 1
        otherwise, 2 for a mistake in the command line.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        if arguments.flag("--list-checks") {
            let width = ValidationCheck.all.map(\.name.count).max() ?? 0
            for check in ValidationCheck.all {
                console.out(check.name + String(repeating: " ", count: width - check.name.count + 2)
                            + "[\(check.scope.rawValue)] " + check.purpose)
            }
            return 0
        }
        guard !arguments.positionals.isEmpty else { throw UsageError("validate needs one or more animator ids, names or library paths") }
        let included = try includedChecks(arguments)
        let jobs: Int
        if let text = arguments.value("--jobs") {
            guard let value = Int(text), value >= 1, value <= 64 else { throw UsageError("--jobs: '\(text)' is not a number from 1 to 64") }
            jobs = value
        } else {
            jobs = ProcessInfoShim.activeProcessorCount
        }
        let environment = try PluginEnvironment(arguments)
        var validator = Validator(sandbox: environment.sandbox, include: { included.contains($0) },
                                  assignments: arguments.values("--param"), jobs: jobs)
        if let text = arguments.value("--repeat") {
            guard let value = Int(text), value >= 22, value <= 100_000 else {
                throw UsageError("--repeat: '\(text)' is not a number of transitions from 22 to 100000")
            }
            validator.repeats = value
        }
        // What to validate: whole files, or single animators found on the search path.
        var targets: [(path: String, only: Set<String>?)] = []
        var registry: AnimatorRegistry?
        var failed = false
        for query in arguments.positionals {
            if query.contains("/") || query.hasSuffix(".so") {
                targets.append((FileSystem.absolute(query), nil))
                continue
            }
            if registry == nil { registry = environment.discover() }
            guard let info = registry?.animator(named: query) else {
                console.error("animator-host validate: \(query.oneLine): no such animator on the search path"
                              + registry!.suggestion(for: query).oneLine)
                failed = true
                continue
            }
            if let index = targets.firstIndex(where: { $0.path == info.path && $0.only != nil }) {
                targets[index].only?.insert(info.id)
            } else {
                targets.append((info.path, [info.id]))
            }
        }
        let reports = targets.map { validator.validate(path: $0.path, only: $0.only) }
        let entries = reports.flatMap { $0.library + $0.animators.flatMap(\.entries) }
        failed = failed || entries.contains { $0.result.verdict == .failed || $0.result.verdict == .crashed }
        if arguments.flag("--json") {
            console.out(JSONValue.object([("libraries", .array(reports.map(json)))]).serialized(pretty: true))
        } else {
            for report in reports { print(report, console: console) }
            var counts: [ValidationResult.Verdict: Int] = [:]
            for entry in entries { counts[entry.result.verdict, default: 0] += 1 }
            console.out("\(entries.count) check\(entries.count == 1 ? "" : "s"): \(counts[.passed] ?? 0) passed, "
                        + "\(counts[.warning] ?? 0) warning\(counts[.warning] == 1 ? "" : "s"), \(counts[.failed] ?? 0) failed, "
                        + "\(counts[.crashed] ?? 0) crashed, \(counts[.skipped] ?? 0) skipped")
        }
        if let path = arguments.value("--junit") {
            do {
                try OutputFile.write(path, Array(junit(reports).xml.utf8))
            } catch {
                console.error("animator-host validate: --junit: \("\(error)".oneLine)")
                failed = true
            }
        }
        return failed ? 1 : 0
    }

    /// The reports as JUnit: a suite per library (its own checks, as cases of the library's
    /// path) and a suite per animator (cases of its id); a warning passes with its note, a
    /// crash is an error.
    static func junit(_ reports: [Validator.Report]) -> JUnitReport {
        func testCase(_ entry: Validator.Entry, of owner: String) -> JUnitReport.Case {
            let details = entry.result.details
            let outcome: JUnitReport.Outcome
            switch entry.result.verdict {
            case .passed: outcome = .passed(note: nil)
            case .warning: outcome = .passed(note: "warning: " + details)
            case .skipped: outcome = .skipped(message: details.oneLine)
            case .failed: outcome = .failed(message: details.oneLine, details: details)
            case .crashed: outcome = .error(message: details.oneLine, details: details)
            }
            return JUnitReport.Case(name: entry.label, className: owner, outcome: outcome)
        }
        var suites: [JUnitReport.Suite] = []
        for report in reports {
            if !report.library.isEmpty {
                suites.append(JUnitReport.Suite(name: report.path, cases: report.library.map { testCase($0, of: report.path) }))
            }
            for animator in report.animators {
                suites.append(JUnitReport.Suite(name: animator.id, cases: animator.entries.map { testCase($0, of: animator.id) }))
            }
        }
        return JUnitReport(name: "animator-host validate", suites: suites)
    }

    /// The names `--only` and `--skip` leave.
    static func includedChecks(_ arguments: ParsedArguments) throws(UsageError) -> Set<String> {
        func regex(_ option: String) throws(UsageError) -> Regex<AnyRegexOutput>? {
            guard let text = arguments.value(option) else { return nil }
            do { return try Regex(text) } catch { throw UsageError("\(option): '\(text)' is not a regular expression") }
        }
        let only = try regex("--only"), skip = try regex("--skip")
        let names = ValidationCheck.all.map(\.name).filter { name in
            (only.map { name.contains($0) } ?? true) && !(skip.map { name.contains($0) } ?? false)
        }
        if names.isEmpty { throw UsageError("--only and --skip leave no check (see --list-checks)") }
        return Set(names)
    }

    private static func print(_ report: Validator.Report, console: Console) {
        console.out(report.path.oneLine)
        func line(_ entry: Validator.Entry, indent: String) {
            let verdict = entry.result.verdict.rawValue
            console.out(indent + verdict + String(repeating: " ", count: max(8 - verdict.count, 1)) + entry.label
                        + (entry.result.details.isEmpty ? "" : ": " + entry.result.details.oneLine))
        }
        report.library.forEach { line($0, indent: "  ") }
        for animator in report.animators {
            console.out("  " + animator.id.oneLine)
            animator.entries.forEach { line($0, indent: "    ") }
        }
    }

    private static func json(_ report: Validator.Report) -> JSONValue {
        func check(_ entry: Validator.Entry) -> JSONValue {
            .object([("name", .string(entry.check.name)), ("operation", entry.operation.map { .string($0.rawValue) } ?? .null)]
                    + entry.result.json)
        }
        return .object([
            ("path", .string(report.path)),
            ("checks", .array(report.library.map(check))),
            ("animators", .array(report.animators.map { .object([("id", .string($0.id)), ("checks", .array($0.entries.map(check)))]) })),
        ])
    }
}
