import Foundation
import Glibc
import Testing
import TestSupport

/// Files that are no files, or files of any size, wherever a command reads one: each is
/// refused in one line naming it and the reason, at once (a FIFO is not waited on, a
/// device or a /proc file is not read, a file over its kind's limit is not read at all).
@Suite struct HostileInputTests {
    let cli = CLI()

    /// Every command and option that reads a file, with FILE where the file goes, and the
    /// limit of that kind of file in the message.
    static let readers: [(arguments: [String], limit: String)] = [
        (["run", "--scenario", "FILE"], "1 MiB"),
        (["run", "--routes", "FILE"], "1 MiB"),
        (["run", "zoom", "--operation", "push", "--interactive", "FILE"], "16 MiB"),
        (["run", "zoom", "--operation", "push", "--from-image", "FILE"], "64 MiB"),
        (["run", "--request", "FILE"], "1 MiB"),
        (["render", "FILE", "--out", "OUT"], "512 MiB"),
        (["snapshot", "verify", "FILE"], "1 MiB"),
    ]

    /// A timeline `run` records (the fade's tab switch, 19 frames) at `path`, read back
    /// as JSON to be made hostile.
    func recordedTimeline(at path: String) throws -> [String: Any] {
        #expect(try cli.run("run", "fade-c", "--operation", "tab", "--timeline", path).status == 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            as? [String: Any])
    }

