import Foundation
import Glibc
import Testing
import TestSupport

/// On a machine far busier than it has cores (24 processes that only compute, on the
/// 2-core CI machine), the demo, `validate` and `snapshot verify` give the same bytes as on
/// an idle one: no healthy plugin is timed out, no figure depends on the machine's speed.
///
/// It takes minutes and slows everything running beside it, so it runs alone: `.ci/run`
/// runs it after the suite with ANIMATOR_HOST_LOAD_TEST=1.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["ANIMATOR_HOST_LOAD_TEST"] == "1"))
struct LoadedMachineTests {
    let cli = CLI()
    static let busyProcesses = 24

    /// The three commands, with pictures drawn with the built-in font.
    func outcomes(in folder: TemporaryDirectory, name: String) throws -> [String] {
        let fonts = ["ANIMATOR_HOST_FONT_PATH": "none"]
        let timeline = folder.file("\(name).json")
        let demo = try cli.run("run", "--timeline", timeline, extraEnvironment: fonts)
        let validate = try cli.run("validate", "pendulum", extraEnvironment: fonts)
        let snapshots = try cli.run("snapshot", "verify", PackageLayout.root + "/Tests/Snapshots/snapshots.json",
                                    extraEnvironment: fonts)
        return [
            "demo: \(demo.status)\n\(demo.standardOutput)\(demo.standardError)",
            "timeline: " + (try Data(contentsOf: URL(fileURLWithPath: timeline)).base64EncodedString()),
            "validate: \(validate.status)\n\(validate.standardOutput)\(validate.standardError)",
            "snapshot: \(snapshots.status)\n\(snapshots.standardOutput)\(snapshots.standardError)",
        ]
    }

    @Test func theSameBytesOnAnIdleAndOnALoadedMachine() throws {
        let folder = TemporaryDirectory()
        let idle = try outcomes(in: folder, name: "idle")
        #expect(idle[0].hasPrefix("demo: 0\n"), "\(idle[0])")
        #expect(idle[2].hasPrefix("validate: 0\n"), "\(idle[2])")
        #expect(idle[3].hasPrefix("snapshot: 0\n"), "\(idle[3])")
        var busy: [Process] = []
        defer {
            for process in busy { kill(process.processIdentifier, SIGKILL) }
            busy.forEach { $0.waitUntilExit() }
        }
        for _ in 0..<Self.busyProcesses {
            let process = Process()
            // Only computing, and bounded should the test itself be killed: it looks at the
            // clock every 100,000 additions and stops after ten minutes.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "end=$(($(date +%s) + 600)); while [ $(date +%s) -lt $end ]; do i=0; "
                                 + "while [ $i -lt 100000 ]; do i=$((i + 1)); done; done"]
            // Holding none of the test's own pipes open.
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            busy.append(process)
        }
        let loaded = try outcomes(in: folder, name: "loaded")
        for (index, name) in ["the demo's report", "the demo's timeline", "validate's report", "snapshot verify's report"]
            .enumerated() {
            #expect(loaded[index] == idle[index], "\(name) differs under load:\n\(loaded[index].prefix(2000))")
        }
    }
}
