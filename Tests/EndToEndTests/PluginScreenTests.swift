import Foundation
import Testing
import TestSupport

/// A C library that brings its own screens (load_screen, ABI 1.9), run in its sandboxed
/// child as a user runs it, and hostile ones: a handle it never made, one view for two
/// screens, a title with no end.
@Suite struct PluginScreenTests {
    let cli = CLI()

    /// A folder with the fixture compiled in screens mode `mode`, named "screens".
    func library(mode: Int, extra: [String] = []) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture(defines: ["FIXTURE_SCREENS=\(mode)", "FIXTURE_COMPLETE_NOW", "FIXTURE_ID=\"org.fixture.screens\"",
                                     "FIXTURE_NAME=\"screens\""] + extra, output: folder.path + "/libscreens.so")
        return folder
    }

    /// The red, green and blue of a pixel of a PNG file.
    func pixel(_ path: String, _ x: Int, _ y: Int) throws -> String {
        let result = try Python.run("""
            import sys
            from PIL import Image
            print(Image.open(sys.argv[1]).convert('RGB').getpixel((int(sys.argv[2]), int(sys.argv[3]))))
            """, [path, String(x), String(y)])
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theLibrarysScreensAreTheRunsScreens() throws {
        let folder = try library(mode: 1)
        let presented = cli.home.file("presented.png"), dismissed = cli.home.file("dismissed.png")
        let present = try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", folder.path,
                                              "--out", presented])
        #expect(present.status == 0, "\(present.standardOutput)\(present.standardError)")
        let dismiss = try cli.run(arguments: ["run", "screens", "--operation", "dismiss", "--plugin-path", folder.path,
                                              "--out", dismissed, "--log-level", "info"])
        #expect(dismiss.status == 0, "\(dismiss.standardOutput)\(dismiss.standardError)")
        // Presented: the library's blue detail page; dismissed: its red list (below the
        // status bar, in the middle of the screen).
        #expect(try pixel(presented, 195, 400) == "(0, 0, 255)")
        #expect(try pixel(dismissed, 195, 400) == "(255, 0, 0)")
        // Its screens heard their appearance callbacks in UIKit's order (kinds: 0 will
        // appear, 1 did appear, 2 will disappear, 3 did disappear): the list shown, then the
        // presentation over it without animation, then the animated dismissal.
        let logged = dismiss.standardOutput.split(separator: "\n").filter { $0.contains("log info: appearance") }
            .map { $0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces) }
        #expect(logged == ["appearance list 0 0", "appearance list 1 0", "appearance list 2 0", "appearance detail 0 0",
                           "appearance list 3 0", "appearance detail 1 0", "appearance detail 2 1",
                           "appearance list 0 1", "appearance detail 3 1", "appearance list 1 1"], "\(dismiss.standardOutput)")
        // validate says what it brings.
        let validate = try cli.run(arguments: ["validate", "screens", "--plugin-path", folder.path, "--only", "screens"])
        #expect(validate.status == 0, "\(validate.standardOutput)")
        #expect(validate.standardOutput.contains("passed  screens: brings present: list, detail; dismiss: list, detail"),
                "\(validate.standardOutput)")
    }

    /// How many pixels of the status bar's time (the left "ear" of an iPhone 14's bar:
    /// x 0 ..< 115, y 0 ..< 47) are white and how many black.
    func timeInk(_ path: String) throws -> String {
        let result = try Python.run("""
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGB')
            pixels = [image.getpixel((x, y)) for x in range(115) for y in range(47)]
            print(sum(p == (255, 255, 255) for p in pixels) > 20, sum(p == (0, 0, 0) for p in pixels) > 20)
            """, [path])
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aScreenPresentedFullScreenDrawsTheStatusBarItWantsFromC() throws {
        // The blue detail page wants light content: presented full screen it decides, and
        // the time is drawn white; the red list says nothing: black.
        let folder = try library(mode: 1, extra: ["FIXTURE_STATUS_BAR=1"])
        let presented = cli.home.file("light.png"), listed = cli.home.file("list.png")
        let present = try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", folder.path,
                                              "--out", presented, "--log-level", "info"])
        #expect(present.status == 0 && present.standardOutput.contains("log info: status bar 0"),
                "\(present.standardOutput)\(present.standardError)")
        #expect(try timeInk(presented) == "True False")
        // Dismissed, the list decides again.
        let dismiss = try cli.run(arguments: ["run", "screens", "--operation", "dismiss", "--plugin-path", folder.path,
                                              "--out", listed])
        #expect(dismiss.status == 0)
        #expect(try timeInk(listed) == "False True")
        // Hidden: no ink at all; a style that is none is refused (AH_ERR_INVALID_ARGUMENT, -3).
        let hidden = try library(mode: 1, extra: ["FIXTURE_STATUS_BAR=1", "FIXTURE_STATUS_BAR_FLAGS=1"])
        let bare = cli.home.file("hidden.png")
        #expect(try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", hidden.path,
                                        "--out", bare]).status == 0)
        #expect(try timeInk(bare) == "False False")
        let wrong = try library(mode: 1, extra: ["FIXTURE_STATUS_BAR=7"])
        let refused = try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", wrong.path,
                                              "--log-level", "info"])
        #expect(refused.standardOutput.contains("log info: status bar -3"), "\(refused.standardOutput)")
    }

    /// A C library's screens locked to portrait (screen_orientations): the device turns, the
    /// interface does not, and the report says why; a mask that is no orientation is refused.
    @Test func aPortraitOnlyScreenFromCKeepsTheInterfaceUpright() throws {
        let folder = try library(mode: 1, extra: ["FIXTURE_ORIENTATIONS=2"])
        let end = cli.home.file("upright.png")
        let run = try cli.run(arguments: ["run", "screens", "--operation", "present", "--rotate", "landscape",
                                          "--plugin-path", folder.path, "--log-level", "info", "--out", end])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("log info: orientations 0"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains(
            "completed, then did not turn: the screen presented full screen supports portrait only (supportedInterfaceOrientations)"),
                "\(run.standardOutput)")
        // Upright still: the picture is the screen's 390 × 844 (no square canvas), the
        // presented blue page filling it.
        let corner = try Python.run("import sys\nfrom PIL import Image\nimage = Image.open(sys.argv[1]).convert('RGB')\n"
                                    + "print(image.size, image.getpixel((380, 800)))", [end])
        #expect(corner.standardOutput.hasPrefix("(844, 844) (0, 0, 255)"), "\(corner.standardOutput)")
        let wrong = try library(mode: 1, extra: ["FIXTURE_ORIENTATIONS=64"])
        let refused = try cli.run(arguments: ["run", "screens", "--operation", "present", "--rotate", "landscape",
                                              "--plugin-path", wrong.path, "--log-level", "info"])
        #expect(refused.standardOutput.contains("log info: orientations -3")
                && refused.standardOutput.contains("then turned landscape"), "\(refused.standardOutput)")
    }

    @Test func aHandleTheLibraryNeverMadeLeavesTheHostsScreenAndSaysSo() throws {
        let folder = try library(mode: 2)
        let out = cli.home.file("presented.png")
        let present = try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", folder.path,
                                              "--out", out])
        #expect(present.status == 0, "\(present.standardOutput)\(present.standardError)")
        #expect(present.standardOutput.contains("load_screen(detail) returned no view of its own"), "\(present.standardOutput)")
        // The host's detail page (not blue), over the library's list.
        #expect(try pixel(out, 195, 400) != "(0, 0, 255)")
        let validate = try cli.run(arguments: ["validate", "screens", "--plugin-path", folder.path, "--only", "screens"])
        #expect(validate.status != 0)
        #expect(validate.standardOutput.contains("failed  screens: org.fixture.screens: load_screen(detail) returned no view"),
                "\(validate.standardOutput)")
    }

    @Test func oneViewForTwoScreensIsRefusedInOneLine() throws {
        let folder = try library(mode: 3)
        let present = try cli.run(arguments: ["run", "screens", "--operation", "present", "--plugin-path", folder.path])
        #expect(present.status != 0)
        #expect(present.standardError.contains("the animator's library gave one view for two screens (detail and another)"),
                "\(present.standardError)")
        let validate = try cli.run(arguments: ["validate", "screens", "--plugin-path", folder.path, "--only", "screens"])
        #expect(validate.standardOutput.contains("failed  screens: present: the same view for list and detail"),
                "\(validate.standardOutput)")
    }

    @Test func aTitleWithNoEndIsReadNoFurtherThanItsLimit() throws {
        // Pushed, so that the navigation bar shows the title; reading to a NUL would fault.
        let folder = try library(mode: 4, extra: ["FIXTURE_OPERATIONS=(AH_OP_PUSH|AH_OP_POP)"])
        let timeline = cli.home.file("pop.json")
        let pop = try cli.run(arguments: ["run", "screens", "--operation", "pop", "--plugin-path", folder.path,
                                          "--timeline", timeline])
        #expect(pop.status == 0, "\(pop.standardOutput)\(pop.standardError)")
        // The back button's title is the list's: 256 bytes of it.
        let text = try String(contentsOfFile: timeline, encoding: .utf8)
        #expect(text.contains(String(repeating: "x", count: 256)) && !text.contains(String(repeating: "x", count: 257)))
    }
}
