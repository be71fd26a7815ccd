import AnimatorABI
import Foundation
import Testing
import TestSupport

/// Runs the built `animator-host` with a private HOME and cache, so nothing installed on
/// the machine leaks in.
struct CLI {
    let home = TemporaryDirectory()

    var environment: [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": home.path, "XDG_CACHE_HOME": home.path + "/cache"]
    }

    func run(_ arguments: String..., extraEnvironment: [String: String] = [:]) throws -> ProcessResult {
        try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments,
                       environment: environment.merging(extraEnvironment) { $1 })
    }

    func run(arguments: [String], extraEnvironment: [String: String] = [:]) throws -> ProcessResult {
        try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments,
                       environment: environment.merging(extraEnvironment) { $1 })
    }

    func runJSON(_ arguments: String...) throws -> [String: Any] {
        let result = try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments, environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }
}

@Suite struct ListTests {
    let cli = CLI()

    @Test func listShowsTheBundledAnimatorsWithOperationsAndParameters() throws {
        let result = try cli.run("list")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true)
        func row(_ id: String) -> String? { lines.first { $0.hasPrefix(id + " ") } }
        let zoom = try #require(row("org.animatorhost.zoom"))
        #expect(zoom.contains("present,dismiss,push,pop,tab"))
        #expect(zoom.contains("duration,spring,damping,velocity"))
        #expect(zoom.contains("libZoom.so"))
        let bubble = try #require(row("org.animatorhost.bubble"))
        #expect(bubble.contains("present,dismiss,push,pop "))
        #expect(bubble.contains("startPoint,bubbleColor,duration"))
        let pendulum = try #require(row("org.animatorhost.pendulum"))
        #expect(pendulum.contains("duration,coverColor"))
        #expect(row("org.animatorhost.example.fade-c") != nil)
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test func listJSONFollowsTheDocumentedSchema() throws {
        let document = try cli.runJSON("list", "--json")
        let animators = try #require(document["animators"] as? [[String: Any]])
        #expect((document["problems"] as? [Any])?.isEmpty == true)
        for animator in animators {
            for key in ["id", "name", "version", "abi", "operations", "interactive", "parameters", "path", "description"] {
                #expect(animator[key] != nil, "missing \(key) in \(animator["id"] ?? "?")")
            }
        }
        let byID = Dictionary(uniqueKeysWithValues: animators.map { ($0["id"] as! String, $0) })
        let zoom = try #require(byID["org.animatorhost.zoom"])
        #expect(zoom["operations"] as? [String] == ["present", "dismiss", "push", "pop", "tab"])
        #expect(zoom["interactive"] as? Bool == true)
        #expect(zoom["abi"] as? String == "1.\(AH_ABI_MINOR)")   // built with the current headers
        let zoomParameters = try #require(zoom["parameters"] as? [[String: Any]])
        let duration = try #require(zoomParameters.first { $0["name"] as? String == "duration" })
        #expect(duration["type"] as? String == "number")
        #expect(duration["default"] as? Double == 0.4)   // seed 000: transitionDuration returns 0.4
        let bubble = try #require(byID["org.animatorhost.bubble"])
        #expect(bubble["operations"] as? [String] == ["present", "dismiss", "push", "pop"])
        let bubbleDuration = (bubble["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "duration" }
        #expect(bubbleDuration?["default"] as? Double == 0.5)   // seed 001: duration = 0.5
        let start = (bubble["parameters"] as? [[String: Any]])?.first { $0["name"] as? String == "startPoint" }
        #expect(start?["type"] as? String == "point")
        #expect(start?["default"] as? [Double] == [330, 754])
    }

    @Test func aCFileBuiltFromTheHeaderAloneIsListed() throws {
        let folder = TemporaryDirectory()
        let library = folder.path + "/header_only.so"
        let compiled = try runProcess("/usr/bin/cc", ["-shared", "-fPIC", "-I", PackageLayout.includeDirectory,
                                                      PackageLayout.fixturesDirectory + "/header_only.c", "-o", library])
        #expect(compiled.status == 0, "\(compiled.standardError)")
        for result in [try cli.run("list", "--plugin-path", folder.path),
                       try cli.run("list", extraEnvironment: ["ANIMATOR_PLUGIN_PATH": folder.path])] {
            #expect(result.status == 0)
            let row = result.standardOutput.split(separator: "\n").first { $0.hasPrefix("org.example.header-only ") }
            #expect(row?.contains("push,pop") == true)
            #expect(row?.contains(library) == true)
        }
        let inspected = try cli.run("inspect", "header-only", "--plugin-path", folder.path)
        #expect(inspected.standardOutput.contains("push 0.35 s, pop 0.35 s"))
    }

    /// A plugin's strings and a file's name are untrusted: an escape sequence or a line
    /// break in them is shown escaped, never sent to the terminal or used to forge a line.
    @Test func controlCharactersFromPluginsAndFileNamesAreEscaped() throws {
        let folder = TemporaryDirectory()
        try compileFixture(defines: [#"FIXTURE_ID="org.fixture.evil""#, #"FIXTURE_NAME="evil\x1b[2J\nproblem: forged""#],
                           output: folder.path + "/evil.so")
        try "not a library".write(toFile: folder.path + "/bell\u{7}\u{1B}[31m.so", atomically: true, encoding: .utf8)
        for result in [try cli.run("list", "--plugin-path", folder.path),
                       try cli.run("inspect", "org.fixture.evil", "--plugin-path", folder.path)] {
            let everything = result.standardOutput + result.standardError
            #expect(!everything.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
            #expect(!everything.split(separator: "\n").contains { $0.hasPrefix("problem: forged") })
        }
        let listed = try cli.run("list", "--plugin-path", folder.path)
        #expect(listed.standardError.contains("bell\\u{7}\\u{1b}[31m.so"))
        #expect((listed.standardOutput + listed.standardError).contains("evil\\u{1b}[2J\\u{a}problem: forged"))
    }

    @Test func brokenLibrariesAreReportedOneLineEachAndGoodOnesStayListed() throws {
        let folder = TemporaryDirectory()
        try "not a library".write(toFile: folder.path + "/a-garbage.so", atomically: true, encoding: .utf8)
        try compileFixture(defines: ["FIXTURE_NO_ENTRY"], output: folder.path + "/b-no-entry.so")
        try compileFixture(defines: ["FIXTURE_ABI_MAJOR=3", "FIXTURE_ABI_MINOR=0"], output: folder.path + "/c-major.so")
        try compileFixture(output: folder.path + "/d-good.so")
        let result = try cli.run("list", "--plugin-path", folder.path)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("org.fixture.good "))
        #expect(result.standardOutput.contains("org.animatorhost.zoom "))
        let problems = result.standardError.split(separator: "\n").map(String.init)
        #expect(problems.count == 3, "\(problems)")
        #expect(problems[0].hasPrefix("problem: \(folder.path)/a-garbage.so: cannot be loaded:"))
        #expect(problems[1] == "problem: \(folder.path)/b-no-entry.so: no entry point 'animator_host_entry' (not an animator-host plugin)")
        #expect(problems[2] == "problem: \(folder.path)/c-major.so: library is built for ABI 3.0; this host supports ABI 1.x (1.\(AH_ABI_MINOR))")
        #expect(try cli.run("list", "--strict", "--plugin-path", folder.path).status == 1)
        let json = try cli.runJSON("list", "--json", "--plugin-path", folder.path)
        let jsonProblems = try #require(json["problems"] as? [[String: String]])
        #expect(jsonProblems.map { $0["path"] } == ["a-garbage.so", "b-no-entry.so", "c-major.so"].map { folder.path + "/" + $0 })
    }

    @Test func theCacheNoticesAReplacedLibrary() throws {
        let folder = TemporaryDirectory()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.before\""], output: folder.path + "/x.so")
        let before = try cli.run("list", "--plugin-path", folder.path)
        #expect(before.standardOutput.contains("org.fixture.before "))
        #expect(FileManager.default.fileExists(atPath: cli.home.path + "/cache/animator-host/plugins.json"))
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.after\""], output: folder.path + "/new.tmp")
        #expect(rename(folder.path + "/new.tmp", folder.path + "/x.so") == 0)
        var times = [timespec(tv_sec: 2_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder.path + "/x.so", &times, 0) == 0)
        let after = try cli.run("list", "--plugin-path", folder.path)
        #expect(after.standardOutput.contains("org.fixture.after "))
        #expect(!after.standardOutput.contains("org.fixture.before"))
        // And with the cache off, the same answer.
        #expect(try cli.run("list", "--no-cache", "--plugin-path", folder.path).standardOutput == after.standardOutput)
    }

    @Test func anInsecureFolderIsRefusedUnlessAllowed() throws {
        let folder = TemporaryDirectory()
        try compileFixture(output: folder.path + "/good.so")
        chmod(folder.path, 0o777)
        let refused = try cli.run("list", "--plugin-path", folder.path)
        #expect(!refused.standardOutput.contains("org.fixture.good"))
        #expect(refused.standardError.contains("problem: \(folder.path): refused: the folder is writable by group or others"))
        let allowed = try cli.run("list", "--allow-insecure", "--plugin-path", folder.path)
        #expect(allowed.standardOutput.contains("org.fixture.good "))
    }
}

