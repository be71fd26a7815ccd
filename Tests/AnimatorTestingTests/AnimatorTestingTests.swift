import AnimatorEngine
import AnimatorHost
import AnimatorRendering
import AnimatorTesting
import Foundation
import Testing
import TestSupport
import AnimatorRuns

/// The snapshot library as an animator author's test target uses it: in-process runs of a
/// plugin library, presentation values, golden files, and the tolerances.
@Suite struct AnimatorTestingTests {
    /// The example C animator built beside the tests.
    var fade: String { PackageLayout.productsDirectory + "/libFadeC.so" }

    @Test func aRunOfALibraryAnswersPresentationValues() throws {
        let run = try AnimatorTestRun(library: fade, operation: .push, parameters: ["duration": "0.3"])
        #expect(run.outcome.completed)
        #expect(run.outcome.duration == 0.3)
        // UIKit's ease-in-out is symmetric: halfway in time, halfway in alpha.
        let middle = try #require(run.presentation(of: "to", at: 0.15))
        #expect(abs(middle.opacity - 0.5) < 1e-9)
        #expect(run.presentation(of: "to", at: 0)?.opacity == 0)
        #expect(run.presentation(of: "to", at: 0.3)?.opacity == 1)
        // By path as well as by name; nil for a view that is not there.
        let path = "window/navigation/navigation content/to"
        #expect(run.presentation(of: path, at: 0.15)?.opacity == middle.opacity)
        #expect(run.presentation(of: "nothing", at: 0.1) == nil)
    }

