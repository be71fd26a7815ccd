import Foundation
import Glibc
import Testing
@testable import AnimatorHost
@testable import AnimatorRendering
@testable import AnimatorRuns
import TestSupport

/// A plugin that writes well-formed frame messages of its own to the message pipe: each
/// is the host's protocol, but together they are more than any transition may hold, and
/// the host stops believing the child at the bound a timeline file has.
@Suite struct ForgedReportTests {
    /// One frames message (kind 2, the run's frames) of `count` copies of a three-layer frame,
    /// as the child would send it.
    func forgedMessage(frames count: Int) throws -> [UInt8] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        _ = try TransitionStage(runtime: runtime).perform(.present, animator: SystemAnimator(.coverVertical),
                                                          onFrame: recorder.capture)
        let frame = try #require(recorder.take().frames.first)
        let small = SceneFrame(time: frame.time, nodes: Array(frame.nodes.prefix(3)), names: Array(frame.names.prefix(3)),
                               texts: Array(frame.texts.prefix(3)), contents: Array(repeating: nil, count: 3))
        let payload = SceneFrameEncoder().encode(Array(repeating: small, count: count))
        var bytes: [UInt8] = [0xA7, 2]
        withUnsafeBytes(of: UInt32(payload.count).littleEndian) { bytes.append(contentsOf: $0) }
        return bytes + payload
    }

    @Test func moreFramesThanATransitionMayHoldStopTheChild() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture("hostile_animator.c", defines: ["HOSTILE_AT=7", "HOSTILE_DOES=19", "HOSTILE_ID=\"org.hostile.forger\"",
                                                           "HOSTILE_NAME=\"forger\""], output: folder.file("libforger.so"))
        let forged = folder.file("frames.bin")
        let message = try forgedMessage(frames: 500)
        #expect(message.count < 1 << 20, "the fixture reads at most 1 MiB")
        try Data(message).write(to: URL(fileURLWithPath: forged))
        let cli = PackageLayout.productsDirectory + "/animator-host"
        let environment = ProcessInfo.processInfo.environment.merging(["HOSTILE_FORGED": forged]) { $1 }
        // Frames are not kept here (no output asked for), so the child sends none of its own:
        // 200 messages of 500 frames are as many as a transition may hold
        // (Timeline.maximumFrames, 100,000) and are believed; 201 are not.
        let atTheBound = try runProcess(cli, ["run", "forger", "--plugin-path", folder.path],
                                        environment: environment.merging(["HOSTILE_FORGED_TIMES": "200"]) { $1 })
        #expect(atTheBound.status == 0, "\(atTheBound.standardOutput) \(atTheBound.standardError)")
        #expect(atTheBound.standardOutput.contains("forger (org.hostile.forger), 0.2 s, 13 frames, completed"))
        let over = try runProcess(cli, ["run", "forger", "--plugin-path", folder.path],
                                  environment: environment.merging(["HOSTILE_FORGED_TIMES": "201"]) { $1 })
        #expect(over.status == 1, "\(over.standardOutput) \(over.standardError)")
        #expect(over.standardOutput.hasPrefix("1. present list → detail: forger (org.hostile.forger), failed: wrote something that is "
                                              + "not the host's protocol (over 100000 frames in one transition, the most it may "
                                              + "have); killed"), "\(over.standardOutput)")
        #expect(over.standardOutput.contains("1 transition: 0 completed, 0 cancelled, 1 failed"))
    }
}