@Suite struct InspectTests {
    let cli = CLI()

    @Test func inspectShowsEveryFieldParametersAndDurations() throws {
        let result = try cli.run("inspect", "zoom")
        #expect(result.status == 0)
        let output = result.standardOutput
        #expect(output.contains("id            org.animatorhost.zoom"))
        #expect(output.contains("display name  Zoom"))
        #expect(output.contains("operations    present, dismiss, push, pop, tab"))
        #expect(output.contains("durations     present 0.4 s, dismiss 0.4 s, push 0.4 s, pop 0.4 s, tab 0.4 s"))
        let damping = try #require(output.split(separator: "\n").first { $0.hasPrefix("  damping ") })
        #expect(damping.split(separator: " ", omittingEmptySubsequences: true).prefix(4) == ["damping", "number", "0.8", "0.01...1"])
    }

    @Test func parametersChangeTheAnswersAndBadOnesAreRefused() throws {
        let result = try cli.run("inspect", "org.animatorhost.bubble", "--param", "duration=1.25")
        #expect(result.standardOutput.contains("present 1.25 s, dismiss 1.25 s"))
        let bad = try cli.run("inspect", "bubble", "--param", "duration=-1")
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("parameter 'duration': -1 is below the minimum 0"))
        let unknown = try cli.run("inspect", "bubble", "--param", "radius=3")
        #expect(unknown.standardError.contains("bubble has no such parameter (it has: startPoint, bubbleColor, duration)"))
    }

    @Test func inspectJSONAndPaths() throws {
        let json = try cli.runJSON("inspect", PackageLayout.productsDirectory + "/libPendulum.so", "--json")
        let animator = try #require((json["animators"] as? [[String: Any]])?.first)
        #expect(animator["id"] as? String == "org.animatorhost.pendulum")
        #expect((animator["durations"] as? [String: Double])?["dismiss"] == 1.5)
    }

    @Test func anUnknownAnimatorIsAFailureNamingIt() throws {
        let result = try cli.run("inspect", "nope")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("animator-host: no animator 'nope' on the search path (installed: "))
        let file = try cli.run("inspect", "/nonexistent/x.so")
        #expect(file.status == 1)
        #expect(file.standardError.contains("/nonexistent/x.so: cannot be read: No such file or directory"))
    }
}

