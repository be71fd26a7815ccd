import AnimatorABI
import AnimatorHost
import AnimatorSupport
import Glibc

/// Runs `animator-host validate`'s checks over one library: the library checks here (the
/// library itself examined in sandbox children), every animator check in a child of its
/// own, so that a check that crashes or hangs is reported as crashed and the others go on.
public struct Validator: Sendable {
    /// One check's outcome.
    public struct Entry: Sendable {
        /// The check.
        public var check: ValidationCheck
        /// The operation it ran for (per-operation checks).
        public var operation: TransitionOperation?
        /// How it went.
        public var result: ValidationResult

        /// "transition.end-state [present]".
        public var label: String { check.name + (operation.map { " [\($0.rawValue)]" } ?? "") }
    }

    /// A library's report: its own checks, then each animator's.
    public struct Report: Sendable {
        /// The library file.
        public var path: String
        /// The library checks.
        public var library: [Entry]
        /// Per animator id, in the library's order.
        public var animators: [(id: String, entries: [Entry])]
    }

    /// Where the checks run.
    public var sandbox: PluginSandbox?
    /// Which checks run: a name is kept when `include` accepts it.
    public var include: @Sendable (String) -> Bool
    /// `NAME=VALUE` settings for every animator (`--param`).
    public var assignments: [String]
    /// How many checks run at once.
    public var jobs: Int
    /// How many transitions robustness.repeat runs.
    public var repeats = AnimatorChecks.defaultRepeats

    /// Creates a validator.
    public init(sandbox: PluginSandbox?, include: @escaping @Sendable (String) -> Bool = { _ in true },
                assignments: [String] = [], jobs: Int = 1) {
        self.sandbox = sandbox
        self.include = include
        self.assignments = assignments
        self.jobs = max(jobs, 1)
    }

    /// Validates the library at `path` (absolute), or only the animators `only` names.
    public func validate(path: String, only: Set<String>? = nil) -> Report {
        var library: [Entry] = []
        func add(_ name: String, _ result: () -> ValidationResult) {
            guard let check = ValidationCheck.named(name), include(name) else { return }
            library.append(Entry(check: check, operation: nil, result: result()))
        }
        // Examined in a fresh child (or here), timed; then again, to compare.
        let scanner: LibraryScanner = sandbox.map(LibraryScanner.sandboxed) ?? .inProcess
        // Timed in CPU time (this process and its children), which a busy machine does not
        // stretch as it stretches wall-clock time.
        let started = Self.cpuSeconds()
        let scan = scanner.scan([path])[0]
        let elapsed = Self.cpuSeconds() - started
        add("library.loads") {
            if !scan.problems.isEmpty { return ValidationResult(.failed, scan.problems.joined(separator: "; ")) }
            return scan.animators.isEmpty ? ValidationResult(.failed, "offers no animators") : ValidationResult(.passed)
        }
        add("library.exports") {
            do {
                let extra = try ELFSymbols.exported(path: path).filter { $0 != AH_ENTRY_SYMBOL }
                return extra.isEmpty ? ValidationResult(.passed)
                    : ValidationResult(.warning, "also exports \(extra.count) symbol\(extra.count == 1 ? "" : "s"): "
                                       + extra.prefix(5).joined(separator: ", ") + (extra.count > 5 ? ", …" : "")
                                       + " (link with a version script that keeps only \(AH_ENTRY_SYMBOL))")
            } catch {
                return ValidationResult(.failed, "cannot read its symbols: \(error)")
            }
        }
        add("library.scan-time") {
            // The figure only with the warning: a pass reads the same on every machine.
            let milliseconds = elapsed * 1000
            return milliseconds < 100 ? ValidationResult(.passed)
                : ValidationResult(.warning, "\(JSONValue.format(milliseconds.rounded())) ms of CPU time, over 100 ms")
        }
        add("library.second-load") {
            let again = scanner.scan([path])[0]
            return again == scan ? ValidationResult(.passed) : ValidationResult(.failed, Self.difference(scan, again))
        }
        add("library.descriptors") {
            var findings: [String] = []
            for info in scan.animators {
                for spec in info.parameters {
                    if (spec.help ?? "").isEmpty { findings.append("\(info.id): parameter '\(spec.name)' has no help text") }
                    do { try spec.check(spec.defaultValue) } catch {
                        findings.append("\(info.id): parameter '\(spec.name)': its default is refused (\(error))")
                    }
                }
            }
            return findings.isEmpty ? ValidationResult(.passed) : ValidationResult(.warning, findings.joined(separator: "; "))
        }
        // The animators' checks, each in its own child.
        var tasks: [(id: String, check: ValidationCheck, operation: TransitionOperation?, info: AnimatorInfo)] = []
        for info in scan.animators where only.map({ $0.contains(info.id) }) ?? true {
            for check in ValidationCheck.all where include(check.name) {
                switch check.scope {
                case .library: continue
                case .animator: tasks.append((info.id, check, nil, info))
                case .operation:
                    for operation in info.operations.operations { tasks.append((info.id, check, operation, info)) }
                case .interactive:
                    guard info.isInteractive else { continue }
                    for operation in info.operations.operations { tasks.append((info.id, check, operation, info)) }
                }
            }
        }
        let results = Parallel.map(tasks.count, workers: jobs) { index, _ in
            run(tasks[index].check, info: tasks[index].info, operation: tasks[index].operation)
        }
        var animators: [(id: String, entries: [Entry])] = []
        for (task, result) in zip(tasks, results) {
            let entry = Entry(check: task.check, operation: task.operation, result: result)
            if animators.last?.id == task.id { animators[animators.count - 1].entries.append(entry) } else {
                animators.append((task.id, [entry]))
            }
        }
        return Report(path: path, library: library, animators: animators)
    }

