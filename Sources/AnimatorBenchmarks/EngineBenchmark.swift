import Glibc
import AnimatorEngine
import AnimatorRendering

/// The engine's hot paths: one cubic-Bézier evaluation at full accuracy, and evaluating a
/// presentation tree per animated property per frame.
enum EngineBenchmark {
    static func run(quick: Bool, bezier: Bool = true) -> [String] {
        var lines = ["| measure | median | min | goal |", "|---|---:|---:|---:|"]
        func row(_ label: String, _ samples: [Double], _ goal: String) -> String {
            "| \(label) | \(fixed(median(samples), 1)) ns | \(fixed(samples.min() ?? .nan, 1)) ns | \(goal) |"
        }
        if bezier {
            lines.append(row("cubic-Bézier evaluation (easeInOut, random x)", bezierNanoseconds(quick: quick), "≤ 50 ns"))
        }
        for (label, kinds) in [("opacity, position and transform", [0, 1, 2]), ("opacity only", [0]),
                               ("position only", [1]), ("transform only", [2])] {
            lines.append(row("presentation tree, per animated property per frame (\(label))",
                             presentationNanoseconds(kinds: kinds, quick: quick), "≤ 100 ns"))
        }
        // The whole step per animated view: the clock advancing through a frame and the
        // frame captured, as a run records it; flat in the number of views.
        let (small, large) = pairedScalingMicroseconds(quick: quick)
        func microRow(_ label: String, _ samples: [Double], goal: String = "≤ 1.0 µs") -> String {
            "| \(label) | \(fixed(median(samples), 3)) µs | \(fixed(samples.min() ?? .nan, 3)) µs | \(goal) |"
        }
        lines.append(microRow("engine step and scene frame, per animated view per frame (1,000 views)", small.map(\.perFrame)))
        lines.append(microRow("engine step and scene frame, per animated view per frame (16,000 views)", large.map(\.perFrame)))
        // Total cost ∝ views^slope: slope = 1 + log(per-view cost ratio) / log(16).
        let slope = 1 + log(median(large.map(\.perFrame)) / median(small.map(\.perFrame))) / log(16.0)
        lines.append("| log-log slope of the frame's cost in the number of views (1,000 → 16,000) | \(fixed(slope, 3)) | | ≤ 1.05 |")
        // A run's first frame is the one that takes its node storage fresh from the kernel
        // (page faults, zeroed pages) when the heap has none free of that size: measured
        // apart, so that the rows above are the frames a run makes after it.
        lines.append(microRow("a run's first scene frame, per view (1,000 views)", small.map(\.firstFrame), goal: "—"))
        lines.append(microRow("a run's first scene frame, per view (16,000 views)", large.map(\.firstFrame), goal: "—"))
        // A path moves 13 numbers (an oval's move and four curves): the scalar goal per number.
        lines.append(row("scene frame, per animated shape-layer path per frame (an oval: 13 numbers)",
                         pathNanoseconds(quick: quick), "≤ 1300 ns"))
        return lines
    }

    /// 100 shape layers each animating its path from a small oval to a large one (a
    /// circular reveal's mask, 6 elements); the scene frame (presentation tree, paths at
    /// the time, masks) is captured at 60 frames.
    static func pathNanoseconds(quick: Bool) -> [Double] {
        let engine = SnapshotRasterizer.engine()
        let root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        for index in 0..<100 {
            let shape = engine.makeShapeLayer()
            try? root.layer.addSublayer(shape)
            let center = Point(x: Double(index % 10) * 39 + 20, y: Double(index / 10) * 84 + 40)
            let small = ShapePath.oval(in: Rect(x: center.x - 1, y: center.y - 1, width: 2, height: 2))
            let large = ShapePath.oval(in: Rect(x: center.x - 30, y: center.y - 30, width: 60, height: 60))
            try? shape.add(.basic(.path, from: .path(small), to: .path(large), duration: 1, timingFunction: .easeInOut),
                           forKey: "path")
        }
        let frames = 60
        var samples: [Double] = []
        var sink = 0
        for _ in 0..<(quick ? 5 : 30) {
            let ms = Clock.milliseconds {
                for frame in 0..<frames {
                    let scene = SceneFrame(engine: engine, root: root.layer.id, at: Double(frame) / Double(frames - 1))
                    sink &+= scene.shapes.count
                }
            }
            samples.append(ms * 1e6 / (100 * Double(frames)))
        }
        blackHole(Double(sink))
        return samples
    }

    /// `views` views, each animated by its own UIView block (position and opacity over a
    /// second, as an animator moving many views writes it); the clock steps through 30
    /// frames at 60 a second and each frame is captured as a scene. Microseconds per view
    /// per frame. Each size measures the same number of view-frames in all (a smaller
    /// scene is run more times, 16,000 views' worth), so that both medians are taken over
    /// as much work and the slope between them is not the small scene's timer noise.
    static func scalingMicroseconds(views count: Int, quick: Bool) -> [Double] {
        let runs = (quick ? 2 : 5) * max(1, 16_000 / max(count, 1))
        return (0..<runs).map { _ in scalingSample(views: count).perFrame }
    }

