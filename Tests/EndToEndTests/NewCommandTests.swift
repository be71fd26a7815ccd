import Foundation
import Testing
import TestSupport

/// `animator-host new`, built as a new user builds it: in a fresh folder, with the
/// command it prints.
@Suite struct NewCommandTests {
    let cli = CLI()

    @Test func aCAnimatorBuildsRunsAndPassesValidate() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        // A folder name with a space: the printed command quotes it for the shell.
        let made = try cli.run("new", "rise-up", "--lang", "c", "--dir", folder.path + "/my rise")
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("made a C animator 'rise-up' in \(folder.path)/my rise\n"))
        #expect(made.standardOutput.hasSuffix("  cd '\(folder.path)/my rise' && make run\n"), "\(made.standardOutput)")
        try FileManager.default.moveItem(atPath: folder.path + "/my rise", toPath: folder.path + "/rise")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/rise").sorted()
        #expect(files == ["Makefile", "README.md", "rise-up.c"])
        // `make` builds it (the Makefile's first target); the result loads and runs.
        let build = try runProcess("/usr/bin/make", ["-C", folder.path + "/rise"], environment: cli.environment)
        #expect(build.status == 0, "\(build.standardOutput)\(build.standardError)")
        let run = try cli.run("run", "rise-up", "--operation", "present", "--plugin-path", folder.path + "/rise", "--timeline", "-")
        #expect(run.status == 0, "\(run.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(timeline["animator"] as? String == "rise-up")
        #expect(timeline["duration"] as? Double == 0.35)
        // It slides up 40 points while it fades in: at the start 40 below its place, transparent.
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        func to(_ frame: [String: Any]) -> [String: Any]? {
            (frame["views"] as? [[String: Any]])?.first { $0["name"] as? String == "to" }
        }
        #expect(to(frames[0])?["alpha"] as? Double == 0)
        #expect((to(frames[0])?["frame"] as? [Double])?[1] == 40)
        #expect(to(frames.last!)?["alpha"] as? Double == 1)
        #expect((to(frames.last!)?["frame"] as? [Double])?[1] == 0)
        // And it conforms.
        let validate = try cli.run("validate", folder.path + "/rise/libRiseUp.so", "--repeat", "40")
        #expect(validate.status == 0, "\(validate.standardOutput)")
    }

    @Test func aSwiftAnimatorBuildsWithSwiftBuildAndPlays() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let made = try cli.run("new", "flip_card", "--dir", folder.path + "/flip")
        #expect(made.status == 0, "\(made.standardError)")
        let package = folder.path + "/flip"
        for file in ["Package.swift", "exports.map", "README.md", "Sources/FlipCard/FlipCardAnimator.swift",
                     "Sources/FlipCard/Registration.swift", "Tests/FlipCardTests/FlipCardTests.swift"] {
            #expect(FileManager.default.fileExists(atPath: package + "/" + file), "\(file)")
        }
        // The printed command, as a user pastes it (swift build needs the usual environment).
        let line = try #require(made.standardOutput.split(separator: "\n").first { $0.hasPrefix("  cd ") })
        let environment = ProcessInfo.processInfo.environment.merging(["HOME": cli.home.path,
                                                                       "XDG_CACHE_HOME": cli.home.path + "/cache"]) { $1 }
        let result = try runProcess("/bin/sh", ["-c", String(line)], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        // Without a terminal, play prints the summary: 0.35 s at 60 frames per second is 22 frames.
        #expect(result.standardOutput.hasSuffix("1. present list → detail: flip_card (com.example.flip-card), 0.35 s, 22 frames, completed\n"
                                                + "1 transition: 1 completed, 0 cancelled, 0.35 s\n"), "\(result.standardOutput)")
        // Its own tests (a presentation value, a snapshot recorded on this first run) pass
        // with the snapshot library. Outside CI: under CI=true a first run's missing golden
        // files are an error, as they should be in the user's CI.
        var local = environment
        local["CI"] = nil
        let tests = try runProcess("/bin/sh", ["-c", "cd \(package) && swift test"], environment: local)
        #expect(tests.status == 0, "\(tests.standardOutput.suffix(2000))")
        #expect(tests.standardOutput.contains("Test run with 2 tests"), "\(tests.standardOutput.suffix(2000))")
        #expect(FileManager.default.fileExists(atPath: package + "/Tests/FlipCardTests/Snapshots/present/frame-end.png"))
        // Only the entry symbol is exported.
        let symbols = try runProcess("/usr/bin/nm", ["-D", "--defined-only", package + "/.build/debug/libFlipCard.so"],
                                     environment: environment)
        let exported = symbols.standardOutput.split(separator: "\n").filter { $0.contains(" T ") }
        #expect(exported.count == 1 && exported[0].hasSuffix(" animator_host_entry"), "\(exported)")
        // The animator file uses UIKit's names only: none of AnimatorKit's conveniences that
        // UIKit lacks (UIKit has finalFrame(for:), and animate(withDuration:delay:options:...)).
        let animatorFile = package + "/Sources/FlipCard/FlipCardAnimator.swift"
        let source = try String(contentsOfFile: animatorFile, encoding: .utf8)
        for name in ["finalFrame(forKey:", "initialFrame(forKey:", "GestureSample", "ParameterValues", "AnimatorDescriptor",
                     "drivePercent", "inContainerBounds"] {
            #expect(!source.contains(name), "\(name) is not UIKit's")
        }
        #expect(source.firstMatch(of: /animate\(withDuration: [^,()]+, options:/) == nil, "UIKit's animate with options takes a delay")
        // One place for the duration's default: the animator's. Changed there, the built
        // library lasts as long.
        try source.replacingOccurrences(of: "static let defaultDuration: TimeInterval = 0.35",
                                        with: "static let defaultDuration: TimeInterval = 0.5")
            .write(toFile: animatorFile, atomically: true, encoding: .utf8)
        let rebuilt = try runProcess("/bin/sh", ["-c", "cd \(package) && swift build"], environment: environment)
        #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
        let longer = try cli.run("run", "flip_card", "--plugin-path", package + "/.build/debug")
        #expect(longer.standardOutput.hasPrefix("1. present list → detail: flip_card (com.example.flip-card), 0.5 s, 31 frames, completed"),
                "\(longer.standardOutput) \(longer.standardError)")
    }

    @Test func mistakes() throws {
        #expect(try cli.run("new").status == 2)
        let badName = try cli.run("new", "9lives")
        #expect(badName.status == 2)
        #expect(badName.standardError.hasPrefix("animator-host new: '9lives' is not a name"))
        let badLanguage = try cli.run("new", "x", "--lang", "swfit")
        #expect(badLanguage.standardError.hasPrefix("animator-host new: --lang: 'swfit' is not swift or c (did you mean 'swift'?)"))
        let full = TemporaryDirectory()
        try "keep".write(toFile: full.file("mine.txt"), atomically: true, encoding: .utf8)
        let occupied = try cli.run("new", "x", "--dir", full.path)
        #expect(occupied.status == 1)
        #expect(occupied.standardError == "animator-host new: \(full.path) is not empty; choose a new folder with --dir\n")
        #expect(try String(contentsOfFile: full.file("mine.txt"), encoding: .utf8) == "keep")
    }
}