    /// One animator check, in a child when sandboxed.
    func run(_ check: ValidationCheck, info: AnimatorInfo, operation: TransitionOperation?) -> ValidationResult {
        guard let sandbox else {
            return AnimatorChecks.run(check.name, info: info, operation: operation, assignments: assignments, repeats: repeats,
                                      marker: nil)
        }
        let request = JSONValue.object([
            ("check", .string(check.name)), ("animator", info.json),
            ("operation", operation.map { .string($0.rawValue) } ?? .null),
            ("assignments", .array(assignments.map(JSONValue.string))),
            ("repeats", .number(Double(repeats))),
        ])
        var answer: ValidationResult?
        do {
            let failure = try sandbox.run(mode: AnimatorChecks.mode, request: Array(request.serialized().utf8)) { message in
                guard answer == nil, let document = try? JSONValue.parse(bytes: message.payload),
                      let verdict = document["result"]?.stringValue.flatMap(ValidationResult.Verdict.init(rawValue:)),
                      verdict != .crashed else {
                    throw BinaryReader.Malformed("a malformed check result")
                }
                answer = ValidationResult(verdict, document["details"]?.stringValue ?? "")
            }
            if let failure { return ValidationResult(.crashed, failure.description) }
            return answer ?? ValidationResult(.crashed, "the check's process gave no result")
        } catch {
            return ValidationResult(.crashed, error.message)
        }
    }

    /// The first way two examinations of one library differ, in words.
    /// CPU seconds used so far by this process and the children it has waited for.
    static func cpuSeconds() -> Double {
        var total = 0.0
        for who in [RUSAGE_SELF.rawValue, RUSAGE_CHILDREN.rawValue] {
            var usage = rusage()
            guard getrusage(who, &usage) == 0 else { continue }
            total += Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        return total
    }

    static func difference(_ first: LibraryScan, _ second: LibraryScan) -> String {
        if first.animators.map(\.id) != second.animators.map(\.id) {
            return "the animators were \(first.animators.map(\.id)), then \(second.animators.map(\.id))"
        }
        for (a, b) in zip(first.animators, second.animators) where a != b {
            let before = a.json.objectMembers ?? [], after = b.json.objectMembers ?? []
            for ((key, x), (_, y)) in zip(before, after) where x != y {
                return "\(a.id): \(key) was \(x.serialized()), then \(y.serialized())"
            }
            return "\(a.id) differs"
        }
        return "the problems were \(first.problems), then \(second.problems)"
    }
}