    @Test func aVariantSetsTheScreenAndReachesThePlugin() throws {
        // The small iPhone on its side: 667 x 375 points; the container (and the incoming
        // view's final frame) fills it.
        let run = try AnimatorTestRun(library: fade, operation: .present, variant: "iphone-se,landscape,dark")
        #expect(run.recording.size.width == 667 && run.recording.size.height == 375)
        #expect(run.presentation(of: "to", at: 10)?.bounds.size.width == 667)
        #expect(throws: SnapshotError.self) { try AnimatorTestRun(library: fade, variant: "drak") }
        #expect(throws: SnapshotError.self) {
            try AnimatorTestRun(library: fade, size: Size(width: 300, height: 300), variant: "ipad")
        }
    }

    @Test func mistakesAreErrorsNotCrashes() throws {
        #expect(throws: SnapshotError.self) { try AnimatorTestRun(library: "/nonexistent/libX.so") }
        #expect(throws: SnapshotError.self) { try AnimatorTestRun(library: fade, animator: "zoom") }
        #expect(throws: (any Error).self) { try AnimatorTestRun(library: fade, parameters: ["duration": "-1"]) }
        #expect(throws: (any Error).self) { try AnimatorTestRun(library: fade, interaction: "update 2 @0.1; finish @0.2") }
    }

    @Test func assertSnapshotRecordsThenMatchesThenFindsAChange() throws {
        let folder = TemporaryDirectory()
        let first = try AnimatorTestRun(library: fade, operation: .present)
        // Recorded explicitly: under CI=true (as the project's CI runs these tests) a missing
        // golden file is reported as missing instead.
        let recorded = try first.assertSnapshot("fade", in: folder.path, frames: [.time(0.15), .end], record: true)
        #expect(recorded.status == .recorded)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/fade/frame-0.15s.png"))
        let again = try AnimatorTestRun(library: fade, operation: .present).assertSnapshot("fade", in: folder.path,
                                                                                        frames: [.time(0.15), .end])
        #expect(again.status == .matched, "\(again.findings)")
        let slower = try AnimatorTestRun(library: fade, operation: .present, parameters: ["duration": "0.35"])
        let changed = try slower.assertSnapshot("fade", in: folder.path, frames: [.time(0.15), .end])
        #expect(changed.status == .differed)
        #expect(changed.findings.first == "timeline: transition 1: duration 0.3 s → 0.35 s (by 0.05)")
        // The middle picture changed (less faded in at 0.15 s), the end one did not.
        #expect(changed.pictures.map(\.matches) == [false, true])
    }

    @Test func aSwiftTypeRunsInProcessToo() throws {
        /// Puts the incoming view in place and completes at once: no animation.
        final class Cut: TransitionAnimator {
            var identifier: String { "cut" }
            func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
                if let to = state.toView { try? state.container.addSubview(to) }
                state.completeTransition(true)
                return (0, [])
            }
            func end(_ state: TransitionState) {}
        }
        let run = try AnimatorTestRun(.present) { _ in Cut() }
        #expect(run.outcome.completed && run.outcome.elapsed == 0)
        #expect(run.recording.segments[0].animator == "cut")
        #expect(run.presentation(of: "to", at: 0)?.opacity == 1)
    }

    /// A white picture with a solid 40 × 40 square at (x, y).
    func square(at x: Int, _ y: Int, color: UInt32 = 0xFF_F6_82_3B) -> Image {
        var image = Image(width: 100, height: 100, fill: 0xFFFF_FFFF)
        for row in y..<(y + 40) { for column in x..<(x + 40) { image.pixels[row * 100 + column] = color } }
        return image
    }

    @Test func picturesAcceptAntiAliasingNoiseAndRejectAOnePointMove() {
        let golden = square(at: 30, 30)
        // Anti-aliasing noise: the square's edge pixels off by up to 3 levels per channel.
        var noisy = golden
        for index in 0..<40 {
            for (x, y) in [(30, 30 + index), (69, 30 + index), (30 + index, 30), (30 + index, 69)] {
                let pixel = noisy.pixels[y * 100 + x]
                noisy.pixels[y * 100 + x] = pixel &- 0x0000_0203   // red −3, green −2
            }
        }
        let tolerant = PixelComparison(golden: golden, actual: noisy, threshold: 6)
        #expect(tolerant.differing == 0)
        #expect(PixelComparison(golden: golden, actual: noisy, threshold: 2).differing == 156)   // 4 × 40 − 4 corners
        // Moved one point right (at scale 1, one pixel): the column it left and the column
        // it reached differ, 2 × 40 pixels, whatever the threshold below 255.
        let moved = PixelComparison(golden: golden, actual: square(at: 31, 30), threshold: 6)
        #expect(moved.differing == 80)
        #expect(moved.box! == (x: 30, y: 30, width: 41, height: 40))
        var tolerance = SnapshotTolerance()
        #expect(tolerance.allowedPixels(of: moved.total) == 0)          // rejected by default
        tolerance.maxDiffPixels = 80
        #expect(tolerance.allowedPixels(of: moved.total) >= moved.differing)
        tolerance = SnapshotTolerance()
        tolerance.maxDiffRatio = 0.008                                   // 0.8 % of 10,000 = 80
        #expect(tolerance.allowedPixels(of: moved.total) == 80)
        // The diff picture: differing pixels magenta, the rest grey.
        let diff = PixelComparison.diffImage(golden: golden, actual: square(at: 31, 30), threshold: 6)
        let left = diff.rgba(x: 30, y: 50), inside = diff.rgba(x: 50, y: 50), outside = diff.rgba(x: 5, y: 5)
        #expect(left.red >= 128 && left.green == 0 && left.blue == left.red)
        #expect(inside.red == inside.green && inside.green == inside.blue)
        #expect(outside == (255, 255, 255, 255))   // white stays white: 200 + 255 × 55 / 255
    }

    /// Every pixel of a diff picture between pictures of different sizes, worked by hand:
    /// grey = 200 + luma × 55 / 255 with luma = (299 r + 587 g + 114 b) / 1000, magenta
    /// 128 + distance past the threshold, magenta in full where only one picture has a pixel.
    @Test func theDiffPictureOfTwoSizesIsMagentaWhereOnlyOneHasPixels() {
        let red: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF, black: UInt32 = 0xFF00_0000
        // Golden 3 × 3, actual 4 × 2: both cover 3 × 2.
        let golden = Image(width: 3, height: 3, pixels: [red, white, black,
                                                         red, white, black,
                                                         red, red, red])
        let actual = Image(width: 4, height: 2, pixels: [red, white, black, red,
                                                         red &- 10, white &- 0x0000_0500, black | 0x0000_0007, red])
        let diff = PixelComparison.diffImage(golden: golden, actual: actual, threshold: 6)
        #expect(diff.width == 4 && diff.height == 3)
        let redGrey: UInt32 = 0xFFD8_D8D8      // luma 76 → 200 + 16 = 216
        let whiteGrey: UInt32 = 0xFFFF_FFFF    // luma 255 → 255
        let blackGrey: UInt32 = 0xFFC8_C8C8    // luma 0 → 200
        let magenta: UInt32 = 0xFFFF_00FF
        #expect(diff.pixels == [
            redGrey, whiteGrey, blackGrey, magenta,                 // equal; the actual's fourth column
            0xFF8A_008A, whiteGrey, 0xFF87_0087, magenta,          // red −10 → 138; green −5 ≤ 6; red +7 → 135
            magenta, magenta, magenta, magenta,                     // the golden's third row
        ])
        // A picture with no columns (or no rows) leaves only magenta, and no picture at all
        // an empty diff.
        let empty = PixelComparison.diffImage(golden: Image(width: 0, height: 3), actual: actual, threshold: 6)
        #expect(empty.width == 4 && empty.height == 3 && empty.pixels.allSatisfy { $0 == magenta })
        #expect(PixelComparison.diffImage(golden: Image(width: 0, height: 0), actual: Image(width: 0, height: 0),
                                          threshold: 6).pixels.isEmpty)
    }

    @Test func timelinesCompareWithinTheirTolerances() throws {
        func recording(x: Double, alpha: Double) -> Recording {
            var properties = LayerProperties()
            properties.bounds = Rect(x: 0, y: 0, width: 50, height: 50)
            properties.position = Point(x: x, y: 100)
            properties.opacity = alpha
            var root = LayerProperties()
            root.bounds = Rect(x: 0, y: 0, width: 390, height: 844)
            let frame = SceneFrame(time: 0, nodes: [
                PresentationNode(layer: LayerID(rawValue: 0), parent: nil, properties: root, isView: true),
                PresentationNode(layer: LayerID(rawValue: 1), parent: 0, properties: properties, isView: true),
            ], names: ["window", "card"], texts: [nil, nil], contents: [nil, nil])
            let outcome = TransitionOutcome(operation: .present, animator: "a", duration: 0.3, elapsed: 0.3, completed: true,
                                            problems: [])
            return Recording(size: Size(width: 390, height: 844), fps: 60,
                             segments: [Recording.Segment(operation: .present, animator: "a", from: "from", to: "to",
                                                          outcome: outcome, frames: [frame])])
        }
        let golden = recording(x: 100, alpha: 0.5)
        let tolerance = SnapshotTolerance()   // points 0.01, alpha 0.001
        #expect(TimelineComparison(golden: golden, actual: recording(x: 100.005, alpha: 0.5005), tolerance: tolerance).matches)
        let moved = TimelineComparison(golden: golden, actual: recording(x: 101, alpha: 0.5), tolerance: tolerance)
        #expect(moved.differences.map(\.description) == ["transition 1, frame 0 (0 s), window/card: position.x 100 → 101 (by 1)"])
        let faded = TimelineComparison(golden: golden, actual: recording(x: 100, alpha: 0.6), tolerance: tolerance)
        #expect(faded.differences.first?.property == "alpha")
        #expect(faded.differences.first?.delta.map { abs($0 - 0.1) < 1e-12 } == true)
        var loose = tolerance
        loose.points = 2
        #expect(TimelineComparison(golden: golden, actual: recording(x: 101, alpha: 0.5), tolerance: loose).matches)
    }
}

