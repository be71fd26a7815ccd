import Foundation
import Testing
import TestSupport

/// Examples/RustFade: an animator in Rust with hand-written bindings (no crates), built
/// with cargo and run by the host; and the published layout it mirrors.
@Suite struct RustExampleTests {
    let cli = CLI()

    /// cargo on PATH or in ~/.cargo/bin (rustup), or nil (Tests/setup.sh installs Debian's).
    static let cargo: String? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/cargo" }
        let home = ProcessInfo.processInfo.environment["HOME"].map { ["\($0)/.cargo/bin/cargo"] } ?? []
        return (path + home).first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    @Test func theLayoutTableIsUpToDateAndTheRustMirrorAgreesWithIt() throws {
        // The generator, run again, would write the same header.
        let check = try runProcess("/usr/bin/env", ["python3", PackageLayout.root + "/tools/abi-layout.py", "--check"])
        #expect(check.status == 0, "\(check.standardError)")
        // Every number the Rust binding copied is the header's.
        let header = try String(contentsOfFile: PackageLayout.includeDirectory + "/animator_host/layout.h", encoding: .utf8)
        let rust = try String(contentsOfFile: PackageLayout.root + "/Examples/RustFade/src/abi.rs", encoding: .utf8)
        var published: [String: Int] = [:]
        for line in header.split(separator: "\n") where line.hasPrefix("#define AH_SIZEOF_") || line.hasPrefix("#define AH_OFFSETOF_") {
            let parts = line.split(separator: " ")
            if parts.count == 3, let value = Int(parts[2]) { published[String(parts[1])] = value }
        }
        let copied = rust.split(separator: "\n").compactMap { line -> (String, Int)? in
            let words = line.split(whereSeparator: { " :=;".contains($0) })
            guard words.count >= 5, words[0] == "pub", words[1] == "const", (words[2].hasPrefix("AH_SIZEOF_") || words[2].hasPrefix("AH_OFFSETOF_")),
                  let value = Int(words[4]) else { return nil }
            return (String(words[2]), value)
        }
        #expect(copied.count >= 20)
        for (name, value) in copied { #expect(published[name] == value, "\(name): Rust \(value), layout.h \(published[name] ?? -1)") }
        // The header's own numbers hold for structs measured by hand: ah_rect is four
        // doubles, ah_view_animation has its duration after abi (8) and struct_size (4,
        // padded to 8), at 16.
        #expect(published["AH_SIZEOF_AH_RECT"] == 32)
        #expect(published["AH_OFFSETOF_AH_VIEW_ANIMATION_DURATION"] == 16)
    }

    @Test(.enabled(if: cargo != nil, "cargo is not installed: run Tests/setup.sh"))
    func theRustAnimatorBuildsRunsAndConforms() throws {
        let target = TemporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["CARGO_TARGET_DIR"] = target.path
        let build = try runProcess(Self.cargo!, ["build", "--release", "--offline", "--manifest-path",
                                                PackageLayout.root + "/Examples/RustFade/Cargo.toml"], environment: environment)
        #expect(build.status == 0, "\(build.standardError)")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target.path)
        let library = target.path + "/release/librust_fade.so"
        for (operation, name) in [("present", "to"), ("dismiss", "from")] {
            let result = try cli.run("run", library, "--operation", operation, "--timeline", "-")
            #expect(result.status == 0, "\(result.standardError)")
            let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(timeline["animator"] as? String == "rust-fade")
            let frames = try #require(timeline["frames"] as? [[String: Any]])
            // 0.3 s: 19 frames. The fading view's alpha follows easeInOut (0.42, 0, 0.58, 1):
            // in, presenting; out, dismissing.
            #expect(frames.count == 19)
            // (Dismissing, the runtime removes the outgoing view once the transition completes,
            // so the last frame has none.)
            for frame in operation == "dismiss" ? frames.dropLast() : frames[...] {
                let t = try #require(frame["t"] as? Double)
                let view = try #require((frame["views"] as? [[String: Any]])?.first { $0["name"] as? String == name })
                let p = CorpusTests.bezier(0.42, 0, 0.58, 1, at: min(t / 0.3, 1))
                let alpha = try #require(view["alpha"] as? Double)
                #expect(abs(alpha - (operation == "present" ? p : 1 - p)) < 1e-9, "\(operation) t \(t): alpha \(alpha)")
            }
        }
        let validate = try cli.run("validate", library, "--repeat", "30")
        #expect(validate.status == 0, "\(validate.standardOutput)")
        #expect(validate.standardOutput.contains(" 0 failed, 0 crashed"))
    }
}
