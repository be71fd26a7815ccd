import AnimatorHost
import AnimatorRendering
import AnimatorRuns
import AnimatorSupport
import AnimatorTesting
import Glibc

/// `animator-host snapshot record|verify MANIFEST`: golden files for transitions, and
/// their verification with tolerances, diff pictures and an HTML report.
enum SnapshotCommand: Command {
    static let name = "snapshot"
    static let summary = "Record golden files of transitions, or verify runs against them (docs/testing.md)."
    static let usage = "animator-host snapshot record|verify MANIFEST [--only REGEX] [--shard I/N] [--update] [--report DIR] [--junit FILE]"
    static let options: [OptionSpec] = [
        .value("--only", valueName: "REGEX", help: "Only the cases whose name matches REGEX."),
        .flag("--update", help: "With verify: write the golden files of the cases that differ over the old ones."),
        .value("--shard", valueName: "I/N",
               help: "Only part I of N of the cases (every N-th, from the I-th): run the parts on N CI machines."),
        .value("--report", valueName: "DIR",
               help: "With verify: where the HTML report goes when a case differs (default: snapshot-report beside the "
                   + "manifest; snapshot-report/shard-I-of-N with --shard)."),
        .value("--junit", valueName: "FILE", help: "Also write the results as a JUnit XML report, for CI services to show."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        The manifest (JSON) lists cases: an animator with its operation, parameters, screen
        size, scale, frame rate and interaction, or a scenario of the demo app; and what to
        keep of each run: the timeline (every frame's values, one line per view), pictures
        at given times, a contact sheet. Golden files go to __snapshots__/<case>/ beside the
        manifest. `record` writes them; `verify` runs every case again and compares: the
        timeline value by value (points, alpha and transform entries each with their
        tolerance), the pictures pixel by pixel (a per-pixel threshold, then how many
        pixels may pass it). For a case that differs it names the transition, frame, view
        and property that moved and by how much, and writes an HTML report with golden,
        actual and diff pictures side by side and a frame scrubber. A missing golden file
        is recorded, with a line saying so, except under CI=true, where it is an error.
        Exit status 0 when every case matched (or was recorded), 1 when one differed, was
        missing under CI or could not run, 2 for a mistake in the command line or manifest.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard let action = arguments.positionals.first, ["record", "verify"].contains(action) else {
            throw UsageError(arguments.positionals.isEmpty ? "snapshot needs 'record' or 'verify' and a manifest"
                             : "snapshot: '\(arguments.positionals[0])' is not 'record' or 'verify'")
        }
        guard arguments.positionals.count == 2 else {
            throw UsageError(arguments.positionals.count < 2 ? "snapshot \(action) needs a manifest file"
                             : "snapshot \(action) takes one manifest (got \(arguments.positionals.count - 1))")
        }
        if action == "record" {
            for option in ["--update", "--report"] where arguments.flag(option) || arguments.value(option) != nil {
                throw UsageError("\(option) is for snapshot verify")
            }
        }
        let only: Regex<AnyRegexOutput>?
        do {
            only = try arguments.value("--only").map { try Regex($0) }
        } catch {
            throw UsageError("--only: '\(arguments.value("--only")!)' is not a regular expression")
        }
        let manifest: SnapshotManifest
        do {
            manifest = try SnapshotManifest.load(path: arguments.positionals[1])
        } catch {
            throw UsageError(error.description.oneLine)
        }
        var cases = manifest.cases.filter { snapshotCase in
            guard let only else { return true }
            return snapshotCase.name.contains(only)
        }
        if cases.isEmpty { throw UsageError("--only: no case of \(manifest.path) matches") }
        var shard: SnapshotShard?
        if let text = arguments.value("--shard") {
            guard let given = SnapshotShard(text) else {
                throw UsageError("--shard: '\(text.oneLine)' is not I/N with 1 ≤ I ≤ N ≤ \(SnapshotShard.maximumCount) (e.g. 2/4)")
            }
            shard = given
            cases = given.select(cases)
        }
        // Every case's request is checked before anything runs.
        var runs: [(SnapshotCase, RunRequest)] = []
        for snapshotCase in cases {
            do {
                let request = try snapshotCase.runRequest(folder: manifest.folder)
                try request.check()
                runs.append((snapshotCase, request))
            } catch let error as RunRequestError {
                throw UsageError("case \(snapshotCase.name): \(error.message(naming: RunOptions.optionName))")
            } catch {
                throw UsageError("\(error)")
            }
        }
        if cases.isEmpty, let shard {
            // More parts than cases: this part has none, which is not a failure.
            console.out(manifest.path.oneLine)
            console.out("0 cases (shard \(shard.description) of \(manifest.cases.count))")
            return writeJUnit(arguments, manifest: manifest, shard: shard, results: [], console: console) ? 0 : 1
        }
        // The manifest's font, never the machine's: set before anything is drawn here, and
        // inherited by every child (the snapshot views it draws use it too).
        setenv(FontLibrary.pathVariable, manifest.fontSetting, 1)
        let environment = try PluginEnvironment(arguments)
        let registry = environment.discover()
        registry.problems.forEach { console.error("problem: \($0.description.oneLine)") }
        let mode: SnapshotVerifier.Mode = action == "record" ? .record : arguments.flag("--update") ? .update : .verify
        let isCI = SnapshotEnvironment.isCI(ProcessEnvironment.current())
        let verifier: SnapshotVerifier
        do {
            verifier = try SnapshotVerifier(missingIsError: isCI)
        } catch {
            console.error("animator-host snapshot: \(error.description.oneLine)")
            return 1
        }
        console.out(manifest.path.oneLine)
        // Cases run side by side when plugins run in children (each its own); in process,
        // one at a time on this thread, as plugin code expects.
        let results = Parallel.map(runs.count, workers: environment.sandbox == nil ? 1 : nil) { index, _ in
            perform(runs[index].0, runs[index].1, environment: environment, registry: registry, manifest: manifest,
                    verifier: verifier, mode: mode, console: console)
        }
        var outcomes: [SnapshotVerifier.Outcome] = []
        var failedRuns = 0
        for result in results {
            switch result {
            case .usage(let error): throw error
            case .failed(let name, let reason):
                console.out("  failed   \(name): \(reason.oneLine)")
                failedRuns += 1
            case .done(let outcome):
                outcomes.append(outcome)
                report(outcome, mode: mode, console: console)
            }
        }
        let differed = outcomes.filter { $0.status == .differed }
        let missing = outcomes.filter { $0.status == .missing }
        let counts: [(String, Int)] = [
            ("matched", outcomes.filter { $0.status == .matched }.count),
            ("recorded", outcomes.filter { $0.status == .recorded }.count),
            (mode == .update ? "updated" : "differed", differed.count),
            ("missing", missing.count),
            ("failed", failedRuns),
        ]
        let shown = counts.filter { name, count in count > 0 || (name == "matched" && mode != .record) }
        var summary = "\(runs.count) case\(runs.count == 1 ? "" : "s"): "
            + shown.map { name, count in "\(count) \(name)" }.joined(separator: ", ")
        if let shard { summary += " (shard \(shard.description))" }
        if mode != .record, !(differed.isEmpty && missing.isEmpty) {
            let folder = arguments.value("--report") ?? manifest.folder + "/snapshot-report"
                + (shard.map { "/shard-\($0.index)-of-\($0.count)" } ?? "")
            let page = folder + "/index.html"
            do {
                // The default report folder, like the golden files, stays in the manifest's.
                if arguments.value("--report") == nil, !FileSystem.staysInside(folder, manifest.folder) {
                    throw SnapshotError(folder, "leads outside \(manifest.folder) through a symbolic link")
                }
                try FileSystem.createDirectories(folder)
                // The page is written as it is made, and each picture beside it when its
                // case's section is; the page takes its name when whole.
                let stream = try OutputFile.Stream(page)
                try SnapshotReport.write(outcomes, manifest: manifest.path, page: { stream.write($0) }) { path, bytes in
                    try FileSystem.createDirectories(FileSystem.directoryName(folder + "/" + path))
                    try OutputFile.write(folder + "/" + path, bytes)
                }
                try stream.finish()
                summary += "; report: \(page)"
            } catch {
                console.error("animator-host snapshot: cannot write the report: \(error)")
            }
        }
        console.out(summary)
        if !missing.isEmpty {
            console.error("animator-host snapshot: golden files are missing and CI=true: record them with "
                          + "'animator-host snapshot record \(manifest.path)' and commit them")
        }
        let wroteJUnit = writeJUnit(arguments, manifest: manifest, shard: shard, results: results, console: console)
        let bad = failedRuns + missing.count + (mode == .update ? 0 : differed.count)
        return bad > 0 || !wroteJUnit ? 1 : 0
    }

    /// Writes `--junit`'s report, when asked: one suite (the manifest), a test case per case.
    /// Returns false when it could not be written (said on stderr).
    static func writeJUnit(_ arguments: ParsedArguments, manifest: SnapshotManifest, shard: SnapshotShard?,
                           results: [CaseResult], console: Console) -> Bool {
        guard let path = arguments.value("--junit") else { return true }
        let className = FileSystem.baseName(manifest.path)
        let cases = results.compactMap { result -> JUnitReport.Case? in
            switch result {
            case .usage: return nil
            case .failed(let name, let reason):
                return JUnitReport.Case(name: name, className: className, outcome: .error(message: reason.oneLine, details: reason))
            case .done(let outcome):
                let name = outcome.snapshotCase.name
                let first = (outcome.findings.first ?? "").oneLine
                let all = outcome.findings.joined(separator: "\n")
                switch outcome.status {
                case .matched: return JUnitReport.Case(name: name, className: className, outcome: .passed(note: nil))
                case .recorded:
                    return JUnitReport.Case(name: name, className: className, outcome: .skipped(message: "recorded: " + first))
                case .missing:
                    return JUnitReport.Case(name: name, className: className, outcome: .failed(message: first, details: all))
                case .differed:
                    return JUnitReport.Case(name: name, className: className,
                                            outcome: outcome.wrote ? .passed(note: "updated: " + all)
                                                                   : .failed(message: first, details: all))
                }
            }
        }
        let suite = manifest.path + (shard.map { " (shard \($0.description))" } ?? "")
        let report = JUnitReport(name: "animator-host snapshot", suites: [JUnitReport.Suite(name: suite, cases: cases)])
        do {
            try OutputFile.write(path, Array(report.xml.utf8))
            return true
        } catch {
            console.error("animator-host snapshot: --junit: \("\(error)".oneLine)")
            return false
        }
    }

    /// How one case went.
    enum CaseResult {
        case done(SnapshotVerifier.Outcome)
        case failed(String, String)
        case usage(UsageError)
    }

    /// Runs one case and records or verifies it.
    static func perform(_ snapshotCase: SnapshotCase, _ request: RunRequest, environment: PluginEnvironment,
                        registry: AnimatorRegistry, manifest: SnapshotManifest, verifier: SnapshotVerifier,
                        mode: SnapshotVerifier.Mode, console: Console) -> CaseResult {
        let run: RunResult
        do {
            run = try Runner(registry: registry, sandbox: environment.sandbox) {
                console.error("plugin output: \($0.oneLine)")
            }.perform(request)
        } catch let error as RunRequestError {
            return .usage(UsageError("case \(snapshotCase.name): \(error.message(naming: RunOptions.optionName))"))
        } catch {
            return .failed(snapshotCase.name, "\(error)")
        }
        // A run with problems is not a picture of the animator: never recorded.
        if let line = run.transitions.first(where: \.hadProblems) {
            return .failed(snapshotCase.name, "the run had a problem: " + (line.failure ?? line.outcome.problems.joined(separator: "; ")))
        }
        do {
            return .done(try verifier.process(snapshotCase, recording: run.recording,
                                              folder: manifest.goldenFolder + "/" + snapshotCase.name,
                                              within: manifest.folder, mode: mode))
        } catch {
            return .failed(snapshotCase.name, error.description)
        }
    }

    /// One case's lines.
    static func report(_ outcome: SnapshotVerifier.Outcome, mode: SnapshotVerifier.Mode, console: Console) {
        let name = outcome.snapshotCase.name
        switch outcome.status {
        case .matched:
            console.out("  matched  \(name)")
        case .recorded:
            console.out("  recorded \(name)" + (mode == .record ? "" : ": \(outcome.findings.first ?? "")".oneLine + "; recorded"))
        case .missing:
            console.out("  missing  \(name): \(outcome.findings.first ?? "")".oneLine)
        case .differed:
            console.out("  \(mode == .update ? "updated " : "differed") \(name)")
            for finding in outcome.findings { console.out("           \(finding.oneLine)") }
        }
    }
}
