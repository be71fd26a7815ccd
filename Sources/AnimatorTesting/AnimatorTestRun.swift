import AnimatorEngine
import AnimatorHost
import AnimatorRuns
import AnimatorSupport

/// One transition run in the test's own process, for XCTest and Swift Testing: an
/// animator from a plugin library (by path), or any `TransitionAnimator` type, performs an
/// operation between the host's "from" and "to" screens, every frame recorded. Ask it for
/// presentation values at a time, or compare it with golden files (`assertSnapshot`).
///
/// ```swift
/// let run = try AnimatorTestRun(library: ".build/debug/libFlip.so", operation: .present,
///                               parameters: ["duration": "0.4"])
/// #expect(run.outcome.completed)
/// #expect(abs(run.presentation(of: "to", at: 0.2)!.opacity - 0.5) < 0.01)
/// let result = try run.assertSnapshot("flip-present", in: "Tests/Snapshots")
/// #expect(result.status != .differed, "\(result.findings)")
/// ```
///
/// Plugin code runs in this process: a crash in it ends the test run (the
/// `animator-host snapshot` command runs it in a child process instead).
public final class AnimatorTestRun {
    /// Everything recorded: one transition's frames.
    public let recording: Recording
    /// How the transition went.
    public var outcome: TransitionOutcome { recording.segments[0].outcome }
    /// What the plugin logged (empty for a Swift type).
    public var log: [PluginLogEntry] { recording.segments[0].log }

    /// Runs an animator of the plugin library at `path`.
    ///
    /// - Parameters:
    ///   - animator: its id or name; nil for the library's only (or first) animator.
    ///   - operation: nil for the animator's first.
    ///   - parameters: values by name, as `--param` takes them ("0.4", "#ff0000", "10,20").
    ///   - interaction: an interaction script ("update 0.5 @0.2; finish @0.3") or the path
    ///     of a gesture trace file.
    ///   - variant: the traits the app runs with, as `--variant` takes them ("dark,rtl",
    ///     "reduce-motion", "iphone-se,landscape"); "" for UIKit's defaults. A device or
    ///     orientation sets the screen instead of `size`.
    ///   - allowInsecure: skip the ownership and permission checks on the library file.
    /// - Throws: `SnapshotError` for a library that does not load, an unknown animator or
    ///   operation, a bad parameter, interaction or variant; an engine error from the run.
    public convenience init(library path: String, animator: String? = nil, operation: TransitionOperation? = nil,
                            parameters: [String: String] = [:], interaction: String? = nil,
                            size: Size = Size(width: 390, height: 844), fps: Double = 60,
                            style: ModalPresentationStyle = .fullScreen, variant: String = "",
                            allowInsecure: Bool = false) throws {
        let scan = PluginLoader(allowInsecure: allowInsecure).scanFile(path)
        if let problem = scan.problems.first { throw SnapshotError(path, problem.reason) }
        guard let info = animator.map({ query in scan.animators.first { $0.id == query || $0.name == query } })
                ?? scan.animators.first else {
            throw SnapshotError(path, "has no animator '\(animator ?? "")' (it offers "
                                + scan.animators.map(\.name).joined(separator: ", ") + ")")
        }
        // The same run `animator-host run` makes, in this process.
        var request = RunRequest(animator: info.id, operation: operation)
        request.parameters = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        request.interaction = interaction
        request.size = size
        request.fps = fps
        request.variant = variant
        do {
            try request.check()
        } catch {
            throw SnapshotError("variant", error.description)
        }
        // fullScreen is the default of every operation; another style is for present and dismiss.
        request.style = style == .fullScreen ? nil : style
        let registry = AnimatorRegistry(searchPath: PluginSearchPath(entries: []), animators: [info])
        let result: RunResult
        do {
            result = try Runner(registry: registry).perform(request)
        } catch let error as RunRequestError {
            throw SnapshotError(info.id, error.description)
        } catch let error as AnimatorError {
            throw SnapshotError(error.animator, error.reason)
        }
        if let failure = result.transitions.first?.failure { throw SnapshotError(info.id, failure) }
        self.init(recording: result.recording)
    }

