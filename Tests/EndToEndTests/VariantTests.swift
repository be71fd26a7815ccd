import Foundation
import Testing
import TestSupport

/// `--variant`, as a user asks for it: UIKit's system transitions follow the layout
/// direction and Reduce Motion, and the screen follows the device.
@Suite struct VariantTests {
    let cli = CLI()

    /// The demo app under the system's own transitions, recorded: each transition's frames,
    /// and in each frame the views by name.
    func systemDemo(_ variant: String?) throws -> [[String: Any]] {
        let folder = TemporaryDirectory()
        let routes = folder.file("routes.json")
        try #"{ "version": 1, "default": "system", "routes": [] }"#.write(toFile: routes, atomically: true, encoding: .utf8)
        let timeline = folder.file("demo.json")
        let result = try cli.run(arguments: ["run", "--routes", routes, "--timeline", timeline] + (variant.map { ["--variant", $0] } ?? []))
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        return try #require(document["transitions"] as? [[String: Any]])
    }

    /// The named view's x and alpha in each frame of the transition `operation` that
    /// shows it (UIKit takes the outgoing view away as the transition completes).
    func track(_ view: String, in transitions: [[String: Any]], _ operation: String) throws -> [(x: Double, alpha: Double)] {
        let transition = try #require(transitions.first { $0["operation"] as? String == operation })
        let frames = try #require(transition["frames"] as? [[String: Any]])
        return try frames.compactMap { frame in
            let views = try #require(frame["views"] as? [[String: Any]])
            guard let found = views.first(where: { $0["name"] as? String == view }) else { return nil }
            let box = try #require(found["frame"] as? [Double])
            return (box[0], found["alpha"] as? Double ?? 1)
        }
    }

    @Test func aRightToLeftPushEntersFromTheLeftAndPopLeavesToTheLeft() throws {
        let ltr = try systemDemo(nil), rtl = try systemDemo("rtl")
        // The pushed card starts a screen's width (390 points) beyond the trailing edge: the
        // right one, or in a right-to-left layout the left one; the list gives way by 30 %
        // of the width (117 points) toward the other side.
        let cardLTR = try track("card", in: ltr, "push"), cardRTL = try track("card", in: rtl, "push")
        #expect(cardLTR.count == 22 && cardRTL.count == 22)     // 0.35 s at 60 frames a second, every frame
        #expect(cardLTR.first?.x == 390 && cardLTR.last?.x == 0)
        #expect(cardRTL.first?.x == -390 && cardRTL.last?.x == 0)
        // Mirror images at every frame.
        #expect(zip(cardLTR, cardRTL).allSatisfy { abs($0.x + $1.x) < 1e-9 })
        // The list moves right, steadily, almost the 117 points by its last frame shown.
        let listRTL = try track("list", in: rtl, "push")
        #expect(listRTL.first?.x == 0 && zip(listRTL, listRTL.dropFirst()).allSatisfy { $0.x <= $1.x })
        #expect((listRTL.last?.x ?? 0) > 110 && (listRTL.last?.x ?? 0) <= 117, "\(listRTL.map(\.x))")
        // The screens are mirrored too: the list's first thumbnail sits 16 points from the
        // section's right edge (358 - 16 - 44 = 298) instead of its left, the back button on
        // the bar's right (390 - 8 - 120 = 262), pointing right, and the first tab (home) in
        // the right half of the tab bar (195 of 390).
        #expect(try track("list thumbnail 1", in: ltr, "push").first?.x == 16)
        #expect(try track("list thumbnail 1", in: rtl, "push").first?.x == 298)
        #expect(try track("back: card", in: ltr, "push").last?.x == 8)
        #expect(try track("back: card", in: rtl, "push").last?.x == 262)
        #expect(try track("tab item: home", in: ltr, "push").first?.x == 0)
        #expect(try track("tab item: home", in: rtl, "push").first?.x == 195)
        // Pop: the card leaves toward the leading edge's opposite, the left.
        let popped = try track("card", in: rtl, "pop")
        #expect(popped.first?.x == 0 && zip(popped, popped.dropFirst()).allSatisfy { $0.x > $1.x }, "\(popped.map(\.x))")
        #expect((popped.last?.x ?? 0) < -380, "\(popped.map(\.x))")
    }

