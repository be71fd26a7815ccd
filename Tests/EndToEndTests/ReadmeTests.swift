import Foundation
import Testing
import TestSupport

/// The README's sample outputs are what the current build prints.
@Suite struct ReadmeTests {
    let cli = CLI()

    /// The first fenced block after the line containing `marker`, without its fences.
    func sample(after marker: String) throws -> String {
        let readme = try String(contentsOfFile: PackageLayout.root + "/README.md", encoding: .utf8)
        let from = try #require(readme.range(of: marker), "README has no '\(marker)'")
        let open = try #require(readme.range(of: "\n```\n", range: from.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
        return String(readme[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test func theDemosSummaryIsWhatPlayPrints() throws {
        let played = try cli.run("play")
        #expect(played.status == 0, "\(played.standardError)")
        #expect(try sample(after: "Then it says what happened") == played.standardOutput)
    }

    @Test func theInspectSampleIsWhatInspectPrints() throws {
        let inspected = try cli.run("inspect", "zoom")
        #expect(inspected.status == 0, "\(inspected.standardError)")
        // The README shortens the library's path, which depends on where the build is.
        let shown = inspected.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("path ") ? "path          .../" + (line.split(separator: "/").last.map(String.init) ?? "") : String(line)
        }.joined(separator: "\n")
        #expect(try sample(after: "`inspect zoom` says:") == shown)
    }

    @Test func theReadmeIsShortAndLinksOnlyToFilesThatExist() throws {
        let readme = try String(contentsOfFile: PackageLayout.root + "/README.md", encoding: .utf8)
        // Read in five minutes: the command reference and the rest live in docs/.
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count < 200)
        for link in readme.matches(of: /\]\(([^)#]+)\)/).map({ String($0.output.1) }) where !link.hasPrefix("http") {
            #expect(FileManager.default.fileExists(atPath: PackageLayout.root + "/" + link), "README links to \(link)")
        }
    }
}