/// `--shard I/N`: the parts of a manifest's cases.
@Suite struct SnapshotShardTests {
    @Test func thePartsPartitionTheCasesExactlyAndEvenly() throws {
        for caseCount in 0...23 {
            let cases = Array(0..<caseCount)
            for parts in 1...9 {
                let shards = (1...parts).map { SnapshotShard(index: $0, count: parts)!.select(cases) }
                // Every case in exactly one part, in the manifest's order within each.
                #expect(shards.flatMap { $0 }.sorted() == cases)
                for shard in shards { #expect(shard == shard.sorted()) }
                // Sizes differ by one at most: ⌈n/N⌉ for the first n mod N parts, ⌊n/N⌋ after.
                for (offset, shard) in shards.enumerated() {
                    #expect(shard.count == caseCount / parts + (offset < caseCount % parts ? 1 : 0))
                }
            }
        }
        // Part 2 of 3 of seven cases: the 2nd, 5th (counting from 1).
        #expect(SnapshotShard("2/3")!.select(["a", "b", "c", "d", "e", "f", "g"]) == ["b", "e"])
    }

    @Test func onlyIOverNWithinBoundsReads() {
        #expect(SnapshotShard("1/1") == SnapshotShard(index: 1, count: 1))
        #expect(SnapshotShard("1000/1000") != nil)
        for bad in ["0/2", "3/2", "1/0", "2", "1/2/3", "a/b", "-1/2", "1/1001", "", "/", " 1/2", "١/٢"] {
            #expect(SnapshotShard(bad) == nil, "\(bad)")
        }
    }
}
