import Foundation
import Testing
import TestSupport

/// Plugins that crash, abort, exit, hang or eat memory at each point of their life, run by
/// the real `animator-host`: the host survives each, names the library or animator, the
/// call and the signal or status, and goes on with the good ones.
@Suite struct IsolationTests {
    let cli = CLI()

    /// Where the fixture misbehaves (its HOSTILE_AT) and the call the host must name.
    static let stages: [(at: Int, call: String)] = [
        (1, "in its constructor (dlopen)"), (2, "in animator_host_entry"), (3, "in init"), (4, "in animator_descriptor"),
        (5, "in create_animator"), (6, "in transitionDuration"), (7, "in animateTransition"), (8, "in animationEnded"),
        (9, "in destroy"), (10, "in an animation or completion block"),
    ]
    /// What it does (HOSTILE_DOES) and the words the report must contain: the fixture's
    /// documented behaviour (a NULL write is SIGSEGV, abort() is SIGABRT, exit(3) is status 3,
    /// an endless loop outlives the 2 s timeout given below, allocating without end hits the
    /// 128 MiB limit given below and then writes through NULL; 2 s leaves the allocating
    /// fixture time to reach its limit on a loaded machine).
    static let actions: [(does: Int, name: String, words: [String])] = [
        (1, "segv", ["crashed (SIGSEGV"]), (2, "abort", ["crashed (SIGABRT"]),
        (3, "exit0", ["exited with status 0", "called exit"]), (4, "exit3", ["exited with status 3"]),
        (5, "loop", ["did not return within 2 s", "--plugin-timeout"]),
        (6, "hog", ["crashed (SIGSEGV", "128 MiB limit"]),
    ]
    static let limits = ["--plugin-timeout", "2", "--plugin-memory", "128"]

    /// Compiles the hostile fixture misbehaving at `at` by `does` as lib<name>.so, id
    /// org.hostile.<name>.
    static func hostile(_ name: String, at: Int, does: Int, in folder: String) throws {
        try compileFixture("hostile_animator.c",
                           defines: ["HOSTILE_AT=\(at)", "HOSTILE_DOES=\(does)", "HOSTILE_ID=\"org.hostile.\(name)\"",
                                     "HOSTILE_NAME=\"\(name)\""],
                           output: folder + "/lib\(name).so")
    }

    /// Compiles every stage × action into one folder: lib<name><at>.so, id org.hostile.<name><at>.
    static func buildAll(into folder: TemporaryDirectory) throws {
        try onlyOwnerMayWrite(folder.path)
        for stage in stages {
            for action in actions {
                try hostile("\(action.name)\(stage.at)", at: stage.at, does: action.does, in: folder.path)
            }
        }
    }

