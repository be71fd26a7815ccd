import AnimatorSupport

/// The pictures the report's page holds for its scrubber, and the script lines that add
/// them: each drawn job's PNG file becomes a picture (`pictures.push(...)`, a data URL)
/// unless a job drawn before made the same file, and each case (`cases.push({...})`) is
/// written as soon as every job it shows has its picture.
///
/// Jobs come in order, a window at a time (`add`). Frames that differ but draw the same
/// pixels are found by their files: the encoder is lossless and makes the same bytes for
/// the same pixels, so two files are equal exactly when their pictures are (looked up by a
/// hash of the file, then compared whole), across every case.
struct ScrubberPictures {
    /// Each job's picture number, for the jobs added so far.
    private var pictureOfJob: [Int] = []
    /// The pictures so far by a hash of their file: their number and data URL.
    private var pictures: [Int: [(number: Int, url: String)]] = [:]
    private var count = 0
    /// The cases written so far.
    private var casesWritten = 0

    /// Adds the next jobs' files (their hash and data URL), in job order, and writes
    /// through `emit` the pictures that are new and then every case of `plan` whose jobs
    /// all have pictures now, in order.
    mutating func add(_ files: [(hash: Int, url: String)], plan: ScrubberPlan, to emit: (String) -> Void) {
        // One `push` a window: a call takes a bounded number of arguments.
        var pushing = false
        for file in files {
            if let same = pictures[file.hash]?.first(where: { $0.url == file.url }) {
                pictureOfJob.append(same.number)
                continue
            }
            pictures[file.hash, default: []].append((count, file.url))
            pictureOfJob.append(count)
            count += 1
            emit((pushing ? ",\n" : "pictures.push(") + "\"" + file.url + "\"")
            pushing = true
        }
        if pushing { emit(");\n") }
        while casesWritten < plan.cases.count, plan.cases[casesWritten].lastJob < pictureOfJob.count {
            emit(line(plan.cases[casesWritten]))
            casesWritten += 1
        }
    }

    /// The script line adding `scrubbed` (`cases.push({name, threshold, times, golden,
    /// actual})`): for each frame of both runs, by index, the number of its golden and of
    /// its actual picture among the page's, -1 past a run's end (the shorter run shows
    /// nothing there).
    private func line(_ scrubbed: ScrubberPlan.Case) -> String {
        let count = scrubbed.times.count
        let golden = (0..<count).map { $0 < scrubbed.goldenCount ? String(pictureOfJob[scrubbed.jobs[$0]]) : "-1" }
        let actual = (0..<count).map {
            $0 < scrubbed.actualCount ? String(pictureOfJob[scrubbed.jobs[scrubbed.goldenCount + $0]]) : "-1"
        }
        return "cases.push({name:\(SnapshotReport.jsString(scrubbed.name)),threshold:\(scrubbed.threshold),"
            + "times:[\(scrubbed.times.map { JSONValue.format(($0 * 1000).rounded() / 1000) }.joined(separator: ","))],"
            + "golden:[\(golden.joined(separator: ","))],actual:[\(actual.joined(separator: ","))]});\n"
    }
}
