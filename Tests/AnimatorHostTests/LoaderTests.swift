import AnimatorABI
import Foundation
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Discovery over folders of real libraries compiled from Tests/Fixtures.
@Suite struct LoaderTests {
    func discover(_ folders: [String], allowInsecure: Bool = false, cache: MetadataCache? = nil) -> AnimatorRegistry {
        let path = PluginSearchPath(entries: folders.map { .init(directory: $0, origin: .commandLine) })
        return PluginLoader(allowInsecure: allowInsecure, cache: cache).discover(path)
    }

    /// A folder that is kept: a loaded library's file must not be deleted while the
    /// process runs, or a new file could reuse its inode and dlopen would return the old one.
    func pluginFolder() -> String {
        let folder = TemporaryDirectory()
        return folder.keep()
    }

    @Test func goodCLibraryIsListedWithEveryDescriptorField() throws {
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.alpha\"", "FIXTURE_NAME=\"alpha\"",
                                     "FIXTURE_OPERATIONS=(AH_OP_PUSH|AH_OP_TAB)"],
                           output: folder + "/alpha.so")
        let registry = discover([folder])
        #expect(registry.problems.isEmpty)
        let info = try #require(registry.animators.first)
        #expect(registry.animators.count == 1)
        #expect(info.id == "org.fixture.alpha")
        #expect(info.name == "alpha")
        #expect(info.displayName == "Fixture")
        #expect(info.version == "2.3.4")
        #expect(info.summary == "A test fixture.")
        #expect(info.author == nil)
        #expect(info.operations.operations == [.push, .tab])
        #expect(info.isInteractive)
        #expect(info.abi == ABIVersion(major: AH_ABI_MAJOR, minor: AH_ABI_MINOR))   // the headers it was built with
        #expect(info.path == folder + "/alpha.so")
        #expect(info.parameters.map(\.name) == ["duration", "tint", "origin", "style"])
        #expect(info.parameters[0] == ParameterSpec(name: "duration", type: .number, help: "Seconds.",
                                                    defaultValue: .number(0.25), minimum: 0, maximum: 5))
        #expect(info.parameters[1].defaultValue == .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)))
        #expect(info.parameters[2].defaultValue == .point(x: 10, y: 20))
        #expect(info.parameters[3].choices == ["soft", "hard"])
        #expect(info.parameters[3].defaultValue == .choice("hard"))
    }

    /// Each way a library can break one rule of the ABI, with the words its message must say.
    enum BadCase: String, CaseIterable, CustomTestStringConvertible {
        case noEntry, nullEntry, wrongMajor, newerMinor, nullDescriptor, truncatedDescriptor, missingID,
             malformedID, unknownOperationBits, noOperations, initFails, duplicateInLibrary, badDefault, notELF

        var testDescription: String { rawValue }

        var defines: [String] {
            let base = ["FIXTURE_ID=\"org.fixture.bad\"", "FIXTURE_NAME=\"bad\""]
            switch self {
            case .noEntry: return base + ["FIXTURE_NO_ENTRY"]
            case .nullEntry: return base + ["FIXTURE_NULL_ENTRY"]
            case .wrongMajor: return base + ["FIXTURE_ABI_MAJOR=2", "FIXTURE_ABI_MINOR=0"]
            case .newerMinor: return base + ["FIXTURE_ABI_MINOR=\(AH_ABI_MINOR + 1)"]
            case .nullDescriptor: return base + ["FIXTURE_NULL_DESCRIPTOR"]
            case .truncatedDescriptor: return base + ["FIXTURE_DESCRIPTOR_SIZE=16"]
            case .missingID: return ["FIXTURE_ID=NULL", "FIXTURE_NAME=\"bad\""]
            case .malformedID: return ["FIXTURE_ID=\"Bad Fixture\"", "FIXTURE_NAME=\"bad\""]
            case .unknownOperationBits: return base + ["FIXTURE_OPERATIONS=(AH_OP_PUSH|0x40)"]
            case .noOperations: return base + ["FIXTURE_OPERATIONS=0"]
            case .initFails: return base + ["FIXTURE_INIT_FAILS"]
            case .duplicateInLibrary: return base + ["FIXTURE_TWICE"]
            case .badDefault: return base + ["FIXTURE_BAD_DEFAULT"]
            case .notELF: return []
            }
        }

        /// Fragments the one-line reason must contain.
        var expected: [String] {
            switch self {
            case .noEntry: return ["no entry point 'animator_host_entry'"]
            case .nullEntry: return ["animator_host_entry() returned NULL"]
            case .wrongMajor: return ["built for ABI 2.0", "this host supports ABI 1.x (1.\(AH_ABI_MINOR))"]
            case .newerMinor: return ["built for ABI 1.\(AH_ABI_MINOR + 1)", "newer than this host's ABI 1.\(AH_ABI_MINOR)"]
            case .nullDescriptor: return ["animator 0: descriptor is NULL"]
            case .truncatedDescriptor: return ["animator 0: descriptor is truncated (struct_size 16"]
            case .missingID: return ["animator 0: missing required field 'id'"]
            case .malformedID: return ["id 'Bad Fixture' is not a reverse-DNS id"]
            case .unknownOperationBits: return ["unknown operation bits 0x40"]
            case .noOperations: return ["declares no operations"]
            case .initFails: return ["init() refused to load"]
            case .duplicateInLibrary: return ["animator 1: duplicate id 'org.fixture.bad' (also animator 0)"]
            case .badDefault: return ["parameter 0 'duration': invalid default: 42 is above the maximum 5"]
            case .notELF: return ["cannot be loaded:"]
            }
        }
    }

    @Test(arguments: BadCase.allCases)
    func badLibraryIsReportedAndTheGoodOneStillListed(_ bad: BadCase) throws {
        let folder = pluginFolder()
        try compileFixture(output: folder + "/good.so")
        let badPath = folder + "/bad.so"
        if bad == .notELF {
            try "this is not a shared library\n".write(toFile: badPath, atomically: true, encoding: .utf8)
        } else {
            try compileFixture(defines: bad.defines, output: badPath)
        }
        let registry = discover([folder])
        // The good library sorts after the bad one, so the scan went on past the failure.
        #expect(registry.animators.map(\.id).contains("org.fixture.good"))
        let problem = try #require(registry.problems.first)
        #expect(registry.problems.count == 1)
        #expect(problem.path == badPath)
        for fragment in bad.expected {
            #expect(problem.reason.contains(fragment), "\(problem.reason)")
        }
        #expect(!problem.description.contains("\n"))
        // Only the duplicate case keeps an animator of the bad library: its first copy.
        #expect(registry.animators.contains { $0.id == "org.fixture.bad" } == (bad == .duplicateInLibrary))
    }

    @Test func aPluginBuiltForAnOlderMinorLoads() throws {
        // The evolution rule: this host (1.\(AH_ABI_MINOR) and later) loads plugins built for 1.0 (batch 1.0 only).
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ABI_MINOR=0"], output: folder + "/old.so")
        let registry = discover([folder])
        #expect(registry.problems.isEmpty)
        #expect(registry.animators.first?.abi == ABIVersion(major: 1, minor: 0))
        let info = try #require(registry.animators.first)
        let instance = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession())
        #expect(try instance.duration(for: .present) == 0.25)
    }

    @Test func aPluginBuiltForOneTwoRunsWithoutTheHostReadingPastItsStruct() throws {
        // A 1.2 plugin's ah_animator ends where 1.3 appended start_interactive; the fixture
        // poisons the memory after it, so reading any 1.3 field would crash the test.
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ABI_MINOR=2", "FIXTURE_BUILT_FOR_1_2", "FIXTURE_COMPLETE_NOW"],
                           output: folder + "/older.so")
        let registry = discover([folder])
        #expect(registry.problems.isEmpty)
        let info = try #require(registry.animators.first)
        #expect(info.abi == ABIVersion(major: 1, minor: 2))
        let runtime = TransitionRuntime()
        let instance = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession(engine: runtime.engine))
        #expect(!instance.isOwnInteractionController)
        #expect(!instance.offersInterruptibleAnimator)
        // Run it where the host would look for 1.3's fields: driven by an interaction.
        let from = ViewController(name: "from", engine: runtime.engine, frame: runtime.window.bounds)
        let to = ViewController(name: "to", engine: runtime.engine, frame: runtime.window.bounds)
        try runtime.setRoot(from)
        let script = try InteractionScript.parse("update 0.5 @0.1; finish @0.2")
        let outcome = try runtime.present(to, from: from, animator: instance, interaction: script)
        #expect(outcome.completed)
        #expect(outcome.problems.isEmpty, "\(outcome.problems)")
    }

    @Test func shadowedDuplicateAcrossFoldersIsReportedAndNotLoaded() throws {
        let first = pluginFolder()
        let second = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.same\""], output: first + "/one.so")
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.same\""], output: second + "/two.so")
        let registry = discover([first, second])
        #expect(registry.animators.map(\.path) == [first + "/one.so"])
        let problem = try #require(registry.problems.first)
        #expect(problem.path == second + "/two.so")
        #expect(problem.reason.contains("'org.fixture.same' is shadowed by \(first)/one.so"))
    }

    @Test func aTakenNameIsReportedButTheAnimatorStaysReachableByID() throws {
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.a\""], output: folder + "/a.so")
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.b\""], output: folder + "/b.so")
        let registry = discover([folder])
        #expect(registry.animators.map(\.id) == ["org.fixture.a", "org.fixture.b"])
        #expect(registry.animator(named: "good")?.id == "org.fixture.a")
        #expect(registry.animator(named: "org.fixture.b")?.id == "org.fixture.b")
        #expect(registry.problems.count == 1)
        #expect(registry.problems.first?.reason.contains("the name 'good' of 'org.fixture.b' is also used by 'org.fixture.a'") == true)
    }

    @Test func searchPathOrderIsCommandLineEnvironmentExecutableUser() {
        let path = PluginSearchPath.standard(commandLine: ["/a", "/b"],
                                             environment: ["ANIMATOR_PLUGIN_PATH": "/c:/d", "HOME": "/home/u"],
                                             executableDirectory: "/e")
        #expect(path.entries.map(\.directory) == ["/a", "/b", "/c", "/d", "/e", "/home/u/.local/lib/animator-host/plugins"])
        #expect(path.entries.map(\.origin) == [.commandLine, .commandLine, .environment, .environment, .executable, .user])
    }

    /// ANIMATOR_PLUGIN_PATH's entries must be absolute: an empty one (a doubled or trailing
    /// colon) or a relative one would load from the current folder. Each is one problem
    /// line; the good folders still load.
    @Test func emptyAndRelativeEnvironmentEntriesAreRefusedWithAReason() throws {
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.env\""], output: folder + "/env.so")
        let path = PluginSearchPath.standard(commandLine: [],
                                             environment: ["ANIMATOR_PLUGIN_PATH": "plugins::\(folder):"],
                                             executableDirectory: nil)
        let registry = PluginLoader().discover(path)
        #expect(registry.animators.map(\.id) == ["org.fixture.env"])
        #expect(registry.problems.map(\.description) == [
            "ANIMATOR_PLUGIN_PATH: 'plugins' is relative and is ignored: it would depend on the current folder; give an absolute path",
            "ANIMATOR_PLUGIN_PATH: an empty entry (a doubled or trailing ':') is ignored: it would mean the current folder",
            "ANIMATOR_PLUGIN_PATH: an empty entry (a doubled or trailing ':') is ignored: it would mean the current folder",
        ])
        // Unset or empty: no entries, no problems.
        #expect(PluginSearchPath.standard(commandLine: [], environment: ["ANIMATOR_PLUGIN_PATH": ""],
                                          executableDirectory: nil).entries.isEmpty)
    }

    @Test func theFirstFolderOnThePathWinsEvenWhenItsFileSortsLater() throws {
        let early = pluginFolder()
        let late = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.order\""], output: early + "/zzz.so")
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.order\""], output: late + "/aaa.so")
        #expect(discover([early, late]).animators.map(\.path) == [early + "/zzz.so"])
        #expect(discover([late, early]).animators.map(\.path) == [late + "/aaa.so"])
    }

    @Test func insecureFolderIsRefusedUnlessAllowed() throws {
        let folder = pluginFolder()
        try compileFixture(output: folder + "/good.so")
        chmod(folder, 0o777)
        let refused = discover([folder])
        #expect(refused.animators.isEmpty)
        #expect(refused.problems.count == 1)
        #expect(refused.problems.first?.reason.contains("writable by group or others") == true)
        #expect(refused.problems.first?.reason.contains("--allow-insecure") == true)
        #expect(discover([folder], allowInsecure: true).animators.map(\.id) == ["org.fixture.good"])
    }

    @Test func insecureFileIsRefusedAndItsNeighboursAreNot() throws {
        let folder = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.open\""], output: folder + "/open.so")
        try compileFixture(output: folder + "/good.so")
        chmod(folder + "/open.so", 0o666)
        let registry = discover([folder])
        #expect(registry.animators.map(\.id) == ["org.fixture.good"])
        #expect(registry.problems.map(\.path) == [folder + "/open.so"])
        #expect(registry.problems.first?.reason.contains("the file is writable by group or others") == true)
    }

    @Test func everyFolderUpToTheRootIsCheckedAndStickyRootFoldersAreTrusted() throws {
        // parent (0777, not sticky) / plugins (0755) / good.so: planted from above.
        let parent = pluginFolder()
        let folder = parent + "/plugins"
        #expect(mkdir(folder, 0o755) == 0)
        try compileFixture(output: folder + "/good.so")
        #expect(discover([folder]).animators.map(\.id) == ["org.fixture.good"])
        chmod(parent, 0o777)
        let refused = discover([folder])
        #expect(refused.animators.isEmpty)
        #expect(refused.problems == [LoadProblem(path: folder, reason:
            "refused: a folder above it, \(parent), is writable by group or others, so anyone could plant a plugin in it "
            + "(chmod go-w it, or pass --allow-insecure); 1 library skipped")])
        // The same folder with the sticky bit, owned by root as /tmp is: trusted. The test
        // folders live under /tmp (1777, root), which the check passes through every time.
        chmod(parent, 0o1777)
        let sticky = discover([folder])
        if getuid() == 0 {
            #expect(sticky.animators.map(\.id) == ["org.fixture.good"], "\(sticky.problems)")
            // Sticky but owned by somebody else: not trusted.
            #expect(chown(parent, 4242, 4242) == 0)
            #expect(discover([folder]).problems.first?.reason.hasPrefix(
                "refused: a folder above it, \(parent), belongs to user 4242, neither you nor root") == true)
        } else {
            // Owned by the user, not root: a sticky folder of the user's is still refused.
            #expect(sticky.problems.first?.reason.contains("(sticky, but not owned by root)") == true)
        }
    }

    @Test func aLinkIsJudgedByTheFileItLeadsTo() throws {
        let folder = pluginFolder()
        let elsewhere = pluginFolder()
        try compileFixture(defines: ["FIXTURE_ID=\"org.fixture.linked\""], output: elsewhere + "/real.so")
        #expect(symlink(elsewhere + "/real.so", folder + "/linked.so") == 0)
        #expect(discover([folder]).animators.map(\.id) == ["org.fixture.linked"])
        chmod(elsewhere, 0o777)
        let refused = discover([folder])
        #expect(refused.animators.isEmpty)
        #expect(refused.problems.map(\.path) == [folder + "/linked.so"])
        #expect(refused.problems.first?.reason == "refused: its folder \(elsewhere) is writable by group or others "
                + "(the link leads to \(elsewhere)/real.so), so anyone could have changed it (chmod go-w it, or pass --allow-insecure)")
    }

    @Test func aFileWhoseNameIsNotUTF8IsReportedNotSkippedSilently() throws {
        let folder = pluginFolder()
        try compileFixture(output: folder + "/good.so")
        // "bad" + 0xFF + ".so": no String can name it.
        let name: [UInt8] = Array((folder + "/bad").utf8) + [0xFF] + Array(".so".utf8) + [0]
        let descriptor = name.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let registry = discover([folder])
        #expect(registry.animators.map(\.id) == ["org.fixture.good"])
        #expect(registry.problems == [LoadProblem(path: folder + "/bad\\xff.so", reason:
            "skipped: the file's name is not UTF-8 (shown with \\x escapes); rename it to load it")])
    }

    @Test func aFileOfAnotherUserIsRefused() throws {
        guard getuid() == 0 else { return }   // only root can give a file away
        let folder = pluginFolder()
        try compileFixture(output: folder + "/theirs.so")
        #expect(chown(folder + "/theirs.so", 4242, 4242) == 0)
        let refused = discover([folder])
        #expect(refused.animators.isEmpty)
        #expect(refused.problems.first?.reason
                == "refused: the file belongs to user 4242, neither you nor root, so anyone could have changed it "
                + "(chown it to you or root, or pass --allow-insecure)")
    }

    @Test func aMissingExplicitFolderIsReportedAndDefaultOnesAreNot() {
        let missing = "/nonexistent/animator-host-test"
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: missing, origin: .commandLine), .init(directory: missing + "2", origin: .user),
        ]))
        #expect(registry.problems == [LoadProblem(path: missing, reason: "no such folder (from --plugin-path)")])
    }

    @Test func cacheAnswersUnchangedLibrariesAndRescansChangedOnes() throws {
        let folder = pluginFolder()
        let scratch = TemporaryDirectory()
        try compileFixture(output: folder + "/good.so")
        try compileFixture(defines: ["FIXTURE_NO_ENTRY"], output: folder + "/bad.so")
        let cachePath = scratch.file("cache/plugins.json")

        let cold = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(cold.librariesExamined == 2)
        #expect(cold.cacheHits == 0)

        let warm = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(warm.cacheHits == 2)
        #expect(warm.animators == cold.animators)
        #expect(warm.problems == cold.problems)

        // A new modification time makes good.so a different version: scanned again. (Whether
        // the new content is read is the end-to-end test's job: within one process dlopen
        // hands back the library already loaded from the same path.)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, folder + "/good.so", &times, 0) == 0)
        let touched = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(touched.cacheHits == 1)
        #expect(touched.animators == cold.animators)
    }

    /// A library replaced by another of the same size with its modification time put back
    /// (as `cp -p` or a build that restores times can do) is not served from the cache:
    /// the inode or the status-change time tells them apart.
    @Test func aReplacedLibraryWithTheSameSizeAndTimeIsScannedAgain() throws {
        let folder = pluginFolder()
        let scratch = TemporaryDirectory()
        let library = folder + "/lib.so"
        try compileFixture(defines: [#"FIXTURE_ID="org.fixture.first""#], output: library)
        let cachePath = scratch.file("plugins.json")
        _ = discover([folder], cache: MetadataCache(path: cachePath))
        var before = stat()
        stat(library, &before)
        // Another library of the same length (the ids have the same number of letters),
        // renamed over the first, its modification time set back to the first one's.
        let other = folder + "/.lib.so.new"
        try compileFixture(defines: [#"FIXTURE_ID="org.fixture.other""#], output: other)
        var after = stat()
        stat(other, &after)
        try #require(after.st_size == before.st_size, "the two builds differ in size: the test needs equal ones")
        #expect(rename(other, library) == 0)
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, library, &times, 0) == 0)
        let again = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(again.cacheHits == 0)
    }

    /// The cache is data, not authority: an entry whose animators name another file is
    /// dropped and the library scanned again, never loaded from the file it names.
    @Test func aCacheEntryNamingAnotherFileIsNotBelieved() throws {
        let folder = pluginFolder()
        let scratch = TemporaryDirectory()
        try compileFixture(output: folder + "/good.so")
        let cachePath = scratch.file("plugins.json")
        _ = discover([folder], cache: MetadataCache(path: cachePath))
        // Point the animator (not the entry) at a library elsewhere.
        let data = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var libraries = try #require(document["libraries"] as? [[String: Any]])
        var animators = try #require(libraries.first?["animators"] as? [[String: Any]])
        #expect(animators.first?["path"] as? String == folder + "/good.so")
        animators[0]["path"] = "/tmp/planted.so"
        libraries[0]["animators"] = animators
        document["libraries"] = libraries
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: cachePath))
        let registry = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(registry.cacheHits == 0)
        #expect(registry.animators.map(\.path) == [folder + "/good.so"])
    }

    /// The cache holds what the folders hold: a library deleted since it was scanned is left
    /// out the next time the cache is written, and one that changed is kept only as rescanned.
    @Test func theCacheForgetsLibrariesThatAreGone() throws {
        let first = pluginFolder(), second = pluginFolder()
        let scratch = TemporaryDirectory()
        try compileFixture(output: first + "/gone.so")
        try compileFixture(output: first + "/kept.so")
        let cachePath = scratch.file("plugins.json")
        func cachedPaths() throws -> [String] {
            let data = try Data(contentsOf: URL(fileURLWithPath: cachePath))
            let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let libraries = try #require(document["libraries"] as? [[String: Any]])
            return libraries.compactMap { $0["path"] as? String }.sorted()
        }
        _ = discover([first], cache: MetadataCache(path: cachePath))
        #expect(try cachedPaths() == [first + "/gone.so", first + "/kept.so"])
        #expect(unlink(first + "/gone.so") == 0)
        // A scan of another folder writes the cache again.
        try compileFixture(output: second + "/new.so")
        _ = discover([second], cache: MetadataCache(path: cachePath))
        #expect(try cachedPaths() == [first + "/kept.so", second + "/new.so"].sorted())
        let warm = discover([first, second], cache: MetadataCache(path: cachePath))
        #expect(warm.cacheHits == 2)
        #expect(warm.librariesExamined == 2)
    }

    @Test func aCorruptCacheIsIgnored() throws {
        let folder = pluginFolder()
        let scratch = TemporaryDirectory()
        try compileFixture(output: folder + "/good.so")
        let cachePath = scratch.file("plugins.json")
        try "{ not json".write(toFile: cachePath, atomically: true, encoding: .utf8)
        let registry = discover([folder], cache: MetadataCache(path: cachePath))
        #expect(registry.cacheHits == 0)
        #expect(registry.animators.map(\.id) == ["org.fixture.good"])
    }

    @Test func reverseDNSIDsAndShortNames() {
        #expect(DescriptorReader.isReverseDNS("org.animatorhost.zoom"))
        #expect(DescriptorReader.isReverseDNS("com.example.fade-c"))
        for bad in ["zoom", "Org.example", "org..zoom", "org.zoom.", ".org.zoom", "org.zo om", ""] {
            #expect(!DescriptorReader.isReverseDNS(bad), "\(bad)")
        }
        #expect(DescriptorReader.isShortName("fade-c"))
        #expect(!DescriptorReader.isShortName("-fade"))
        #expect(!DescriptorReader.isShortName("Fade"))
        #expect(DescriptorReader.isIdentifier("startPoint"))
        #expect(!DescriptorReader.isIdentifier("2d"))
    }
}
