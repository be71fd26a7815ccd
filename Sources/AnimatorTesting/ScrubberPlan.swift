import AnimatorEngine
import AnimatorRendering
import AnimatorRuns

/// What the report's scrubber draws, for every case it shows: the frames to draw (jobs, in
/// the order they are drawn and their pictures written) and, for each case, which job draws
/// each of its frames. A frame that draws the same as one planned before (a held start or
/// end, the same first picture on both sides, the same run in two variants of a case, an
/// animator that ignores Reduce Motion) is no new job: it shows that job's picture.
///
/// Cases are planned one at a time (`add`), so that a report plans the next ones while the
/// cores draw the jobs of the earlier ones. The plan keeps, for each job drawn, a key of its
/// frame (`SceneFrame.drawingKey`, with its canvas) and where the frame is, and a job's frame
/// only until it is drawn (`drawn(upTo:)`): a frame found under the same key is fetched again
/// from its case's recordings and compared whole (`drawsTheSame(as:)`).
struct ScrubberPlan {
    /// What a frame is drawn on: the case's canvas, in points, at its scale.
    struct Canvas: Hashable {
        let size: Size
        let scale: Double
    }

    /// A frame to draw: its job number is its index in `jobs`.
    struct Job {
        /// The frame; nil once drawn.
        fileprivate(set) var frame: SceneFrame?
        let canvas: Canvas
    }

    /// A case as the scrubber shows it: for each frame of its golden run, then of its
    /// actual run, the job that draws it.
    struct Case {
        let name: String
        /// Channel differences up to this are not differences (the case's pixel threshold).
        let threshold: Int
        /// Each frame's time, by index (the actual run's where it has the frame).
        let times: [Double]
        let goldenCount: Int
        let actualCount: Int
        /// The job of each frame: golden frames first, then actual ones.
        let jobs: [Int]
        /// The last job the case shows (-1 for none): its pictures are known when that
        /// one's is.
        let lastJob: Int
    }

    /// Where a job's frame lives: frame `index` of case `source`'s frames.
    private struct Drawn {
        let job: Int
        let source: Int
        let index: Int
    }

    /// The canvas and the frame's key.
    private struct Key: Hashable {
        let canvas: Canvas
        let scene: Int
    }

    private(set) var jobs: [Job] = []
    private(set) var cases: [Case] = []
    /// The frames of each case planned so far, by index: golden frames, then actual ones.
    private var sources: [(Int) -> SceneFrame] = []
    private var drawn: [Key: [Drawn]] = [:]
    /// Jobs before this have let go of their frames.
    private var released = 0

    /// Plans `outcome`'s case, whose golden run is `golden`: its jobs are appended.
    mutating func add(_ outcome: SnapshotVerifier.Outcome, golden: Recording) {
        let g = golden.playback(), a = outcome.actualRecording.playback()
        let count = max(g.frames.count, a.frames.count)
        let times = (0..<count).map { index in index < a.times.count ? a.times[index] : g.times[index] }
        // Later cases fetch this case's frames from its recordings, which the outcomes hold.
        let goldenFrames = g.frames, actualFrames = a.frames, goldenCount = g.frames.count
        let scenes = Array(goldenFrames) + Array(actualFrames)
        var frameJobs: [Int] = []
        if let first = scenes.first {
            let size = scenes.dropFirst().reduce(first.size) {
                Size(width: max($0.width, $1.size.width), height: max($0.height, $1.size.height))
            }
            let canvas = Canvas(size: size, scale: outcome.snapshotCase.scale)
            sources.append { $0 < goldenCount ? goldenFrames[$0] : actualFrames[$0 - goldenCount] }
            let source = sources.count - 1
            let (drawnFrames, repeats) = SceneFrame.withoutRepeats(scenes)
            let drawnJobs = drawnFrames.map { index in
                let scene = scenes[index], key = Key(canvas: canvas, scene: scene.drawingKey)
                if let earlier = drawn[key]?.first(where: { scene.drawsTheSame(as: sources[$0.source]($0.index)) }) {
                    return earlier.job
                }
                drawn[key, default: []].append(Drawn(job: jobs.count, source: source, index: index))
                jobs.append(Job(frame: scene, canvas: canvas))
                return jobs.count - 1
            }
            frameJobs = repeats.map { drawnJobs[$0] }
        }
        cases.append(Case(name: outcome.snapshotCase.name, threshold: outcome.snapshotCase.tolerance.pixelThreshold,
                          times: times, goldenCount: g.frames.count, actualCount: a.frames.count,
                          jobs: frameJobs, lastJob: frameJobs.max() ?? -1))
    }

    /// Lets go of the frames of jobs before `end`, which have been drawn.
    mutating func drawn(upTo end: Int) {
        while released < min(end, jobs.count) {
            jobs[released].frame = nil
            released += 1
        }
    }
}
