import Foundation
import Testing
import TestSupport

/// `run --out`, `--timeline`, `--scenario` and `play`, as a user runs them; images are
/// read back with Pillow and the HTML player is driven in headless Chromium
/// (Tests/setup.sh installs both).
@Suite struct RenderCommandTests {
    let cli = CLI()
    let bubbleBlue = [59, 130, 246]     // #3B82F6, the bubble
    let white = [255, 255, 255]
    let grouped = [242, 242, 247]       // #F2F2F7, iOS's grouped background behind the list

    /// Pillow's reading of an image file: size, durations, loop, and the RGB of `points`
    /// in every frame.
    struct Decoded: Decodable {
        var size: [Int]
        var durations: [Int]
        var loop: Int?
        var pixels: [[[Int]]]
    }

    func decode(_ path: String, points: [(Int, Int)]) throws -> Decoded {
        let script = """
            import json, sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            points = json.loads(sys.argv[2])
            durations, pixels = [], []
            for i in range(getattr(im, 'n_frames', 1)):
                im.seek(i)
                durations.append(im.info.get('duration', 0))
                rgb = im.convert('RGB')
                pixels.append([list(rgb.getpixel((x, y))) for (x, y) in points])
            print(json.dumps({'size': list(im.size), 'durations': durations, 'loop': im.info.get('loop'), 'pixels': pixels}))
            """
        let pointsJSON = "[" + points.map { "[\($0.0), \($0.1)]" }.joined(separator: ",") + "]"
        let result = try Python.run(script, [path, pointsJSON])
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(Decoded.self, from: Data(result.standardOutput.utf8))
    }

    // Hand-worked places in the Bubble present transition between the stage's list and
    // detail: (8, 150) is left of the list's section (which starts at x 16) on the
    // grouped background, never reached by the bubble at half time (684 points from its
    // center), and on the detail page's white background, left of its picture, at the end;
    // (330, 344) is in the list's fourth row (white, right of its subtitle, left of its
    // chevron) at first, inside the bubble at half time (the bubble's radius is then
    // 0.5005 · √(330² + 754²) ≈ 411.9 around (330, 754), and the point is 410 above its
    // center, clear of the detail view), and on the detail page's white background between
    // its picture (y 112…332) and its headline (from y 348) at the end.

