import Foundation
import Testing
import TestSupport

/// `animator-host compare`: two animators, or one with two parameter sets, on one clock.
@Suite struct CompareTests {
    let cli = CLI()

    @Test func thePageHasOneScrubberForBothAndOverlaidGraphs() throws {
        let page = cli.home.file("compare.html")
        let result = try cli.run("compare", "bubble", "bubble?duration=0.8", "--operation", "present", "--out", page)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("A: present list → detail: bubble (org.animatorhost.bubble), 0.5 s, 31 frames, completed\n"))
        #expect(result.standardOutput.contains("B: present list → detail: bubble (org.animatorhost.bubble), 0.8 s, 49 frames, completed\n"))
        let browser = try Python.runScript(PackageLayout.root + "/Tests/Browser/compare_check.py",
                                           [page, "0,0.5,1", "195,700", "Home,ArrowRight,shift+ArrowRight,v"])
        #expect(browser.status == 0, "\(browser.standardError)")
        struct Step: Decodable {
            var action: String; var readout: String; var frames: [Int]; var pixels: [[Int]]; var view: String
            var solid: [Int]; var dashed: [Int]
        }
        struct Report: Decodable { var steps: [Step] }
        let steps = try JSONDecoder().decode(Report.self, from: Data(browser.standardOutput.utf8)).steps
        try #require(steps.count == 7)
        // The clock runs to the longer side's end, 0.8 s. Frames are 1/60 s apart from 0:
        // A has 0.5 × 60 + 1 = 31, B 0.8 × 60 + 1 = 49. Halfway, t = 0.4 s: both show frame
        // 0.4 × 60 = 24 (the 25th); at the end, A holds its last.
        #expect(steps[0].readout == "t 0.000 s · A frame 1/31 · B frame 1/49")
        #expect(steps[1].readout == "t 0.400 s · A frame 25/31 · B frame 25/49")
        #expect(steps[2].readout == "t 0.800 s · A frame 31/31 · B frame 49/49")
        // Halfway the shorter one is further on, so the pictures differ; at the end both
        // show the same finished screen.
        #expect(steps[1].pixels[0] != steps[1].pixels[1])
        #expect(steps[2].pixels[0] == steps[2].pixels[1])
        // A frame steps both: Home, then 1/60 s, then ten more (B's clock, which holds A's).
        #expect(steps[3].frames == [0, 0])
        #expect(steps[4].readout == "t 0.017 s · A frame 2/31 · B frame 2/49")
        #expect(steps[5].readout == "t 0.183 s · A frame 12/31 · B frame 12/49")
        // The graphs: five properties, A solid and B dashed; the incoming screen ("to") is
        // in every frame of both.
        #expect(steps.allSatisfy { $0.solid.count == 5 && $0.dashed.count == 5 })
        let to = try #require(steps.first { $0.view == "to" }, "\(steps.map(\.view))")
        #expect(to.solid == Array(repeating: 31, count: 5) && to.dashed == Array(repeating: 49, count: 5))
    }

    @Test func theGIFPutsBothSideBySideOnOneClock() throws {
        let gif = cli.home.file("compare.gif")
        let result = try cli.run("compare", "fade-c", "fade-c?duration=0.5", "--out", gif)
        #expect(result.status == 0, "\(result.standardError)")
        let facts = try Python.run("""
            import json, sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            total = 0
            for index in range(image.n_frames):
                image.seek(index)
                total += image.info['duration']
            print(json.dumps({'size': image.size, 'milliseconds': total}))
            """, [gif])
        #expect(facts.status == 0, "\(facts.standardError)")
        struct Facts: Decodable { var size: [Int]; var milliseconds: Int }
        let read = try JSONDecoder().decode(Facts.self, from: Data(facts.standardOutput.utf8))
        // Two 390 × 844 screens with 12 points around and between them and a 22-point label
        // under each: 2 × 390 + 3 × 12 = 816 wide, 844 + 22 + 2 × 12 = 890 high.
        #expect(read.size == [816, 890])
        // The longer side's 0.5 s, then the last frame held a second (in centiseconds).
        #expect(abs(read.milliseconds - 1500) <= 20, "\(read.milliseconds)")
    }

    @Test func theGIFsFramesAreThePairsTheClockShows() throws {
        // The GIF is drawn a batch at a time (at 2x, three frames); each of its frames must
        // be the pair the PNG shows at that moment, up to the palette's rounding: checked
        // for three frames against `compare --out x.png --at t` (exact), and against the
        // frame after, which must be further from it.
        let gif = cli.home.file("pair.gif")
        let result = try cli.run("compare", "zoom", "pendulum", "-o", "push", "--scale", "2", "--out", gif)
        #expect(result.status == 0, "\(result.standardError)")
        let starts = try Python.run("""
            import json, sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            starts, total = [], 0
            for index in range(image.n_frames):
                image.seek(index)
                starts.append(total)
                total += image.info['duration']
            print(json.dumps(starts))
            """, [gif])
        let milliseconds = try JSONDecoder().decode([Int].self, from: Data(starts.standardOutput.utf8))
        try #require(milliseconds.count > 12, "\(milliseconds)")
        for frame in [2, milliseconds.count / 2, milliseconds.count - 3] {
            // A GIF frame starts at its time rounded to the hundredth: 5 ms later is still it.
            let at = Double(milliseconds[frame] + 5) / 1000, png = cli.home.file("pair-\(frame).png")
            #expect(try cli.run("compare", "zoom", "pendulum", "-o", "push", "--scale", "2", "--out", png,
                                "--at", String(at)).status == 0)
            let distance = try Python.run("""
                import json, sys
                from PIL import Image, ImageChops, ImageStat
                gif = Image.open(sys.argv[1])
                def frame(k):
                    gif.seek(k)
                    return gif.convert('RGB')
                png = Image.open(sys.argv[2]).convert('RGB')
                k = int(sys.argv[3])
                print(json.dumps([sum(ImageStat.Stat(ImageChops.difference(frame(i), png)).mean) for i in (k, k + 1)]))
                """, [gif, png, String(frame)])
            let means = try JSONDecoder().decode([Double].self, from: Data(distance.standardOutput.utf8))
            #expect(means[0] < 1.5 && means[1] > means[0], "frame \(frame): \(means)")
        }
    }

    @Test func thePNGShowsEachSideAsRunWouldDrawIt() throws {
        let both = cli.home.file("both.png"), zoom = cli.home.file("zoom.png"), pendulum = cli.home.file("pendulum.png")
        let result = try cli.run("compare", "zoom", "pendulum", "-o", "push", "--out", both, "--at", "0.2")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "wrote \(both): both at 0.2 s, 816x890\n")
        #expect(try cli.run("run", "zoom", "-o", "push", "--out", zoom, "--at", "0.2").status == 0)
        #expect(try cli.run("run", "pendulum", "-o", "push", "--out", pendulum, "--at", "0.2").status == 0)
        // The left picture (at 12, 12) is zoom's frame, the right one (at 12 + 390 + 12, 12)
        // pendulum's, pixel for pixel.
        let check = try Python.run("""
            import sys
            from PIL import Image, ImageChops
            both, zoom, pendulum = (Image.open(p).convert('RGB') for p in sys.argv[1:4])
            left = both.crop((12, 12, 402, 856))
            right = both.crop((414, 12, 804, 856))
            print(ImageChops.difference(left, zoom).getbbox(), ImageChops.difference(right, pendulum).getbbox(),
                  ImageChops.difference(zoom, pendulum).getbbox() is not None)
            """, [both, zoom, pendulum])
        #expect(check.standardOutput == "None None True\n", "\(check.standardError)")
    }

    @Test func mistakes() throws {
        let one = try cli.run("compare", "zoom", "--out", cli.home.file("x.png"))
        #expect(one.status == 2)
        #expect(one.standardError.hasPrefix("animator-host compare: compare takes two animators, A and B (got 1)\n"))
        #expect(try cli.run("compare", "zoom", "bubble").status == 2)
        let apng = try cli.run("compare", "zoom", "bubble", "--out", cli.home.file("x.apng"))
        #expect(apng.status == 2)
        let bare = try cli.run("compare", "zoom", "zoom?duration", "--out", cli.home.file("x.png"))
        #expect(bare.status == 2)
        #expect(bare.standardError.hasPrefix("animator-host compare: 'zoom?duration': 'duration' is not NAME=VALUE"))
        let typo = try cli.run("compare", "zoom?duraton=1", "zoom", "--out", cli.home.file("x.png"))
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("did you mean 'duration'?"))
        let missing = try cli.run("compare", "zoom", "zooom", "--out", cli.home.file("x.png"))
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("zooom: no such animator on the search path (did you mean 'zoom'?)"), "\(missing.standardError)")
        let unsupported = try cli.run("compare", "zoom", "bottom-card-c", "-o", "push", "--out", cli.home.file("x.png"))
        #expect(unsupported.status == 1)
        #expect(unsupported.standardError.contains("does not support push (it supports present,dismiss)"))
        #expect(!FileManager.default.fileExists(atPath: cli.home.path + "/x.png"))
        let at = try cli.run("compare", "zoom", "bubble", "--out", cli.home.file("x.html"), "--at", "0.1")
        #expect(at.status == 2)
    }
}