@Suite struct UsageTests {
    let cli = CLI()

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["frobnicate"], "animator-host: unknown command 'frobnicate'"),
            (["--frobnicate"], "animator-host: unknown option '--frobnicate'"),
            (["list", "--frobnicate"], "animator-host list: unknown option '--frobnicate'"),
            (["list", "extra"], "animator-host list: list takes no arguments (got 'extra')"),
            (["inspect"], "animator-host inspect: inspect needs an animator id, name or path"),
            (["inspect", "zoom", "--param"], "animator-host inspect: option '--param' needs a value"),
            (["list", "--json=yes"], "animator-host list: option '--json' takes no value"),
            ([], "usage: animator-host <command> [options]"),
        ]
        for (arguments, message) in cases {
            let result = try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments,
                                        environment: cli.environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.split(separator: "\n").first.map(String.init) == message, "\(arguments)")
            // One line, then where to look (the whole usage only when nothing was asked).
            if !arguments.isEmpty {
                #expect(result.standardError.split(separator: "\n").count == 2, "\(result.standardError)")
                #expect(result.standardError.hasSuffix(arguments.first!.hasPrefix("-") || arguments.first == "frobnicate"
                    ? "see 'animator-host --help'\n" : "see 'animator-host help \(arguments[0])'\n"), "\(result.standardError)")
            }
            #expect(result.standardOutput.isEmpty)
        }
    }

    @Test func aMistakeIsOneLineWithASuggestionAndWhereToLook() throws {
        let cases: [([String], String, String)] = [
            (["rn"], "animator-host: unknown command 'rn' (did you mean 'run'?)", "see 'animator-host --help'"),
            (["help", "valdiate"], "animator-host: unknown command 'valdiate' (did you mean 'validate'?)", "see 'animator-host --help'"),
            (["run", "zoom", "--oepration", "push"],
             "animator-host run: unknown option '--oepration' (did you mean '--operation'?)", "see 'animator-host help run'"),
            (["run", "zoom", "--operation", "psuh"],
             "animator-host run: --operation: 'psuh' is not an operation (did you mean 'push'?) (present, dismiss, push, pop or tab)",
             "see 'animator-host help run'"),
            (["run", "zoom", "--operation", "push", "--param", "durration=0.3"],
             "animator-host run: --param: parameter 'durration': zoom has no such parameter; did you mean 'duration'? "
                + "(it has: duration, spring, damping, velocity)", "see 'animator-host help run'"),
            (["run", "zoom", "--operation", "push", "--param", "duration=-1"],
             "animator-host run: --param: parameter 'duration': -1 is below the minimum 0", "see 'animator-host help run'"),
            (["inspect", "zoom", "--param", "sprung=1"],
             "animator-host inspect: --param: parameter 'sprung': zoom has no such parameter; did you mean 'spring'? "
                + "(it has: duration, spring, damping, velocity)", "see 'animator-host help inspect'"),
        ]
        for (arguments, message, pointer) in cases {
            let result = try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments, environment: cli.environment)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError == message + "\n" + pointer + "\n", "\(arguments)")
            #expect(result.standardOutput.isEmpty)
        }
        // An animator that is not installed is not a usage mistake (it may have failed to load).
        let missing = try cli.run("run", "zom", "--operation", "push")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("zom: no such animator on the search path (did you mean 'zoom'?)"),
                "\(missing.standardError)")
        // Names regardless of case: commands, animators, operations, parameters.
        let loud = try cli.run("RUN", "Zoom", "--operation", "Push", "--param", "Duration=0.3")
        #expect(loud.status == 0, "\(loud.standardError)")
        #expect(loud.standardOutput.hasPrefix("1. push list → detail: zoom (org.animatorhost.zoom), 0.3 s,"), "\(loud.standardOutput)")
    }

    @Test func outputsAreCheckedFirstAndATimePastTheEndWarns() throws {
        // Nothing runs when the file cannot be written.
        let nowhere = try cli.run("run", "zoom", "--operation", "push", "--out", "/nonexistent/zoom.gif")
        #expect(nowhere.status == 1)
        #expect(nowhere.standardError == "animator-host run: /nonexistent/zoom.gif: its folder /nonexistent does not exist\n")
        #expect(nowhere.standardOutput.isEmpty)
        let folder = try cli.run("run", "zoom", "--operation", "push", "--timeline", cli.home.path)
        #expect(folder.status == 1)
        #expect(folder.standardError == "animator-host run: \(cli.home.path): is a folder; name a file inside it\n")
        // --at after the end: the last frame, and a warning (the Zoom's push lasts 0.4 s).
        let late = try cli.run("run", "zoom", "--operation", "push", "--out", cli.home.file("late.png"), "--at", "5")
        #expect(late.status == 0, "\(late.standardError)")
        #expect(late.standardError.contains("animator-host run: warning: --at 5 s is after the end of the run (0.4 s); "
                                            + "\(cli.home.file("late.png")) shows the last frame"), "\(late.standardError)")
        #expect(late.standardError.contains("frame at 0.4 s"))
    }

    @Test func aZeroDurationRunsWithoutAnimationAsInUIKit() throws {
        // UIView.animate(withDuration: 0) changes the views at once and completes: the
        // transition is its first picture, already the end.
        let result = try cli.run("run", "fade-c", "--operation", "present", "--duration", "0", "--timeline", "-")
        #expect(result.status == 0, "\(result.standardError)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(timeline["elapsed"] as? Double == 0)
        #expect(timeline["completed"] as? Bool == true)
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let to = (frames.last?["views"] as? [[String: Any]])?.first { $0["name"] as? String == "to" }
        #expect(to?["alpha"] as? Double == 1)
        #expect(frames.count == 1)
    }

    @Test func everyCommandHasHelp() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["list", "--help"], ["inspect", "-h"], ["help", "inspect"]] {
            let result = try runProcess(PackageLayout.productsDirectory + "/animator-host", arguments,
                                        environment: cli.environment)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.standardOutput.contains("usage: animator-host"), "\(arguments)")
        }
        let list = try cli.run("list", "--help").standardOutput
        for option in ["--json", "--strict", "--plugin-path DIR", "--allow-insecure", "--no-cache", "--help, -h"] {
            #expect(list.contains(option), "\(option)")
        }
    }

    @Test func versionNamesTheABI() throws {
        let result = try cli.run("--version")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("(plugin ABI 1.\(AH_ABI_MINOR))"))
    }
}

