import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorSupport

/// The whole-picture oracle for one transition: whatever an animator does on the way,
/// the last frame of a completed transition must be the app's new state, drawn as if the
/// operation had happened with no animation at all, and the last frame of a cancelled one
/// the old state, drawn before the operation began; and nothing the animator added may
/// be left in the window.
///
/// The references come from the same stage run without an animator (UIKit's
/// `animated: false`), so they follow UIKit's rules for which views stay and which go,
/// never the animator under test. The comparison is of pictures (`PictureDifference`)
/// and of the view tree: the layers' names and their place, and each remaining layer's
/// visibility, opacity, frame and transform.
public struct EndStateCheck {
    /// What a transition must end on.
    public enum Expectation: String, Sendable {
        /// Completed: the new state.
        case newState = "the new state"
        /// Cancelled: the old state.
        case oldState = "the old state"
    }

    /// The outcome of one check.
    public struct Result {
        /// The operation checked.
        public var operation: TransitionOperation
        /// How the transition went.
        public var outcome: TransitionOutcome
        /// What its last frame had to show, from the outcome.
        public var expectation: Expectation
        /// The transition's last frame.
        public var lastFrame: SceneFrame
        /// The reference frame (no animation).
        public var reference: SceneFrame
        /// The two pictures compared.
        public var picture: PictureDifference
        /// Layers in the window that the reference does not have, by path ("window/…/bubble").
        public var leftBehind: [String]
        /// Layers the reference has that the window lacks.
        public var missing: [String]
        /// Layers in both whose state differs: "path: alpha 0.5 (expected 1)".
        public var changed: [String]
        /// What was still animating in the window when the transition completed: the
        /// layer's path, the property (or the animation's key) and when it ends, in
        /// seconds from the start of the transition (infinity: never).
        public var stillRunning: [(layer: String, property: String, until: Double)] = []

        /// Every finding, one line each; empty when the check passed.
        public var findings: [String] {
            var lines: [String] = []
            if !picture.isSame {
                lines.append("the last frame is not \(expectation.rawValue): \(picture.summary())")
            }
            lines += leftBehind.map { "left in the window: \($0)" }
            lines += missing.map { "missing from the window: \($0)" }
            lines += changed
            return lines
        }

        /// Whether the transition ended exactly where UIKit says.
        public var passed: Bool { findings.isEmpty }
    }

    /// The screen, in points.
    public var size: Size
    /// The scale the pictures are drawn at.
    public var scale: Double
    /// Frames per second.
    public var fps: Double
    /// Levels per channel two pixels may differ by and count as the same.
    public var channelTolerance: Int
    /// How present and dismiss present (the stage's `style`).
    public var style = ModalPresentationStyle.fullScreen

    /// Creates a check at a screen size, drawing scale and frame rate.
    public init(size: Size = Size(width: 390, height: 844), scale: Double = 1, fps: Double = 60,
                channelTolerance: Int = PictureDifference.defaultChannelTolerance) {
        self.size = size
        self.scale = scale
        self.fps = fps
        self.channelTolerance = channelTolerance
    }

    /// Runs `operation` on a fresh stage with the animator `makeAnimator` returns for the
    /// stage's runtime, driven by `interaction` when given, and checks how it ended.
    ///
    /// - Throws: what `makeAnimator` throws, and `EngineError` when a stage cannot run.
    public func run(_ operation: TransitionOperation, interaction: InteractionScript? = nil,
                    makeAnimator: (TransitionRuntime) throws -> TransitionAnimator?) throws -> Result {
        // The transition under test, every frame recorded.
        let runtime = makeRuntime()
        let stage = TransitionStage(runtime: runtime)
        stage.style = style
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        let animator = try makeAnimator(runtime)
        let outcome = try stage.perform(operation, animator: animator, interaction: interaction, onFrame: recorder.capture)
        recorder.captureFinal()
        let start = runtime.engine.currentTime - outcome.elapsed
        let stillRunning = runtime.engine.runningAnimations(under: runtime.window.layer.id).map { running in
            (layer: Self.path(of: running.layer, in: runtime.engine),
             property: running.keyPath ?? running.key ?? "an animation", until: running.end - start)
        }
        let lastFrame = recorder.frames.last ?? SceneFrame(engine: runtime.engine, root: runtime.window.layer.id)

        // The reference: the same stage with no animation, after (completed) or before
        // (cancelled) the operation.
        let expectation: Expectation = outcome.completed ? .newState : .oldState
        // The same delegate answers without animation: a custom presentation keeps its
        // presentation controller.
        let referenceRuntime = makeRuntime()
        let referenceStage = TransitionStage(runtime: referenceRuntime)
        referenceStage.style = style
        let referenceAnimator = try makeAnimator(referenceRuntime)
        try referenceStage.prepare(operation, presenter: referenceAnimator)
        if outcome.completed { _ = try referenceStage.perform(operation, animator: referenceAnimator, animated: false) }
        let reference = SceneFrame(engine: referenceRuntime.engine, root: referenceRuntime.window.layer.id)
        var result = compare(lastFrame, with: reference, operation: operation, outcome: outcome, expectation: expectation)
        result.stillRunning = stillRunning
        return result
    }

