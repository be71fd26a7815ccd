import Foundation
import Testing
import TestSupport

/// Turning the device during a run (`run --rotate`, a flow's "rotate" step), as a user asks
/// for it: the pictures are compared, through Pillow, with the same screens made in the
/// other orientation from the start (`--variant landscape`), which never turned.
@Suite struct RotationTests {
    let cli = CLI()

    @Test func aCardTurnedOnItsSideEndsAsTheCardPresentedOnItsSide() throws {
        let turned = cli.home.file("turned.png"), direct = cli.home.file("direct.png")
        let run = try cli.run("run", "bottom-card-c", "--operation", "present", "--rotate", "landscape", "--out", turned)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("completed, then turned landscape"), "\(run.standardOutput)")
        // Both orientations of an iPhone 14 fit the canvas: 844 × 844.
        #expect(run.standardError.contains("844x844"), "\(run.standardError)")
        #expect(try cli.run("run", "bottom-card-c", "--operation", "present", "--variant", "landscape", "--out", direct).status == 0)
        let compared = try CornerComparison(turned, direct)
        // The same picture: the list laid out again for 844 × 390, dimmed, the card across
        // the whole width on the bottom 300 points (the C controller resized its views in
        // the change's animation); nothing drawn below the window.
        #expect(compared.size == [844, 844])
        #expect(compared.difference == 0 && compared.outside == 0, "\(compared)")
    }

    /// In a navigation controller and a tab bar controller: the bars laid out again (no
    /// status bar on its side, so the navigation bar is 44 points; the tab bar 49 over the
    /// 21-point home indicator's area) and the screens in them built again.
    @Test(arguments: ["push", "pop", "tab"])
    func theHostsContainersTurnAsIfMadeOnTheirSide(_ operation: String) throws {
        let turned = cli.home.file("turned-\(operation).png"), direct = cli.home.file("direct-\(operation).png")
        let run = try cli.run("run", "zoom", "--operation", operation, "--rotate", "landscape", "--out", turned)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try cli.run("run", "zoom", "--operation", operation, "--variant", "landscape", "--out", direct).status == 0)
        let compared = try CornerComparison(turned, direct)
        #expect(compared.difference == 0 && compared.outside == 0, "\(operation): \(compared)")
    }

    @Test func aFlowTurnsThereAndBackAndEndsOnTheUprightList() throws {
        let flow = cli.home.file("turns.json")
        try Data("""
            { "steps": [ { "operation": "present", "rotate": "landscape" },
                         { "operation": "dismiss", "rotate": "portrait" } ] }
            """.utf8).write(to: URL(fileURLWithPath: flow))
        let end = cli.home.file("end.png"), upright = cli.home.file("upright.png")
        let run = try cli.run("run", "bottom-card-c", "--scenario", flow, "--out", end, "--json")
        #expect(run.status == 0, "\(run.standardError)")
        // Each step says how the device turned after it.
        #expect(run.standardOutput.contains("\"turnedTo\": \"landscape\"") && run.standardOutput.contains("\"turnedTo\": \"portrait\""),
                "\(run.standardOutput)")
        // The end: the list upright with its status bar, as after a dismissal that never
        // turned (a second run, made the plain way).
        #expect(try cli.run("run", "bottom-card-c", "--operation", "dismiss", "--out", upright).status == 0)
        let compared = try CornerComparison(end, upright)
        #expect(compared.difference == 0, "\(compared)")
    }

    @Test func mistakesAreOneLine() throws {
        let typo = try cli.run("run", "bottom-card-c", "--rotate", "sideways")
        #expect(typo.status == 2 && typo.standardError.hasPrefix("animator-host run: --rotate: 'sideways' is not landscape or portrait"))
        let flow = cli.home.file("typo.json")
        try Data(#"{"steps": [{"operation": "present", "rotate": "landscap"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
        let parsed = try cli.run("run", "bottom-card-c", "--scenario", flow)
        #expect(parsed.status != 0)
        #expect(parsed.standardError.contains("$.steps[0].rotate: 'landscap' is not portrait or landscape (did you mean 'landscape'?)"),
                "\(parsed.standardError)")
        let upright = try cli.run("run", "bottom-card-c", "--rotate", "portrait")
        #expect(upright.status == 1 && upright.standardError.contains("held portrait already"), "\(upright.standardError)")
        // 4096 × 300 points turning: a 4096-point square canvas, 12288 pixels a side at 3x,
        // refused before anything runs (at most 8192² pixels are drawn).
        let huge = cli.home.file("huge.png")
        let tooLarge = try cli.run("run", "bottom-card-c", "--size", "4096x300", "--rotate", "landscape", "--out", huge, "--scale", "3")
        #expect(tooLarge.status == 2 && tooLarge.standardError.contains("frames of 12288x12288 pixels")
                && tooLarge.standardError.contains("a run that turns draws both orientations"), "\(tooLarge.standardError)")
        #expect(!FileManager.default.fileExists(atPath: huge))
        let demo = try cli.run("run", "--rotate", "landscape")
        #expect(demo.status == 2 && demo.standardError.contains("--rotate needs an animator"), "\(demo.standardError)")
    }
}

/// A snapshot case that turns the device, as a project's CI keeps its rotation in check.
@Suite struct RotationSnapshotTests {
    let cli = CLI()

    @Test func aTurningCaseRecordsVerifiesAndFindsALayoutThatDoesNotFollow() throws {
        let folder = TemporaryDirectory()
        let manifest = folder.file("snapshots.json")
        try """
            { "cases": [ { "name": "card-turned", "animator": "bottom-card-c", "operation": "present", "rotate": "landscape",
                           "keep": { "frames": ["end"] } },
                         { "name": "card-side", "animator": "bottom-card-c", "operation": "present", "variants": ["landscape"],
                           "keep": { "frames": ["end"] } } ] }
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let recorded = try cli.run("snapshot", "record", manifest)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        // The kept end picture is the square canvas holding both orientations, its top the
        // card on its side: the picture of the case made on its side from the start.
        let end = folder.path + "/__snapshots__/card-turned/frame-end.png"
        let direct = folder.path + "/__snapshots__/card-side@landscape/frame-end.png"
        let compared = try CornerComparison(end, direct)
        #expect(compared.size == [844, 844] && compared.difference == 0 && compared.outside == 0, "\(compared)")
        let verified = try cli.run("snapshot", "verify", manifest)
        #expect(verified.status == 0, "\(verified.standardOutput)\(verified.standardError)")
        // The same case without the turn no longer matches its golden files.
        try """
            { "cases": [ { "name": "card-turned", "animator": "bottom-card-c", "operation": "present",
                           "keep": { "frames": ["end"] } } ] }
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let unturned = try cli.run("snapshot", "verify", manifest, "--report", folder.file("report"))
        #expect(unturned.status == 1, "\(unturned.standardOutput)")
        // A typo is named with its place.
        try """
            { "cases": [ { "name": "x", "animator": "bottom-card-c", "rotate": "sideways" } ] }
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let typo = try cli.run("snapshot", "verify", manifest)
        #expect(typo.status == 2 && typo.standardError.contains("$.cases[0].rotate: 'sideways' is not portrait or landscape"),
                "\(typo.standardError)")
    }
}
