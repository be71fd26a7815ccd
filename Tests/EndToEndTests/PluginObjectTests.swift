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