    static func onlyOwnerMayWrite(_ path: String) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test func listSurvivesEveryFailureWhileExaminingAndNamesEachLibraryAndStage() throws {
        let folder = TemporaryDirectory()
        try Self.buildAll(into: folder)
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let result = try cli.run(arguments: ["list", "--plugin-path", folder.path] + Self.limits,
                                 extraEnvironment: surroundings.environment)
        #expect(result.status == 0, "\(result.standardError)")
        // The bundled animators are all there.
        for id in ["org.animatorhost.zoom", "org.animatorhost.bubble", "org.animatorhost.pendulum",
                   "org.animatorhost.example.fade-c", "org.animatorhost.example.bottom-card-c"] {
            #expect(result.standardOutput.contains(id + " "), "\(id) missing")
        }
        let problems = result.standardError.split(separator: "\n").map(String.init)
        for stage in Self.stages {
            for action in Self.actions {
                let name = "\(action.name)\(stage.at)"
                let problem = problems.first { $0.contains("/lib\(name).so:") }
                if stage.at <= 4 {
                    // Misbehaving while being examined: refused, with the stage and the reason.
                    let line = try #require(problem, "no problem reported for \(name)")
                    #expect(line.contains("refused: it "), "\(line)")
                    #expect(line.contains(stage.call), "\(line)")
                    for word in action.words { #expect(line.contains(word), "\(name): \(line)") }
                    #expect(!result.standardOutput.contains("org.hostile.\(name) "))
                } else {
                    // It only misbehaves when run: examined fine and listed.
                    #expect(problem == nil, "\(problem ?? "")")
                    #expect(result.standardOutput.contains("org.hostile.\(name) "), "\(name) not listed")
                }
            }
        }
        #expect(problems.count == 4 * Self.actions.count, "\(problems)")
        // The cache remembers the refusals: the second listing says the same without a child
        // hanging for the timeout again.
        let started = Date()
        let again = try cli.run(["list", "--plugin-path", folder.path] + Self.limits)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(again.standardError == result.standardError)
        #expect(again.standardOutput == result.standardOutput)
    }

    @Test func runSurvivesEveryFailureOfAnAnimatorAndSaysWhichCallFailedHow() throws {
        let folder = TemporaryDirectory()
        try Self.buildAll(into: folder)
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        for stage in Self.stages where stage.at >= 5 {
            for action in Self.actions {
                let name = "\(action.name)\(stage.at)"
                let result = try cli.run(arguments: ["run", name, "--plugin-path", folder.path] + Self.limits,
                                         extraEnvironment: surroundings.environment)
                #expect(result.status == 1, "\(name): \(result.standardOutput) \(result.standardError)")
                let line = try #require(result.standardOutput.split(separator: "\n").first.map(String.init))
                #expect(line.hasPrefix("1. present list → detail: \(name) (org.hostile.\(name)), failed: "), "\(line)")
                #expect(line.contains(stage.call), "\(line)")
                for word in action.words { #expect(line.contains(word), "\(name): \(line)") }
                #expect(result.standardOutput.contains("1 transition: 0 completed, 0 cancelled, 1 failed"))
            }
        }
        // With all of them on the path, a good animator runs as always.
        let good = try cli.run(["run", "zoom", "--operation", "push", "--plugin-path", folder.path] + Self.limits)
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardOutput.contains("1. push list → detail: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed"))
    }

    @Test func theDemoGoesOnAfterTransitionsWhoseAnimatorsCrashHangOrExit() throws {
        let folder = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(folder.path)
        for (name, at, does) in [("crashy", 7, 1), ("sleepy", 7, 5), ("quitter", 9, 3)] {
            try Self.hostile(name, at: at, does: does, in: folder.path)
        }
        let routes = folder.file("routes.json")
        try """
            { "version": 1, "default": "system", "routes": [
              { "operation": "present", "animator": "crashy" },
              { "operation": "dismiss", "animator": "sleepy" },
              { "operation": "push", "animator": "zoom" },
              { "operation": "pop", "animator": "quitter" },
              { "operation": "tab", "animator": "fade-c" } ] }
            """.write(toFile: routes, atomically: true, encoding: .utf8)
        let timeline = folder.file("timeline.json")
        let result = try cli.run(["run", "--routes", routes, "--plugin-path", folder.path, "--plugin-timeout", "1",
                                  "--timeline", timeline])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(lines)")
        guard lines.count == 7 else { return }
        #expect(lines[0].hasPrefix("1. present list → detail: crashy (org.hostile.crashy), failed: crashed (SIGSEGV"))
        #expect(lines[0].contains("in animateTransition"))
        #expect(lines[1].hasPrefix("2. dismiss detail → list: sleepy (org.hostile.sleepy), failed: did not return within 1 s"))
        #expect(lines[2].hasPrefix("3. push list → card: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed"))
        // The quitter completes its pop, then calls exit(0) in destroy: the transition failed.
        #expect(lines[3].hasPrefix("4. pop card → list: quitter (org.hostile.quitter), failed: exited with status 0"))
        #expect(lines[3].contains("in destroy"))
        #expect(lines[4].hasPrefix("5. tab home → settings: fade-c (org.animatorhost.example.fade-c), 0.3 s, 19 frames, completed"))
        #expect(lines[5].hasPrefix("6. tab settings → home: fade-c"))
        #expect(lines[6] == "6 transitions: 3 completed, 0 cancelled, 3 failed, 1 s")
        // A run with failures still writes a new timeline (there was none): the good
        // transitions' frames are in it, after the app moved on without the failed ones.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline)))
            as? [String: Any])
        let transitions = try #require(document["transitions"] as? [[String: Any]])
        // The three good transitions, with all their frames (25 + 19 + 19), and the frames
        // the quitter's pop drew (0.2 s at 60 fps: 13) before its instance was destroyed (at
        // the end of the step, in the demo app), marked failed. The crashy and sleepy ones
        // drew nothing.
        let summary = transitions.map { transition in
            "\(transition["operation"] ?? "?") \((transition["frames"] as? [Any])?.count ?? -1) "
                + "\((transition["completed"] as? Bool).map(String.init) ?? "?") \((transition["warnings"] as? [Any])?.count ?? -1)"
        }
        #expect(summary == ["push 25 true 0", "pop 13 false 1", "tab 19 true 0", "tab 19 true 0"], "\(summary)")
    }

