import Foundation
import Testing
import TestSupport

/// `animator-host watch`, as an author uses it: a package made by `new`, edited while the
/// browser shows the preview; a library rebuilt by something else; a terminal.
@Suite(.serialized) struct WatchTests {
    let cli = CLI()

    /// The line `watch --serve 0` prints first, and the port in it.
    static func port(of watch: BackgroundProcess) throws -> Int {
        let line = try #require(watch.waitForLine { $0.hasPrefix("serving the preview at ") }, "\(watch.output)")
        let address = try #require(line.split(separator: " ").last)
        return try #require(Int(address.split(separator: ":").last!.dropLast()))
    }

    /// Waits until /status says `condition`.
    static func status(port: Int, timeout: Double = 60, until condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String: Any] = [:]
        while Date() < deadline {
            if let (code, body) = httpGet(port: port, "/status"), code == 200,
               let json = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] {
                last = json
                if condition(json) { return json }
            }
            usleep(50_000)
        }
        Issue.record("timed out waiting; the status was \(last)")
        return last
    }

    @Test func anEditToACAnimatorShowsInTheBrowserAndAFailedBuildKeepsTheLastPreview() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let made = try cli.run("new", "tint", "--lang", "c", "--dir", folder.path + "/tint")
        #expect(made.status == 0, "\(made.standardError)")
        // The author's first change: the incoming view ends red (the test's own color).
        let source = folder.path + "/tint/tint.c"
        var text = try String(contentsOfFile: source, encoding: .utf8)
        let anchor = "        set_number(s, \"opacity\", 1);\n"
        #expect(text.contains(anchor))
        text = text.replacingOccurrences(of: anchor, with: anchor + """
                    ah_value color = { .type = AH_VALUE_COLOR, .color = { 1, 0, 0, 1 } };
                    s->host->layer_set(s->host, s->view, "backgroundColor", &color);

            """)
        try text.write(toFile: source, atomically: true, encoding: .utf8)

        let watch = try BackgroundProcess(PackageLayout.productsDirectory + "/animator-host",
                                          ["watch", folder.path + "/tint", "--serve", "0"], environment: cli.environment)
        let port = try Self.port(of: watch)
        // Then blue, then a typo: the page follows, then keeps the blue preview under the error.
        let plan: [String: Any] = [
            "source": source, "points": [[195, 800]], "timeout": 120,
            "edits": [["old": ".color = { 1, 0, 0, 1 }", "new": ".color = { 0, 0, 1, 1 }", "expect": "reload"],
                      ["old": "s->host->layer_set(s->host, s->view, \"backgroundColor\", &color);",
                       "new": "s->host->layer_set(s->host, s->view, \"backgroundColor\", &color)", "expect": "failed"]],
        ]
        let planPath = folder.path + "/plan.json"
        try JSONSerialization.data(withJSONObject: plan).write(to: URL(fileURLWithPath: planPath))
        let browser = try Python.runScript(PackageLayout.root + "/Tests/Browser/watch_check.py",
                                           ["http://127.0.0.1:\(port)/", planPath])
        let status = watch.stop(SIGTERM)
        #expect(browser.status == 0, "\(browser.standardError)\n\(watch.output)")
        struct Step: Decodable {
            var generation: Int; var phase: String; var message: String; var readout: String; var pixels: [[Int]]
        }
        struct Report: Decodable { var steps: [Step] }
        let steps = try JSONDecoder().decode(Report.self, from: Data(browser.standardOutput.utf8)).steps
        try #require(steps.count == 3)
        // 0.35 s at 60 frames a second: frames at 0, 1/60, ... 0.35 s, 22 of them; the last
        // shows the incoming view's background, at a point the detail screen leaves bare.
        #expect(steps[0].generation == 1 && steps[0].phase == "ready")
        #expect(steps[0].readout.hasSuffix("frame 22/22"), "\(steps[0].readout)")
        #expect(steps[0].pixels == [[255, 0, 0]])
        #expect(steps[1].generation == 2 && steps[1].phase == "ready")
        #expect(steps[1].pixels == [[0, 0, 255]])
        #expect(steps[1].message.hasPrefix("updated ") && steps[1].message.contains(" ms after the library changed"),
                "\(steps[1].message)")
        // The typo: the page says so and still shows the blue preview.
        #expect(steps[2].generation == 2 && steps[2].phase == "failed")
        #expect(steps[2].message == "build failed (make: exit status 2) — showing the last good preview", "\(steps[2].message)")
        #expect(steps[2].pixels == [[0, 0, 255]])
        // The terminal said the same, with the compiler's own words.
        let output = watch.output
        #expect(output.contains("preview 1: updated "), "\(output)")
        #expect(output.contains("changed: tint.c\n"))
        #expect(output.contains("preview 2: updated "))
        #expect(output.contains("build failed (exit status 2) after "))
        #expect(output.contains("error: expected ';'"), "\(output)")
        // SIGTERM ends it as a signal does, after tidying up.
        #expect(status == 143)
        #expect(output.hasSuffix("stopped serving http://127.0.0.1:\(port)/\n"))
    }

    @Test func aLibraryBuiltElsewhereIsRunAgainWhenReplacedAndACrashKeepsTheLastPreview() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let library = folder.path + "/libwatched.so"
        // The fixture's fade (an interruptible animator over its duration).
        try compileFixture(defines: ["FIXTURE_INTERRUPTIBLE"], output: library)
        let watch = try BackgroundProcess(PackageLayout.productsDirectory + "/animator-host",
                                          ["watch", library, "--serve", "0", "--operation", "present", "--duration", "0.25"],
                                          environment: cli.environment)
        let port = try Self.port(of: watch)
        var status = try Self.status(port: port) { ($0["generation"] as? Double) == 1 }
        #expect(status["phase"] as? String == "ready")
        // The page and its frames are served: 0.25 s is 16 frames (0 to 15/60 s).
        let page = try #require(httpGet(port: port, "/"))
        #expect(page.status == 200 && page.body.contains("window.previewGeneration = 1;"))
        #expect(page.body.contains("\"/frames/1/15.png\"") && !page.body.contains("\"/frames/1/16.png\""))
        #expect(httpGet(port: port, "/frames/1/15.png")?.status == 200)
        #expect(httpGet(port: port, "/frames/1/16.png")?.status == 404)
        #expect(httpGet(port: port, "/nothing")?.status == 404)
        let timeline = try #require(httpGet(port: port, "/timeline.json"))
        #expect(timeline.body.contains("\"duration\":0.25") && timeline.body.contains("\"animator\":\"good\""),
                "\(timeline.body.prefix(300))")

        // Replaced (as a build replaces it: a new file renamed over) by one that crashes in animate.
        try compileFixture("hostile_animator.c", defines: ["HOSTILE_AT=7", "HOSTILE_DOES=1"], output: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        status = try Self.status(port: port) { $0["phase"] as? String == "failed" }
        #expect((status["message"] as? String)?.hasPrefix("run failed (exit status 1)") == true, "\(status)")
        #expect((status["detail"] as? String)?.contains("crashed (SIGSEGV") == true, "\(status)")
        #expect(status["generation"] as? Double == 1)
        #expect(try #require(httpGet(port: port, "/")).body.contains("window.previewGeneration = 1;"))

        // Fixed: the next version (another name) runs and becomes preview 2.
        try compileFixture(defines: ["FIXTURE_INTERRUPTIBLE", "FIXTURE_ID=\"org.fixture.second\"", "FIXTURE_NAME=\"second\""],
                           output: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        status = try Self.status(port: port) { ($0["generation"] as? Double) == 2 }
        #expect(status["phase"] as? String == "ready")
        let second = try #require(httpGet(port: port, "/"))
        #expect(second.body.contains("\"/frames/2/15.png\"") && !second.body.contains("\"/frames/2/16.png\""))
        #expect(try #require(httpGet(port: port, "/timeline.json")).body.contains("\"animator\":\"second\""))
        // Frames of a replaced run are gone.
        #expect(httpGet(port: port, "/frames/1/0.png")?.status == 404)
        #expect(watch.stop(SIGINT) == 130)
        #expect(watch.output.contains("run failed (exit status 1); the last good preview stays:"), "\(watch.output)")
    }

    /// `watch LIBRARY --serve 0 --operation present` with `extra` options, and its port.
    func serve(_ library: String, _ extra: String...) throws -> (BackgroundProcess, Int) {
        let watch = try BackgroundProcess(PackageLayout.productsDirectory + "/animator-host",
                                          ["watch", library, "--serve", "0", "--operation", "present"] + extra,
                                          environment: cli.environment)
        return (watch, try Self.port(of: watch))
    }

    @Test func aLibraryAnybodyCouldChangeIsNotRunThroughACopy() throws {
        // In a folder everybody may write to: run refuses it, and so does watch, although
        // it runs a private copy.
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        let library = folder.path + "/libexposed.so"
        try compileFixture(output: library)
        let (watch, port) = try serve(library)
        let status = try Self.status(port: port) { $0["phase"] as? String == "failed" }
        #expect((status["message"] as? String)?.contains("refused: its folder \(folder.path) is writable by group or others") == true,
                "\(status)")
        #expect(status["generation"] as? Double == 0 || status["generation"] == nil, "\(status)")
        #expect(watch.stop(SIGINT) == 130)
        // With --allow-insecure, as with run, it is previewed.
        let (allowed, allowedPort) = try serve(library, "--allow-insecure")
        #expect(try Self.status(port: allowedPort) { ($0["generation"] as? Double) == 1 }["phase"] as? String == "ready")
        #expect(allowed.stop(SIGINT) == 130)
    }

    @Test func thePreviewServerKeepsAnsweringUnderAbuse() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let library = folder.path + "/libserved.so"
        try compileFixture(output: library)
        let (watch, port) = try serve(library)
        _ = try Self.status(port: port) { ($0["generation"] as? Double) == 1 }
        var held: [Int32] = []
        defer { held.forEach { close($0) } }
        // 12 pages listening to events: 8 are taken, the rest told 503.
        var answered503 = 0
        for _ in 0..<12 {
            guard let socket = loopbackConnection(port: port) else { continue }
            let request = Array("GET /events HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0, String(decoding: buffer[0..<count], as: UTF8.self).hasPrefix("HTTP/1.1 503") { answered503 += 1 }
            held.append(socket)
        }
        #expect(answered503 == 12 - PreviewServerLimits.listeners, "\(answered503)")
        // Then 40 clients that send half a request and then nothing: more than the server
        // serves at once.
        for _ in 0..<40 {
            guard let socket = loopbackConnection(port: port) else { continue }
            _ = Array("GET / HTTP/1.1\r\nHost: x".utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            held.append(socket)
        }
        // The slow clients lose their connections after the request deadline (5 s); then
        // everybody else is served again.
        var served = false
        let started = Date()
        while Date().timeIntervalSince(started) < 20 {
            if httpGet(port: port, "/status")?.status == 200 { served = true; break }
            usleep(200_000)
        }
        #expect(served, "the server stopped answering")
        #expect(Date().timeIntervalSince(started) < 12)
        // The eight pages still listen (a request can take their place only as they leave).
        let status = try #require(httpGet(port: port, "/status"))
        #expect(status.body.contains("\"listeners\":\(PreviewServerLimits.listeners)"), "\(status.body)")
        #expect(watch.stop(SIGINT) == 130)
    }

    @Test func inATerminalItReplaysTheRunAndQuitsOnQ() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let library = folder.path + "/libwatched.so"
        try compileFixture(defines: ["FIXTURE_INTERRUPTIBLE"], output: library)
        let driver = PackageLayout.root + "/Tests/Terminal/play_in_pty.py"
        let result = try Python.run(try String(contentsOfFile: driver, encoding: .utf8),
                                    ["6", "q", PackageLayout.productsDirectory + "/animator-host", "watch", library],
                                    environment: ["HOME": cli.home.path, "COLORTERM": "truecolor"], removing: ["NO_COLOR"])
        #expect(result.status == 0, "\(result.standardError)")
        let run = try JSONDecoder().decode(RenderCommandTests.TerminalRun.self, from: Data(result.standardOutput.utf8))
        #expect(run.status == 0)
        #expect(run.alternate_screen && run.cursor_hidden_and_shown && run.half_blocks)
        #expect(run.echo_restored && run.line_mode_restored)
        #expect(run.captions.contains { $0.hasPrefix("watch libwatched.so · preview 1 · updated ")
            && $0.hasSuffix(" · space pauses · ←→ step · r restarts · q quits") }, "\(run.captions)")
        #expect(run.widest_status <= 99, "\(run.captions)")
    }

    @Test func filesAnimatorHostWritesIntoTheFolderAreNoEdit() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        #expect(try cli.run("new", "calm", "--lang", "c", "--dir", folder.path + "/calm").status == 0)
        let package = folder.path + "/calm"
        let watch = try BackgroundProcess(PackageLayout.productsDirectory + "/animator-host", ["watch", package, "--no-terminal"],
                                          environment: cli.environment)
        defer { _ = watch.stop(SIGTERM) }
        #expect(watch.waitForLine(timeout: 120) { $0.hasPrefix("preview 1: updated ") } != nil, "\(watch.output)")
        // What a user makes beside the sources while watching: a GIF, a player page and a
        // comparison page, by the commands themselves.
        let library = package + "/libCalm.so"
        #expect(try cli.run("run", "zoom", "--out", package + "/zoom.gif").status == 0)
        #expect(try cli.run("run", "calm", "--plugin-path", package, "--out", package + "/calm.html").status == 0)
        #expect(try cli.run("compare", "zoom", "calm", "--plugin-path", package, "--out", package + "/both.html").status == 0,
                "\(library)")
        // An output caught while it is written: the temporary file an atomic write makes
        // beside it, there for a moment and then renamed.
        let temporary = package + "/slow.gif.tmp-a1B2c3"
        try "GIF89a".write(toFile: temporary, atomically: false, encoding: .utf8)
        usleep(700_000)
        try FileManager.default.moveItem(atPath: temporary, toPath: package + "/slow.gif")
        sleep(2)
        #expect(!watch.output.contains("changed: "), "\(watch.output)")
        #expect(!watch.output.contains("preview 2"))
        // An edit to the source is one.
        let source = package + "/calm.c"
        try (try String(contentsOfFile: source, encoding: .utf8) + "\n/* edited */\n").write(toFile: source, atomically: true,
                                                                                            encoding: .utf8)
        #expect(watch.waitForLine(timeout: 120) { $0.hasPrefix("preview 2: updated ") } != nil, "\(watch.output)")
        #expect(watch.output.contains("changed: calm.c\n"), "\(watch.output)")
    }

    @Test func mistakesAreOneLine() throws {
        let none = try cli.run("watch")
        #expect(none.status == 2)
        #expect(none.standardError.hasPrefix("animator-host watch: watch needs a package folder or a library (.so)\n"))
        let port = try cli.run("watch", ".", "--serve", "http")
        #expect(port.status == 2)
        let missing = try cli.run("watch", cli.home.path + "/nothing")
        #expect(missing.status == 1)
        #expect(missing.standardError == "animator-host watch: \(cli.home.path)/nothing: no such file or folder\n")
        let bare = try cli.run("watch", cli.home.path)
        #expect(bare.status == 1)
        #expect(bare.standardError.contains("a folder without Package.swift or a Makefile"))
        let typo = try cli.run("watch", cli.home.path, "--serv")
        #expect(typo.status == 2)
        #expect(typo.standardError.contains("did you mean '--serve'?"), "\(typo.standardError)")
        // A port in use is named.
        let library = cli.home.path + "/libw.so"
        try compileFixture(output: library)
        let first = try BackgroundProcess(PackageLayout.productsDirectory + "/animator-host",
                                          ["watch", library, "--serve", "0"], environment: cli.environment)
        let taken = try Self.port(of: first)
        let second = try cli.run("watch", library, "--serve", String(taken))
        #expect(second.status == 1)
        #expect(second.standardError == "animator-host watch: port \(taken) on 127.0.0.1 is in use (give --serve PORT, or --serve 0 for a free one)\n")
        #expect(first.stop() == 143)
    }
}

/// The preview server's documented limits (docs/preview.md).
enum PreviewServerLimits {
    /// Pages listening to /events at once.
    static let listeners = 8
}
