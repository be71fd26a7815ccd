import Foundation
import Testing
import TestSupport

/// A plugin that means harm, run by the real `animator-host`: it starts daemons that leave
/// its session, attacks the host, forges the end of the child's report, sends half a
/// message, sleeps while moving the call page, writes outside its folder, connects out,
/// forks or starts threads without end, or hoards descriptors. Each case checks the exit
/// status, the one-line report, that no process of the run is left, and that nothing
/// outside its folder changed (`HostileSurroundings`).
@Suite struct HostileChildTests {
    let cli = CLI()

    /// A name for a daemon (at most 15 characters, the kernel's limit for a process name)
    /// that nothing else on the machine has.
    static func token() -> String {
        "hx" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12)).lowercased()
    }

    /// The processes whose name is `token`.
    static func processes(named token: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { pid in
            guard pid.allSatisfy(\.isNumber),
                  let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return false }
            return name.trimmingCharacters(in: .newlines) == token
        }
    }

    /// Whether children get a PID namespace here (`doctor` says which mechanism runs).
    func namespacesWork() throws -> Bool {
        try cli.run("doctor").standardOutput.contains("plugin processes: a PID and user namespace")
    }

    /// Whether Landlock here keeps signals from leaving a child (version 6 and later).
    static let signalsConfined: Bool = {
        guard let doctor = try? CLI().run("doctor") else { return false }
        return doctor.standardOutput.contains("no signals out")
    }()

    func hostile(_ name: String, at: Int, does: Int) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try IsolationTests.onlyOwnerMayWrite(folder.path)
        try IsolationTests.hostile(name, at: at, does: does, in: folder.path)
        return folder
    }

    @Test(arguments: ["namespace", "subreaper"])
    func aDaemonAPluginStartsEndsWithItsChild(mechanism: String) throws {
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        var environment = surroundings.environment.merging(["HOSTILE_TOKEN": Self.token()]) { $1 }
        if mechanism == "subreaper" { environment["ANIMATOR_HOST_NO_NAMESPACES"] = "1" }
        // Started in animateTransition, then the transition completes.
        let folder = try hostile("daemonic", at: 7, does: 8)
        let run = try cli.run("run", "daemonic", "--plugin-path", folder.path, extraEnvironment: environment)
        #expect(run.status == 0, "\(run.standardOutput) \(run.standardError)")
        #expect(run.standardOutput.contains("daemonic (org.hostile.daemonic), 0.2 s, 13 frames, completed"))
        #expect(Self.processes(named: environment["HOSTILE_TOKEN"]!).isEmpty, "a daemon outlived run (\(mechanism))")
        // Started by a library's constructor while `list` examines it.
        environment["HOSTILE_TOKEN"] = Self.token()
        let examined = try hostile("daemonic1", at: 1, does: 8)
        let list = try cli.run("list", "--plugin-path", examined.path, "--no-cache", extraEnvironment: environment)
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("org.hostile.daemonic1 "))
        #expect(Self.processes(named: environment["HOSTILE_TOKEN"]!).isEmpty, "a daemon outlived list (\(mechanism))")
    }

    @Test func aDaemonEndsEvenWhenItsChildIsKilled() throws {
        guard try namespacesWork() else { return }
        // The daemon starts in the first transition's animateTransition; the second
        // transition, in the same child, sleeps in animateTransition until the timeout kills
        // the child. The daemon goes with it.
        let token = Self.token()
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let folder = TemporaryDirectory()
        try IsolationTests.onlyOwnerMayWrite(folder.path)
        try IsolationTests.hostile("daemonic", at: 7, does: 8, in: folder.path)
        try IsolationTests.hostile("hanging", at: 7, does: 13, in: folder.path)
        let routes = folder.file("routes.json")
        try """
            { "version": 1, "default": "system", "routes": [
              { "operation": "present", "animator": "daemonic" },
              { "operation": "dismiss", "animator": "hanging" } ] }
            """.write(toFile: routes, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "--routes", routes, "--plugin-path", folder.path, "--plugin-timeout", "1",
                                 extraEnvironment: surroundings.environment.merging(["HOSTILE_TOKEN": token]) { $1 })
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("2. dismiss detail → list: hanging (org.hostile.hanging), failed: did not return within 1 s"),
                "\(result.standardOutput)")
        #expect(Self.processes(named: token).isEmpty, "the daemon outlived the killed child")
    }

    /// In a namespace the host cannot be named; in the fallback, Landlock's scope keeps
    /// signals in and its tracing rule keeps /proc/PID/mem closed.
    @Test(arguments: ["namespace", "subreaper"])
    func aPluginCannotSignalOrReadTheHost(mechanism: String) throws {
        if mechanism == "namespace" { guard try namespacesWork() else { return } }
        if mechanism == "subreaper" { guard Self.signalsConfined else { return } }
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let folder = try hostile("attacker", at: 7, does: 9)
        var environment = surroundings.environment
        if mechanism == "subreaper" { environment["ANIMATOR_HOST_NO_NAMESPACES"] = "1" }
        let result = try cli.run("run", "attacker", "--plugin-path", folder.path, extraEnvironment: environment)
        // The host survived to report, the transition completed, and nothing worked.
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("attacker (org.hostile.attacker), 0.2 s, 13 frames, completed"))
        #expect(!result.standardError.contains("hostile opened the host's memory"), "\(result.standardError)")
        #expect(!result.standardError.contains("hostile can signal the host"), "\(result.standardError)")
    }

    @Test func whatALibraryPrintsWhileListExaminesItIsShownEscaped() throws {
        let folder = try hostile("chatty1", at: 1, does: 7)
        let result = try cli.run("list", "--plugin-path", folder.path, "--no-cache")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("org.hostile.chatty1 "))
        #expect(result.standardError.contains("plugin output: hostile says hello on stdout"), "\(result.standardError)")
        #expect(result.standardError.contains("plugin output: hostile says \\u{1b}[31mred\\u{1b}[0m on stderr"))
        #expect(!result.standardError.contains("\u{1b}"))
        // Standard output stays the table alone.
        #expect(!result.standardOutput.contains("hostile says"))
    }

    @Test func hugeValuesAreRefusedAtTheCallTheSameInAndOutOfProcess() throws {
        let folder = try hostile("huge", at: 7, does: 14)
        let child = folder.file("child.json"), inProcess = folder.file("in-process.json")
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let sandboxed = try cli.run("run", "huge", "--plugin-path", folder.path, "--timeline", child,
                                    extraEnvironment: surroundings.environment)
        let here = try cli.run("run", "huge", "--plugin-path", folder.path, "--timeline", inProcess, "--in-process")
        for result in [sandboxed, here] {
            // Each layer_set was refused, so the plugin went on and completed as it does.
            #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
            #expect(result.standardOutput.contains("huge (org.hostile.huge), 0.2 s, 13 frames, completed"))
            #expect(!result.standardOutput.contains("the host accepted") && !result.standardError.contains("the host accepted"),
                    "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: child)) == Data(contentsOf: URL(fileURLWithPath: inProcess)))
    }

    @Test func megabyteTextsCostNothingAndAreCutWhereShown() throws {
        let folder = TemporaryDirectory()
        try IsolationTests.onlyOwnerMayWrite(folder.path)
        for (name, define) in [("longname", "HOSTILE_LONG_NAME"), ("longlog", "HOSTILE_LONG_LOG")] {
            try compileFixture("hostile_animator.c", defines: [define, "HOSTILE_ID=\"org.hostile.\(name)\"",
                                                               "HOSTILE_NAME=\"\(name)\""],
                               output: folder.path + "/lib\(name).so")
        }
        let started = Date()
        // A name of a megabyte is refused in one line; nothing is padded to its width.
        let list = try cli.run("list", "--plugin-path", folder.path, "--no-cache")
        #expect(list.status == 0, "\(list.standardError.prefix(500))")
        #expect(list.standardError.contains("/liblongname.so: animator 0: name is over 64 bytes"),
                "\(list.standardError.prefix(500))")
        #expect(list.standardOutput.utf8.count + list.standardError.utf8.count < 20_000)
        // A log line of a megabyte (1,048,576 bytes) is kept to 16 KiB, with a marker.
        let run = try cli.run("run", "longlog", "--plugin-path", folder.path, "--log-level", "info")
        #expect(run.status == 0, "\(run.standardError.prefix(500))")
        #expect(run.standardOutput.contains("xxxx… (cut: 1048576 bytes in all)"))
        #expect(run.standardOutput.utf8.count < 16 * 1024 + 1000)
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test(arguments: [false, true])
    func aPluginThreadLoggingAfterItsTransitionNeverCrashesTheHost(inProcess: Bool) throws {
        // The thread logs two million messages and outlives the transition, the instance
        // and the host session.
        let folder = try hostileBuilt("chatter", defines: ["HOSTILE_THREAD_LOG"])
        for _ in 0..<3 {
            let result = try cli.run(arguments: ["run", "chatter", "--plugin-path", folder.path]
                                     + (inProcess ? ["--in-process"] : []))
            #expect(result.status == 0, "\(result.standardOutput) \(result.standardError.prefix(500))")
            #expect(result.standardOutput.contains("chatter (org.hostile.chatter), 0.2 s, 13 frames, completed"))
        }
    }

    func hostileBuilt(_ name: String, defines: [String]) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try IsolationTests.onlyOwnerMayWrite(folder.path)
        try compileFixture("hostile_animator.c", defines: defines + ["HOSTILE_ID=\"org.hostile.\(name)\"",
                                                                     "HOSTILE_NAME=\"\(name)\""],
                           output: folder.path + "/lib\(name).so")
        return folder
    }

    @Test func aForgedFinalMessageInTheMiddleOfATransitionFailsIt() throws {
        let folder = try hostile("forger", at: 7, does: 10)
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let result = try cli.run("run", "forger", "--plugin-path", folder.path, extraEnvironment: surroundings.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.hasPrefix(
            "1. present list → detail: forger (org.hostile.forger), failed: ended in the middle of the transition"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("1 transition: 0 completed, 0 cancelled, 1 failed"))
    }

    @Test func halfAMessageSentByteByByteIsNotProgress() throws {
        let folder = try hostile("dripping", at: 7, does: 11)
        let started = Date()
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let result = try cli.run("run", "dripping", "--plugin-path", folder.path, "--plugin-timeout", "1", extraEnvironment: surroundings.environment)
        #expect(result.status == 1)
        let line = result.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("1. present list → detail: dripping (org.hostile.dripping), failed: "), "\(line)")
        #expect(line.contains("did not return within 1 s") || line.contains("not finished within 1 s"), "\(line)")
        // Killed after about a second of the child's own time, not after minutes.
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aSleeperMovingTheCallPageIsStillTimedOut() throws {
        let folder = try hostile("ticking", at: 7, does: 12)
        let started = Date()
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let result = try cli.run("run", "ticking", "--plugin-path", folder.path, "--plugin-timeout", "1", extraEnvironment: surroundings.environment)
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix(
            "1. present list → detail: ticking (org.hostile.ticking), failed: did not return within 1 s (killed; --plugin-timeout) in animateTransition"),
            "\(result.standardOutput)")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A loopback TCP listener that accepts nothing by itself: whether anyone connected is
    /// asked after the run.
    final class Listener {
        let descriptor: Int32
        let port: UInt16

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(descriptor, pointer, length) == 0 && listen(descriptor, 8) == 0
                        && getsockname(descriptor, pointer, &length) == 0
                }
            }
            guard bound else {
                close(descriptor)
                throw ListenerError()
            }
            self.descriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        }

        struct ListenerError: Error {}

        /// Whether a connection is waiting.
        func someoneConnected() -> Bool {
            let connection = accept(descriptor, nil, nil)
            if connection >= 0 { close(connection) }
            return connection >= 0
        }

        deinit { close(descriptor) }
    }

    @Test func aPluginWritesOnlyInItsOwnFolderAndCannotConnectOut() throws {
        guard HostileSurroundings.filesConfined else { return }
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let folder = try hostile("reacher", at: 7, does: 15)
        let library = folder.path + "/libreacher.so"
        let before = try Data(contentsOf: URL(fileURLWithPath: library))
        let listener = try Listener()
        let environment = surroundings.environment.merging(["HOSTILE_PORT": String(listener.port)]) { $1 }
        let result = try cli.run("run", "reacher", "--plugin-path", folder.path, extraEnvironment: environment)
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("reacher (org.hostile.reacher), 0.2 s, 13 frames, completed"))
        // Its own temporary folder is writable, and nothing else is.
        #expect(result.standardError.contains("plugin output: hostile wrote in its own folder"), "\(result.standardError)")
        for attempt in ["hostile wrote outside", "hostile could rewrite its library", "hostile connected"] {
            #expect(!result.standardError.contains(attempt), "\(attempt): \(result.standardError)")
        }
        #expect(!listener.someoneConnected())
        #expect(try Data(contentsOf: URL(fileURLWithPath: library)) == before)

        // The control: unconfined (the documented way out), the same plugin reaches all three.
        let open = try HostileSurroundings()
        let unconfined = try cli.run("run", "reacher", "--plugin-path", folder.path,
                                     extraEnvironment: open.environment.merging(
                                        ["HOSTILE_PORT": String(listener.port), "ANIMATOR_HOST_NO_LANDLOCK": "1"]) { $1 })
        #expect(unconfined.status == 0)
        #expect(unconfined.standardError.contains("plugin output: hostile wrote outside"), "\(unconfined.standardError)")
        #expect(unconfined.standardError.contains("plugin output: hostile connected"))
        #expect(listener.someoneConnected())
    }

    @Test(arguments: [(16, "forker"), (17, "spawner")])
    func forkAndThreadFloodsAreStoppedAtTheTaskLimit(does: Int, name: String) throws {
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let folder = try hostile(name, at: 7, does: does)
        let started = Date()
        let result = try cli.run("run", name, "--plugin-path", folder.path, extraEnvironment: surroundings.environment)
        #expect(result.status == 1, "\(result.standardOutput) \(result.standardError.prefix(500))")
        // SandboxLimits.taskLimit, as docs/isolation.md gives it.
        // The processes are counted every 50 ms (docs/isolation.md): a thread flood that fills
        // the limit faster than that and returns may be seen only after a later call returned.
        // The flood starts in animateTransition; it is named whenever the count was read in it.
        let prefix = "1. present list → detail: \(name) (org.hostile.\(name)), failed: "
            + "started more than 2048 processes and threads at once (killed) "
        #expect(result.standardOutput.hasPrefix(prefix), "\(result.standardOutput)")
        let place = result.standardOutput.dropFirst(prefix.count).prefix { $0 != "\n" }
        #expect(place == "in animateTransition" || (place.hasPrefix("after ") && place.hasSuffix(" returned")),
                "\(result.standardOutput)")
        #expect(Date().timeIntervalSince(started) < 60)
        // The next run on the same machine is not starved.
        let next = try cli.run("run", "zoom")
        #expect(next.status == 0, "\(next.standardError)")
    }

    @Test func aPluginHoardingDescriptorsRunsOutInItsChildOnly() throws {
        let surroundings = try HostileSurroundings()
        defer { surroundings.expectLeftAlone() }
        let folder = try hostile("hoarder", at: 7, does: 18)
        let result = try cli.run("run", "hoarder", "--plugin-path", folder.path, extraEnvironment: surroundings.environment)
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardOutput.contains("hoarder (org.hostile.hoarder), 0.2 s, 13 frames, completed"))
        // The child may hold 1,024 descriptors (SandboxLimits.descriptorLimit), some of them
        // its own: the plugin got fewer, and ran out with EMFILE.
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("hostile holds") })
        let count = try #require(line.split(separator: " ").compactMap { Int($0) }.first)
        #expect(count > 900 && count < 1024, "\(line)")
        #expect(line.contains("Too many open files"), "\(line)")
    }
}