    /// A library whose screen crashes, exits or hangs while the device turns: the run's
    /// report names the call, the host goes on and says so, and nothing is left behind.
    @Test func aScreenThatFailsAsTheDeviceTurnsIsNamedWithItsCall() throws {
        let folder = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(folder.path)
        for action in Self.actions where [1, 4, 5].contains(action.does) {
            try Self.hostile("turn\(action.name)", at: 11, does: action.does, in: folder.path)
            let result = try cli.run(arguments: ["run", "turn\(action.name)", "--operation", "present", "--rotate", "landscape",
                                                 "--plugin-path", folder.path] + Self.limits)
            #expect(result.status == 1, "\(action.name): \(result.standardOutput)\(result.standardError)")
            #expect(result.standardOutput.contains("in size_change (viewWillTransition(to:with:))"),
                    "\(action.name): \(result.standardOutput)")
            for words in action.words { #expect(result.standardOutput.contains(words), "\(action.name): \(result.standardOutput)") }
        }
    }

    @Test func aRebuiltLibraryIsPickedUpByTheNextRunAndList() throws {
        let folder = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(folder.path)
        let library = folder.path + "/libchanging.so"
        let defines = ["HOSTILE_ID=\"org.hostile.changing\"", "HOSTILE_NAME=\"changing\""]
        try compileFixture("hostile_animator.c", defines: defines, output: library)
        let good = try cli.run("run", "changing", "--plugin-path", folder.path)
        #expect(good.status == 0, "\(good.standardError)")
        #expect(good.standardOutput.contains("changing (org.hostile.changing), 0.2 s, 13 frames, completed"))
        // The same file, now crashing in animate.
        try compileFixture("hostile_animator.c", defines: defines + ["HOSTILE_AT=7", "HOSTILE_DOES=1"], output: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        let bad = try cli.run("run", "changing", "--plugin-path", folder.path)
        #expect(bad.status == 1)
        #expect(bad.standardOutput.contains("failed: crashed (SIGSEGV, Segmentation fault) in animateTransition"))
        // Crashing in its constructor: refused by list, and remembered until the file changes.
        try compileFixture("hostile_animator.c", defines: defines + ["HOSTILE_AT=1", "HOSTILE_DOES=2"], output: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        let refused = try cli.run("list", "--plugin-path", folder.path)
        #expect(refused.standardError.contains("libchanging.so: refused: it crashed (SIGABRT"))
        #expect(!refused.standardOutput.contains("org.hostile.changing"))
        try compileFixture("hostile_animator.c", defines: defines, output: library + ".new")
        #expect(rename(library + ".new", library) == 0)
        let listed = try cli.run("list", "--plugin-path", folder.path)
        #expect(listed.standardOutput.contains("org.hostile.changing "))
        #expect(!listed.standardError.contains("libchanging.so"))
    }

    /// Enough libraries to be split between children examining them at once (one per
    /// core): what `list` says is what one process examining them in order says, and the
    /// search path still decides which of two libraries offering one id is loaded, although
    /// neighbouring files are examined by different children.
    @Test func librariesExaminedByChildrenAtOnceAreListedAsInOrder() throws {
        let root = TemporaryDirectory()
        let first = root.path + "/first", second = root.path + "/second"
        for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try Self.onlyOwnerMayWrite(root.path)
        // The fixture takes its id from its file name: first/a07.so and second/a07.so both
        // offer org.bench.a07; second/b*.so only there.
        let library = root.path + "/fixture.so"
        try compileFixture(defines: ["FIXTURE_ID_FROM_PATH"], output: library)
        for index in 0..<30 {
            let name = String(format: "%02d", index)
            try FileManager.default.copyItem(atPath: library, toPath: first + "/a\(name).so")
            try FileManager.default.copyItem(atPath: library, toPath: second + "/a\(name).so")
            try FileManager.default.copyItem(atPath: library, toPath: second + "/b\(name).so")
        }
        try FileManager.default.removeItem(atPath: library)
        let arguments = ["list", "--no-cache", "--plugin-path", first, "--plugin-path", second]
        let children = try cli.run(arguments: arguments)
        let inProcess = try cli.run(arguments: arguments + ["--in-process"])
        #expect(children.status == 0, "\(children.standardError)")
        #expect(children.standardOutput == inProcess.standardOutput)
        #expect(children.standardError == inProcess.standardError)
        let lines = children.standardOutput.split(separator: "\n")
        let problems = children.standardError.split(separator: "\n")
        for index in 0..<30 {
            let name = String(format: "%02d", index)
            #expect(lines.contains { $0.hasPrefix("org.bench.a\(name) ") && $0.hasSuffix(first + "/a\(name).so") }, "a\(name)")
            #expect(lines.contains { $0.hasPrefix("org.bench.b\(name) ") && $0.hasSuffix(second + "/b\(name).so") }, "b\(name)")
            #expect(problems.filter { $0.contains(second + "/a\(name).so: 'org.bench.a\(name)' is shadowed by " + first + "/a\(name).so") }.count == 1,
                    "a\(name) not shadowed")
        }
        #expect(problems.count == 30)
    }

    /// A host killed before it could remove its child's folder leaves it in /tmp; the next
    /// host that starts a child removes it, and leaves the folders of running hosts.
    @Test func theFoldersOfKilledHostsAreRemovedByTheNextOne() throws {
        // A process that has ended: its id names no running process.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = "/tmp/animator-host-plugin-\(ended.processIdentifier)-test01"
        let running = "/tmp/animator-host-plugin-\(getpid())-test02"
        for folder in [stale, running] {
            try FileManager.default.createDirectory(atPath: folder + "/inside", withIntermediateDirectories: true)
            try "left".write(toFile: folder + "/inside/file", atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(atPath: running) }
        let libraries = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(libraries.path)
        try compileFixture(output: libraries.path + "/libone.so")
        let listed = try cli.run(arguments: ["list", "--no-cache", "--plugin-path", libraries.path])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(FileManager.default.fileExists(atPath: running + "/inside/file"))
    }

    @Test func whatPluginsPrintIsShownEscapedOnStderrAndNeverMixedIntoJSON() throws {
        let folder = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(folder.path)
        try Self.hostile("chatty", at: 7, does: 7, in: folder.path)
        let result = try cli.run("run", "chatty", "--plugin-path", folder.path, "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect((document?["transitions"] as? [Any])?.count == 1)
        #expect(result.standardError.contains("plugin output: hostile says hello on stdout"))
        #expect(result.standardError.contains("plugin output: hostile says \\u{1b}[31mred\\u{1b}[0m on stderr"))
        #expect(!result.standardError.contains("\u{1b}"))
    }

    @Test func inProcessRunsTheSameAndSandboxedFramesAreTheSameBytes() throws {
        let folder = TemporaryDirectory()
        let sandboxed = folder.file("sandboxed.json"), inProcess = folder.file("in-process.json")
        let first = try cli.run("run", "--timeline", sandboxed)
        let second = try cli.run("run", "--in-process", "--timeline", inProcess)
        #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
        #expect(first.standardOutput == second.standardOutput)
        let a = try Data(contentsOf: URL(fileURLWithPath: sandboxed))
        let b = try Data(contentsOf: URL(fileURLWithPath: inProcess))
        #expect(a.count > 1_000_000)
        #expect(a == b)
    }

    @Test func aChildWhoseParentIsGoneDoesNothing() throws {
        // Started with a parent pid that is not its parent (the parent died before the
        // child could ask to die with it): it exits at once, touching no descriptor. The
        // check compares pids, so a parent that is pid 1 (in a container) still works.
        let orphan = try cli.run(["__sandbox-child", "scan", "64", "1", "999999999"])
        #expect(orphan.status == 1)
        #expect(orphan.standardOutput.isEmpty && orphan.standardError.isEmpty)
        let malformed = try cli.run(["__sandbox-child", "scan", "64", "1"])
        #expect(malformed.status == 70)
        #expect(malformed.standardError.contains("with MODE MEMORY_MIB CPU_S PARENT_PID"))
    }

    @Test func sandboxOptionsAreChecked() throws {
        for (arguments, message) in [
            (["run", "zoom", "--plugin-timeout", "abc"], "--plugin-timeout: 'abc' is not a number of seconds from 0.1 to 3600"),
            (["run", "zoom", "--plugin-timeout", "0"], "--plugin-timeout: '0' is not a number of seconds"),
            (["list", "--plugin-memory", "12"], "--plugin-memory: '12' is not a number of MiB from 64"),
            (["run", "--plugin-cpu", "-1"], "--plugin-cpu: '-1' is not a number of seconds from 1 to 86400"),
            (["run", "--in-process", "--plugin-timeout", "3"], "--plugin-timeout limits the plugin process; it does not combine with --in-process"),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    @Test func inspectSurvivesAnAnimatorThatCrashesWhenAskedItsDuration() throws {
        let folder = TemporaryDirectory()
        try Self.onlyOwnerMayWrite(folder.path)
        try Self.hostile("abrupt", at: 6, does: 2, in: folder.path)
        let result = try cli.run("inspect", "abrupt", "--plugin-path", folder.path)
        #expect(result.status == 1)
        #expect(result.standardError.contains("animator-host inspect: org.hostile.abrupt: crashed (SIGABRT, Aborted) in transitionDuration"),
                "\(result.standardError)")
        #expect(result.standardOutput.contains("org.hostile.abrupt"))
    }
}

extension CLI {
    /// Runs with an argument array.
    func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments, environment: environment)
    }
}
