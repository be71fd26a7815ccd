import AnimatorRuns
import AnimatorSupport

/// `animator-host compare`: two animators, or one with two parameter sets, side by side on
/// one clock.
enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Compare two animators, or one with two parameter sets, side by side: a page, a GIF or a PNG."
    static let usage = "animator-host compare A B [--operation OP] [--param NAME=VALUE]... [--duration S] "
        + "[--interactive TRACE] [--style STYLE] [--fps N] [--size WxH] [--variant WORDS] [--scale 1|2|3] --out FILE.html|.gif|.png [--at S]"
    /// The run options both sides share.
    static let sharedOptions: [OptionSpec] = RunOptions.options.filter { !RunOptions.demoOnly.contains($0.name) }
    static let options: [OptionSpec] = sharedOptions + [
        .value("--scale", valueName: "1|2|3", help: "Device pixels per point (default 1)."),
        .value("--out", valueName: "FILE", help: "Write FILE: .html (one scrubber, graphs overlaid), .gif (side by side), .png (one moment)."),
        .value("--at", valueName: "S", help: "With --out x.png: the moment, in seconds (default: the end)."),
    ] + OptionSpec.pluginOptions
    static let discussion = """
        A and B are animators as `run` takes them (an id, a name or a library's path), each
        with its own parameters after a '?', joined by '&': `zoom` and
        `zoom?duration=0.6&damping=0.5`. The options apply to both; a parameter in A or B
        wins over --param and --duration. Both run the same operation (default: the first
        A supports) on the same screens. The clock is shared: at each moment each side shows
        its last frame up to then. The page has one scrubber for both, frame steps (← →,
        shift for ten), a speed, and the position, scale, rotation and alpha of a view both
        sides have (pick it, or press v) graphed with A solid and B dashed. Exit status 1
        when a side could not be run or the file could not be written, 2 for a mistake in
        the command line (parameters included).
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 2 else {
            throw UsageError("compare takes two animators, A and B (got \(arguments.positionals.count))")
        }
        guard let path = arguments.value("--out") else {
            throw UsageError("compare needs --out FILE.html, .gif or .png")
        }
        guard let kind = RenderOutput(path: path), kind != .apng else {
            throw UsageError("--out: '\(path)' does not end in .html, .gif or .png")
        }
        let scale = try OutputOptions.scale(arguments)
        if arguments.value("--at") != nil, kind != .png { throw UsageError("--at is for --out FILE.png") }
        let at = try OutputOptions.at(arguments)
        let specs = try arguments.positionals.map { text throws(UsageError) in try Spec(text) }
        let requests = try specs.map { spec throws(UsageError) in try request(spec, arguments) }
        if let reason = OutputFile.cannotWrite(path) {
            console.error("animator-host compare: \(path.oneLine): \(reason)")
            return 1
        }
        let environment = try PluginEnvironment(arguments)
        var sides: [Comparison.Side] = []
        for (letter, (spec, request)) in zip(["A", "B"], zip(specs, requests)) {
            guard let run = try RunOptions.perform(request, environment: environment, command: name,
                                                   console: console) else { return 1 }
            if let line = run.transitions.first {
                console.out("\(letter): " + line.text.oneLine)
                line.outcome.problems.forEach { console.out("   warning: \($0.oneLine)") }
            }
            sides.append(Comparison.Side(label: "\(letter): \(spec.text)", recording: run.recording))
        }
        do {
            let what = try Comparison.write(sides[0], sides[1], kind: kind, to: path,
                                            options: RenderOutput.Options(scale: scale, at: at))
            console.error("wrote \(path): \(what)")
            return 0
        } catch {
            console.error("animator-host compare: \("\(error)".oneLine)")
            return 1
        }
    }

    /// One side: the animator and its own parameters (`zoom?duration=0.6&damping=0.5`).
    struct Spec {
        var text: String
        var animator: String
        var assignments: [String]

        init(_ text: String) throws(UsageError) {
            self.text = text
            let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
            animator = String(parts[0])
            guard !animator.isEmpty else { throw UsageError("'\(text.oneLine)' names no animator before its '?'") }
            assignments = parts.count > 1 ? parts[1].split(separator: "&").map(String.init) : []
            if let bad = assignments.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) {
                throw UsageError("'\(text.oneLine)': '\(bad.oneLine)' is not NAME=VALUE (parameters after '?' are joined by '&')")
            }
        }
    }

    /// The request of one side: its animator and the shared options, its own parameters
    /// last (so that they win).
    static func request(_ spec: Spec, _ arguments: ParsedArguments) throws(UsageError) -> RunRequest {
        var request = try RunOptions.request(arguments, animator: spec.animator)
        request.parameters += spec.assignments
        return request
    }
}