    @Test func aGIFOfTheBubbleDecodesWithItsTimingAndColors() throws {
        let path = cli.home.file("bubble.gif")
        let result = try cli.run("run", "bubble", "--operation", "present", "--out", path)
        #expect(result.status == 0, "\(result.standardError)")
        let gif = try decode(path, points: [(8, 150), (330, 344)])
        // The message counts the frames the file holds (as Pillow reads them), of the 31
        // recorded (0.5 s at 60 frames a second, and the first).
        #expect(result.standardError.hasPrefix("wrote \(path): \(gif.durations.count) frames, 390x844 (of 31 recorded: "),
                "\(result.standardError)")
        #expect(gif.durations.count < 31)
        #expect(gif.size == [390, 844])
        #expect(gif.loop == 0)
        // Every delay at least 2/100 s; the frames before the last span the 0.5 s exactly;
        // the last one stays a second more.
        #expect(gif.durations.allSatisfy { $0 >= 20 })
        #expect(gif.durations.dropLast().reduce(0, +) == 500)
        #expect(try #require(gif.durations.last) >= 1000)
        #expect(gif.pixels.first == [grouped, white])
        #expect(gif.pixels.last == [white, white])
    }

    /// ffmpeg's own reading of a video: codec, size, rate and frame count (ffprobe), and
    /// its first and last frames as PNG files beside it.
    func probe(_ video: String) throws -> (codec: String, width: Int, height: Int, rate: String, frames: Int, first: String, last: String) {
        let ffprobe = try runProcess("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                                          "stream=codec_name,width,height,r_frame_rate,nb_read_frames",
                                                          "-of", "default=noprint_wrappers=1", video])
        var fields: [String: String] = [:]
        for line in ffprobe.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { fields[parts[0]] = parts[1] }
        }
        let first = video + ".first.png", last = video + ".last.png"
        _ = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-i", video, "-frames:v", "1", first])
        _ = try runProcess("/usr/bin/ffmpeg", ["-v", "error", "-y", "-sseof", "-0.2", "-i", video, "-update", "1", last])
        return (fields["codec_name"] ?? "", Int(fields["width"] ?? "") ?? 0, Int(fields["height"] ?? "") ?? 0,
                fields["r_frame_rate"] ?? "", Int(fields["nb_read_frames"] ?? "") ?? 0, first, last)
    }

    @Test(arguments: [("mp4", "h264", "H.264"), ("webm", "vp9", "VP9")])
    func aVideoForReviewIsWrittenThroughFfmpeg(container: String, codec: String, name: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw SetupError(description: "ffmpeg is not installed: run Tests/setup.sh")
        }
        let path = cli.home.file("bubble.\(container)")
        let result = try cli.run("run", "bubble", "--operation", "present", "--out", path)
        #expect(result.status == 0, "\(result.standardError)")
        // 0.5 s of transition and a second held, at the run's 60 frames a second: 90 frames.
        #expect(result.standardError == "wrote \(path): \(name) video of 90 frames at 60 per second (1.5 s), 390x844\n",
                "\(result.standardError)")
        let video = try probe(path)
        #expect(video.codec == codec && video.width == 390 && video.height == 844 && video.rate == "60/1" && video.frames == 90,
                "\(video)")
        // The first and last pictures at the hand-worked points, within what lossy coding
        // moves flat colors (a few levels).
        let first = try decode(video.first, points: [(8, 150), (330, 344)]).pixels[0]
        let last = try decode(video.last, points: [(8, 150), (330, 344)]).pixels[0]
        func near(_ a: [[Int]], _ b: [[Int]]) -> Bool { zip(a.joined(), b.joined()).allSatisfy { abs($0 - $1) <= 4 } }
        #expect(near(first, [grouped, white]), "\(first)")
        #expect(near(last, [white, white]), "\(last)")
    }

    @Test func videoWithoutFfmpegOrWhenItFailsIsOneLineAndNoFile() throws {
        // No ffmpeg on the PATH: said before the run, naming the package.
        let path = cli.home.file("none.mp4")
        let missing = try cli.run("run", "bubble", "--out", path, extraEnvironment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "animator-host run: \(path): writing video needs ffmpeg on the PATH (Debian and Ubuntu: "
                + "apt install ffmpeg; Fedora: dnf install ffmpeg-free; macOS: brew install ffmpeg)\n", "\(missing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: path))
        // An ffmpeg that reads nothing and fails (an encoder it lacks): its last line, the
        // host alive, and an older file of that name left whole.
        let fake = TemporaryDirectory()
        try "#!/bin/sh\necho \"Unknown encoder 'libx264'\" >&2\nexit 1\n".write(toFile: fake.file("ffmpeg"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.file("ffmpeg"))
        try "an older video".write(toFile: path, atomically: true, encoding: .utf8)
        let failing = try cli.run("run", "bubble", "--out", path, extraEnvironment: ["PATH": fake.path + ":/usr/bin:/bin"])
        #expect(failing.status == 1)
        #expect(failing.standardError.hasSuffix("animator-host run: \(path): ffmpeg could not encode it: Unknown encoder 'libx264'\n"),
                "\(failing.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "an older video")
        // An odd size is padded to even sides, as 4:2:0 video needs.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") {
            let odd = cli.home.file("odd.mp4")
            #expect(try cli.run("run", "zoom", "--size", "391x845", "--out", odd).status == 0)
            let video = try probe(odd)
            #expect(video.width == 392 && video.height == 846, "\(video)")
        }
    }

    @Test func aPNGShowsOneFrameOrASheet() throws {
        let half = cli.home.file("half.png")
        let result = try cli.run("run", "bubble", "--operation", "present", "--out", half, "--at", "0.25")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "wrote \(half): frame at 0.25 s, 390x844\n")
        let png = try decode(half, points: [(8, 150), (330, 344)])
        #expect(png.size == [390, 844])
        #expect(png.pixels == [[grouped, bubbleBlue]])
        // At scale 2 every point doubles.
        let double = cli.home.file("double.png")
        #expect(try cli.run("run", "bubble", "-o", "present", "--out", double, "--at", "0.25", "--scale", "2").status == 0)
        let large = try decode(double, points: [(16, 300), (660, 688)])
        #expect(large.size == [780, 1688])
        #expect(large.pixels == [[grouped, bubbleBlue]])
        // A sheet of 5: five frames of 390 × 844 with 12-pixel gaps and a 22-pixel caption row.
        let sheet = cli.home.file("sheet.png")
        #expect(try cli.run("run", "bubble", "-o", "present", "--out", sheet, "--sheet", "5").status == 0)
        let decodedSheet = try decode(sheet, points: [(6, 6), (12 + 8, 12 + 150), (12 + 4 * 402 + 8, 12 + 150)])
        #expect(decodedSheet.size == [5 * 390 + 6 * 12, 844 + 22 + 2 * 12])
        // The gap is dark grey; (8, 150) is the list's grouped background in the first
        // frame and the detail page's white in the last.
        #expect(decodedSheet.pixels == [[[38, 38, 38], grouped, white]])
    }

    @Test func thePagesScrubberMovesThePictureInABrowser() throws {
        let page = cli.home.file("bubble.html")
        let result = try cli.run("run", "bubble", "--operation", "present", "--out", page)
        #expect(result.status == 0, "\(result.standardError)")
        let driver = PackageLayout.root + "/Tests/Browser/scrub_check.py"
        let browser = try Python.runScript(driver, [page, "0,0.5,1", "8,150;330,344"])
        #expect(browser.status == 0, "\(browser.standardError)")
        struct Click: Decodable { var fraction: Double; var value: Double; var readout: String; var pixels: [[Int]] }
        struct Report: Decodable { var clicks: [Click] }
        let clicks = try JSONDecoder().decode(Report.self, from: Data(browser.standardOutput.utf8)).clicks
        try #require(clicks.count == 3)
        // The frames are 1/60 s apart over 0.5 s: fraction f shows the last frame at or
        // before f · 0.5 s, numbered from 1.
        for click in clicks { #expect(abs(click.value - click.fraction) < 0.01, "\(click.value)") }
        #expect(clicks[0].readout.hasSuffix("frame 1/31"))
        #expect(clicks[0].pixels == [grouped, white])
        #expect(clicks[1].readout.hasSuffix("frame 16/31"))
        #expect(clicks[1].pixels == [grouped, bubbleBlue])
        #expect(clicks[2].readout.hasSuffix("frame 31/31"))
        #expect(clicks[2].pixels == [white, white])
    }

    @Test func thePagePlayerStepsFramesChangesSpeedLoopsAndHasKeyboardHelp() throws {
        let page = cli.home.file("bubble.html")
        #expect(try cli.run("run", "bubble", "--operation", "present", "--out", page).status == 0)
        let driver = PackageLayout.root + "/Tests/Browser/scrub_check.py"
        let keys = "ArrowRight,ArrowRight,shift+ArrowRight,ArrowLeft,End,shift+ArrowLeft,Home,],],[,[,[,[,l,shift+?,o,ArrowRight,v"
        let browser = try Python.runScript(driver, [page, "0", "8,150", keys])
        #expect(browser.status == 0, "\(browser.standardError)")
        struct Press: Decodable {
            var key: String, readout: String, speed: String, loop: Bool, help: Bool
            var onion: [Int], view: String, series: [Int], legend: String
        }
        struct Report: Decodable { var keys: [Press] }
        let pressed = try JSONDecoder().decode(Report.self, from: Data(browser.standardOutput.utf8)).keys
        try #require(pressed.count == 18)
        // The Bubble's 31 frames, 1/60 s apart: → → shift+→ ← End shift+← Home.
        func frame(_ press: Press) -> String { String(press.readout.split(separator: "·").last ?? "").trimmingCharacters(in: .whitespaces) }
        #expect(pressed.prefix(7).map(frame) == ["frame 2/31", "frame 3/31", "frame 13/31", "frame 12/31", "frame 31/31",
                                                  "frame 21/31", "frame 1/31"])
        #expect(pressed[1].readout.contains("t 0.033 s"))
        // ] ] [ [ [ [: 1x → 2x → 2x (the fastest) → 1x → 0.5x → 0.25x → 0.1x.
        #expect(pressed[7...12].map(\.speed) == ["2", "2", "1", "0.5", "0.25", "0.1"])
        #expect(!pressed[12].loop && pressed[13].loop)
        #expect(!pressed[13].help && pressed[14].help)
        // o: the onion skin shows the frames before and after (clamped at the first).
        #expect(pressed[14].onion.isEmpty)
        #expect(pressed[15].onion == [0, 1])
        #expect(pressed[16].onion == [0, 2])
        // The graph: the first view that moves, the bubble, its x, y, scale, rotation and
        // alpha in the 30 frames it is in (it is gone from the end state); v: the next
        // view, the incoming one, in all 31, its center going from the bubble's start
        // point (x 330, its default) to the screen's center (390 / 2 = 195), alpha 0 to 1.
        #expect(pressed[16].view == "bubble")
        #expect(pressed[16].series == [30, 30, 30, 30, 30])
        #expect(pressed[17].view == "to")
        #expect(pressed[17].series == [31, 31, 31, 31, 31])
        #expect(pressed[17].legend.contains("x 195…330") && pressed[17].legend.contains("alpha 0…1"), "\(pressed[17].legend)")
    }

    @Test func theTimelineHasEveryFramesPresentationValues() throws {
        let result = try cli.run("run", "bubble", "--operation", "present", "--timeline", "-")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(timeline["schema"] as? String == "animator-host.timeline/1")
        #expect(timeline["animator"] as? String == "bubble")
        #expect(timeline["operation"] as? String == "present")
        #expect(timeline["duration"] as? Double == 0.5)
        #expect(timeline["fps"] as? Double == 60)
        #expect(timeline["completed"] as? Bool == true)
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        #expect(frames.count == 31)
        for (index, frame) in frames.enumerated() {
            #expect(abs((frame["t"] as? Double ?? -1) - Double(index) / 60) < 1e-9)
        }
        // At 0.25 s the incoming view is halfway on easeInOut: alpha ½, scale 0.5005.
        let views = try #require(frames[15]["views"] as? [[String: Any]])
        let to = try #require(views.first { $0["name"] as? String == "to" })
        for key in ["id", "name", "parent", "zIndex", "frame", "bounds", "center", "anchorPoint", "transform", "alpha",
                    "hidden", "backgroundColor", "cornerRadius"] {
            #expect(to[key] != nil, "\(key)")
        }
        #expect(abs((to["alpha"] as? Double ?? 0) - 0.5) < 1e-9)
        let transform = try #require(to["transform"] as? [Double])
        #expect(transform.count == 16)
        #expect(abs(transform[0] - 0.5005) < 1e-9 && abs(transform[5] - 0.5005) < 1e-9 && transform[15] == 1)
        #expect(to["backgroundColor"] as? String == "#ffffffff")
        // Parents come before their children and are named by id.
        let ids = views.compactMap { $0["id"] as? Int }
        for (index, view) in views.enumerated() where index > 0 {
            let parent = try #require(view["parent"] as? Int)
            #expect(ids[..<index].contains(parent))
        }
    }

    @Test func theDemosTimelineHoldsOneObjectPerTransitionAndSizeShapesTheScreen() throws {
        let result = try cli.run("run", "--timeline", "-", "--size", "320x568")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let transitions = try #require(timeline["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["operation"] as? String } == ["present", "dismiss", "push", "pop", "tab", "tab"])
        #expect(transitions.allSatisfy { ($0["size"] as? [Double]) == [320, 568] })
        // The window's first frame is the screen.
        let frames = try #require(transitions[0]["frames"] as? [[String: Any]])
        let window = try #require((frames[0]["views"] as? [[String: Any]])?.first)
        #expect(window["bounds"] as? [Double] == [0, 0, 320, 568])
        // A render of that screen at scale 2 is 640 × 1136.
        let path = cli.home.file("small.png")
        #expect(try cli.run("run", "zoom", "-o", "push", "--size", "320x568", "--scale", "2", "--out", path).status == 0)
        #expect(try decode(path, points: [(0, 0)]).size == [640, 1136])
    }

    @Test func aTimelineRendersLaterToTheSamePicture() throws {
        let timeline = cli.home.file("bubble.json")
        let direct = cli.home.file("direct.png")
        #expect(try cli.run("run", "bubble", "-o", "present", "--timeline", timeline, "--out", direct, "--at", "0.25").status == 0)
        let later = cli.home.file("later.png")
        let result = try cli.run("render", timeline, "--out", later, "--at", "0.25")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "wrote \(later): frame at 0.25 s, 390x844\n")
        // Drawn from the timeline alone, byte for byte the picture the run drew.
        #expect(FileManager.default.contentsEqual(atPath: direct, andPath: later))
        // A malformed timeline is one line with the JSON path; no file is written.
        let broken = cli.home.file("broken.json")
        try #"{ "size": [390, 844], "operation": "present", "frames": [ { "t": 0, "views": [ { "id": 1, "bounds": [0, 0, 1] } ] } ] }"#
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let bad = try cli.run("render", broken, "--out", cli.home.file("never.gif"))
        #expect(bad.status == 1)
        #expect(bad.standardError == "animator-host render: \(broken): frames[0].views[0].bounds: expected an array of 4 numbers\n")
        #expect(!FileManager.default.fileExists(atPath: cli.home.file("never.gif")))
        let noOut = try cli.run("render", timeline)
        #expect(noOut.status == 2)
        #expect(noOut.standardError.hasPrefix("animator-host render: render needs --out FILE.gif, .png, .apng, .html, .mp4 or .webm\n"))
    }

    @Test func theDemosTimelineRendersToTheDemosPictures() throws {
        let timeline = cli.home.file("demo.json")
        let direct = cli.home.file("direct.png")
        #expect(try cli.run("run", "--timeline", timeline, "--out", direct, "--sheet", "12").status == 0)
        let later = cli.home.file("later.png")
        #expect(try cli.run("render", timeline, "--out", later, "--sheet", "12").status == 0)
        // All six transitions; the timeline keeps colors at 8 bits a channel (#rrggbbaa), so
        // where a color is finer (the pendulum's cover is black at alpha 0.5, not 128/255)
        // the redraw may differ by one level, never more.
        let script = """
            import sys
            from PIL import Image, ImageChops
            a, b = Image.open(sys.argv[1]).convert('RGB'), Image.open(sys.argv[2]).convert('RGB')
            assert a.size == b.size, (a.size, b.size)
            print(max(high for (low, high) in ImageChops.difference(a, b).getextrema()))
            """
        let result = try Python.run(script, [direct, later])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Int(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)).map { $0 <= 1 } == true,
                "\(result.standardOutput)")
    }

    @Test func aTimelineFileAndTheSummaryBothAppear() throws {
        let path = cli.home.file("timeline.json")
        let result = try cli.run("run", "zoom", "--operation", "push", "--timeline", path, "--fps", "30")
        #expect(result.status == 0, "\(result.standardError)")
        // 0.4 s at 30 fps: the first picture and 12 more.
        #expect(result.standardOutput.hasPrefix("1. push list → detail: zoom (org.animatorhost.zoom), 0.4 s, 13 frames, completed\n"))
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect((timeline["frames"] as? [Any])?.count == 13)
        #expect(timeline["fps"] as? Double == 30)
    }

    @Test func aFailedRenderLeavesTheOldFileWhole() throws {
        let path = cli.home.file("keep.gif")
        try "old".write(toFile: path, atomically: true, encoding: .utf8)
        let routes = cli.home.file("none.json")
        try #"{ "default": "none", "routes": [] }"#.write(toFile: routes, atomically: true, encoding: .utf8)
        let nothing = try cli.run("run", "--routes", routes, "--out", path)
        #expect(nothing.status == 1)
        #expect(nothing.standardError == "animator-host run: \(path): nothing to draw: no transition ran with animation\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        let unwritable = try cli.run("run", "bubble", "-o", "present", "--out", "/nonexistent/folder/x.gif")
        #expect(unwritable.status == 1)
        #expect(unwritable.standardError == "animator-host run: /nonexistent/folder/x.gif: its folder /nonexistent/folder does not exist\n")
        // No temporary file is left behind beside the kept one.
        let left = try FileManager.default.contentsOfDirectory(atPath: cli.home.path).filter { $0.hasPrefix("keep.gif.") }
        #expect(left.isEmpty)
    }

    @Test func anAnimatedPNGHasEveryFrameInFullColor() throws {
        let path = cli.home.file("bubble.png")
        let result = try cli.run("run", "bubble", "--operation", "present", "--out", path, "--animated")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("wrote \(path): animated PNG of 31 frames, 390x844"))
        let last = cli.home.file("last.png"), middle = cli.home.file("middle.png")
        #expect(try cli.run("run", "bubble", "--operation", "present", "--out", last).status == 0)
        #expect(try cli.run("run", "bubble", "--operation", "present", "--out", middle, "--at", "0.25").status == 0)
        // Read by Pillow: 31 frames (0.5 s at 60 frames per second, both ends), each shown
        // 1/60 s (17 ms) but the last, held a second; frame 16 (0.25 s) and the last are
        // pixel for pixel the single-frame PNGs; a frame has more colors than a GIF can.
        let probe = try Python.run("""
            import sys
            from PIL import Image, ImageChops
            apng = Image.open(sys.argv[1])
            durations, frames = [], []
            for index in range(apng.n_frames):
                apng.seek(index)
                durations.append(apng.info.get('duration'))
                frames.append(apng.convert('RGBA').copy())
            same = lambda a, b: ImageChops.difference(a, Image.open(b).convert('RGBA')).getbbox() is None
            colors = len(frames[15].getcolors(1 << 20) or [])
            print(apng.format, apng.n_frames, round(durations[0]), round(durations[-1]), same(frames[15], sys.argv[3]),
                  same(frames[-1], sys.argv[2]), colors > 256)
            """, [path, last, middle])
        #expect(probe.status == 0, "\(probe.standardError)")
        #expect(probe.standardOutput == "PNG 31 17 1000 True True True\n", "\(probe.standardOutput)")
        // .apng names the same thing.
        #expect(try cli.run("run", "fade-c", "--operation", "push", "--out", cli.home.file("fade.apng")).status == 0)
    }

    @Test func badRenderOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--out", "x.bmp"], "--out: 'x.bmp' does not end in .gif, .png, .apng, .html, .mp4 or .webm"),
            (["--out", "x.png", "--scale", "4"], "--scale: '4' is not 1, 2 or 3"),
            (["--out", "x.gif", "--sheet", "4"], "--at, --sheet and --animated are for --out FILE.png"),
            (["--out", "x.png", "--sheet", "4", "--animated"], "--at, --sheet and --animated: choose one"),
            (["--out", "x.png", "--sheet", "0"], "--sheet: '0' is not a number of frames from 1 to 100"),
            (["--fps", "0"], "--fps: '0' is not a frame rate from 1 to 240"),
            (["--size", "390x"], "--size: '390x' is not WIDTHxHEIGHT in points, each 16...4096 (e.g. 390x844)"),
            (["--at", "0.2"], "--scale, --at, --sheet and --animated shape the file --out writes; give --out FILE"),
            (["--duration", "1"], "--duration needs an animator: <id|name> --operation OP"),
        ]
        for (arguments, message) in cases {
            let result = try runProcess(PackageLayout.productsDirectory + "/animator-host", ["run"] + arguments,
                                        environment: cli.environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.hasPrefix("animator-host run: \(message)\n"), "\(result.standardError)")
        }
        // --duration S is --param duration=S.
        let longer = try cli.run("run", "zoom", "--operation", "push", "--duration", "0.8")
        #expect(longer.status == 0, "\(longer.standardError)")
        #expect(longer.standardOutput.hasPrefix("1. push list → detail: zoom (org.animatorhost.zoom), 0.8 s, 49 frames, completed\n"))
    }

    @Test func aScenarioRunsItsStepsInTheDemoApp() throws {
        let path = cli.home.file("flow.json")
        try #"{ "steps": [ { "operation": "push", "to": "detail" }, { "operation": "pop" }, { "operation": "tab", "tab": 1 } ] }"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "--scenario", path)
        #expect(result.status == 0, "\(result.standardError)")
        // The demo's routes read by hand: push to detail matches no rule (system slide, 0.35 s),
        // pop from detail neither (slide), tab 1 is zoom (0.4 s).
        #expect(result.standardOutput == """
            1. push list → detail: system.slide, 0.35 s, 22 frames, completed  [default]
            2. pop detail → list: system.slide, 0.35 s, 22 frames, completed  [default]
            3. tab home → settings: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed  [$.routes[4]]
            3 transitions: 3 completed, 0 cancelled, 1.1 s

            """)
        try #"{ "steps": [ { "operation": "pop" } ] }"#.write(toFile: path, atomically: true, encoding: .utf8)
        let bad = try cli.run("run", "--scenario", path)
        #expect(bad.status == 1)
        #expect(bad.standardError == "animator-host run: \(path): $.steps[0]: pop with only list in the navigation stack\n")
    }

    @Test func aTapOnTheBottomCardsDimmingViewDismissesIt() throws {
        let routes = cli.home.file("card.json")
        try #"""
            { "routes": [ { "operation": "present", "to": "detail", "animator": "bottom-card-c" },
                          { "operation": "dismiss", "from": "detail", "animator": "bottom-card-c" } ] }
            """#.write(toFile: routes, atomically: true, encoding: .utf8)
        let flow = cli.home.file("tap.json")
        // The card is the bottom 300 points of the 844-point screen: (195, 100) is on the dimming view.
        try #"{ "steps": [ { "operation": "present", "to": "detail" }, { "operation": "dismiss", "tap": [195, 100] } ] }"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "--routes", routes, "--scenario", flow)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(
            "2. dismiss detail → list: bottom-card-c (org.animatorhost.example.bottom-card-c), 0.35 s, 22 frames, completed (tap at 195, 100)  [$.routes[1]]\n"))
        // (195, 700) is on the card: the controller ignores it, and the run says so.
        try #"{ "steps": [ { "operation": "present", "to": "detail" }, { "operation": "dismiss", "tap": [195, 700] } ] }"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let ignored = try cli.run("run", "--routes", routes, "--scenario", flow)
        #expect(ignored.status == 1)
        #expect(ignored.standardError
                == "animator-host run: the tap at (195, 700) does not dismiss detail: its presentation controller ignores it\n")
    }

    @Test func aPageSheetShrinksTheListBehindTheDetailPage() throws {
        let sheet = cli.home.file("sheet.png")
        let result = try cli.run("run", "zoom", "--operation", "present", "--style", "pageSheet", "--out", sheet)
        #expect(result.status == 0, "\(result.standardError)")
        // The list is 16 points narrower each side with its top at the status bar (47), the
        // sheet's top 10 points lower: black at (8, 52), the list's header at (195, 52).
        let decoded = try decode(sheet, points: [(8, 52), (195, 52), (195, 30)])
        #expect(decoded.pixels == [[[0, 0, 0], [249, 249, 249], [0, 0, 0]]])
        // Styles are named as UIKit names them; a typo and a style for a push are usage errors.
        let typo = try cli.run("run", "zoom", "--operation", "present", "--style", "sideways")
        #expect(typo.status == 2)
        #expect(typo.standardError.hasPrefix("animator-host run: --style: 'sideways' is not fullScreen, overFullScreen, pageSheet or custom\n"))
        let push = try cli.run("run", "zoom", "--operation", "push", "--style", "pageSheet")
        #expect(push.status == 2)
        #expect(push.standardError.hasPrefix("animator-host run: --style applies to present and dismiss, not push\n"))
    }

    @Test func screenshotsStandInForTheScreens() throws {
        // Two solid screenshots at 3 pixels a point, written by Pillow.
        let red = cli.home.file("red.png"), green = cli.home.file("green.png")
        let script = """
            import sys
            from PIL import Image
            Image.new('RGB', (1170, 2532), (220, 40, 40)).save(sys.argv[1])
            Image.new('RGB', (1170, 2532), (30, 170, 90)).save(sys.argv[2])
            """
        #expect(try Python.run(script, [red, green]).status == 0)
        let first = cli.home.file("first.png"), last = cli.home.file("last.png")
        for (out, at) in [(first, "0"), (last, "1")] {
            let result = try cli.run("run", "fade-c", "--operation", "push", "--from-image", red, "--to-image", green,
                                     "--out", out, "--at", at)
            #expect(result.status == 0, "\(result.standardError)")
        }
        // The bars are hidden (a screenshot has its own): the pictures fill the screen.
        #expect(try decode(first, points: [(10, 10), (195, 422)]).pixels == [[[220, 40, 40], [220, 40, 40]]])
        #expect(try decode(last, points: [(10, 10), (195, 422)]).pixels == [[[30, 170, 90], [30, 170, 90]]])
        // A scenario names screenshots for the demo's screens, relative to its file.
        let flow = cli.home.file("shots.json")
        try #"{ "screens": { "detail": "green.png" }, "steps": [ { "operation": "present", "to": "detail" } ] }"#
            .write(toFile: flow, atomically: true, encoding: .utf8)
        let presented = cli.home.file("presented.png")
        let scenario = try cli.run("run", "--scenario", flow, "--out", presented)
        #expect(scenario.status == 0, "\(scenario.standardError)")
        // The last frame: the detail screen (the green screenshot) presented over the app.
        #expect(try decode(presented, points: [(10, 10), (195, 422)]).pixels == [[[30, 170, 90], [30, 170, 90]]])
        // A file that is not there: one line naming it, exit 1.
        let missing = try cli.run("run", "zoom", "--operation", "push", "--from-image", cli.home.path + "/nope.png")
        #expect(missing.status == 1)
        #expect(missing.standardError.hasSuffix("animator-host run: \(cli.home.path)/nope.png: No such file or directory\n"))
        let notPNG = try cli.run("run", "zoom", "--operation", "push", "--to-image", flow)
        #expect(notPNG.status == 1)
        #expect(notPNG.standardError.hasSuffix("animator-host run: \(flow): not a PNG file (no PNG signature)\n"))
    }

    /// Output files as a user expects: an existing file keeps its permissions, a link stays
    /// a link, /dev/null takes the bytes, a folder is refused, and a run with problems
    /// does not replace what the user already has.
    @Test func outputFilesKeepTheirModeTheirLinksAndTheirContentAfterAFailedRun() throws {
        let home = cli.home.path
        // An existing file with mode 0600 is replaced by the render, still 0600.
        let mine = home + "/mine.png"
        try "old".write(toFile: mine, atomically: true, encoding: .utf8)
        chmod(mine, 0o600)
        #expect(try cli.run("run", "zoom", "--operation", "push", "--out", mine).status == 0)
        var info = stat()
        stat(mine, &info)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: mine)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        // Through a symbolic link: the target is replaced, the link stays a link.
        let target = home + "/target.gif", link = home + "/link.gif"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink(target, link) == 0)
        #expect(try cli.run("run", "zoom", "--operation", "push", "--out", link).status == 0)
        lstat(link, &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).prefix(3) == Data("GIF".utf8))
        // A device is written through; a folder is refused with one line.
        let devnull = try cli.run("run", "zoom", "--operation", "push", "--timeline", "/dev/null")
        #expect(devnull.status == 0, "\(devnull.standardError)")
        try FileManager.default.createDirectory(atPath: home + "/folder.png", withIntermediateDirectories: true)
        let folder = try cli.run("run", "zoom", "--operation", "push", "--out", home + "/folder.png")
        #expect(folder.status == 1)
        #expect(folder.standardError.contains("\(home)/folder.png: is a folder; name a file inside it"))
        // A run whose transition has a problem (completeTransition twice) keeps the file.
        let plugins = cli.home.file("plugins/twice.so")
        try compileFixture(defines: [#"FIXTURE_ID="org.fixture.twice""#, #"FIXTURE_NAME="twice""#, "FIXTURE_COMPLETE_TWICE"],
                           output: plugins)
        let kept = home + "/kept.png"
        try "precious".write(toFile: kept, atomically: true, encoding: .utf8)
        let failed = try cli.run("run", "twice", "--operation", "present", "--out", kept,
                                 "--plugin-path", (plugins as NSString).deletingLastPathComponent)
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("kept \(kept) as it was: the run had problems"))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "precious")
    }

    /// What an animator logs reaches the user under its transition: at warning and above by
    /// default, from `--log-level` on, in `--json` always.
    @Test func whatAnimatorsLogIsShownUnderTheirTransition() throws {
        let library = cli.home.file("plugins/alongside.so")
        try compileFixture(defines: [#"FIXTURE_ID="org.fixture.talker""#, #"FIXTURE_NAME="talker""#, "FIXTURE_ALONGSIDE"],
                           output: library)
        let folder = (library as NSString).deletingLastPathComponent
        let quiet = try cli.run("run", "talker", "--operation", "present", "--plugin-path", folder)
        #expect(quiet.status == 0, "\(quiet.standardError)")
        // The fixture logs a refused call (a forged handle) as a warning, and its alongside
        // completion as info: by default only the warning shows; at error, nothing.
        #expect(quiet.standardOutput.contains("\n   log warning: 1515870810 is not a layer handle of this host\n"))
        #expect(!quiet.standardOutput.contains("   log info:"))
        let errorsOnly = try cli.run("run", "talker", "--operation", "present", "--plugin-path", folder, "--log-level", "error")
        #expect(!errorsOnly.standardOutput.contains("   log "))
        let chatty = try cli.run("run", "talker", "--operation", "present", "--plugin-path", folder, "--log-level", "info")
        let lines = chatty.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("1. present list → detail: talker (org.fixture.talker)") == true)
        #expect(lines.contains("   log info: alongside: completed"))
        let json = try cli.runJSON("run", "talker", "--operation", "present", "--plugin-path", folder, "--json")
        let log = try #require((json["transitions"] as? [[String: Any]])?.first?["log"] as? [[String: String]])
        #expect(log.contains { $0["level"] == "info" && $0["message"] == "alongside: completed" })
        // In the timeline, every level, in order.
        let timeline = cli.home.file("talker.json")
        #expect(try cli.run("run", "talker", "--operation", "present", "--plugin-path", folder, "--timeline", timeline).status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any]
        let logged = try #require(document?["log"] as? [[String: String]])
        #expect(logged.contains { $0["level"] == "warning" && $0["message"] == "1515870810 is not a layer handle of this host" })
        #expect(logged.contains { $0["level"] == "info" && $0["message"] == "alongside: completed" })
        // In play's status line, under the frames.
        let driver = try String(contentsOfFile: PackageLayout.root + "/Tests/Terminal/play_in_pty.py", encoding: .utf8)
        let played = try Python.run(driver, ["1", "q", PackageLayout.productsDirectory + "/animator-host", "play", "talker",
                                             "--operation", "present", "--plugin-path", folder, "--loop"],
                                    environment: ["HOME": cli.home.path, "COLORTERM": "truecolor", "PTY_SIZE": "40x200"],
                                    removing: ["NO_COLOR"])
        let run = try JSONDecoder().decode(TerminalRun.self, from: Data(played.standardOutput.utf8))
        #expect(run.captions.contains { $0.hasPrefix("talker · present · log warning: 1515870810 is not a layer") }, "\(run.captions)")
        let typo = try cli.run("run", "talker", "--operation", "present", "--plugin-path", folder, "--log-level", "loud")
        #expect(typo.status == 2)
        #expect(typo.standardError.hasPrefix("animator-host run: --log-level: 'loud' is not debug, info, warning, error or none\n"))
    }

    /// What `play` did in a pseudo-terminal (Tests/Terminal/play_in_pty.py).
    struct TerminalRun: Decodable {
        var status: Int
        var alternate_screen: Bool
        var cursor_hidden_and_shown: Bool
        var truecolor: Bool
        var indexed: Bool
        var half_blocks: Bool
        var shades: Bool
        var last_line: String
        var widest_before: Int
        var widest_after: Int
        var progress_bar: Bool
        var progress_erased: Bool
        var raw_while_playing: Bool
        var echo_restored: Bool
        var line_mode_restored: Bool
        var captions: [String]
        var widest_status: Int
        var tallest_picture: Int
        var steps: [String]
    }

    func playInTerminal(key: String, environment: [String: String], removing: [String] = []) throws -> TerminalRun {
        let driver = try String(contentsOfFile: PackageLayout.root + "/Tests/Terminal/play_in_pty.py", encoding: .utf8)
        let result = try Python.run(driver, ["1.5", key, PackageLayout.productsDirectory + "/animator-host", "play", "bubble",
                                             "--operation", "present", "--loop"],
                                    environment: environment.merging(["HOME": cli.home.path]) { $1 }, removing: removing)
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(TerminalRun.self, from: Data(result.standardOutput.utf8))
    }

    @Test func playInATerminalDrawsInColorAndQuitsOnQWithTheTerminalRestored() throws {
        let run = try playInTerminal(key: "q", environment: ["COLORTERM": "truecolor"], removing: ["NO_COLOR"])
        #expect(run.status == 0)
        #expect(run.truecolor && run.half_blocks && !run.indexed)
        #expect(run.alternate_screen && run.cursor_hidden_and_shown)
        #expect(run.raw_while_playing && run.echo_restored && run.line_mode_restored)
        #expect(run.last_line == "1 transition: 1 completed, 0 cancelled, 0.5 s")
    }

    @Test func playPausesStepsChangesSpeedAndRestartsFromTheKeyboard() throws {
        let run = try playInTerminal(key: "keys:space,r,right,right,left,plus,minus,minus,space,q",
                                     environment: ["PTY_SIZE": "40x200"], removing: ["NO_COLOR"])
        #expect(run.status == 0)
        try #require(run.steps.count == 10, "\(run.steps)")
        // "... t T s · frame F/31 · SPEED · STATE · ..." after each key.
        func frame(_ line: String) -> Int? {
            guard let range = line.range(of: "frame ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        // Space pauses wherever it is; r goes back to the first frame (still paused).
        #expect(run.steps[0].contains("· 1x · paused · space plays ·"), "\(run.steps[0])")
        #expect(run.steps[0].hasSuffix("· ←→ step · +- speed · r restarts · q quits"), "\(run.steps[0])")
        #expect(run.steps[1].contains("t 0 s · frame 1/31 · 1x · paused"), "\(run.steps[1])")
        // → → ←: one frame at a time (the Bubble has 31 frames, 1/60 s apart).
        #expect(run.steps[2...4].map(frame) == [2, 3, 2])
        #expect(run.steps[3].contains("t 0.033 s · frame 3/31"), "\(run.steps[3])")
        // + from 1x is 2x; - twice is 0.5x (2 → 1 → 0.5); still paused on that frame.
        #expect(run.steps[5].contains("· 2x · paused"))
        #expect(run.steps[6].contains("· 1x · paused"))
        #expect(run.steps[7].contains("frame 2/31 · 0.5x · paused"), "\(run.steps[7])")
        // Space plays again, at half speed.
        #expect(run.steps[8].contains("· 0.5x · space pauses ·"), "\(run.steps[8])")
        #expect(run.echo_restored && run.line_mode_restored)
    }

    @Test(arguments: [(24, 80), (20, 60), (40, 100)])
    func playFitsATerminalOfAnyUsualSizeWithoutScrolling(rows: Int, columns: Int) throws {
        // A status line as wide as the terminal would wrap, and the next frame would push
        // the picture up: every one stays under the last column, and each picture takes the
        // rows above it.
        let run = try playInTerminal(key: "keys:space,right,space,q", environment: ["PTY_SIZE": "\(rows)x\(columns)"],
                                     removing: ["NO_COLOR"])
        #expect(run.status == 0)
        #expect(!run.captions.isEmpty)
        #expect(run.widest_status > 0 && run.widest_status <= columns - 1, "\(run.widest_status) of \(columns): \(run.captions)")
        #expect(run.tallest_picture <= rows - 1, "\(run.tallest_picture) rows of \(rows)")
        // What stays however narrow: the frame, and the transition while there is room.
        #expect(run.captions.allSatisfy { $0.contains("frame ") && $0.contains("/31") }, "\(run.captions)")
        #expect(run.steps[0].contains("paused"), "\(run.steps)")
        if columns >= 80 { #expect(run.captions.allSatisfy { $0.hasPrefix("bubble · present · ") }, "\(run.captions)") }
    }

    @Test func playFallsBackTo256ColorsAndStopsOnControlC() throws {
        let run = try playInTerminal(key: "ctrl-c", environment: [:], removing: ["COLORTERM", "NO_COLOR"])
        // Interrupted: 128 + SIGINT, after putting the terminal back.
        #expect(run.status == 130)
        #expect(run.indexed && run.half_blocks && !run.truecolor)
        #expect(run.alternate_screen && run.cursor_hidden_and_shown && run.echo_restored && run.line_mode_restored)
    }

    @Test func playRedrawsToFitWhenTheTerminalChangesSize() throws {
        let run = try playInTerminal(key: "resize", environment: [:], removing: ["NO_COLOR"])
        #expect(run.status == 0)
        // 40 rows leave 39 for the picture, 78 pixels: the 390 × 844 screen at 78/844 is
        // 390 · 78/844 ≈ 36.0 cells wide. At 60 rows: 118 pixels, 390 · 118/844 ≈ 54.5 → 55.
        #expect(run.widest_before == 36)
        #expect(run.widest_after == 55)
    }

    @Test func playRespectsNoColor() throws {
        let run = try playInTerminal(key: "q", environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
        #expect(run.status == 0)
        #expect(!run.truecolor && !run.indexed && !run.half_blocks && run.shades)
    }

    @Test func aLongRenderShowsAProgressBarOnATerminalAndErasesIt() throws {
        // The demo's 204 frames as a page at 2x (each a PNG) take seconds in either build,
        // well over the half second after which the bar appears.
        let driver = try String(contentsOfFile: PackageLayout.root + "/Tests/Terminal/play_in_pty.py", encoding: .utf8)
        let page = cli.home.file("demo.html")
        let result = try Python.run(driver, ["0", "none", PackageLayout.productsDirectory + "/animator-host", "run",
                                             "--out", page, "--scale", "2"],
                                    environment: ["HOME": cli.home.path])
        #expect(result.status == 0, "\(result.standardError)")
        let run = try JSONDecoder().decode(TerminalRun.self, from: Data(result.standardOutput.utf8))
        #expect(run.status == 0)
        #expect(run.progress_bar && run.progress_erased)
        // Without a terminal (as in every other test here) there is none.
        let plain = try cli.run("run", "bubble", "-o", "present", "--out", cli.home.file("b.gif"))
        #expect(!plain.standardError.contains("rendering"))
    }

    @Test func playWithoutATerminalPrintsTheSummaryOnly() throws {
        let result = try cli.run("play", "bubble", "--operation", "present")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            1. present list → detail: bubble (org.animatorhost.bubble), 0.5 s, 31 frames, completed
            1 transition: 1 completed, 0 cancelled, 0.5 s

            """)
        let slow = try cli.run("play", "--slow", "0.5")
        #expect(slow.status == 2)
        #expect(slow.standardError.hasPrefix("animator-host play: --slow: '0.5' is not a factor from 1 to 100\n"))
    }
}