    /// `scalingMicroseconds` at 1,000 and 16,000 views, taken in turns (sixteen runs of the
    /// small scene, then one of the large, and again), so that both sizes sample the same
    /// stretches of the machine's time: a shared machine's memory speed drifts over
    /// seconds, and measuring one size after the other put that drift into their ratio.
    static func pairedScalingMicroseconds(quick: Bool) -> (small: [ScalingSample], large: [ScalingSample]) {
        var small: [ScalingSample] = [], large: [ScalingSample] = []
        for _ in 0..<(quick ? 2 : 5) {
            for _ in 0..<16 { small.append(scalingSample(views: 1_000)) }
            large.append(scalingSample(views: 16_000))
        }
        return (small, large)
    }

    /// One run of the scaling scene, in µs per view.
    struct ScalingSample {
        /// A frame of the 30 the clock steps through (see `scalingMicroseconds`).
        var perFrame: Double
        /// The frame captured before the clock moves: the run's first.
        var firstFrame: Double
    }

    /// One run of the scaling scene (see `scalingMicroseconds`): its first frame, captured
    /// before the clock moves, is timed apart from the 30 after it.
    static func scalingSample(views count: Int) -> ScalingSample {
        let frames = 30
        var sink = 0
        let engine = SnapshotRasterizer.engine()
        let root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var views: [View] = []
        for index in 0..<count {
            let view = engine.makeView(frame: Rect(x: Double(index % 39) * 10, y: Double(index / 39 % 84) * 10,
                                                   width: 8, height: 8))
            try? root.addSubview(view)
            views.append(view)
        }
        for (index, view) in views.enumerated() {
            engine.animate(withDuration: 1, animations: {
                view.center = Point(x: 195 + Double(index % 100), y: 422)
                view.alpha = 0.5
            })
        }
        let first = Clock.milliseconds {
            sink &+= SceneFrame(engine: engine, root: root.layer.id).nodes.count
        }
        let ms = Clock.milliseconds {
            for frame in 1...frames {
                try? engine.advance(to: Double(frame) / 60)
                sink &+= SceneFrame(engine: engine, root: root.layer.id).nodes.count
            }
        }
        blackHole(Double(sink))
        return ScalingSample(perFrame: ms * 1e3 / Double(count * frames), firstFrame: first * 1e3 / Double(count))
    }

    /// A deterministic spread of inputs in [0, 1].
    static func inputs(_ count: Int) -> [Double] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static func bezierNanoseconds(quick: Bool) -> [Double] {
        let curve = CubicBezier.easeInOut
        let xs = inputs(4096)
        let rounds = quick ? 100 : 1000
        var samples: [Double] = []
        var sink = 0.0
        for _ in 0..<(quick ? 5 : 15) {
            let ms = Clock.milliseconds {
                for _ in 0..<rounds {
                    for x in xs { sink += curve.value(at: x) }
                }
            }
            samples.append(ms * 1e6 / Double(rounds * xs.count))
        }
        blackHole(sink)
        return samples
    }

    /// 100 views each animating the given kinds (0 opacity, 1 position, 2 transform) inside
    /// a UIView block on easeInOut; the tree is evaluated at 60 frames.
    static func presentationNanoseconds(kinds: [Int], quick: Bool) -> [Double] {
        let engine = SnapshotRasterizer.engine()
        let root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        var views: [View] = []
        for index in 0..<100 {
            let view = engine.makeView(frame: Rect(x: Double(index % 10) * 39, y: Double(index / 10) * 84, width: 30, height: 30))
            try? root.addSubview(view)
            views.append(view)
        }
        engine.animate(withDuration: 1, animations: {
            for (index, view) in views.enumerated() {
                if kinds.contains(0) { view.alpha = 0.25 }
                if kinds.contains(1) { view.center = Point(x: 195 + Double(index), y: 422) }
                if kinds.contains(2) {
                    view.transform = AffineTransform(rotationAngle: 0.8).concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
                }
            }
        })
        let properties = Double(views.count * kinds.count)
        let frames = 60
        let rounds = quick ? 5 : 30
        var samples: [Double] = []
        var sink = 0.0
        for _ in 0..<rounds {
            let ms = Clock.milliseconds {
                for frame in 0..<frames {
                    let tree = engine.presentationTree(of: root.layer.id, at: Double(frame) / Double(frames - 1))
                    sink += tree[tree.count - 1].properties.opacity
                }
            }
            samples.append(ms * 1e6 / (properties * Double(frames)))
        }
        blackHole(sink)
        return samples
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole(_ value: Double) {
    if value == -.infinity { print(value) }
}
