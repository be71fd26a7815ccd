import Foundation
import Testing
import TestSupport

/// What a hostile plugin's run must leave as it found it: a folder outside the child's own
/// (with a canary file the fixture tries to append to, and where it tries to create files),
/// and the machine's processes (every process of the run carries a token in its
/// environment, so one left behind is found whatever it did with its session or name).
struct HostileSurroundings {
    /// The folder outside (HOSTILE_OUTSIDE).
    let outside = TemporaryDirectory()
    /// The token in HOSTILE_RUN.
    let token = "run-" + UUID().uuidString
    static let canaryText = "a file the plugin must not change\n"

    init() throws {
        try Self.canaryText.write(toFile: outside.file("canary"), atomically: false, encoding: .utf8)
    }

    /// The variables the hostile fixture reads.
    var environment: [String: String] {
        ["HOSTILE_OUTSIDE": outside.path, "HOSTILE_RUN": token]
    }

    /// Whether this machine confines a child's files (Landlock): the doctor says so.
    static let filesConfined: Bool = {
        guard let doctor = try? CLI().run("doctor") else { return false }
        return doctor.standardOutput.contains("plugin files and network: Landlock")
    }()

    /// The processes (pids) whose environment holds this run's token.
    func processesLeft() -> [String] {
        let needle = Array(("HOSTILE_RUN=" + token).utf8)
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.filter { pid in
            guard pid.allSatisfy(\.isNumber), pid != String(getpid()),
                  let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return environ.split(separator: 0).contains { Array($0) == needle }
        }
    }

    /// Checks that no process of the run is left (allowing the kernel a moment to finish
    /// killing them) and, where files are confined and the plugin ran in a child, that the
    /// outside folder holds the canary alone, unchanged.
    func expectLeftAlone(sandboxed: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        var left = processesLeft()
        for _ in 0..<20 where !left.isEmpty {
            usleep(100_000)
            left = processesLeft()
        }
        #expect(left.isEmpty, "processes of the run are left: \(left)", sourceLocation: sourceLocation)
        guard sandboxed && Self.filesConfined else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? []
        #expect(names == ["canary"], "the plugin changed a folder outside its own: \(names)", sourceLocation: sourceLocation)
        let canary = try? String(contentsOfFile: outside.path + "/canary", encoding: .utf8)
        #expect(canary == Self.canaryText, "the plugin changed a file outside its folder", sourceLocation: sourceLocation)
    }
}