    /// A layer's path of names from the root of its tree ("window/root/to").
    static func path(of layer: LayerID, in engine: AnimationEngine) -> String {
        var names: [String] = []
        var cursor: LayerID? = layer
        while let current = cursor {
            names.append(engine.name(of: current) ?? "(unnamed)")
            cursor = Layer(engine: engine, id: current).superlayer?.id
        }
        return names.reversed().joined(separator: "/")
    }

    /// Compares a transition's last frame with a reference frame.
    public func compare(_ lastFrame: SceneFrame, with reference: SceneFrame, operation: TransitionOperation,
                        outcome: TransitionOutcome, expectation: Expectation) -> Result {
        let renderer = SceneRenderer(size: size, scale: scale)
        let actualImage = renderer.render(lastFrame)
        let expectedImage = renderer.render(reference)
        let picture = PictureDifference(actual: actualImage, expected: expectedImage, channelTolerance: channelTolerance)
        let tree = Self.compareTrees(lastFrame, reference)
        return Result(operation: operation, outcome: outcome, expectation: expectation, lastFrame: lastFrame,
                      reference: reference, picture: picture, leftBehind: tree.extra, missing: tree.missing,
                      changed: tree.changed)
    }

    private func makeRuntime() -> TransitionRuntime {
        let runtime = TransitionRuntime(size: size)
        runtime.frameInterval = 1 / fps
        return runtime
    }

    /// Each node's path of names from the root ("window/root/to/to header"); unnamed
    /// layers are "(unnamed)".
    public static func paths(_ frame: SceneFrame) -> [String] {
        var paths: [String] = []
        paths.reserveCapacity(frame.nodes.count)
        for (index, node) in frame.nodes.enumerated() {
            let name = frame.names[index] ?? "(unnamed)"
            paths.append(node.parent.map { paths[$0] + "/" + name } ?? name)
        }
        return paths
    }

    /// Matches the two trees' layers by path (in order where a path repeats) and lists
    /// what one has and the other lacks, and what differs between matched layers that
    /// would change a picture: hidden, opacity, frame, transform.
    static func compareTrees(_ actual: SceneFrame, _ expected: SceneFrame)
        -> (extra: [String], missing: [String], changed: [String]) {
        let actualPaths = paths(actual), expectedPaths = paths(expected)
        var expectedByPath: [String: [Int]] = [:]
        for (index, path) in expectedPaths.enumerated() { expectedByPath[path, default: []].append(index) }
        var extra: [String] = [], changed: [String] = []
        var extraPrefixes: [String] = []
        for (index, path) in actualPaths.enumerated() {
            guard var candidates = expectedByPath[path], !candidates.isEmpty else {
                // Report the topmost layer of an added subtree only.
                if !extraPrefixes.contains(where: { path.hasPrefix($0 + "/") }) {
                    extra.append(path)
                    extraPrefixes.append(path)
                }
                continue
            }
            let match = candidates.removeFirst()
            expectedByPath[path] = candidates
            let a = actual.nodes[index].properties, e = expected.nodes[match].properties
            var differences: [String] = []
            if a.isHidden != e.isHidden { differences.append("hidden \(a.isHidden) (expected \(e.isHidden))") }
            if abs(a.opacity - e.opacity) > 1e-6 {
                differences.append("alpha \(format(a.opacity)) (expected \(format(e.opacity)))")
            }
            let af = a.frame, ef = e.frame
            if [af.origin.x - ef.origin.x, af.origin.y - ef.origin.y, af.size.width - ef.size.width,
                af.size.height - ef.size.height].contains(where: { abs($0) > 1e-3 }) {
                differences.append("frame \(describe(af)) (expected \(describe(ef)))")
            }
            if !a.transform.isClose(to: e.transform) { differences.append("transform is not \(e.transform.isIdentityLike ? "identity" : "the reference's")") }
            if !differences.isEmpty { changed.append("\(path): " + differences.joined(separator: ", ")) }
        }
        let missing = expectedPaths.indices.filter { index in
            expectedByPath[expectedPaths[index]]?.contains(index) ?? false
        }.map { expectedPaths[$0] }
        // Of missing subtrees, the top only.
        var missingTops: [String] = []
        for path in missing where !missingTops.contains(where: { path.hasPrefix($0 + "/") }) { missingTops.append(path) }
        return (extra, missingTops, changed)
    }

    private static func format(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) }

    private static func describe(_ rect: Rect) -> String {
        "(\(format(rect.origin.x)), \(format(rect.origin.y)), \(format(rect.size.width)), \(format(rect.size.height)))"
    }
}

extension Transform3D {
    /// Whether every entry is within 1e-6 of `other`'s.
    func isClose(to other: Transform3D) -> Bool {
        zip(values, other.values).allSatisfy { abs($0 - $1) <= 1e-6 }
    }

    /// Whether it is within 1e-6 of the identity.
    var isIdentityLike: Bool { isClose(to: .identity) }
}
