import Foundation
import Testing
import TestSupport

/// layer_set_object (ABI 1.8) from a C plugin in its sandboxed child, as a C author keeps
/// state for a view.
@Suite struct PluginObjectTests {
    let cli = CLI()

    @Test func aCPluginKeepsAnObjectForAViewAndFindsItAgainUnderItsKey() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture(defines: ["FIXTURE_KEEP_OBJECTS", "FIXTURE_COMPLETE_NOW", "FIXTURE_ID=\"org.fixture.objects\"",
                                     "FIXTURE_NAME=\"objects\""], output: folder.path + "/libobjects.so")
        let result = try cli.run(arguments: ["run", "objects", "--plugin-path", folder.path, "--log-level", "info"])
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        // The number it kept (42) comes back under its key; under another key there is
        // nothing; replacing it released the first exactly once, at once.
        #expect(result.standardOutput.contains("log info: objects kept=42 other=none released=1"), "\(result.standardOutput)")
    }
}

/// An animator that declines a transition (ABI 1.8), as a delegate returning nil: the host
/// runs UIKit's own transition and the report says so.
@Suite struct DeclinedTransitionTests {
    let cli = CLI()

    @Test func aDeclinedDismissalRunsUIKitsOwnAndAPresentationTheAnimators() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture(defines: ["FIXTURE_DECLINES", "FIXTURE_COMPLETE_NOW", "FIXTURE_ID=\"org.fixture.declines\"",
                                     "FIXTURE_NAME=\"declines\""], output: folder.path + "/libdeclines.so")
        let dismissed = try cli.run(arguments: ["run", "declines", "--operation", "dismiss", "--plugin-path", folder.path,
                                                "--log-level", "info"])
        #expect(dismissed.status == 0, "\(dismissed.standardOutput) \(dismissed.standardError)")
        // AH_OP_DISMISS is 2: asked once, then UIKit's cover-vertical slide down (0.35 s here).
        #expect(dismissed.standardOutput.contains("log info: asked: 2"), "\(dismissed.standardOutput)")
        #expect(dismissed.standardOutput.hasPrefix("1. dismiss detail → list: declines (org.fixture.declines), 0.35 s, ")
                && dismissed.standardOutput.contains("completed (declined: UIKit's own system.cover-vertical ran)"),
                "\(dismissed.standardOutput)")
        let presented = try cli.run(arguments: ["run", "declines", "--operation", "present", "--plugin-path", folder.path,
                                                "--log-level", "info"])
        #expect(presented.status == 0)
        #expect(presented.standardOutput.contains("log info: asked: 1"))
        #expect(!presented.standardOutput.contains("declined"), "\(presented.standardOutput)")
    }
}
