import Foundation
import Testing
import TestSupport

/// The corpus (Examples/Corpus): animators written as iOS developers write them, compiled
/// unchanged but for the import, with their registration in a file of its own. Each is
/// checked at key times against values worked out here, and by its first and last pictures.
@Suite struct CorpusTests {
    let cli = CLI()

    /// The "to" view's members in every frame of a run: (t, frame, alpha, transform a).
    func toView(_ arguments: String...) throws -> [(t: Double, frame: [Double], alpha: Double, scale: Double)] {
        let result = try cli.run(["run"] + arguments + ["--timeline", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        return try frames.map { frame in
            let views = try #require(frame["views"] as? [[String: Any]])
            let to = try #require(views.first { $0["name"] as? String == "to" })
            return (try #require(frame["t"] as? Double), try #require(to["frame"] as? [Double]),
                    try #require(to["alpha"] as? Double), try #require((to["transform"] as? [Double])?.first))
        }
    }

    /// The "from" view's frame in every frame of a run.
    func fromFrames(_ arguments: String...) throws -> [(t: Double, frame: [Double])] {
        let result = try cli.run(["run"] + arguments + ["--timeline", "-"])
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try (try #require(timeline["frames"] as? [[String: Any]])).compactMap { frame in
            let views = try #require(frame["views"] as? [[String: Any]])
            guard let from = views.first(where: { $0["name"] as? String == "from" }) else { return nil }
            return (try #require(frame["t"] as? Double), try #require(from["frame"] as? [Double]))
        }
    }

    /// A cubic Bézier timing curve from (0, 0) to (1, 1), solved for x by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        CubicBezierReference.value(x1: x1, y1: y1, x2: x2, y2: y2, at: x)
    }

    /// UIView's spring for animate(withDuration: D, usingSpringWithDamping: ζ,
    /// initialSpringVelocity: v): ω0 such that (ζω0 − v)/ω_d · e^(−ζω0·D) = 0.001 (found by
    /// bisection here), then the share of the distance still to go at t:
    /// e^(−ζω0·t)·(cos ω_d·t + (ζω0 − v)/ω_d · sin ω_d·t).
    static func springRemaining(duration: Double, damping: Double, velocity: Double, at t: Double) -> Double {
        func omegaD(_ omega: Double) -> Double { omega * (1 - damping * damping).squareRoot() }
        func residual(_ omega: Double) -> Double {
            (damping * omega - velocity) / omegaD(omega) * exp(-damping * omega * duration) - 0.001
        }
        var low = velocity / damping + 1e-9, high = 1000.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if residual(middle) > 0 { low = middle } else { high = middle }
        }
        let omega = (low + high) / 2, wd = omegaD(omega)
        return exp(-damping * omega * t) * (cos(wd * t) + (damping * omega - velocity) / wd * sin(wd * t))
    }

    @Test func springSlideUpRisesOnUIViewsSpringAndOvershoots() throws {
        let frames = try toView("spring-slide-up", "--operation", "present")
        // 0.6 s at 60 frames a second: 37 frames, the last at 0.6 s.
        try #require(frames.count == 37)
        // The view starts a screen's height (844) below its place and rises on the spring
        // (damping 0.8, velocity 1.0): y = 844 · remaining(t).
        for (t, frame, _, _) in frames.dropLast() {
            let expected = 844 * Self.springRemaining(duration: 0.6, damping: 0.8, velocity: 1, at: t)
            #expect(abs(frame[1] - expected) < 1e-6, "t \(t): y \(frame[1]), closed form \(expected)")
            #expect(abs(frame[0]) < 1e-9 && abs(frame[2] - 390) < 1e-9 && abs(frame[3] - 844) < 1e-9)
        }
        #expect(frames.last!.frame == [0, 0, 390, 844])
        // The overshoot the seed describes: the view goes past its place (y < 0), by what the
        // closed form says at its deepest frame, then settles.
        let deepest = frames.min { $0.frame[1] < $1.frame[1] }!
        let samples = stride(from: 0.0, through: 0.6, by: 1.0 / 60).map {
            844 * Self.springRemaining(duration: 0.6, damping: 0.8, velocity: 1, at: $0)
        }
        #expect(deepest.frame[1] < -1)
        #expect(abs(deepest.frame[1] - samples.min()!) < 1e-6, "\(deepest.frame[1]) vs \(samples.min()!)")
    }

    @Test func springSlideUpDismissesDownOnEaseIn() throws {
        let frames = try fromFrames("spring-slide-up", "--operation", "dismiss")
        // easeIn is (0.42, 0, 1, 1): halfway in time, the view has gone easeIn(0.5) of 844.
        let half = try #require(frames.first { abs($0.t - 0.3) < 1e-9 })
        #expect(abs(half.frame[1] - 844 * Self.bezier(0.42, 0, 1, 1, at: 0.5)) < 1e-6, "\(half.frame)")
    }

    @Test func scaleFadeModalFadesAndGrowsOnEaseOutBothWays() throws {
        let present = try toView("scale-fade-modal", "--operation", "present")
        // 0.35 s: 22 frames. easeOut is (0, 0, 0.58, 1); at frame 10 (t = 1/6 s) the progress
        // p = easeOut(t / 0.35): alpha p, scale 0.8 + 0.2 p.
        try #require(present.count == 22)
        let p = Self.bezier(0, 0, 0.58, 1, at: (10.0 / 60) / 0.35)
        #expect(abs(present[10].alpha - p) < 1e-9)
        #expect(abs(present[10].scale - (0.8 + 0.2 * p)) < 1e-9)
        #expect(present[0].alpha == 0 && present[0].scale == 0.8)
        #expect(present.last!.alpha == 1 && present.last!.scale == 1)
    }

    /// Renders `animator`'s `operation` at `at` seconds (nil: its end) to a PNG and returns
    /// its path; the run must succeed.
    func picture(_ animator: String, _ operation: String, _ at: String?) throws -> String {
        let path = cli.home.file("\(animator)-\(operation)-\(at ?? "end").png")
        var arguments = ["run", animator, "--operation", operation, "--out", path]
        if let at { arguments += ["--at", at] }
        let result = try cli.run(arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return path
    }

    @Test func firstAndLastPicturesAreTheTwoScreens() throws {
        // The same two screens, whatever the animator: at its start each shows only the
        // outgoing screen (the slide-up's incoming one is below the screen, the pops' and
        // fades' transparent, the reveal's a dot inside the same white, the flip's card
        // edge-on, the CATransition's old look), as fade-c does (its incoming view
        // transparent); all end on the incoming screen alone.
        let corpus: [(String, String)] = [
            ("spring-slide-up", "present"), ("scale-fade-modal", "present"), ("pop-block", "present"),
            ("elastic-pop", "present"), ("delegate-fade", "present"), ("circular-reveal", "present"),
            ("circular-reveal-c", "present"), ("flip-perspective", "present"), ("flip-perspective", "push"),
            ("flip-c", "present"), ("catransition-push", "push"), ("thumbnail-zoom", "present"),
        ]
        var references: [String: (start: String, end: String)] = [:]
        for operation in Set(corpus.map(\.1)) {
            references[operation] = (try picture("fade-c", operation, "0"), try picture("fade-c", operation, nil))
        }
        for (animator, operation) in corpus {
            let reference = try #require(references[operation])
            let pairs = [(try picture(animator, operation, "0"), reference.start),
                         (try picture(animator, operation, nil), reference.end)]
            for (index, (picture, reference)) in pairs.enumerated() {
                let check = try differingBox(picture, reference)
                // The thumbnail zoom starts with the snapshot on its 72-point thumbnail at
                // (16, 120): the only place its first picture differs.
                let expected = animator == "thumbnail-zoom" && index == 0 ? "(16, 120, 88, 192)\n" : "None\n"
                #expect(check.standardOutput == expected, "\(picture) differs from \(reference): \(check.standardOutput)\(check.standardError)")
            }
        }
    }

    @Test func elasticPopScalesThroughItsKeyframesOnEaseInOut() throws {
        let frames = try toView("elastic-pop", "--operation", "present")
        // 0.5 s: 31 frames. Keyframes on the whole animation's easeInOut (0.42, 0, 0.58, 1):
        // at f = easeInOut(t / 0.5) the scale runs 0.3 → 1.1 over f 0…0.5, → 0.95 over
        // 0.5…0.75, → 1 over 0.75…1; alpha 0 → 1 over 0…0.5, then 1.
        try #require(frames.count == 31)
        for (t, _, alpha, scale) in frames {
            let f = Self.bezier(0.42, 0, 0.58, 1, at: t / 0.5)
            let expectedScale = f <= 0.5 ? 0.3 + 0.8 * f / 0.5
                : f <= 0.75 ? 1.1 - 0.15 * (f - 0.5) / 0.25 : 0.95 + 0.05 * (f - 0.75) / 0.25
            #expect(abs(scale - expectedScale) < 1e-6, "t \(t): scale \(scale), expected \(expectedScale)")
            #expect(abs(alpha - min(f / 0.5, 1)) < 1e-6, "t \(t): alpha \(alpha)")
        }
        // Halfway in time easeInOut is at half: the peak, 110 %.
        #expect(abs(frames[15].scale - 1.1) < 1e-9)
    }

    @Test func popBlockPopsThroughSeed002sActionMechanism() throws {
        // The pop: keyframes [1, 1.15, 1] at key times [0, 0.35, 1] of 0.7 s, easeOut out,
        // easeInEaseOut back; the fade over the first 0.245 s on easeOut. The model never
        // leaves the identity: the timeline shows the presentation.
        let frames = try toView("pop-block", "--operation", "present")
        try #require(frames.count == 43)
        let peak = 0.35 * 0.7
        for (t, _, alpha, scale) in frames {
            let expectedScale = t <= peak ? 1 + 0.15 * Self.bezier(0, 0, 0.58, 1, at: t / peak)
                : 1.15 - 0.15 * Self.bezier(0.42, 0, 0.58, 1, at: (t - peak) / (0.7 - peak))
            #expect(abs(scale - expectedScale) < 1e-6, "t \(t): scale \(scale), expected \(expectedScale)")
            let expectedAlpha = t >= peak ? 1 : Self.bezier(0, 0, 0.58, 1, at: t / peak)
            #expect(abs(alpha - expectedAlpha) < 1e-6, "t \(t): alpha \(alpha), expected \(expectedAlpha)")
        }
        #expect(frames.last.map { $0.scale == 1 && $0.alpha == 1 } == true)
        // The dismissal pops to 110 % at 0.245 s while fading out over 0.7 s on easeIn.
        let result = try cli.run("run", "pop-block", "--operation", "dismiss", "--timeline", "-")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let dismissal = try #require(timeline["frames"] as? [[String: Any]])
        let at = try #require(dismissal.first { abs(($0["t"] as? Double ?? 0) - 0.25) < 1e-9 })
        let from = try #require(view("from", in: at))
        let expected = 1.1 - 0.1 * Self.bezier(0.42, 0, 0.58, 1, at: (0.25 - peak) / (0.7 - peak))
        #expect(abs(try #require((from["transform"] as? [Double])?.first) - expected) < 1e-6)
        #expect(abs(try #require(from["alpha"] as? Double) - (1 - Self.bezier(0.42, 0, 1, 1, at: 0.25 / 0.7))) < 1e-6)
        #expect(timeline["completed"] as? Bool == true)
    }

    @Test func popBlockCDrawsTheSwiftPicturesAndFollowsAPan() throws {
        // The same pop through batch 1.6 from C: the same pictures, pixel for pixel.
        for operation in ["present", "dismiss"] {
            for at in ["0.1", "0.3", "0.6"] {
                let c = cli.home.file("pop-c-\(operation)-\(at).png"), swift = cli.home.file("pop-\(operation)-\(at).png")
                #expect(try cli.run("run", "pop-block-c", "--operation", operation, "--at", at, "--out", c).status == 0)
                #expect(try cli.run("run", "pop-block", "--operation", operation, "--at", at, "--out", swift).status == 0)
                let check = try differingBox(c, swift)
                #expect(check.standardOutput == "None\n", "\(operation) at \(at): \(check.standardOutput)\(check.standardError)")
            }
        }
        // Dragged down through context_drive_percent: a quarter, then three quarters of the
        // 844-point screen, let go: finished, the rest ((1 − 0.75) × 0.7 s) on easeInOut.
        // The container's time is percent × 0.7 s; there the fade is 1 − easeIn(time / 0.7)
        // and the pop is at its keyframes (peak 1.1 at 0.245 s).
        func look(at time: Double) -> (alpha: Double, scale: Double) {
            let peak = 0.245
            let scale = time <= peak ? 1 + 0.1 * Self.bezier(0, 0, 0.58, 1, at: time / peak)
                : 1.1 - 0.1 * Self.bezier(0.42, 0, 0.58, 1, at: (time - peak) / (0.7 - peak))
            return (1 - Self.bezier(0.42, 0, 1, 1, at: time / 0.7), scale)
        }
        let finishing = try panTrace([(0, 0), (0.1, 211), (0.2, 633), (0.25, 633)], velocity: 0, name: "pop-c-finish")
        let summary = try cli.run("run", "pop-block-c", "--operation", "dismiss", "--interactive", finishing).standardOutput
        #expect(summary.contains("completed (interactive, 0.425 s)"), "\(summary)")
        for frame in try timeline("pop-block-c", "--operation", "dismiss", "--interactive", finishing) {
            let t = try #require(frame["t"] as? Double)
            guard let from = view("from", in: frame) else {
                #expect(t >= 0.425 - 1e-9, "t \(t): the dismissed screen left early")
                continue
            }
            let p = t < 0.1 - 1e-9 ? 0 : t < 0.2 - 1e-9 ? 0.25 : t <= 0.25 + 1e-9 ? 0.75
                : 0.75 + 0.25 * Self.bezier(0.42, 0, 0.58, 1, at: (t - 0.25) / 0.175)
            let (alpha, scale) = look(at: p * 0.7)
            #expect(abs(try #require(from["alpha"] as? Double) - alpha) < 1e-6, "t \(t): alpha")
            #expect(abs(try #require((from["transform"] as? [Double])?.first) - scale) < 1e-6, "t \(t): scale")
        }
        let cancelling = try panTrace([(0, 0), (0.1, 211), (0.15, 211)], velocity: 0, name: "pop-c-cancel")
        let cancelled = try cli.run("run", "pop-block-c", "--operation", "dismiss", "--interactive", cancelling).standardOutput
        #expect(cancelled.contains("cancelled (interactive, 0.325 s)"), "\(cancelled)")
        // Cancelled, the screen is back as it was: opaque and unscaled.
        let last = try #require(try timeline("pop-block-c", "--operation", "dismiss", "--interactive", cancelling).last)
        let from = try #require(view("from", in: last))
        #expect(from["alpha"] as? Double == 1 && (from["transform"] as? [Double])?.first == 1)
    }

    @Test func aCATransitionPushShowsBothLooksAndItsTiming() throws {
        let result = try cli.run("run", "catransition-push", "--operation", "push", "--timeline", "-")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        // The container's new look and its old one (a copy), both pushed from the right, at
        // the progress of easeInEaseOut (0.42, 0, 0.58, 1) over 0.35 s.
        for frame in frames.dropFirst().dropLast() {
            let t = try #require(frame["t"] as? Double)
            let transitions = (frame["views"] as? [[String: Any]] ?? []).compactMap { $0["transition"] as? [String: Any] }
            #expect(transitions.count == 2, "t \(t)")
            for transition in transitions {
                #expect(transition["type"] as? String == "push" && transition["subtype"] as? String == "fromRight")
                let progress = try #require(transition["progress"] as? Double)
                #expect(abs(progress - Self.bezier(0.42, 0, 0.58, 1, at: t / 0.35)) < 1e-6, "t \(t)")
            }
        }
        // The pop comes from the left.
        let pop = try cli.run("run", "catransition-push", "--operation", "pop", "--timeline", "-")
        #expect(pop.standardOutput.contains("\"subtype\":\"fromLeft\""))
        // Midway the outgoing list is drawn, pushed left (the transition began with the
        // screen as it was shown): its grouped background (#f2f2f7) at the left edge.
        let middle = cli.home.file("push-middle.png")
        #expect(try cli.run("run", "catransition-push", "-o", "push", "--out", middle, "--at", "0.175").status == 0)
        let probe = try Python.run("""
            import sys
            from PIL import Image
            print(Image.open(sys.argv[1]).convert('RGB').getpixel((10, 800)))
            """, [middle])
        #expect(probe.standardOutput == "(242, 242, 247)\n", "\(probe.standardOutput)\(probe.standardError)")
    }

    @Test func delegateFadeRunsPlainValuedCABasicAnimationsAndEndsInTheDelegate() throws {
        // A group of opacity 0 → 1 and transform.scale 0.9 → 1 on easeOut (0, 0, 0.58, 1)
        // over 0.4 s (25 frames); the delegate's animationDidStop completes the transition,
        // so it ends on time.
        let present = try toView("delegate-fade", "--operation", "present")
        try #require(present.count == 25)
        for (t, _, alpha, scale) in present {
            let p = Self.bezier(0, 0, 0.58, 1, at: min(t / 0.4, 1))
            #expect(abs(alpha - p) < 1e-9, "t \(t): alpha \(alpha)")
            #expect(abs(scale - (0.9 + 0.1 * p)) < 1e-9, "t \(t): scale \(scale)")
        }
        let result = try cli.run("run", "delegate-fade", "--operation", "dismiss")
        #expect(result.standardOutput.hasPrefix("1. dismiss detail → list: delegate-fade (org.animatorhost.corpus.delegate-fade), 0.4 s, 25 frames, completed\n"),
                "\(result.standardOutput)")
    }

    @Test func thumbnailZoomGrowsASnapshotWhosePictureScalesWithIt() throws {
        let result = try cli.run("run", "thumbnail-zoom", "--operation", "present", "--timeline", "-")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        // 0.45 s: 28 frames. The snapshot's frame goes from the thumbnail (16, 120, 72, 72)
        // to the screen (0, 0, 390, 844), its corner radius from 12 to 0, on easeInOut.
        try #require(frames.count == 28)
        let (from, to) = ([16.0, 120, 72, 72], [0.0, 0, 390, 844])
        var middle: [Double] = []
        for frame in frames.dropLast() {
            let t = try #require(frame["t"] as? Double)
            let snapshot = try #require((frame["views"] as? [[String: Any]])?.first { $0["name"] as? String == "to snapshot" },
                                        "t \(t)")
            let p = Self.bezier(0.42, 0, 0.58, 1, at: t / 0.45)
            let box = try #require(snapshot["frame"] as? [Double])
            for index in 0..<4 { #expect(abs(box[index] - (from[index] + (to[index] - from[index]) * p)) < 1e-6, "t \(t): \(box)") }
            #expect(abs((snapshot["cornerRadius"] as? Double ?? -1) - 12 * (1 - p)) < 1e-6)
            if abs(t - 0.2) < 1e-9 { middle = box }
        }
        // The picture scales with the snapshot: at 0.2 s a point a fifth of the way down
        // the middle of the snapshot shows what (195, 169) of the finished screen shows.
        let mid = cli.home.file("zoom-mid.png"), end = cli.home.file("zoom-end.png")
        #expect(try cli.run("run", "thumbnail-zoom", "--out", mid, "--at", "0.2").status == 0)
        #expect(try cli.run("run", "thumbnail-zoom", "--out", end).status == 0)
        let x = Int(middle[0] + middle[2] * 0.5), y = Int(middle[1] + middle[3] * 0.2)
        let probe = try Python.run("""
            import sys
            from PIL import Image
            mid, end = (Image.open(p).convert('RGB') for p in sys.argv[1:3])
            a, b = mid.getpixel((int(sys.argv[3]), int(sys.argv[4]))), end.getpixel((195, 169))
            print(max(abs(p - q) for p, q in zip(a, b)) <= 12, a, b)
            """, [mid, end, String(x), String(y)])
        #expect(probe.standardOutput.hasPrefix("True"), "\(probe.standardOutput)\(probe.standardError)")
        // And it ends on the incoming screen alone, as fade-c does.
        let reference = cli.home.file("fade-end.png")
        #expect(try cli.run("run", "fade-c", "--out", reference).status == 0)
        let same = try differingBox(end, reference)
        #expect(same.standardOutput == "None\n", "\(same.standardOutput)")
    }

    @Test func photoZoomRunsBetweenTheLibrarysOwnScreens() throws {
        // The library's own screens, whole: a push starts on the grid a pop ends on, and
        // ends on the photo page a pop starts from (the bar shows the screens' titles).
        let pushStart = try picture("photo-zoom", "push", "0"), pushEnd = try picture("photo-zoom", "push", nil)
        let popStart = try picture("photo-zoom", "pop", "0"), popEnd = try picture("photo-zoom", "pop", nil)
        #expect(try differingBox(pushStart, popEnd).standardOutput == "None\n")
        #expect(try differingBox(pushEnd, popStart).standardOutput == "None\n")
        // The C twin (load_screen in C) draws the same pictures, at the start, half way and
        // at the end of both.
        let middle = try picture("photo-zoom", "push", "0.2")
        for (operation, at) in [("push", "0"), ("push", "0.2"), ("push", nil), ("pop", "0.2"), ("pop", nil)] {
            let swift = try picture("photo-zoom", operation, at), c = try picture("photo-zoom-c", operation, at)
            #expect(try differingBox(swift, c).standardOutput == "None\n", "\(operation) at \(at ?? "end")")
        }
        // The page: the tapped photo (cell 4, system teal 90, 200, 250) across the width,
        // centred on black. Half way (easeInOut is 0.5 at 0.2 s of 0.4 s), the snapshot's left
        // edge is half way between the cell's (2 + side + 2, side = (390 − 8) / 3) and the
        // photo's (0), its width half way between side and 390: teal from x = 65.67 to 324.33
        // on the row through its middle (found as the middle of the teal run at x = 195):
        // pixels 66 to 323 covered whole, 65 and 324 a third.
        let probe = try Python.run("""
            import sys
            from PIL import Image
            end, mid = (Image.open(p).convert('RGB') for p in sys.argv[1:3])
            teal = (90, 200, 250)
            near = lambda p: max(abs(a - b) for a, b in zip(p, teal)) <= 2
            rows = [y for y in range(844) if near(mid.getpixel((195, y)))]
            row = (rows[0] + rows[-1]) // 2
            print(near(end.getpixel((195, 467))), end.getpixel((195, 835)), end.getpixel((195, 100)),
                  [near(mid.getpixel((x, row))) for x in (64, 65, 66, 67, 323, 324, 325)])
            """, [pushEnd, middle])
        #expect(probe.standardOutput == "True (0, 0, 0) (0, 0, 0) [False, False, True, True, True, False, False]\n",
                "\(probe.standardOutput)\(probe.standardError)")
    }

    @Test func aTapOnAPhotoOfTheGridPushesItsPage() throws {
        // The content starts below the status bar (47) and the navigation bar (44): y = 400
        // is 309 points into the grid, the third row (2 + 2 × (side + 2) = 260.67 to 388);
        // x = 300 is the third column: photo 8, system pink (255, 45, 85).
        var pictures: [String] = []
        for animator in ["photo-zoom", "photo-zoom-c"] {
            let path = cli.home.file("\(animator)-tap.png")
            let result = try cli.run("run", animator, "--operation", "push", "--tap", "300,400", "--out", path)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.hasPrefix("1. push list → detail: \(animator) "), "\(result.standardOutput)")
            pictures.append(path)
        }
        #expect(try differingBox(pictures[0], pictures[1]).standardOutput == "None\n")
        let probe = try Python.run("""
            import sys
            from PIL import Image
            print(Image.open(sys.argv[1]).convert('RGB').getpixel((195, 467)))
            """, [pictures[0]])
        #expect(probe.standardOutput == "(255, 45, 85)\n", "\(probe.standardOutput)")
        // Where no handler is, nothing starts, and the run says why in one line.
        let below = try cli.run("run", "photo-zoom", "--operation", "push", "--tap", "195,800")
        #expect(below.status != 0)
        #expect(below.standardError.contains("the tap at (195, 800) asked for no transition"), "\(below.standardError)")
        let bar = try cli.run("run", "photo-zoom-c", "--operation", "push", "--tap", "195,60")
        #expect(bar.status != 0 && bar.standardError.contains("the tap at (195, 60) asked for no transition"),
                "\(bar.standardError)")
        let outside = try cli.run("run", "photo-zoom", "--operation", "push", "--tap", "500,100")
        #expect(outside.status != 0 && outside.standardError.contains("the tap at (500, 100) is outside the 390x844 screen"),
                "\(outside.standardError)")
        let typo = try cli.run("run", "photo-zoom", "--operation", "push", "--tap", "300;400")
        #expect(typo.status == 2 && typo.standardError.contains("--tap: '300;400' is not X,Y in points"),
                "\(typo.standardError)")
    }

    @Test func aFlowTapsAPhotoPansBackAndGoesOnFromWhereTheAppIs() throws {
        // One run, one animator instance, four steps on the library's own screens: tap photo 8
        // (third column, third row, as in the test above), pan back 40 % and let go too early
        // (cancelled), pan back and finish, then tap photo 0 (x = 100, y = 200 is 109 points
        // into the grid: first row, first column, system red 255, 59, 48).
        let steps = [
            #"{ "operation": "push", "tap": [300, 400] }"#,
            #"{ "operation": "pop", "interaction": "update 0.4 @0.2; cancel @0.3" }"#,
            #"{ "operation": "pop", "interaction": "update 0.4 @0.2; finish @0.3" }"#,
            #"{ "operation": "push", "tap": [100, 200] }"#,
        ]
        func flow(_ count: Int, _ animator: String = "photo-zoom", name: String) throws -> (String, ProcessResult) {
            let file = cli.home.file("\(name).json"), path = cli.home.file("\(name).png")
            try "{ \"steps\": [\(steps.prefix(count).joined(separator: ", "))] }".write(toFile: file, atomically: true, encoding: .utf8)
            let result = try cli.run("run", animator, "--scenario", file, "--out", path)
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            return (path, result)
        }
        let (pushed, _) = try flow(1, name: "pushed")
        let (cancelled, report) = try flow(2, name: "cancelled")
        let (back, _) = try flow(3, name: "back")
        let (again, whole) = try flow(4, name: "again")
        #expect(whole.standardOutput.contains("1. push list → detail: photo-zoom "))
        #expect(whole.standardOutput.contains("2. pop detail → list: photo-zoom (org.animatorhost.corpus.photo-zoom), 0.4 s, 29 frames, cancelled (interactive"),
                "\(whole.standardOutput)")
        #expect(whole.standardOutput.contains("3. pop detail → list: ") && whole.standardOutput.contains("4. push list → detail: "))
        #expect(whole.standardOutput.contains("4 transitions: 3 completed, 1 cancelled"), "\(whole.standardOutput)")
        #expect(!report.standardOutput.contains("warning"), "\(report.standardOutput)")
        // After the cancel the app is where it was before the pan: the same picture.
        #expect(try differingBox(pushed, cancelled).standardOutput == "None\n")
        // After the finished pop, the grid as a push starts from it.
        let grid = try picture("photo-zoom", "push", "0")
        #expect(try differingBox(back, grid).standardOutput == "None\n")
        // The second tap opened photo 0's page; the C twin goes the same way; a second run
        // writes the same bytes.
        let probe = try Python.run("""
            import sys
            from PIL import Image
            print(Image.open(sys.argv[1]).convert('RGB').getpixel((195, 467)))
            """, [again])
        #expect(probe.standardOutput == "(255, 59, 48)\n", "\(probe.standardOutput)")
        let (twin, _) = try flow(4, "photo-zoom-c", name: "twin")
        #expect(try differingBox(again, twin).standardOutput == "None\n")
        let (repeated, _) = try flow(4, name: "repeated")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: repeated)))
    }

    @Test func aSwipeDownOnThePhotoPagePopsItInAFlowAndAlone() throws {
        // The page's swipe recognizer (direction .down) pops, in Swift and in C (touch, ABI
        // 1.12): a flow taps photo 8 (as above), swipes down on the photo, and ends on the
        // grid, the picture a push starts from; each twin's page is the library's own.
        let file = cli.home.file("swipe.json")
        try #"{ "steps": [ { "operation": "push", "tap": [300, 400] }, { "operation": "pop", "swipe": { "at": [195, 467], "direction": "down" } } ] }"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let grid = try picture("photo-zoom", "push", "0")
        for animator in ["photo-zoom", "photo-zoom-c"] {
            let path = cli.home.file("\(animator)-swiped.png")
            let result = try cli.run("run", animator, "--scenario", file, "--out", path)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("2. pop detail → list: \(animator) ")
                    && result.standardOutput.contains("completed (swipe down at 195, 467)"), "\(result.standardOutput)")
            #expect(try differingBox(path, grid).standardOutput == "None\n", "\(animator)")
            // Alone, on the page a pop run starts from.
            let alone = try cli.run("run", animator, "--operation", "pop", "--swipe", "195,600,down")
            #expect(alone.status == 0 && alone.standardOutput.contains("completed (swipe down at 195, 600)"),
                    "\(alone.standardOutput)\(alone.standardError)")
            // The recognizer takes only its direction; a long press there asks for nothing.
            let up = try cli.run("run", animator, "--operation", "pop", "--swipe", "195,600,up")
            #expect(up.status == 1 && up.standardError.contains("the swipe up at (195, 600) asked for no transition"),
                    "\(up.standardError)")
        }
        let press = try cli.run("run", "photo-zoom", "--operation", "pop", "--long-press", "195,600,2")
        #expect(press.status == 1 && press.standardError.contains("the long press at (195, 600) asked for no transition (no long-press handler"),
                "\(press.standardError)")
        // A C animator without the touch call says so; mistakes are named.
        let fade = try cli.run("run", "fade-c", "--operation", "present", "--swipe", "195,400,down")
        #expect(fade.status == 1 && fade.standardError.contains("reached nothing: the library takes no long presses or swipes"),
                "\(fade.standardError)")
        let typo = try cli.run("run", "photo-zoom", "--operation", "pop", "--swipe", "195,600,dwon")
        #expect(typo.status == 2 && typo.standardError.contains("--swipe: 'dwon' is not right, left, up or down (did you mean 'down'?)"),
                "\(typo.standardError)")
        let both = try cli.run("run", "photo-zoom", "--operation", "pop", "--tap", "1,1", "--swipe", "195,600,down")
        #expect(both.status == 2 && both.standardError.contains("--tap and --swipe: give one gesture"), "\(both.standardError)")
        let long = try cli.run("run", "photo-zoom", "--operation", "pop", "--long-press", "195,600,-1")
        #expect(long.status == 2 && long.standardError.contains("--long-press: '-1' is not a number of seconds from 0 to 60"),
                "\(long.standardError)")
    }

    @Test func aFlowThatCannotHappenNamesItsStep() throws {
        func run(_ steps: String, _ extra: [String] = []) throws -> ProcessResult {
            let file = cli.home.file("wrong.json")
            try "{ \"steps\": [\(steps)] }".write(toFile: file, atomically: true, encoding: .utf8)
            return try cli.run(["run", "photo-zoom", "--scenario", file] + extra)
        }
        let file = cli.home.file("wrong.json")
        // A step that can never follow the one before, found before anything runs.
        let dismiss = try run(#"{ "operation": "push" }, { "operation": "dismiss" }"#)
        #expect(dismiss.status == 1)
        #expect(dismiss.standardError.contains("\(file): $.steps[1].operation: dismiss cannot follow push: after it comes pop"),
                "\(dismiss.standardError)")
        // A push after a push that completed: found when it comes, after the first ran.
        let twice = try run(#"{ "operation": "push" }, { "operation": "push" }"#)
        #expect(twice.status == 1)
        #expect(twice.standardError.contains("\(file): $.steps[1]: push cannot come now: pop (the detail page is pushed) comes next"),
                "\(twice.standardError)")
        // The library supports push and pop only; the demo's keys are not a flow's.
        let present = try run(#"{ "operation": "present" }"#)
        #expect(present.status == 1 && present.standardError.contains("does not support present"), "\(present.standardError)")
        let to = try run(#"{ "operation": "push", "to": "card" }"#)
        #expect(to.standardError.contains("$.steps[0].to: unknown key: an animator's run has its two screens; leave it out"),
                "\(to.standardError)")
        // The steps give the operations: --operation with a flow is a mistake in the command.
        let both = try run(#"{ "operation": "push" }"#, ["--operation", "push"])
        #expect(both.status == 2 && both.standardError.contains("comes from the scenario's steps with an animator"),
                "\(both.standardError)")
    }

    /// Where two PNG files differ, as Pillow's ImageChops reports it ("None" when they are
    /// pixel for pixel the same), a line of output.
    func differingBox(_ a: String, _ b: String) throws -> ProcessResult {
        try Python.run("""
            import sys
            from PIL import Image, ImageChops
            a, b = (Image.open(p).convert('RGB') for p in sys.argv[1:3])
            print(ImageChops.difference(a, b).getbbox())
            """, [a, b])
    }

    /// Writes a vertical pan trace: (time, translation) samples, the last with `velocity`.
    func panTrace(_ samples: [(Double, Double)], velocity: Double, name: String) throws -> String {
        let path = cli.home.file("\(name).json")
        let items = samples.enumerated().map { index, sample in
            "{ \"t\": \(sample.0), \"translation\": \(sample.1)"
                + (index == samples.count - 1 ? ", \"velocity\": \(velocity) }" : " }")
        }
        try "{ \"gesture\": \"pan\", \"axis\": \"y\", \"samples\": [\(items.joined(separator: ", "))] }"
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A run's timeline as JSON objects.
    func timeline(_ arguments: String...) throws -> [[String: Any]] {
        let result = try cli.run(["run"] + arguments + ["--timeline", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return try #require(timeline["frames"] as? [[String: Any]])
    }

    func view(_ name: String, in frame: [String: Any]) -> [String: Any]? {
        (frame["views"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    @Test func circularRevealGrowsAShapeMaskOnEaseInEaseOut() throws {
        // The circle grows from radius 1 at (195, 422) to the farthest corner,
        // √(195² + 422²), over 0.5 s on easeInEaseOut (0.42, 0, 0.58, 1); the mask's
        // path starts at its rightmost point, (195 + r, 422).
        let reach = (195.0 * 195 + 422 * 422).squareRoot()
        for (animator, operation, grows) in [("circular-reveal", "present", true), ("circular-reveal", "dismiss", false),
                                             ("circular-reveal-c", "present", true), ("circular-reveal-c", "dismiss", false)] {
            let frames = try timeline(animator, "--operation", operation)
            try #require(frames.count == 31)
            let revealed = grows ? "to" : "from"
            for frame in frames.dropLast() {
                let t = try #require(frame["t"] as? Double)
                let mask = try #require((view(revealed, in: frame)?["mask"] as? [String: Any])?["views"] as? [[String: Any]],
                                        "\(animator) \(operation) t \(t): no mask")
                let path = try #require((mask.first?["shape"] as? [String: Any])?["path"] as? String)
                let numbers = path.split(separator: " ").prefix(3)
                try #require(numbers.first == "M")
                let p = Self.bezier(0.42, 0, 0.58, 1, at: t / 0.5)
                let radius = grows ? 1 + (reach - 1) * p : reach + (1 - reach) * p
                #expect(abs(Double(numbers[numbers.startIndex + 1])! - (195 + radius)) < 1e-6,
                        "\(animator) \(operation) t \(t): \(path.prefix(40))")
                #expect(abs(Double(numbers[numbers.startIndex + 2])! - 422) < 1e-9)
            }
            // The delegate removed the mask when the animation stopped.
            #expect(view(revealed, in: frames.last!)?["mask"] == nil)
        }
        // Halfway (radius 1 + (reach − 1) / 2 ≈ 232.9) a point 122 points above the center
        // shows the new screen and a corner 444 points away the old one, pixel for pixel.
        let middle = cli.home.file("reveal-middle.png"), start = cli.home.file("reveal-start.png")
        let end = cli.home.file("reveal-end.png")
        #expect(try cli.run("run", "circular-reveal", "--out", middle, "--at", "0.25").status == 0)
        #expect(try cli.run("run", "fade-c", "--out", start, "--at", "0").status == 0)
        #expect(try cli.run("run", "fade-c", "--out", end).status == 0)
        let probe = try Python.run("""
            import sys
            from PIL import Image
            middle, start, end = (Image.open(p).convert('RGB') for p in sys.argv[1:4])
            print(middle.getpixel((195, 300)) == end.getpixel((195, 300)),
                  middle.getpixel((20, 830)) == start.getpixel((20, 830)),
                  middle.getpixel((195, 300)) != start.getpixel((195, 300)) or middle.getpixel((20, 830)) != end.getpixel((20, 830)))
            """, [middle, start, end])
        #expect(probe.standardOutput == "True True True\n", "\(probe.standardOutput)\(probe.standardError)")
        let last = cli.home.file("reveal-last.png")
        #expect(try cli.run("run", "circular-reveal", "--out", last).status == 0)
        let same = try differingBox(last, end)
        #expect(same.standardOutput == "None\n", "\(same.standardOutput)")
        // The C version, written against batch 1.5 (its timing copied from a UIView block
        // with 1.14), draws the same picture halfway.
        let middleC = cli.home.file("reveal-middle-c.png")
        #expect(try cli.run("run", "circular-reveal-c", "--out", middleC, "--at", "0.25").status == 0)
        let twins = try differingBox(middle, middleC)
        #expect(twins.standardOutput == "None\n", "\(twins.standardOutput)")
    }

    @Test func flipPerspectiveTurnsTheOldScreenAwayInPerspective() throws {
        // Keyframes over 0.6 s on the block's easeInOut: the old screen turns about y from
        // 0 to −π/2 during the first third of the progress. The container's
        // sublayerTransform holds m34 = −0.002 until the end.
        let frames = try timeline("flip-perspective", "--operation", "present")
        try #require(frames.count == 37)
        var sample: (t: Double, m11: Double, m13: Double)?
        for frame in frames.dropLast() {
            let t = try #require(frame["t"] as? Double)
            let p = Self.bezier(0.42, 0, 0.58, 1, at: t / 0.6)
            let angle = -Double.pi / 2 * min(3 * p, 1)
            let transform = try #require(view("from", in: frame)?["transform"] as? [Double])
            // A turn of a about y: m11 = cos a, m13 = −sin a, m31 = sin a, m33 = cos a.
            #expect(abs(transform[0] - cos(angle)) < 1e-9 && abs(transform[2] + sin(angle)) < 1e-9, "t \(t)")
            #expect(abs(transform[8] - sin(angle)) < 1e-9 && abs(transform[10] - cos(angle)) < 1e-9, "t \(t)")
            let sublayer = try #require(view("transition container", in: frame)?["sublayerTransform"] as? [Double])
            #expect(sublayer[11] == -0.002)
            if abs(t - 0.2) < 1e-9 { sample = (t, transform[0], transform[2]) }
        }
        #expect(view("transition container", in: frames.last!)?["sublayerTransform"] == nil)
        // At 0.2 s the old screen's edges, 195 points either side of the container's
        // center, land at 195 ± 195·m11 / (1 ± 195·m13·m34) (the perspective divide), on
        // the black window: the lit span of row 422 shows them.
        let (_, m11, m13) = try #require(sample)
        let right = 195 + 195 * m11 / (1 + 195 * m13 * -0.002)
        let left = 195 - 195 * m11 / (1 - 195 * m13 * -0.002)
        let picture = cli.home.file("flip-0.2.png")
        #expect(try cli.run("run", "flip-perspective", "--out", picture, "--at", "0.2").status == 0)
        let probe = try Python.run("""
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGB')
            lit = [x for x in range(image.width) if sum(image.getpixel((x, 422))) > 180]
            print(lit[0], lit[-1] + 1)
            """, [picture])
        let edges = probe.standardOutput.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(edges.count == 2, "\(probe.standardOutput)\(probe.standardError)")
        #expect(abs(edges[0] - left) <= 1.5 && abs(edges[1] - right) <= 1.5, "lit \(edges) vs \(left) ... \(right)")
        #expect(right - 195 > 195 - left + 10, "the near edge is larger")
        // It ends on the new screen alone, as fade-c does.
        let end = cli.home.file("flip-end.png"), reference = cli.home.file("flip-fade-end.png")
        #expect(try cli.run("run", "flip-perspective", "--out", end).status == 0)
        #expect(try cli.run("run", "fade-c", "--out", reference).status == 0)
        let same = try differingBox(end, reference)
        #expect(same.standardOutput == "None\n", "\(same.standardOutput)")
        // The C version (the container's "sublayerTransform" set with layer_set) draws the
        // same pictures while it turns and while the card grows.
        for at in ["0.2", "0.45"] {
            let swift = cli.home.file("flip-swift-\(at).png"), c = cli.home.file("flip-c-\(at).png")
            #expect(try cli.run("run", "flip-perspective", "--out", swift, "--at", at).status == 0)
            #expect(try cli.run("run", "flip-c", "--out", c, "--at", at).status == 0)
            let twins = try differingBox(swift, c)
            #expect(twins.standardOutput == "None\n", "at \(at): \(twins.standardOutput)")
        }
    }

    @Test func swipeDismissFollowsAPanThroughAPercentDrivenSubclass() throws {
        // The subclass's pan handler: percent = translation.y / 400, update while the pan
        // changes, finish past halfway at the end, else cancel. The animator slides the
        // screen down 844 points linearly over 0.4 s, so while the finger drives it the
        // screen's y is 844 × percent; after finish (or cancel) the rest plays in
        // (1 − p) × 0.4 s (or p × 0.4 s) on easeInOut. The handler clamps the percent
        // through Float (fminf, fmaxf), as its iOS source does: so does the test.
        func f(_ x: Double) -> Double { Double(Float(x)) }
        func trace(_ samples: [(Double, Double)], velocity: Double) throws -> String {
            try panTrace(samples, velocity: velocity, name: "pan-\(samples.count)-\(Int(velocity))")
        }
        func fromY(_ frames: [[String: Any]]) -> [(t: Double, y: Double?)] {
            frames.map { frame in
                ((frame["t"] as? Double) ?? -1, (view("from", in: frame)?["frame"] as? [Double])?[1])
            }
        }
        let finishing = try trace([(0, 0), (0.1, 100), (0.2, 200), (0.3, 280), (0.35, 300)], velocity: 500)
        let finished = try cli.run("run", "swipe-dismiss", "--operation", "dismiss", "--interactive", finishing)
        #expect(finished.standardOutput.contains("completed (interactive, 0.47 s)"), "\(finished.standardOutput)")
        for (t, y) in fromY(try timeline("swipe-dismiss", "--operation", "dismiss", "--interactive", finishing)) {
            // The last update before t (a sample lands on its own frame).
            let percent = t < 0.1 - 1e-9 ? 0 : t < 0.2 - 1e-9 ? 0.25 : t < 0.3 - 1e-9 ? 0.5 : f(0.7)
            let expected: Double
            if t <= 0.35 + 1e-9 {
                expected = 844 * percent
            } else if t < 0.47 - 1e-9 {
                expected = 844 * (f(0.7) + (1 - f(0.7)) * Self.bezier(0.42, 0, 0.58, 1, at: (t - 0.35) / ((1 - f(0.7)) * 0.4)))
            } else {
                #expect(y == nil, "t \(t): the dismissed screen is gone")
                continue
            }
            #expect(y.map { abs($0 - expected) < 1e-6 } == true, "t \(t): y \(String(describing: y)) vs \(expected)")
        }
        // Short of halfway: cancelled from 0.4, back in 0.16 s; the screen stays.
        let cancelling = try trace([(0, 0), (0.1, 100), (0.2, 160), (0.25, 160)], velocity: 0)
        let cancelled = try cli.run("run", "swipe-dismiss", "--operation", "dismiss", "--interactive", cancelling)
        #expect(cancelled.standardOutput.contains("cancelled (interactive, 0.41 s)"), "\(cancelled.standardOutput)")
        for (t, y) in fromY(try timeline("swipe-dismiss", "--operation", "dismiss", "--interactive", cancelling)) {
            let expected: Double
            if t < 0.1 - 1e-9 { expected = 0 } else if t < 0.2 - 1e-9 { expected = 211 } else if t <= 0.25 + 1e-9 {
                expected = 844 * f(0.4)
            } else if t < 0.41 - 1e-9 {
                expected = 844 * f(0.4) * (1 - Self.bezier(0.42, 0, 0.58, 1, at: (t - 0.25) / (f(0.4) * 0.4)))
            } else {
                expected = 0
            }
            #expect(y.map { abs($0 - expected) < 1e-6 } == true, "t \(t): y \(String(describing: y)) vs \(expected)")
        }
    }

    @Test func pinchPopFollowsSeed000sPinchRules() throws {
        // Seed 000's handler: percent = 1 − scale / startScale while the pinch changes; at
        // the end cancel when velocity < 5 and percent ≤ 0.3, else finish. The pop fades the
        // top screen linearly over 0.5 s, so its alpha is 1 − percent while driven.
        func run(_ scales: [(Double, Double)], velocity: Double) throws -> (String, [(t: Double, alpha: Double?)]) {
            let path = cli.home.file("pinch-\(scales.count).json")
            let items = scales.enumerated().map { index, sample in
                "{ \"t\": \(sample.0), \"scale\": \(sample.1)" + (index == scales.count - 1 ? ", \"velocity\": \(velocity) }" : " }")
            }
            try "{ \"gesture\": \"pinch\", \"samples\": [\(items.joined(separator: ", "))] }"
                .write(toFile: path, atomically: true, encoding: .utf8)
            let summary = try cli.run("run", "pinch-pop", "--operation", "pop", "--interactive", path).standardOutput
            let frames = try timeline("pinch-pop", "--operation", "pop", "--interactive", path)
            return (summary, frames.map { ((($0["t"] as? Double) ?? -1), view("from", in: $0)?["alpha"] as? Double) })
        }
        // Closed to 0.6 and let go slowly: 40 % is past 30 %, so it finishes, the rest
        // (0.6 × 0.5 s) on easeInOut.
        let (finished, finishing) = try run([(0, 1), (0.1, 0.8), (0.2, 0.6), (0.25, 0.6)], velocity: -1)
        #expect(finished.contains("completed (interactive, 0.55 s)"), "\(finished)")
        for (t, alpha) in finishing {
            let expected: Double?
            if t < 0.1 - 1e-9 { expected = 1 } else if t < 0.2 - 1e-9 { expected = 0.8 } else if t <= 0.25 + 1e-9 {
                expected = 0.6
            } else if t < 0.55 - 1e-9 {
                expected = 1 - (0.4 + 0.6 * Self.bezier(0.42, 0, 0.58, 1, at: (t - 0.25) / 0.3))
            } else {
                expected = nil     // popped: the screen is gone
            }
            #expect(alpha.map { a in expected.map { abs(a - $0) < 1e-9 } ?? false } ?? (expected == nil), "t \(t): \(String(describing: alpha))")
        }
        // Closed only to 0.9 and let go: 10 %, slow: cancelled, back in 0.1 × 0.5 s; the
        // screen stays, whole.
        let (cancelled, cancelling) = try run([(0, 1), (0.1, 0.9), (0.15, 0.9)], velocity: 0)
        #expect(cancelled.contains("cancelled (interactive, 0.2 s)"), "\(cancelled)")
        #expect(cancelling.last?.alpha == 1)
    }

    @Test func keyframeDismissScrubsItsPropertyAnimatorsKeyframes() throws {
        // The controller's percent is translation.y / 422 (half the 844-point screen); it
        // scrubs the animator's keyframes: scale 1 → 0.9 over the first half of the
        // progress, then a drop of 844 points (scale kept) over the second.
        func transforms(_ path: String) throws -> [(t: Double, scale: Double, ty: Double)?] {
            try timeline("keyframe-dismiss", "--operation", "dismiss", "--interactive", path).map { frame in
                guard let t = frame["t"] as? Double, let m = view("from", in: frame)?["transform"] as? [Double] else { return nil }
                return (t, m[0], m[13])
            }
        }
        func expected(_ p: Double) -> (Double, Double) {
            p <= 0.5 ? (1 - 0.1 * p / 0.5, 0) : (0.9, 844 * (p - 0.5) / 0.5)
        }
        // A quarter, then three quarters, let go flicking down: finished, the rest
        // ((1 − 0.75) × 0.5 s) played by the animator.
        let finishing = try panTrace([(0, 0), (0.1, 105.5), (0.2, 316.5), (0.25, 320)], velocity: 800, name: "keyframe-finish")
        let finished = try cli.run("run", "keyframe-dismiss", "--operation", "dismiss", "--interactive", finishing)
        #expect(finished.standardOutput.contains("completed (interactive, 0.375 s)"), "\(finished.standardOutput)")
        for sample in try transforms(finishing) {
            guard let (t, scale, ty) = sample, t <= 0.25 + 1e-9 else { continue }
            let p = t < 0.1 - 1e-9 ? 0 : t < 0.2 - 1e-9 ? 0.25 : 0.75
            let (s, y) = expected(p)
            #expect(abs(scale - s) < 1e-9 && abs(ty - y) < 1e-6, "t \(t): scale \(scale), ty \(ty) vs \(s), \(y)")
        }
        // A fifth and let go: cancelled, the animator reversed back to the start in
        // 0.2 × 0.5 s; the screen stays, untransformed.
        let cancelling = try panTrace([(0, 0), (0.1, 84.4), (0.15, 84.4)], velocity: 0, name: "keyframe-cancel")
        let cancelled = try cli.run("run", "keyframe-dismiss", "--operation", "dismiss", "--interactive", cancelling)
        #expect(cancelled.standardOutput.contains("cancelled (interactive, 0.25 s)"), "\(cancelled.standardOutput)")
        let last = try #require(try transforms(cancelling).last ?? nil)
        #expect(last.scale == 1 && last.ty == 0)
    }

    @Test func theInteractionCorpusStartsAndEndsOnTheRightScreens() throws {
        // Whatever the gesture, a transition starts on the outgoing screen, a finished one
        // ends on the incoming screen alone and a cancelled one exactly where it started: the
        // same pictures fade-c draws at its start and its end for the same operation.
        func picture(_ arguments: [String], _ name: String) throws -> String {
            let path = cli.home.file("\(name).png")
            let result = try cli.run(["run"] + arguments + ["--out", path])
            #expect(result.status == 0, "\(result.standardError)")
            return path
        }
        let pinchFinish = cli.home.file("pinch-finish.json"), pinchCancel = cli.home.file("pinch-cancel.json")
        // Handlers read the percent while the gesture changes: each trace has a middle sample.
        try #"{ "gesture": "pinch", "samples": [{ "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.6 }, { "t": 0.2, "scale": 0.6, "velocity": -1 }] }"#
            .write(toFile: pinchFinish, atomically: true, encoding: .utf8)
        try #"{ "gesture": "pinch", "samples": [{ "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.9 }, { "t": 0.2, "scale": 0.9, "velocity": 0 }] }"#
            .write(toFile: pinchCancel, atomically: true, encoding: .utf8)
        let swipeFinish = try panTrace([(0, 0), (0.1, 150), (0.2, 300), (0.25, 300)], velocity: 500, name: "swipe-finish")
        let swipeCancel = try panTrace([(0, 0), (0.1, 50), (0.2, 100)], velocity: 0, name: "swipe-cancel")
        let cases: [(animator: String, operation: String, finish: String, cancel: String)] = [
            ("swipe-dismiss", "dismiss", swipeFinish, swipeCancel),
            ("keyframe-dismiss", "dismiss", swipeFinish, swipeCancel),
            ("pinch-pop", "pop", pinchFinish, pinchCancel),
        ]
        for (animator, operation, finish, cancel) in cases {
            let start = try picture(["fade-c", "--operation", operation, "--at", "0"], "fade-\(operation)-start")
            let end = try picture(["fade-c", "--operation", operation], "fade-\(operation)-end")
            let pairs = [
                (try picture([animator, "--operation", operation, "--interactive", finish, "--at", "0"], "\(animator)-first"), start),
                (try picture([animator, "--operation", operation, "--interactive", finish], "\(animator)-finished"), end),
                (try picture([animator, "--operation", operation, "--interactive", cancel], "\(animator)-cancelled"), start),
            ]
            let outcomes = [(finish, "completed"), (cancel, "cancelled")].map { trace, word in
                (try? cli.run("run", animator, "--operation", operation, "--interactive", trace).standardOutput)?
                    .contains(", \(word) (interactive") == true
            }
            #expect(outcomes == [true, true], "\(animator): the traces should finish and cancel")
            for (picture, reference) in pairs {
                let check = try differingBox(picture, reference)
                #expect(check.standardOutput == "None\n", "\(picture) differs from \(reference): \(check.standardOutput)\(check.standardError)")
            }
        }
    }

    @Test func theCorpusPassesValidate() throws {
        let result = try cli.run("validate", "spring-slide-up", "scale-fade-modal", "elastic-pop", "catransition-push",
                                 "delegate-fade", "thumbnail-zoom", "circular-reveal", "circular-reveal-c", "flip-perspective", "flip-c",
                                 "swipe-dismiss", "pinch-pop", "keyframe-dismiss", "pop-block", "pop-block-c",
                                 "--repeat", "30")
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.contains(" 0 failed, 0 crashed"), "\(result.standardOutput)")
    }
}