    @Test func withReduceMotionPushAndPopCrossFadeInPlace() throws {
        let calm = try systemDemo("reduce-motion")
        // The card does not move: it fades in over the list, which stays where it is.
        let card = try track("card", in: calm, "push")
        #expect(card.allSatisfy { $0.x == 0 })
        #expect(card.first?.alpha == 0 && card.last?.alpha == 1)
        #expect(card.dropFirst().dropLast().allSatisfy { $0.alpha > 0 && $0.alpha < 1 })
        #expect(try track("list", in: calm, "push").allSatisfy { $0.x == 0 })
        // Pop: the card fades out where it is.
        let popped = try track("card", in: calm, "pop")
        #expect(popped.dropLast().allSatisfy { $0.x == 0 } && popped.first?.alpha == 1)
        // Presentations keep their cover: Reduce Motion changes push and pop only.
        let transitions = calm.map { "\($0["operation"] as? String ?? "") \($0["animator"] as? String ?? "")" }
        #expect(transitions.contains("present system.cover-vertical"), "\(transitions)")
    }

    @Test func aDeviceAndAnOrientationSetTheScreenAndMistakesAreOneLine() throws {
        let timeline = cli.home.file("pad.json")
        let result = try cli.run("run", "zoom", "--variant", "ipad,landscape", "--timeline", timeline)
        #expect(result.status == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
        // iPad (10th generation) on its side: 1180 x 820 points.
        #expect(document["size"] as? [Double] == [1180, 820])
        for (variant, message) in [("rtll", "--variant: 'rtll' is not a variant word"), ("dark,light", "'dark' and 'light' both set the appearance")] {
            let refused = try cli.run("run", "zoom", "--variant", variant)
            #expect(refused.status == 2)
            #expect(refused.standardError.hasPrefix("animator-host run: \(message)") || refused.standardError.contains(message),
                    "\(refused.standardError)")
        }
        let both = try cli.run("run", "zoom", "--variant", "iphone-se", "--size", "300x300")
        #expect(both.status == 2)
        #expect(both.standardError.contains("--variant: 'iphone-se' names the screen (a device or an orientation), and so does the size; choose one"))
    }

    @Test func aCPluginReadsTheVariantThroughTheHostInItsChild() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture(defines: ["FIXTURE_LOG_TRAITS", "FIXTURE_COMPLETE_NOW", "FIXTURE_ID=\"org.fixture.traits\"",
                                     "FIXTURE_NAME=\"traits\""], output: folder.path + "/libtraits.so")
        func logged(_ variant: String?) throws -> String {
            let result = try cli.run(arguments: ["run", "traits", "--plugin-path", folder.path, "--log-level", "info"]
                                     + (variant.map { ["--variant", $0] } ?? []))
            #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
            return result.standardOutput.split(separator: "\n").first { $0.contains("log info: traits ") }.map(String.init) ?? ""
        }
        // UIKit's defaults, then a variant: dark (2), right-to-left (1), the largest
        // accessibility size (index 11), Reduce Motion, the small iPhone upright.
        let defaults = try logged(nil), variant = try logged("dark,rtl,text-ax5,reduce-motion,iphone-se")
        #expect(defaults.hasSuffix("traits style=1 direction=0 text=3 reduce=0 crossfade=0 pad=0 scale=3 screen=390x844 "
                                   + "safe=47,0,34,0 corner=47.33"), "\(defaults)")
        #expect(variant.hasSuffix("traits style=2 direction=1 text=11 reduce=1 crossfade=1 pad=0 scale=2 screen=375x667 "
                                  + "safe=20,0,0,0 corner=0"), "\(variant)")
    }

    @Test func inDarkModeTheScreensAndBarsUseUIKitsDarkSystemColors() throws {
        // The first frame of a push: the list under a navigation bar.
        func pixels(_ variant: String?) throws -> [[Int]] {
            let picture = cli.home.file("push-\(variant ?? "light").png")
            let result = try cli.run(arguments: ["run", "zoom", "--operation", "push", "--out", picture, "--at", "0"]
                                     + (variant.map { ["--variant", $0] } ?? []))
            #expect(result.status == 0, "\(result.standardError)")
            // (8, 150): left of the list's section, the grouped background; (365, 170): the
            // first row's cell right of its chevron; (200, 20): the navigation bar under the
            // status bar; (200, 839): below the list, the grouped background again.
            let read = try Python.run("""
                import sys
                from PIL import Image
                im = Image.open(sys.argv[1]).convert('RGB')
                print(';'.join(','.join(map(str, im.getpixel(p))) for p in [(8, 150), (365, 170), (200, 20), (200, 839)]))
                """, [picture])
            return read.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ";")
                .map { $0.split(separator: ",").compactMap { Int($0) } }
        }
        // iOS's systemGroupedBackground, secondarySystemGroupedBackground and the bars.
        #expect(try pixels(nil) == [[242, 242, 247], [255, 255, 255], [249, 249, 249], [242, 242, 247]])
        #expect(try pixels("dark") == [[0, 0, 0], [28, 28, 30], [22, 22, 22], [0, 0, 0]])
    }

    @Test func aLargerTextSizeGrowsTheScreensTextAndRowsAsSelfSizingCellsDo() throws {
        // The demo's first frame: the list's rows.
        func list(_ variant: String?) throws -> (titleSize: Double, row2: Double) {
            let timeline = cli.home.file("text-\(variant ?? "default").json")
            let result = try cli.run(arguments: ["run", "--timeline", timeline] + (variant.map { ["--variant", $0] } ?? []))
            #expect(result.status == 0, "\(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
            let frame = try #require(((document["transitions"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]])?.first)
            let views = try #require(frame["views"] as? [[String: Any]])
            let title = try #require(views.first { $0["name"] as? String == "list title 1" })
            let row = try #require(views.first { $0["name"] as? String == "list row 2" })
            return (try #require((title["text"] as? [String: Any])?["size"] as? Double), try #require((row["frame"] as? [Double])?[1]))
        }
        // Large (the default): body 17; a row is 11 + 22 + 20 + 11 = 64 points.
        let standard = try list(nil)
        #expect(standard.titleSize == 17 && standard.row2 == 64)
        // The first accessibility size: body 28, subheadline 25 (Apple's table); the lines
        // grow with them: 11 + 22·28/17 + 20·25/15 + 11.
        let larger = try list("text-ax1")
        #expect(larger.titleSize == 28)
        #expect(abs(larger.row2 - (22 + 22.0 * 28 / 17 + 20.0 * 25 / 15)) < 1e-9, "\(larger.row2)")
    }

    @Test func theBarsFollowTheDevicesSafeArea() throws {
        // The demo's first frame: the navigation bar ("home bar") and the tab bar ("app bar").
        func bars(_ variant: String?) throws -> (navigation: [Double], tabs: [Double]) {
            let timeline = cli.home.file("bars-\(variant ?? "default").json")
            let result = try cli.run(arguments: ["run", "--timeline", timeline] + (variant.map { ["--variant", $0] } ?? []))
            #expect(result.status == 0, "\(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
            let frame = try #require(((document["transitions"] as? [[String: Any]])?.first?["frames"] as? [[String: Any]])?.first)
            let views = try #require(frame["views"] as? [[String: Any]])
            func box(_ name: String) throws -> [Double] {
                try #require(views.first { $0["name"] as? String == name }?["frame"] as? [Double], "no \(name)")
            }
            return (try box("home bar"), try box("app bar"))
        }
        // The navigation bar is the status bar (the top safe area) and 44 points; the tab
        // bar 49 points and the bottom safe area, at the screen's foot.
        let standard = try bars(nil)
        #expect(standard.navigation == [0, 0, 390, 47 + 44] && standard.tabs == [0, 844 - (49 + 34), 390, 49 + 34])
        let small = try bars("iphone-se")
        #expect(small.navigation == [0, 0, 375, 20 + 44] && small.tabs == [0, 667 - 49, 375, 49])
        // On its side an iPhone hides the status bar; the home indicator keeps 21 points.
        let sideways = try bars("landscape")
        #expect(sideways.navigation == [0, 0, 844, 44] && sideways.tabs == [0, 390 - (49 + 21), 844, 49 + 21])
    }
}
