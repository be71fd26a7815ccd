import Foundation
import Testing
import TestSupport

/// `animator-host snapshot record|verify`, as a project's CI uses it: golden files beside
/// a manifest, verified after changes to an animator's duration, color or keyframes.
@Suite struct SnapshotTests {
    let cli = CLI()

    /// Writes `manifest` into a fresh folder and returns the folder and the manifest's path.
    func project(_ manifest: String) throws -> (folder: TemporaryDirectory, manifest: String) {
        let folder = TemporaryDirectory()
        let path = folder.file("snapshots.json")
        try manifest.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    func readJSON(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// What a report's scrubber holds, read back by Pillow: each case's name and, for each
    /// frame of its golden and its actual run, its picture's number (-1 for none); the sizes
    /// of the pictures each case shows (each size once, in order); how many pictures the page
    /// holds and how many of them differ (in pixels or size).
    struct ScrubberSummary: Decodable {
        var names: [String], golden: [[Int]], actual: [[Int]], sizes: [[[Int]]], distinct: Int, count: Int
    }

    /// Records `manifest`'s goldens, replaces `before` with `after` in it (a changed
    /// parameter), verifies it (failing, so the report is written) and reads back the
    /// report's scrubber.
    func scrubberAfterChanging(_ manifest: String, in folder: TemporaryDirectory, _ before: String,
                               to after: String) throws -> ScrubberSummary {
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: before, with: after)
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(try cli.run("snapshot", "verify", manifest).status == 1)
        let check = #"""
            import base64, io, json, re, sys
            from PIL import Image
            page = open(sys.argv[1]).read()
            data = page[page.index('const pictures = [], cases = [];'):page.index('const picker')]
            pictures = [Image.open(io.BytesIO(base64.b64decode(url.split(',', 1)[1])))
                        for url in re.findall(r'"(data:image/png;base64,[^"]*)"', data)]
            cases = [json.loads(re.sub(r'([{,])(\w+):', r'\1"\2":', found)) for found in re.findall(r'cases\.push\((.*)\);\n', data)]
            print(json.dumps({
                'names': [case['name'] for case in cases],
                'golden': [case['golden'] for case in cases], 'actual': [case['actual'] for case in cases],
                'sizes': [sorted(set(tuple(pictures[n].size) for n in case['golden'] + case['actual'] if n >= 0)) for case in cases],
                'distinct': len(set(picture.convert('RGB').tobytes() + bytes(str(picture.size), 'ascii') for picture in pictures)),
                'count': len(pictures),
            }))
            """#
        let result = try Python.run(check, [folder.path + "/snapshot-report/index.html"])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(ScrubberSummary.self, from: Data(result.standardOutput.utf8))
    }

    @Test func recordThenVerifyTheBundledAnimators() throws {
        let (folder, manifest) = try project("""
            { "cases": [
              { "name": "zoom-present", "animator": "zoom", "operation": "present", "fps": 30,
                "keep": { "frames": [0, 0.2, "end"] } },
              { "name": "bubble-dismiss", "animator": "bubble", "operation": "dismiss", "fps": 30, "keep": { "sheet": 4 } },
              { "name": "fade-push", "animator": "fade-c", "operation": "push", "fps": 30, "keep": { "timeline": true } }
            ] }
            """)
        let recorded = try cli.run("snapshot", "record", manifest)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        #expect(recorded.standardOutput.hasSuffix("3 cases: 3 recorded\n"), "\(recorded.standardOutput)")
        // The documented layout: __snapshots__/<case>/ with the timeline and the kept pictures.
        let golden = folder.path + "/__snapshots__"
        let files = FileManager.default
        for name in ["zoom-present/timeline.json", "zoom-present/frame-0s.png", "zoom-present/frame-0.2s.png",
                     "zoom-present/frame-end.png", "bubble-dismiss/timeline.json", "bubble-dismiss/frame-end.png",
                     "bubble-dismiss/sheet.png", "fade-push/timeline.json", "fade-push/frame-end.png"] {
            #expect(files.fileExists(atPath: golden + "/" + name), "\(name)")
        }
        // One line per view per frame: as many lines with a view's "id" as the timeline has
        // views over all its frames.
        let text = try String(contentsOfFile: golden + "/fade-push/timeline.json", encoding: .utf8)
        let timeline = try readJSON(golden + "/fade-push/timeline.json")
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let views = frames.reduce(0) { $0 + (($1["views"] as? [Any])?.count ?? 0) }
        let viewLines = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("{\"id\":") }
        #expect(viewLines.count == views)
        // 0.3 s at 30 frames per second: frames at 0, 1/30, ..., 0.3 s.
        #expect(frames.count == 10)
        // Verified unchanged: everything matches, and a second recording is byte for byte the same.
        let verified = try cli.run("snapshot", "verify", manifest)
        #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
        #expect(verified.standardOutput.hasSuffix("3 cases: 3 matched\n"), "\(verified.standardOutput)")
        let before = try Data(contentsOf: URL(fileURLWithPath: golden + "/zoom-present/timeline.json"))
        _ = try cli.run("snapshot", "record", manifest, "--only", "zoom")
        #expect(try Data(contentsOf: URL(fileURLWithPath: golden + "/zoom-present/timeline.json")) == before)
        #expect(!files.fileExists(atPath: folder.path + "/snapshot-report"))
    }

    @Test func aTenPercentLongerDurationIsFoundWithItsFrameViewAndProperty() throws {
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "fade", "animator": "fade-c", "operation": "present", "params": { "duration": 0.3 } } ] }
            """)
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "0.3", with: "0.33")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let result = try cli.run("snapshot", "verify", manifest)
        #expect(result.status == 1)
        let out = result.standardOutput
        #expect(out.contains("  differed fade\n"), "\(out)")
        // 0.3 s → 0.33 s; 60 frames per second: 19 frames (0 to 0.3 s) become 21 (0 to 0.33 s).
        #expect(out.contains("timeline: transition 1: duration 0.3 s → 0.33 s (by 0.03)"), "\(out)")
        #expect(out.contains("timeline: transition 1: frames 19 → 21 (by 2)"), "\(out)")
        // The first value that moved: the incoming view's alpha one frame in, UIKit's
        // ease-in-out (0.42, 0, 0.58, 1) at 1/60 s of 0.3 s and of 0.33 s.
        func easeInOut(_ x: Double) -> Double {
            // Bisection on the curve's x(t), then y(t): independent of the engine's solver.
            var low = 0.0, high = 1.0
            for _ in 0..<100 {
                let t = (low + high) / 2
                let xt = 3 * (1 - t) * (1 - t) * t * 0.42 + 3 * (1 - t) * t * t * 0.58 + t * t * t
                if xt < x { low = t } else { high = t }
            }
            let t = (low + high) / 2
            return 3 * (1 - t) * t * t + t * t * t
        }
        func six(_ value: Double) -> String { String(format: "%.6f", value) }
        let golden = easeInOut(1.0 / 60 / 0.3), actual = easeInOut(1.0 / 60 / 0.33)
        let first = try #require(out.split(separator: "\n").first { $0.contains("frame 1 (0.017 s)") })
        #expect(first.hasSuffix("window/transition container/to: alpha \(six(golden)) → \(six(actual)) (by \(six(actual - golden)))"),
                "\(first)")
        #expect(out.contains("; report: \(folder.path)/snapshot-report/index.html"), "\(out)")
    }

    @Test(arguments: [(scale: 3, fps: 60, golden: "0.3", actual: "0.2"), (scale: 1, fps: 10, golden: "0.3", actual: "0.2"),
                      (scale: 1, fps: 60, golden: "2.5", actual: "1.5")])
    func theScrubbersPicturesAreEachFrameOnce(scale: Int, fps: Int, golden: String, actual: String) throws {
        // The report draws and encodes frames 32 a core at a time, so whether frames equal
        // on both sides (the first and the last of each run) are drawn at the same time or
        // one after the other depends on the frame count and the machine: 7 frames at 10 a
        // second and 32 at 60 fit in one go on any machine of two cores or more, 242 at 60
        // take several on a machine of up to seven. Either way the pictures must be each
        // run's frames, every distinct picture once.
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "fade", "animator": "fade-c", "operation": "present", "scale": \(scale), "fps": \(fps),
                           "params": { "duration": \(golden) }, "keep": { "frames": ["end"] } } ] }
            """)
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: golden, with: actual)
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(try cli.run("snapshot", "verify", manifest).status == 1)
        // The actual run on its own, as an animated PNG with the manifest's font (none: the
        // built-in one): the oracle for the actual side.
        let apng = folder.file("actual.apng")
        let run = try cli.run("run", "fade-c", "--operation", "present", "--param", "duration=\(actual)", "--scale", "\(scale)",
                              "--fps", "\(fps)", "--out", apng, extraEnvironment: ["ANIMATOR_HOST_FONT_PATH": "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let check = #"""
            import base64, io, json, re, sys
            from PIL import Image
            page = open(sys.argv[1]).read()
            data = page[page.index('const pictures = [], cases = [];'):page.index('const picker')]
            pictures = [Image.open(io.BytesIO(base64.b64decode(url.split(',', 1)[1]))).convert('RGB').tobytes()
                        for url in re.findall(r'"(data:image/png;base64,[^"]*)"', data)]
            found = re.findall(r'cases\.push\((.*)\);\n', data)
            case = json.loads(re.sub(r'([{,])(\w+):', r'\1"\2":', found[0]))
            movie = Image.open(sys.argv[2])
            frames = []
            for index in range(movie.n_frames):
                movie.seek(index)
                frames.append(movie.convert('RGB').tobytes())
            actual = case['actual']
            print(json.dumps({
                'pictures': len(pictures), 'distinct': len(set(pictures)),
                'golden': case['golden'], 'actual': actual, 'movieFrames': len(frames),
                'actualMatches': sum(1 for i, n in enumerate(actual) if n >= 0 and i < len(frames) and pictures[n] == frames[i]),
            }))
            """#
        let result = try Python.run(check, [folder.path + "/snapshot-report/index.html", apng])
        #expect(result.status == 0, "\(result.standardError)")
        struct Summary: Decodable {
            var pictures: Int, distinct: Int, golden: [Int], actual: [Int], movieFrames: Int, actualMatches: Int
        }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(result.standardOutput.utf8))
        // Each frame from 0 s to the end of each run: its duration × fps + 1 frames; the
        // scrubber has the golden run's count of places, the actual run none past its last.
        let goldenFrames = Int((Double(golden)! * Double(fps)).rounded()) + 1
        let actualFrames = Int((Double(actual)! * Double(fps)).rounded()) + 1
        #expect(summary.golden.count == goldenFrames && summary.actual.count == goldenFrames)
        #expect(summary.golden.allSatisfy { $0 >= 0 } && summary.actual.prefix(actualFrames).allSatisfy { $0 >= 0 }
                && summary.actual.dropFirst(actualFrames).allSatisfy { $0 < 0 }, "\(summary.golden) \(summary.actual)")
        // Every picture different from every other.
        #expect(summary.distinct == summary.pictures)
        // Each actual frame is the run's own frame, drawn on its own.
        #expect(summary.movieFrames == actualFrames && summary.actualMatches == actualFrames)
        // Nothing shown yet at 0 s and the presented view whole at the end, on both sides:
        // one picture each, found although the golden run came first.
        #expect(summary.golden.first == summary.actual.first && summary.golden.last == summary.actual[actualFrames - 1],
                "\(summary.golden) \(summary.actual)")
    }

    @Test func aCaseThatRunsLikeAnEarlierOneSharesItsPictures() throws {
        // Two cases that are the same run under two names (as a variant is when its
        // animator ignores the trait), and a third on another screen size: the second adds
        // no picture to the page and shows the first one's, frame for frame; the third
        // draws its own (its frames are another size).
        let (folder, manifest) = try project("""
            { "cases": [
                { "name": "first", "animator": "fade-c", "operation": "present", "params": { "duration": 0.3 } },
                { "name": "again", "animator": "fade-c", "operation": "present", "params": { "duration": 0.3 } },
                { "name": "small", "animator": "fade-c", "operation": "present", "params": { "duration": 0.3 },
                  "size": "375x667" } ] }
            """)
        let summary = try scrubberAfterChanging(manifest, in: folder, "0.3", to: "0.2")
        #expect(summary.names == ["first", "again", "small"])
        try #require(summary.golden.count == 3 && summary.actual.count == 3)
        #expect(summary.golden[1] == summary.golden[0] && summary.actual[1] == summary.actual[0])
        // 0.3 s at 60 frames a second: 19 frames in each golden run, 13 in each actual one.
        #expect(summary.golden.allSatisfy { $0.count == 19 && $0.allSatisfy { $0 >= 0 } })
        #expect(summary.actual.allSatisfy { $0.prefix(13).allSatisfy { $0 >= 0 } && $0.dropFirst(13).allSatisfy { $0 < 0 } })
        // The first case's frames at 390 × 844 points, the third's at 375 × 667 (scale 1).
        #expect(summary.sizes[0] == [[390, 844]] && summary.sizes[2] == [[375, 667]], "\(summary.sizes)")
        // Each picture once on the page, and only the first and the third case's: the
        // second adds none.
        let shown = (0..<3).map { Set((summary.golden[$0] + summary.actual[$0]).filter { $0 >= 0 }) }
        #expect(summary.distinct == summary.count)
        #expect(shown[2].isDisjoint(with: shown[0]) && shown[0].count + shown[2].count == summary.count,
                "\(shown) of \(summary.count)")
    }

    @Test func casesOfSixSizesEachShowTheirOwnFrames() throws {
        // Six cases on six screen sizes: the scrubber draws a few sizes at a time, so its
        // frames go out in several windows however many cores the machine has. Each case
        // must show pictures of its own size, its golden run's and its actual run's frames
        // in their places, every picture once.
        let sizes = (0..<6).map { (width: 300 + 10 * $0, height: 600) }
        let cases = sizes.enumerated().map { index, size in
            #"{ "name": "size-\#(index)", "animator": "fade-c", "operation": "present", "params": { "duration": 0.1 }, "#
                + #""size": "\#(size.width)x\#(size.height)" }"#
        }
        let (folder, manifest) = try project(#"{ "cases": [ "# + cases.joined(separator: ", ") + " ] }")
        let summary = try scrubberAfterChanging(manifest, in: folder, "0.1", to: "0.15")
        #expect(summary.names == (0..<6).map { "size-\($0)" })
        // Each case's pictures at its own size (scale 1), and no picture shared between cases.
        #expect(summary.sizes == sizes.map { [[$0.width, $0.height]] }, "\(summary.sizes)")
        // 0.1 s and 0.15 s at 60 frames a second: 7 golden frames and 10 actual ones, on 10
        // places; nothing shown yet at 0 s on either side.
        for (golden, actual) in zip(summary.golden, summary.actual) {
            #expect(golden.count == 10 && golden.prefix(7).allSatisfy { $0 >= 0 } && golden.dropFirst(7).allSatisfy { $0 < 0 })
            #expect(actual.count == 10 && actual.allSatisfy { $0 >= 0 } && golden.first == actual.first)
        }
        let shown = zip(summary.golden, summary.actual).map { Set(($0 + $1).filter { $0 >= 0 }) }
        #expect(shown.enumerated().allSatisfy { index, pictures in
            shown.enumerated().allSatisfy { $0.offset == index || $0.element.isDisjoint(with: pictures) } })
        #expect(summary.distinct == summary.count && shown.map(\.count).reduce(0, +) == summary.count)
    }

    @Test func aChangedColorGivesADiffPictureWhereItChanged() throws {
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "bubble", "animator": "bubble", "operation": "present",
                           "params": { "bubbleColor": "#3b82f6" }, "keep": { "frames": [0.25] } } ] }
            """)
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: "#3b82f6", with: "#ef4444")
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let result = try cli.run("snapshot", "verify", manifest)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("/bubble: backgroundColor #3b82f6ff → #ef4444ff"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("frame-0.25s.png (0.25 s): "), "\(result.standardOutput)")
        // The diff picture marks exactly the pixels where golden and actual differ by more
        // than the threshold (6 levels), computed here from the two pictures themselves.
        let golden = folder.path + "/__snapshots__/bubble/frame-0.25s.png"
        let report = folder.path + "/snapshot-report/bubble"
        let probe = try Python.run("""
            import sys
            from PIL import Image
            g, a, d = (Image.open(p).convert('RGBA') for p in sys.argv[1:4])
            changed = marked = agree = 0
            xs, ys = [], []
            for y in range(g.height):
                for x in range(g.width):
                    p, q, m = g.getpixel((x, y)), a.getpixel((x, y)), d.getpixel((x, y))
                    differs = max(abs(p[i] - q[i]) for i in range(4)) > 6
                    magenta = m[1] == 0 and m[0] >= 128 and m[2] == m[0]
                    changed += differs; marked += magenta; agree += differs == magenta
                    if differs: xs.append(x); ys.append(y)
            print(changed, marked, agree == g.width * g.height, min(xs), max(xs), min(ys), max(ys))
            """, [golden, report + "/frame-0.25s-actual.png", report + "/frame-0.25s-diff.png"])
        #expect(probe.status == 0, "\(probe.standardError)")
        let numbers = probe.standardOutput.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        try #require(numbers.count == 7, "\(probe.standardOutput)")
        #expect(Int(numbers[0])! > 1000 && numbers[0] == numbers[1], "\(numbers)")
        #expect(numbers[2] == "True")
        // The report names the same box as the pictures: "in x A…B, y C…D (pixels)".
        #expect(result.standardOutput.contains("in x \(numbers[3])…\(numbers[4]), y \(numbers[5])…\(numbers[6]) (pixels)"),
                "\(result.standardOutput) \(numbers)")
        // The bubble grows from its start point (330, 754): the change is around it, and
        // the top of the screen, far from the bubble at a quarter second, is untouched.
        #expect(Int(numbers[3])! <= 330 && Int(numbers[4])! >= 330 && Int(numbers[6])! >= 754)
        #expect(Int(numbers[5])! > 100)
        // The page's golden figure is the golden file itself, byte for byte, and its actual
        // figure the file written beside the page.
        let page = try String(contentsOfFile: folder.path + "/snapshot-report/index.html", encoding: .utf8)
        for (caption, file) in [("golden", golden), ("actual", report + "/frame-0.25s-actual.png")] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(page.contains("<img src=\"data:image/png;base64,\(bytes.base64EncodedString())\" alt=\"\(caption)\">"), "\(caption)")
        }
    }

    @Test func aReportThatCannotBeWrittenLeavesTheLastOneWhole() throws {
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "bubble", "animator": "bubble", "operation": "present",
                           "params": { "bubbleColor": "#3b82f6" }, "keep": { "frames": [0.25] } } ] }
            """)
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        func recolor(_ from: String, _ to: String) throws {
            try String(contentsOfFile: manifest, encoding: .utf8).replacingOccurrences(of: from, with: to)
                .write(toFile: manifest, atomically: true, encoding: .utf8)
        }
        try recolor("#3b82f6", "#ef4444")
        let first = try cli.run("snapshot", "verify", manifest)
        #expect(first.status == 1)
        let reportFolder = folder.path + "/snapshot-report"
        let page = reportFolder + "/index.html"
        let written = try Data(contentsOf: URL(fileURLWithPath: page))
        // The page is whole: it ends as an HTML document does.
        #expect(String(decoding: written, as: UTF8.self).hasSuffix("</body>\n</html>\n"))
        // Where the case's pictures go, a file: the next report cannot write them.
        let files = FileManager.default
        try files.removeItem(atPath: reportFolder + "/bubble")
        try "not a folder".write(toFile: reportFolder + "/bubble", atomically: true, encoding: .utf8)
        try recolor("#ef4444", "#22c55e")
        let blocked = try cli.run("snapshot", "verify", manifest)
        // The case still differs (exit 1), the summary says so without a report, and the
        // reason is one line naming the place.
        #expect(blocked.status == 1)
        #expect(blocked.standardOutput.hasSuffix("1 case: 0 matched, 1 differed\n"), "\(blocked.standardOutput)")
        let complaint = blocked.standardError.split(separator: "\n").filter { $0.contains("cannot write the report") }
        #expect(complaint.count == 1 && complaint[0].contains(reportFolder + "/bubble"), "\(blocked.standardError)")
        // The last good report is untouched, byte for byte, and nothing half-written is left beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) == written)
        #expect(try files.contentsOfDirectory(atPath: reportFolder).sorted() == ["bubble", "index.html"])
        // With the way clear again, the new report replaces it: the new color's picture beside it.
        try files.removeItem(atPath: reportFolder + "/bubble")
        let cleared = try cli.run("snapshot", "verify", manifest)
        #expect(cleared.status == 1)
        #expect(cleared.standardOutput.contains("; report: \(page)"), "\(cleared.standardOutput)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: page)) != written)
        #expect(files.fileExists(atPath: reportFolder + "/bubble/frame-0.25s-actual.png"))
        #expect(files.fileExists(atPath: reportFolder + "/bubble/frame-0.25s-diff.png"))
    }

    @Test func aChangedKeyframeAndTheReportsScrubber() throws {
        let plugins = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugins.path)
        let library = plugins.path + "/libkeyed.so"
        func build(_ middle: String) throws {
            try compileFixture("hostile_animator.c", defines: ["HOSTILE_KEYFRAME_MID=\(middle)", "HOSTILE_ID=\"org.hostile.keyed\"",
                                                               "HOSTILE_NAME=\"keyed\""], output: library)
        }
        try build("0.5")
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "keyed", "animator": "keyed", "operation": "present" } ] }
            """)
        #expect(try cli.run("snapshot", "record", manifest, "--plugin-path", plugins.path).status == 0)
        try build("0.8")
        let result = try cli.run("snapshot", "verify", manifest, "--plugin-path", plugins.path)
        #expect(result.status == 1)
        // Opacity 0 → v over the first 0.1 s, linear: at 1/60 s, v × (1/60) / 0.1 = v / 6.
        #expect(result.standardOutput.contains("frame 1 (0.017 s), window/transition container/to: alpha 0.083333 → 0.133333 (by 0.05)"),
                "\(result.standardOutput)")
        // The report's scrubber steps through golden, actual and diff, frame by frame
        // (0.2 s at 60 frames per second: 13 frames).
        let page = folder.path + "/snapshot-report/index.html"
        let driver = PackageLayout.root + "/Tests/Browser/scrub_check.py"
        let browser = try Python.runScript(driver, [page, "0,0.5,1", "5,5"])
        #expect(browser.status == 0, "\(browser.standardError)")
        struct Click: Decodable { var value: Double; var readout: String; var diff: [String]? }
        struct Report: Decodable { var clicks: [Click] }
        let clicks = try JSONDecoder().decode(Report.self, from: Data(browser.standardOutput.utf8)).clicks
        try #require(clicks.count == 3)
        #expect(clicks.map(\.value) == [0, 6, 12])
        #expect(clicks[0].readout == "keyed: 0 s, frame 1/13")
        #expect(clicks[1].readout == "keyed: 0.1 s, frame 7/13")
        #expect(clicks[2].readout == "keyed: 0.2 s, frame 13/13")
        // The page draws each frame's diff itself: checked here pixel by pixel against the
        // verifier's rule applied by Python to the two frames the page shows (golden in faded
        // grey by its luminance, pixels more than 6 levels apart magenta by how far apart).
        let rule = """
            import base64, io, json, sys
            from PIL import Image
            def picture(url): return Image.open(io.BytesIO(base64.b64decode(url.split(',', 1)[1]))).convert('RGBA')
            for golden, actual, drawn in json.load(open(sys.argv[1])):
                g, a, d = picture(golden), picture(actual), picture(drawn)
                wrong = marked = 0
                for y in range(g.height):
                    for x in range(g.width):
                        p, q = g.getpixel((x, y)), a.getpixel((x, y))
                        distance = max(abs(p[i] - q[i]) for i in range(4))
                        luma = (p[0] * 299 + p[1] * 587 + p[2] * 114) // 1000
                        grey = 200 + luma * 55 // 255
                        want = (128 + min(distance, 127), 0, 128 + min(distance, 127), 255) if distance > 6 else (grey, grey, grey, 255)
                        marked += distance > 6
                        wrong += d.getpixel((x, y)) != want
                print(d.size == g.size, wrong, marked)
            """
        let diffs = try clicks.map { try #require($0.diff) }
        try JSONEncoder().encode(diffs).write(to: URL(fileURLWithPath: folder.path + "/diffs.json"))
        let checked = try Python.run(rule, [folder.path + "/diffs.json"])
        #expect(checked.status == 0, "\(checked.standardError)")
        let lines = checked.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(lines.count == 3, "\(checked.standardOutput)")
        for line in lines { #expect(line[0] == "True" && line[1] == "0", "\(line)") }
        // The keyframe moved: the middle frame differs, the first (nothing shown yet) does not.
        #expect(Int(lines[1][2])! > 0 && lines[0][2] == "0", "\(lines)")
        // --update writes the new pictures; then it verifies.
        let updated = try cli.run("snapshot", "verify", manifest, "--update", "--plugin-path", plugins.path)
        #expect(updated.status == 0, "\(updated.standardOutput)")
        #expect(updated.standardOutput.contains("  updated  keyed"))
        #expect(try cli.run("snapshot", "verify", manifest, "--plugin-path", plugins.path).status == 0)
    }

    @Test func scenariosAndGestureTracesAreCasesToo() throws {
        let (folder, manifest) = try project("""
            { "cases": [
              { "name": "flow", "scenario": "flow.json", "fps": 30, "keep": { "frames": ["end"] } },
              { "name": "pinched", "animator": "zoom", "operation": "pop", "interaction": "traces/pinch.json", "fps": 30 }
            ] }
            """)
        try #"{ "steps": [ { "operation": "push", "to": "detail" }, { "operation": "pop" } ] }"#
            .write(toFile: folder.file("flow.json"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path + "/traces", withIntermediateDirectories: true)
        // Seed 000's pinch to pop, let go at 0.4 (percent 0.6) with a closing velocity: it finishes.
        try #"{ "gesture": "pinch", "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.7 }, { "t": 0.2, "scale": 0.4, "velocity": -2 } ] }"#
            .write(toFile: folder.path + "/traces/pinch.json", atomically: true, encoding: .utf8)
        let recorded = try cli.run("snapshot", "record", manifest)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        // The scenario's timeline holds its two transitions; the pinch's one that completed.
        let flow = try readJSON(folder.path + "/__snapshots__/flow/timeline.json")
        #expect((flow["transitions"] as? [[String: Any]])?.map { $0["operation"] as? String } == ["push", "pop"])
        let pinched = try readJSON(folder.path + "/__snapshots__/pinched/timeline.json")
        #expect(pinched["completed"] as? Bool == true)
        let verified = try cli.run("snapshot", "verify", manifest)
        #expect(verified.standardOutput.hasSuffix("2 cases: 2 matched\n"), "\(verified.standardOutput)")
    }

    /// Two different TrueType fonts Tests/setup.sh installs.
    func twoFonts() throws -> (String, String) {
        let liberation = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        guard FileManager.default.fileExists(atPath: liberation), FileManager.default.fileExists(atPath: dejaVu) else {
            throw SetupError(description: "Liberation Sans and DejaVu Sans are not installed: run Tests/setup.sh")
        }
        return (liberation, dejaVu)
    }

    @Test func theProjectsOwnSnapshotsMatchWhateverFontsTheMachineHas() throws {
        // The bundled animators' golden files, checked in under Tests/Snapshots with the
        // built-in font (the manifest names none): the machine's fonts, or a font folder in
        // the environment, change nothing.
        let manifest = PackageLayout.root + "/Tests/Snapshots/snapshots.json"
        let (liberation, _) = try twoFonts()
        for fonts in [[:], ["ANIMATOR_HOST_FONT_PATH": FileSystemPath.folder(of: liberation)],
                      ["ANIMATOR_HOST_FONT_PATH": "none"]] {
            let result = try cli.run(arguments: ["snapshot", "verify", manifest],
                                     extraEnvironment: fonts.merging(["CI": "true"]) { $1 })
            #expect(result.status == 0, "\(fonts): \(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.hasSuffix("11 cases: 11 matched\n"), "\(fonts): \(result.standardOutput)")
        }
    }

    @Test func aManifestsOwnFontDrawsItsPicturesAndAnotherFontIsOneLine() throws {
        let (liberation, dejaVu) = try twoFonts()
        let case_ = #"{ "name": "fade", "animator": "fade-c", "operation": "tab", "keep": { "timeline": false } }"#
        let (folder, manifest) = try project(#"{ "font": "fonts/Sans.ttf", "cases": [ \#(case_) ] }"#)
        try FileManager.default.createDirectory(atPath: folder.file("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: liberation, toPath: folder.file("fonts/Sans.ttf"))
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        // What drew it, by the font file's size and CRC-32 (zlib's, computed by Python).
        func crc(_ path: String) throws -> String {
            try Python.run("import sys, zlib; print('%x' % zlib.crc32(open(sys.argv[1], 'rb').read()))", [path])
                .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func size(_ path: String) throws -> Int { try Data(contentsOf: URL(fileURLWithPath: path)).count }
        let drawing = try readJSON(folder.path + "/__snapshots__/fade/drawing.json")
        #expect(drawing["renderer"] as? Int == 1)
        #expect(drawing["font"] as? String == "Sans.ttf (\(try size(liberation)) bytes, CRC-32 \(try crc(liberation)))")
        // The font is what drew the tab bar's labels: the same case without it differs.
        let (plain, plainManifest) = try project(#"{ "cases": [ \#(case_) ] }"#)
        #expect(try cli.run("snapshot", "record", plainManifest).status == 0)
        let withFont = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/__snapshots__/fade/frame-end.png"))
        #expect(withFont != (try Data(contentsOf: URL(fileURLWithPath: plain.path + "/__snapshots__/fade/frame-end.png"))))
        #expect(try readJSON(plain.path + "/__snapshots__/fade/drawing.json")["font"] as? String == "the built-in bitmap font")
        // Verified with any fonts on the machine: it matches.
        for fonts in [[:], ["ANIMATOR_HOST_FONT_PATH": "none"], ["ANIMATOR_HOST_FONT_PATH": FileSystemPath.folder(of: dejaVu)]] {
            let verified = try cli.run(arguments: ["snapshot", "verify", manifest], extraEnvironment: fonts)
            #expect(verified.standardOutput.hasSuffix("1 case: 1 matched\n"), "\(fonts): \(verified.standardOutput)")
        }
        // Another file under the same name: one line naming both drawings, no picture diff.
        try FileManager.default.removeItem(atPath: folder.file("fonts/Sans.ttf"))
        try FileManager.default.copyItem(atPath: dejaVu, toPath: folder.file("fonts/Sans.ttf"))
        let changed = try cli.run("snapshot", "verify", manifest)
        #expect(changed.status == 1)
        let lines = changed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("           pictures: the golden ones were drawn with renderer 1, Sans.ttf (\(try size(liberation)) "
                               + "bytes, CRC-32 \(try crc(liberation))), this run draws with renderer 1, Sans.ttf "
                               + "(\(try size(dejaVu)) bytes, CRC-32 \(try crc(dejaVu))): not compared; record them again "
                               + "(snapshot record) if that is meant"), "\(lines)")
        #expect(!changed.standardOutput.contains("pixels"))
        // Fonts a manifest may not name, each in one line (exit 2).
        for (font, message) in [("../Sans.ttf", "is outside the manifest's folder"), ("fonts/notes.txt", "is not a .ttf file"),
                                ("fonts/missing.ttf", "missing.ttf"), ("", "expected the name of a .ttf file")] {
            try #"{ "font": "\#(font)", "cases": [ \#(case_) ] }"#.write(toFile: manifest, atomically: true, encoding: .utf8)
            let refused = try cli.run("snapshot", "verify", manifest)
            #expect(refused.status == 2, "\(font): \(refused.standardOutput)")
            #expect(refused.standardError.contains("snapshots.json: $.font: ") && refused.standardError.contains(message),
                    "\(font): \(refused.standardError)")
            #expect(refused.standardError.split(separator: "\n").count <= 2)
        }
    }

    /// A JUnit report checked by Python's own XML parser for what the JUnit schema requires
    /// (testsuites > testsuite with name and tests, testcase with name and classname) and
    /// for the counts; prints "suite|tests|failures|errors|skipped" then "case|outcome|message".
    static let junitReader = """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        assert root.tag == "testsuites", root.tag
        for suite in root:
            assert suite.tag == "testsuite" and suite.get("name") and suite.get("tests") is not None
            cases = list(suite)
            assert int(suite.get("tests")) == len(cases)
            kinds = [[c.tag for c in case] for case in cases]
            for kind in ("failure", "error", "skipped"):
                assert int(suite.get(kind + "s" if kind != "skipped" else kind)) == sum(kind in k for k in kinds)
            print("|".join([suite.get("name")] + [suite.get(a) for a in ("tests", "failures", "errors", "skipped")]))
            for case in cases:
                assert case.tag == "testcase" and case.get("name") and case.get("classname")
                outcome = [c for c in case if c.tag in ("failure", "error", "skipped")]
                print("|".join([case.get("name"), outcome[0].tag if outcome else "passed",
                                outcome[0].get("message", "") if outcome else ""]))
        """

    @Test func junitReportsAndShardsThatPartitionTheManifest() throws {
        let names = ["one", "two", "three", "four", "five"]
        let cases = names.map { #"{ "name": "\#($0)", "animator": "fade-c", "operation": "tab", "keep": { "timeline": false } }"# }
        let (folder, manifest) = try project(#"{ "cases": [ \#(cases.joined(separator: ", ")) ] }"#)
        #expect(try cli.run("snapshot", "record", manifest).status == 0)
        // Case "three" now runs on a smaller screen than its golden pictures: it differs.
        let slower = cases.map { $0.contains("three") ? $0.replacingOccurrences(of: #""keep""#, with: #""size": "375x667", "keep""#) : $0 }
        try #"{ "cases": [ \#(slower.joined(separator: ", ")) ] }"#.write(toFile: manifest, atomically: true, encoding: .utf8)
        let junit = folder.file("junit.xml")
        let verified = try cli.run("snapshot", "verify", manifest, "--junit", junit)
        #expect(verified.status == 1)
        let read = try Python.run(Self.junitReader, [junit]).standardOutput.split(separator: "\n").map(String.init)
        #expect(read.first == "\(manifest)|5|1|0|0", "\(read)")
        #expect(Array(read.dropFirst()).map { $0.split(separator: "|").prefix(2).joined(separator: "|") }
                == ["one|passed", "two|passed", "three|failure", "four|passed", "five|passed"], "\(read)")
        #expect(read.contains("three|failure|frame-end.png (the end): 375x667 pixels, the golden one 390x844"), "\(read)")
        // Three shards: every case in exactly one, every third from the shard's number.
        var seen: [String] = []
        for index in 1...3 {
            let part = folder.file("junit-\(index).xml")
            let shard = try cli.run("snapshot", "verify", manifest, "--shard", "\(index)/3", "--junit", part)
            let ran = shard.standardOutput.split(separator: "\n").compactMap { line -> String? in
                let words = line.split(separator: " ")
                return words.count == 2 && ["matched", "differed"].contains(words[0]) ? String(words[1]) : nil
            }
            #expect(ran == stride(from: index - 1, to: names.count, by: 3).map { names[$0] }, "\(shard.standardOutput)")
            #expect(shard.status == (ran.contains("three") ? 1 : 0))
            #expect(shard.standardOutput.contains("(shard \(index)/3)"))
            let partRead = try Python.run(Self.junitReader, [part]).standardOutput
            #expect(partRead.hasPrefix("\(manifest) (shard \(index)/3)|\(ran.count)|"), "\(partRead)")
            seen += ran
        }
        #expect(seen.sorted() == names.sorted())
        // More parts than cases: an empty part passes; a part that is not I/N is refused.
        let empty = try cli.run("snapshot", "verify", manifest, "--shard", "7/8", "--junit", folder.file("empty.xml"))
        #expect(empty.status == 0, "\(empty.standardOutput) \(empty.standardError)")
        #expect(empty.standardOutput.contains("0 cases (shard 7/8 of 5)"))
        #expect(try Python.run(Self.junitReader, [folder.file("empty.xml")]).standardOutput.hasSuffix("|0|0|0|0\n"))
        for bad in ["4/3", "0/3", "1/0", "three", "1/1001"] {
            let refused = try cli.run("snapshot", "verify", manifest, "--shard", bad)
            #expect(refused.status == 2)
            #expect(refused.standardError.contains("--shard: '\(bad)' is not I/N with 1 ≤ I ≤ N ≤ 1000"), "\(refused.standardError)")
        }
    }

    @Test func aVariantMatrixMakesACaseOfEachWithItsOwnGoldens() throws {
        let (folder, manifest) = try project("""
            { "variants": ["", "rtl", "iphone-se, landscape"],
              "cases": [ { "name": "zoom", "animator": "zoom", "operation": "present", "keep": { "timeline": false } },
                         { "name": "fade", "animator": "fade-c", "operation": "tab", "keep": { "timeline": false },
                           "variants": ["dark"] } ] }
            """)
        let recorded = try cli.run("snapshot", "record", manifest)
        #expect(recorded.status == 0, "\(recorded.standardOutput) \(recorded.standardError)")
        #expect(recorded.standardOutput.hasSuffix("4 cases: 4 recorded\n"), "\(recorded.standardOutput)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/__snapshots__").sorted()
        #expect(folders == ["fade@dark", "zoom", "zoom@iphone-se+landscape", "zoom@rtl"])
        // Each drawn on its own screen: the iPhone SE on its side is 667 x 375 points.
        func size(_ case_: String) throws -> [Int] {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/__snapshots__/\(case_)/frame-end.png")))
            return [16, 20].map { at in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        }
        #expect(try size("zoom") == [390, 844] && size("zoom@rtl") == [390, 844])
        #expect(try size("zoom@iphone-se+landscape") == [667, 375])
        let verified = try cli.run("snapshot", "verify", manifest, "--only", "zoom@")
        #expect(verified.standardOutput.hasSuffix("2 cases: 2 matched\n"), "\(verified.standardOutput)")
        // Mistakes, naming where.
        for (variants, message) in [(#"["", "drak"]"#, "$.variants[1]: 'drak' is not a variant word"),
                                    (#"["dark", "Dark "]"#, "$.variants[1]: 'Dark ' repeats a variant given before"),
                                    (#"[]"#, "$.variants: expected a non-empty array of --variant values")] {
            try #"{ "variants": \#(variants), "cases": [ { "name": "z", "animator": "zoom" } ] }"#
                .write(toFile: manifest, atomically: true, encoding: .utf8)
            let refused = try cli.run("snapshot", "verify", manifest)
            #expect(refused.status == 2)
            #expect(refused.standardError.contains(message), "\(refused.standardError)")
        }
    }

    @Test func missingGoldenFilesUnderCIAndMistakes() throws {
        let (folder, manifest) = try project("""
            { "cases": [ { "name": "fade", "animator": "fade-c", "operation": "tab", "keep": { "timeline": false, "frames": ["end"] } } ] }
            """)
        let underCI = try cli.run("snapshot", "verify", manifest, extraEnvironment: ["CI": "true"])
        #expect(underCI.status == 1)
        #expect(underCI.standardOutput.contains("  missing  fade: no golden frame-end.png in \(folder.path)/__snapshots__/fade"),
                "\(underCI.standardOutput)")
        #expect(underCI.standardError.contains("golden files are missing and CI=true"))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/__snapshots__/fade/frame-end.png"))
        let locally = try cli.run("snapshot", "verify", manifest)
        #expect(locally.status == 0)
        #expect(locally.standardOutput.contains("  recorded fade: no golden frame-end.png"), "\(locally.standardOutput)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/__snapshots__/fade/frame-end.png"))
        let broken = folder.file("broken.json")
        for (text, message) in [
            ("{ \"cases\": [ { \"name\": \"x\", \"animator\": \"zoom\", \"opration\": \"push\" } ] }",
             "broken.json: $.cases[0].opration: unknown key"),
            ("{ \"cases\": [ { \"name\": \"../x\", \"animator\": \"zoom\" } ] }", "'../x' is not a folder name"),
            ("{ \"cases\": [ { \"name\": \"x\", \"animator\": \"zoom\", \"tolerance\": { \"pixelThreshold\": 300 } } ] }",
             "$.cases[0].tolerance.pixelThreshold: expected a whole number from 0 to 255"),
            ("{ \"cases\": [ { \"name\": \"x\", \"animator\": \"zoom\", \"params\": { \"duration\": 99 } } ] }",
             "snapshot: case x: --param: parameter 'duration': 99 is above the maximum 10"),
            ("{ \"cases\": [ { \"name\": \"x\", \"animator\": \"zooom\" } ] }", "case x"),
            ("not json", "broken.json: is not JSON"),
        ] {
            try text.write(toFile: broken, atomically: true, encoding: .utf8)
            let result = try cli.run("snapshot", "verify", broken)
            if message == "case x" {
                // An animator that is not installed (it may have failed to load) fails its case.
                #expect(result.status == 1, "\(result.standardOutput)")
                #expect(result.standardOutput.contains("failed   x: zooom: no such animator on the search path (did you mean 'zoom'?)"),
                        "\(result.standardOutput)")
            } else {
                #expect(result.status == 2, "\(text)")
                #expect(result.standardError.contains(message), "\(result.standardError)")
            }
        }
        #expect(try cli.run("snapshot").status == 2)
        #expect(try cli.run("snapshot", "check", manifest).standardError.contains("'check' is not 'record' or 'verify'"))
        #expect(try cli.run("snapshot", "record", manifest, "--update").status == 2)
    }
}

/// Paths as the tests spell them.
enum FileSystemPath {
    /// The folder holding `path`.
    static func folder(of path: String) -> String { URL(fileURLWithPath: path).deletingLastPathComponent().path }
}