    @Test func specialAndEndlessFilesAreRefusedInOneLineAtOnce() throws {
        let folder = TemporaryDirectory()
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A sparse file of 2 GiB: no disk used, and far over every limit.
        let huge = folder.file("huge.json")
        let descriptor = open(huge, O_CREAT | O_WRONLY, 0o600)
        #expect(descriptor >= 0 && ftruncate(descriptor, 2 << 30) == 0)
        close(descriptor)
        let inputs: [(path: String, reason: String)] = [
            ("/dev/zero", "not a regular file (a device)"),
            (fifo, "not a regular file (a FIFO)"),
            ("/proc/self/status", "a file of /proc or /sys, not a regular file"),
            (folder.path, "a folder, not a file"),
        ]
        for reader in Self.readers {
            var cases = inputs
            cases.append((huge, "2048 MiB, over the \(reader.limit) limit for this kind of file"))
            for input in cases {
                let arguments = reader.arguments.map { $0 == "FILE" ? input.path : $0 == "OUT" ? folder.file("out.gif") : $0 }
                let started = Date()
                let result = try cli.run(arguments: arguments)
                #expect(Date().timeIntervalSince(started) < 10, "\(arguments) took long")
                #expect(result.status == 1 || result.status == 2, "\(arguments): \(result.status)")
                let lines = result.standardError.split(separator: "\n").map(String.init)
                let first = lines.first ?? ""
                #expect(first.hasPrefix("animator-host ") && first.contains("\(input.path): \(input.reason)"),
                        "\(arguments): \(result.standardError)")
                // At most the line and a pointer to the help.
                #expect(lines.count <= 2 && (lines.count == 1 || lines[1].hasPrefix("see 'animator-host help")),
                        "\(arguments): \(result.standardError)")
                #expect(result.standardOutput.isEmpty, "\(arguments): \(result.standardOutput)")
                #expect(!FileManager.default.fileExists(atPath: folder.file("out.gif")))
            }
        }
    }

    @Test func aTimelineNestedDeeperThanTheHostBuildsIsRefusedNotOverflowed() throws {
        let folder = TemporaryDirectory()
        let timeline = folder.file("t.json"), deep = folder.file("deep.json")
        var document = try recordedTimeline(at: timeline)
        var frame = try #require((document["frames"] as? [[String: Any]])?.first)
        var views = try #require(frame["views"] as? [[String: Any]])
        // 3,000 views, each inside the one before: far past the 256 levels the engine builds.
        var parent = 0
        for level in 0..<3000 {
            let id = 1_000_000 + level
            views.append(["id": id, "parent": parent, "bounds": [0, 0, 10, 10], "center": [5, 5]])
            parent = id
        }
        frame["views"] = views
        document["frames"] = [frame]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: deep))
        let result = try cli.run("render", deep, "--out", folder.file("deep.gif"))
        #expect(result.status == 1 || result.status == 2, "\(result.status) \(result.standardError.prefix(300))")
        #expect(result.standardError.contains("views nested over 256 levels deep"), "\(result.standardError.prefix(300))")
        #expect(!FileManager.default.fileExists(atPath: folder.file("deep.gif")))
    }

    @Test func absurdlyLongScenariosAndLargeTimelinesAreRefusedBeforeAnyWork() throws {
        let folder = TemporaryDirectory()
        // 1,001 steps: one more than a scenario may have.
        let steps = Array(repeating: #"{"operation": "push"}, {"operation": "pop"}"#, count: 501).joined(separator: ", ")
        let scenario = folder.file("long.json")
        try "{\"steps\": [\(steps)]}".write(toFile: scenario, atomically: true, encoding: .utf8)
        let long = try cli.run("run", "--scenario", scenario)
        #expect(long.status != 0)
        #expect(long.standardError.contains("$.steps: 1002 steps, over the 1000 a scenario may have"), "\(long.standardError)")
        // A frame of 20,000 views, and a transition of 100,001 frames of one view.
        let timeline = folder.file("t.json")
        let document = try recordedTimeline(at: timeline)
        var crowded = document
        var views: [[String: Any]] = [["id": 0, "bounds": [0, 0, 390, 844], "center": [195, 422]]]
        for id in 1...20_000 { views.append(["id": id, "parent": 0, "bounds": [0, 0, 1, 1], "center": [1, 1]]) }
        crowded["frames"] = [["t": 0, "views": views]]
        let crowdedPath = folder.file("crowded.json")
        try JSONSerialization.data(withJSONObject: crowded).write(to: URL(fileURLWithPath: crowdedPath))
        let tooMany = try cli.run("render", crowdedPath, "--out", folder.file("crowded.gif"))
        #expect(tooMany.status != 0)
        #expect(tooMany.standardError.contains("frames[0].views: 20001 views, over the 10000 a frame may have"),
                "\(tooMany.standardError)")
        var endless = document
        let frame: [String: Any] = ["t": 0, "views": [["id": 0, "bounds": [0, 0, 390, 844], "center": [195, 422]]]]
        endless["frames"] = Array(repeating: frame, count: 100_001)
        let endlessPath = folder.file("endless.json")
        try JSONSerialization.data(withJSONObject: endless).write(to: URL(fileURLWithPath: endlessPath))
        let tooLong = try cli.run("render", endlessPath, "--out", folder.file("endless.gif"))
        #expect(tooLong.status != 0)
        #expect(tooLong.standardError.contains("frames: 100001 frames, over the 100000 a transition may have"),
                "\(tooLong.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("crowded.gif")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("endless.gif")))
    }

    @Test func framesTooLargeToRenderAreRefusedBeforeAnyIsDrawn() throws {
        let folder = TemporaryDirectory()
        let timeline = folder.file("t.json"), big = folder.file("big.json")
        var document = try recordedTimeline(at: timeline)
        // 16,384 points a side (a timeline's largest) at scale 3: 49,152 pixels a side.
        document["size"] = [16384, 16384]
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: big))
        let render = try cli.run("render", big, "--out", folder.file("big.png"), "--scale", "3")
        #expect(render.status == 1)
        #expect(render.standardError.contains("frames of 49152x49152 pixels: at most 16384 a side and 67108864 pixels in all"),
                "\(render.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("big.png")))
        // A run whose frames would be 12,288 pixels a side is refused before it runs.
        let run = try cli.run("run", "zoom", "--operation", "push", "--size", "4096x4096", "--scale", "3",
                              "--out", folder.file("x.png"))
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("animator-host run: --out: frames of 12288x12288 pixels"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        // At scale 1 the same sizes are fine (4096 × 4096 is 16,777,216 pixels).
        #expect(try cli.run("run", "zoom", "--operation", "push", "--size", "4096x4096", "--out", folder.file("y.png"),
                            "--at", "0").status == 0)
    }

    @Test func aMetadataCacheWithAbsurdNumbersIsDiscardedNotTrusted() throws {
        #expect(try cli.run("list").status == 0)
        let cache = cli.home.path + "/cache/animator-host/plugins.json"
        let text = try String(contentsOfFile: cache, encoding: .utf8)
        #expect(text.contains("\"index\":0") || text.contains("\"index\": 0"), "\(text.prefix(300))")
        for absurd in ["-1", "1e300", "4294967296", "0.5"] {
            try text.replacingOccurrences(of: "\"index\":0", with: "\"index\":\(absurd)")
                .replacingOccurrences(of: "\"index\": 0", with: "\"index\": \(absurd)")
                .write(toFile: cache, atomically: true, encoding: .utf8)
            let result = try cli.run("list")
            // The entry is not believed: the libraries are examined again and listed.
            #expect(result.status == 0, "\(absurd): \(result.status) \(result.standardError)")
            #expect(result.standardOutput.contains("org.animatorhost.zoom "), "\(absurd)")
        }
    }

    @Test func smallerHostileInputsGetOneLineEach() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        // Two links to each other in a plugin folder: each gets a problem line.
        #expect(symlink(folder.file("b.so"), folder.file("a.so")) == 0 && symlink(folder.file("a.so"), folder.file("b.so")) == 0)
        let list = try cli.run("list", "--plugin-path", folder.path)
        #expect(list.standardError.contains("problem: \(folder.file("a.so")): cannot be examined: Too many levels of symbolic links"))
        #expect(list.standardError.contains("problem: \(folder.file("b.so")): cannot be examined: Too many levels of symbolic links"))
        // A line break in a value is shown escaped: the message stays one line.
        let routes = folder.file("routes.json")
        try #"{"version": 1, "default": "system", "routes": [{"operation": "present\nproblem: forged", "animator": "zoom"}]}"#
            .write(toFile: routes, atomically: true, encoding: .utf8)
        let forged = try cli.run("run", "--routes", routes)
        #expect(forged.status != 0)
        #expect(forged.standardError.contains("'present\\u{a}problem: forged' is not an operation"), "\(forged.standardError)")
        #expect(!forged.standardError.split(separator: "\n").contains { $0.hasPrefix("problem: forged") })
        // A read-only file given to --out is not replaced (a rename would replace it).
        let kept = folder.file("kept.gif")
        try "mine".write(toFile: kept, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: kept)
        let readOnly = try cli.run("run", "zoom", "--operation", "push", "--out", kept)
        #expect(readOnly.status != 0)
        #expect(readOnly.standardError.contains("\(kept): is read-only (mode 444); not replaced"), "\(readOnly.standardError)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "mine")
        // /dev/stdout is a link to a pipe: written through, like "-".
        let stdout = try cli.run("run", "zoom", "--operation", "push", "--timeline", "/dev/stdout")
        let dash = try cli.run("run", "zoom", "--operation", "push", "--timeline", "-")
        #expect(stdout.status == 0, "\(stdout.standardError)")
        #expect(stdout.standardOutput.hasPrefix("{") && stdout.standardOutput.count > 10_000)
        #expect(stdout.standardOutput == dash.standardOutput, "outputs of \(stdout.standardOutput.count) and \(dash.standardOutput.count) bytes")
    }

    @Test func goldenFilesAreNeverWrittenOutsideTheManifestsFolder() throws {
        let manifestFolder = TemporaryDirectory(), elsewhere = TemporaryDirectory()
        let manifest = manifestFolder.file("snapshots.json")
        try #"{ "cases": [ { "name": "fade", "animator": "fade-c", "operation": "tab" } ] }"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let fonts = ["ANIMATOR_HOST_FONT_PATH": "none"]
        // The whole golden folder is a link leading out (a pull request could add one).
        #expect(symlink(elsewhere.path, manifestFolder.file("__snapshots__")) == 0)
        for arguments in [["snapshot", "record", manifest], ["snapshot", "verify", manifest, "--update"]] {
            let result = try cli.run(arguments: arguments, extraEnvironment: fonts)
            #expect(result.status == 1, "\(arguments): \(result.standardOutput) \(result.standardError)")
            #expect(result.standardOutput.contains("leads outside \(manifestFolder.path) through a symbolic link"),
                    "\(result.standardOutput)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
        // A case's folder is the link.
        #expect(unlink(manifestFolder.file("__snapshots__")) == 0)
        try FileManager.default.createDirectory(atPath: manifestFolder.file("__snapshots__"), withIntermediateDirectories: false)
        #expect(symlink(elsewhere.path, manifestFolder.file("__snapshots__/fade")) == 0)
        let caseLink = try cli.run(arguments: ["snapshot", "record", manifest], extraEnvironment: fonts)
        #expect(caseLink.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // Without links, the same manifest records.
        #expect(unlink(manifestFolder.file("__snapshots__/fade")) == 0)
        let fine = try cli.run(arguments: ["snapshot", "record", manifest], extraEnvironment: fonts)
        #expect(fine.status == 0, "\(fine.standardOutput) \(fine.standardError)")
        #expect(FileManager.default.fileExists(atPath: manifestFolder.file("__snapshots__/fade/frame-end.png")))
    }

    @Test func aHugeGoldenIsReportedBySizeWithoutBeingDecoded() throws {
        let folder = TemporaryDirectory()
        let manifest = folder.file("snapshots.json")
        try #"{ "cases": [ { "name": "fade", "animator": "fade-c", "operation": "tab" } ] }"#
            .write(toFile: manifest, atomically: true, encoding: .utf8)
        let fonts = ["ANIMATOR_HOST_FONT_PATH": "none"]
        #expect(try cli.run(arguments: ["snapshot", "record", manifest], extraEnvironment: fonts).status == 0)
        let golden = folder.file("__snapshots__/fade/frame-end.png")
        // The recorded picture's size, from its PNG header (width and height at bytes 16 and 20).
        let recorded = [UInt8](try Data(contentsOf: URL(fileURLWithPath: golden)))
        func bigEndian(_ at: Int) -> Int { recorded[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let (width, height) = (bigEndian(16), bigEndian(20))
        // A golden whose header claims the largest picture PNGDecoder takes (16384 x 4096),
        // followed by 64 MiB of zeros: decoding it would take seconds, and then fail (no
        // checksum, no image data). Its size is the finding, read from its header alone.
        var huge: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        huge += [0, 0, 0x40, 0, 0, 0, 0x10, 0, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        huge += [UInt8](repeating: 0, count: 64 << 20)
        try Data(huge).write(to: URL(fileURLWithPath: golden))
        let result = try cli.run(arguments: ["snapshot", "verify", manifest], extraEnvironment: fonts)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("frame-end.png (the end): \(width)x\(height) pixels, the golden one 16384x4096"),
                "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("not a readable PNG") && !result.standardError.contains("not a readable PNG"))
    }

    @Test func theFontSearchStaysOutOfProcAndGoesRoundALoopOnce() throws {
        // /proc holds endless trees (every process's root folder): nothing is read there.
        let proc = try cli.run("doctor", extraEnvironment: ["ANIMATOR_HOST_FONT_PATH": "/proc"])
        #expect(proc.standardOutput.contains("fonts: none found in /proc: labels use the built-in bitmap font"),
                "\(proc.standardOutput)")
        // A folder holding a link to itself and a font (the machine's, as setup installs it):
        // the font is found once, the loop walked once.
        let installed = try #require(FontPaths.regular, "no TrueType font found: run Tests/setup.sh")
        let folder = TemporaryDirectory()
        #expect(symlink(folder.path, folder.file("loop")) == 0)
        let name = (installed as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: installed, toPath: folder.file(name))
        let looped = try cli.run("doctor", extraEnvironment: ["ANIMATOR_HOST_FONT_PATH": folder.path])
        #expect(looped.standardOutput.contains("regular \(folder.path)/\(name)"), "\(looped.standardOutput)")
    }
}

/// Where the machine's TrueType fonts are, as the renderer's tests find them.
enum FontPaths {
    static var regular: String? {
        let candidates = ["/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                          "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"]
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