/// Installing, copying and linking the executable, and `doctor`'s account of it.
@Suite struct InstallAndDoctorTests {
    let cli = CLI()
    var built: String { PackageLayout.productsDirectory + "/animator-host" }
    let bundled = BundledAnimators.libraries

    @Test func installUnderAPrefixFindsItsAnimators() throws {
        let prefix = TemporaryDirectory()
        let result = try cli.run("install", "--prefix", prefix.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("installed \(prefix.path)/bin/animator-host\n"))
        #expect(bundled.count == BundledAnimators.names.count)
        #expect(result.standardOutput.contains("installed \(bundled.count) animator libraries in \(prefix.path)/lib/animator-host/plugins: "
                                               + bundled.joined(separator: ", ")))
        #expect(result.standardOutput.contains("note: \(prefix.path)/bin is not on PATH"))
        let installed = prefix.path + "/bin/animator-host"
        // The cache (under the test's HOME, empty before) now answers for every installed
        // library: the installed executable's first `list` examines none.
        let cacheData = try Data(contentsOf: URL(fileURLWithPath: cli.home.path + "/cache/animator-host/plugins.json"))
        let cache = try #require(try JSONSerialization.jsonObject(with: cacheData) as? [String: Any])
        let cached = Set((cache["libraries"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        #expect(Set(bundled.map { prefix.path + "/lib/animator-host/plugins/" + $0 }).isSubset(of: cached), "\(cached)")
        let mode = try FileManager.default.attributesOfItem(atPath: installed)[.posixPermissions] as? Int
        #expect(mode == 0o755)
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.path + "/lib/animator-host/plugins").sorted() == bundled)
        // The installed executable searches PREFIX/lib/animator-host/plugins (HOME has none).
        let list = try runProcess(installed, ["list", "--json"], environment: cli.environment)
        #expect(list.status == 0, "\(list.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any])
        let paths = (document["animators"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        #expect(paths.count == bundled.count && paths.allSatisfy { $0.hasPrefix(prefix.path + "/lib/animator-host/plugins/") }, "\(paths)")
        let doctor = try runProcess(installed, ["doctor"], environment: cli.environment)
        #expect(doctor.status == 0, "\(doctor.standardOutput)")
        #expect(doctor.standardOutput.contains("  installed folder \(prefix.path)/lib/animator-host/plugins: \(bundled.count) libraries\n"))
    }

    @Test func aCopyLosesItsAnimatorsAndSaysWhyALinkKeepsThem() throws {
        let folder = TemporaryDirectory()
        let copy = folder.path + "/animator-host"
        try FileManager.default.copyItem(atPath: built, toPath: copy)
        let list = try runProcess(copy, ["list"], environment: cli.environment)
        #expect(list.standardError.contains("no animators found; searched: \(folder.path), \(cli.home.path)/.local/lib/animator-host/plugins"))
        #expect(list.standardError.contains("a copied animator-host leaves its bundled animators behind: use 'animator-host install'"))
        let doctor = try runProcess(copy, ["doctor"], environment: cli.environment)
        #expect(doctor.status == 1)
        #expect(doctor.standardOutput.contains("animators: 0\n  none: the executable's folder has no animator libraries"))
        // A symbolic link to the built executable finds what is beside the real file.
        let link = folder.path + "/linked"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: built)
        let linked = try runProcess(link, ["list"], environment: cli.environment)
        #expect(linked.status == 0)
        #expect(linked.standardOutput.split(separator: "\n").count == BundledAnimators.names.count + 1,
                "\(linked.standardOutput)")   // a header and the animators
    }

    @Test func doctorNamesWhatIsWrong() throws {
        let fine = try cli.run("doctor", extraEnvironment: ["ANIMATOR_HOST_FONT_PATH": "none"])
        #expect(fine.status == 0, "\(fine.standardOutput)")
        let lines = fine.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("animator-host ") == true)
        #expect(lines.first?.contains("debug build (its engine and renderers optimized as in release") == true, "\(lines.first ?? "")")
        #expect(lines.contains("  executable folder \(PackageLayout.productsDirectory): \(bundledCount()) libraries"), "\(lines)")
        #expect(lines.contains("animators: \(BundledAnimators.names.count) (\(BundledAnimators.names.joined(separator: ", ")))"))
        #expect(lines.contains("problems: none"))
        // Discovery has just written the cache.
        let cacheLine = try #require(lines.first { $0.hasPrefix("metadata cache: ") })
        #expect(cacheLine.hasPrefix("metadata cache: \(cli.home.path)/cache/animator-host/plugins.json (") && cacheLine.hasSuffix(" bytes)"),
                "\(cacheLine)")
        #expect(lines.contains { $0.hasPrefix("fonts: none found in no folder (ANIMATOR_HOST_FONT_PATH=none): labels use the built-in bitmap font") })
        #expect(lines.contains("plugin code: in a child process (timeout 10 s, memory 4096 MiB, CPU 300 s)"))
        // The last two lines name how a plugin's processes are kept and what it may touch
        // (which depends on the kernel; each forced to its fallback, the line says so and why).
        let processes = lines.dropLast().last ?? ""
        #expect(processes.hasPrefix("plugin processes: a PID and user namespace per child")
                || processes.hasPrefix("plugin processes: a subreaper per child (the kernel refused"), "\(lines)")
        let files = lines.last ?? ""
        #expect(files.hasPrefix("plugin files and network: Landlock ") && files.contains("(files written only in its temporary folder")
                || files.hasPrefix("plugin files and network: not confined (the kernel"), "\(lines)")
        let fallback = try cli.run("doctor", extraEnvironment: ["ANIMATOR_HOST_NO_NAMESPACES": "1", "ANIMATOR_HOST_NO_LANDLOCK": "1"])
        #expect(fallback.standardOutput.contains("plugin processes: a subreaper per child (ANIMATOR_HOST_NO_NAMESPACES=1)"))
        #expect(fallback.standardOutput.contains(
            "plugin files and network: not confined (ANIMATOR_HOST_NO_LANDLOCK=1): plugins may write wherever the user may, and use the network"))
        // A broken library and a missing --plugin-path folder: exit 1, each named.
        let plugins = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugins.path)
        try compileFixture(defines: ["FIXTURE_INIT_FAILS"], output: plugins.path + "/libbad.so")
        let broken = try cli.run("doctor", "--plugin-path", plugins.path, "--plugin-path", "/nonexistent/plugins")
        #expect(broken.status == 1)
        #expect(broken.standardOutput.contains("  --plugin-path \(plugins.path): 1 library\n"))
        #expect(broken.standardOutput.contains("  --plugin-path /nonexistent/plugins: does not exist (a problem)\n"))
        #expect(broken.standardOutput.contains("\(plugins.path)/libbad.so: init() refused to load"), "\(broken.standardOutput)")
    }

    func bundledCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: PackageLayout.productsDirectory)) ?? []).filter { $0.hasSuffix(".so") }.count
    }
}