    /// Runs an animator written against the host's engine directly (a `TransitionAnimator`).
    ///
    /// - Parameter make: makes the animator for the run's engine.
    public convenience init(_ operation: TransitionOperation, interaction: String? = nil,
                            size: Size = Size(width: 390, height: 844), fps: Double = 60,
                            style: ModalPresentationStyle = .fullScreen,
                            animator make: @escaping (AnimationEngine) throws -> TransitionAnimator) throws {
        try self.init(operation, interaction: interaction, size: size, fps: fps, style: style) { runtime in
            try make(runtime.engine)
        }
    }

    private init(recording: Recording) {
        self.recording = recording
    }

    private init(_ operation: TransitionOperation, interaction: String?, size: Size, fps: Double,
                 style: ModalPresentationStyle,
                 make: (TransitionRuntime) throws -> TransitionAnimator) throws {
        guard fps >= 1, fps <= 240 else { throw SnapshotError("fps", "\(fps) is not a frame rate from 1 to 240") }
        let runtime = TransitionRuntime(size: size)
        runtime.frameInterval = 1 / fps
        let script = try interaction.map { text throws(InteractionError) in
            try InteractionScript.load(text, containerSize: runtime.window.bounds.size)
        }
        let stage = TransitionStage(runtime: runtime)
        stage.style = style
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        let animator = try make(runtime)
        let outcome = try stage.perform(operation, animator: animator, interaction: script, onFrame: recorder.capture)
        recorder.captureFinal()
        let screens = stage.screenNames(for: operation)
        let segment = Recording.Segment(operation: operation, animator: animator.identifier, from: screens.from,
                                        to: screens.to, outcome: outcome, frames: recorder.take().frames)
        recording = Recording(size: size, fps: fps, segments: [segment])
    }

    /// The presentation values of the view named `view` (its name, or its path of names
    /// such as "window/transition container/to") at `time` seconds from the start: those
    /// of the frame at or just before that time. Nil when no frame has such a view.
    public func presentation(of view: String, at time: Double) -> LayerProperties? {
        let segment = recording.segments[0]
        guard let frame = segment.frames.last(where: { $0.time - segment.start <= time + 1e-9 }) ?? segment.frames.first else {
            return nil
        }
        let paths = TimelineComparison.paths(frame)
        let index = paths.firstIndex(of: view) ?? frame.names.firstIndex(of: view)
        return index.map { frame.nodes[$0].properties }
    }

    /// Compares this run with the golden files of case `name` in `folder` (its own
    /// subfolder `name/`), as `animator-host snapshot verify` does: the timeline value by
    /// value, and the pictures of `frames` (and a contact sheet of `sheet` frames) pixel by
    /// pixel. Missing golden files are recorded, unless the environment has `CI=true`
    /// (then the result is `.missing`); `record: true` writes them over, as after a wanted
    /// change.
    ///
    /// - Returns: the outcome; `status == .differed` or `.missing` is a failure, its
    ///   `findings` say where.
    /// - Throws: `SnapshotError` for a golden file that cannot be read or written.
    @discardableResult
    public func assertSnapshot(_ name: String, in folder: String, frames: [SnapshotCase.Moment] = [.end], sheet: Int? = nil,
                               scale: Double = 1, tolerance: SnapshotTolerance = SnapshotTolerance(),
                               record: Bool = false) throws -> SnapshotVerifier.Outcome {
        var snapshotCase = SnapshotCase(name: name, animator: recording.segments[0].animator,
                                        operation: recording.segments[0].operation)
        snapshotCase.frames = frames
        snapshotCase.sheet = sheet
        snapshotCase.scale = scale
        snapshotCase.tolerance = tolerance
        let verifier = try SnapshotVerifier(missingIsError: SnapshotEnvironment.isCI(ProcessEnvironment.current()))
        return try verifier.process(snapshotCase, recording: recording, folder: folder + "/" + name, within: folder,
                                    mode: record ? .record : .verify)
    }
}
