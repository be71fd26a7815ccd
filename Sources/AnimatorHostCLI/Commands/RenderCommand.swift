import AnimatorRuns
import AnimatorSupport

/// `animator-host render`: draws a timeline written earlier by `run --timeline`.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "Render a timeline written by run --timeline to a GIF, a PNG, an animated PNG or a player page."
    static let usage = "animator-host render <timeline.json> --out FILE.gif|.png|.apng|.html [--scale 1|2|3] [--at S | --sheet N | --animated]"
    static let options: [OptionSpec] = [
        .value("--out", valueName: "FILE", help: "Render to FILE: .gif (animated), .png (one frame or a sheet), .html (a player page)."),
        .value("--scale", valueName: "1|2|3", help: "Device pixels per point (default 1)."),
        .value("--at", valueName: "S", help: "With --out x.png: the frame nearest S seconds after the start (default: the last)."),
        .value("--sheet", valueName: "N", help: "With --out x.png: a contact sheet of N frames spread over the run."),
        .flag("--animated", help: "With --out x.png: an animated PNG of every frame in full color (as --out x.apng)."),
    ]
    static let discussion = """
        A timeline holds every frame's presentation values (docs/rendering.md), so a run
        recorded on one machine, in CI say, can be drawn later without the animators. The
        picture is the same as `run --out` would have drawn. A malformed timeline is one
        line naming the file, the JSON path and the reason; exit status 1.
        """

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError("render takes one timeline file (got \(arguments.positionals.count))")
        }
        guard let request = try RunCommand.outputRequest(arguments) else {
            throw UsageError("render needs --out FILE.gif, .png, .apng, .html, .mp4 or .webm")
        }
        let output = request.path
        if let reason = OutputFile.cannotWrite(output) ?? request.kind.render?.unavailable {
            console.error("animator-host render: \(output.oneLine): \(reason)")
            return 1
        }
        do {
            let recording = try Timeline.load(path: path)
            if let warning = request.warning(for: recording) { console.error("animator-host render: \(warning.oneLine)") }
            let progress = ProgressBar(label: "rendering \(output)")
            defer { progress.finish() }
            let what = try request.write(recording, progress: progress.update)
            progress.finish()
            console.error("wrote \(output): \(what)")
            return 0
        } catch {
            console.error("animator-host render: \("\(error)".oneLine)")
            return 1
        }
    }
}
