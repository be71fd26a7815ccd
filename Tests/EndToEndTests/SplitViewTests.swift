import Foundation
import Testing
import TestSupport

/// iPad split view during a run (`run --split`, a flow's "split" step), as a user asks for
/// it: the window's picture is compared, through Pillow, with the same screens made in split
/// view from the start (`--variant ipad,...,split-third`), which never changed size.
@Suite struct SplitViewTests {
    let cli = CLI()

    @Test func aCardNarrowedToAThirdEndsAsTheCardPresentedInAThird() throws {
        let narrowed = cli.home.file("narrowed.png"), direct = cli.home.file("third.png")
        let run = try cli.run("run", "bottom-card-c", "--variant", "ipad,landscape", "--operation", "present", "--split", "third",
                              "--out", narrowed)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("completed, then split view gave it the third"), "\(run.standardOutput)")
        #expect(try cli.run("run", "bottom-card-c", "--variant", "ipad,landscape,split-third", "--operation", "present",
                            "--out", direct).status == 0)
        let compared = try CornerComparison(narrowed, direct)
        // The canvas is the whole screen on its side (1180 × 820 points); the window,
        // 320 points wide at its left, shows what a third shows from the start, and nothing
        // is drawn beside it.
        #expect(compared.size == [1180, 820])
        #expect(compared.difference == 0 && compared.outside == 0, "\(compared)")
    }

    @Test func aFlowNarrowsAndWidensAgainAndEndsAsTheWholeScreen() throws {
        let flow = cli.home.file("split.json")
        try Data("""
            { "steps": [ { "operation": "present", "split": "half" },
                         { "operation": "dismiss", "split": "full" } ] }
            """.utf8).write(to: URL(fileURLWithPath: flow))
        let end = cli.home.file("end.png"), whole = cli.home.file("whole.png")
        let run = try cli.run("run", "bottom-card-c", "--variant", "ipad", "--scenario", flow, "--out", end, "--json")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("\"splitTo\": \"half\"") && run.standardOutput.contains("\"splitTo\": \"full\""),
                "\(run.standardOutput)")
        #expect(try cli.run("run", "bottom-card-c", "--variant", "ipad", "--operation", "dismiss", "--out", whole).status == 0)
        let compared = try CornerComparison(end, whole)
        #expect(compared.difference == 0, "\(compared)")
    }

    @Test func aSplitCaseRecordsAndEqualsTheCaseMadeInAThird() throws {
        let folder = TemporaryDirectory()
        let manifest = folder.file("snapshots.json")
        try """
            { "cases": [ { "name": "card-narrowed", "animator": "bottom-card-c", "operation": "present", "split": "third",
                           "variants": ["ipad,landscape"] },
                         { "name": "card-third", "animator": "bottom-card-c", "operation": "present",
                           "variants": ["ipad,landscape,split-third"] } ] }
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let recorded = try cli.run("snapshot", "record", manifest)
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        let compared = try CornerComparison(folder.path + "/__snapshots__/card-narrowed@ipad+landscape/frame-end.png",
                                   folder.path + "/__snapshots__/card-third@ipad+landscape+split-third/frame-end.png")
        #expect(compared.size == [1180, 820] && compared.difference == 0 && compared.outside == 0, "\(compared)")
        #expect(try cli.run("snapshot", "verify", manifest).status == 0)
        try """
            { "cases": [ { "name": "x", "animator": "bottom-card-c", "split": "quarter", "variants": ["ipad"] } ] }
            """.write(toFile: manifest, atomically: true, encoding: .utf8)
        let typo = try cli.run("snapshot", "verify", manifest)
        #expect(typo.status == 2 && typo.standardError.contains("$.cases[0].split: 'quarter' is not third, half, two-thirds or full"),
                "\(typo.standardError)")
    }

    @Test func mistakesAreOneLine() throws {
        let phone = try cli.run("run", "bottom-card-c", "--split", "third")
        #expect(phone.status == 2 && phone.standardError.hasPrefix("animator-host run: --split needs an iPad"), "\(phone.standardError)")
        let typo = try cli.run("run", "bottom-card-c", "--variant", "ipad", "--split", "thrid")
        #expect(typo.status == 2 && typo.standardError.contains("'thrid' is not third, half, two-thirds or full (did you mean 'third'?)"),
                "\(typo.standardError)")
        let flow = cli.home.file("typo.json")
        try Data(#"{"steps": [{"operation": "present", "split": "halve"}]}"#.utf8).write(to: URL(fileURLWithPath: flow))
        let parsed = try cli.run("run", "bottom-card-c", "--variant", "ipad", "--scenario", flow)
        #expect(parsed.status != 0 && parsed.standardError.contains("$.steps[0].split: 'halve' is not third, half, two-thirds or full"),
                "\(parsed.standardError)")
        let already = try cli.run("run", "bottom-card-c", "--variant", "ipad,split-half", "--split", "half")
        #expect(already.status == 1 && already.standardError.contains("has the half share already"), "\(already.standardError)")
        let variant = try cli.run("run", "bottom-card-c", "--variant", "split-third")
        #expect(variant.status == 2 && variant.standardError.contains("'split-third' needs an iPad"), "\(variant.standardError)")
    }
}
