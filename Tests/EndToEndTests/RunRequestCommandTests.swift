import Foundation
import Testing
import TestSupport

/// `animator-host run --request FILE`: a run described as JSON gives the same run as the
/// same options on the command line, and a bad file gets one line naming it.
@Suite struct RunRequestCommandTests {
    let cli = CLI()

    @Test func aRequestFileRunsWhatTheSameOptionsRun() throws {
        let request = cli.home.file("request.json")
        try #"{"animator": "bubble", "operation": "dismiss", "parameters": ["duration=0.8"], "fps": 30}"#
            .write(toFile: request, atomically: true, encoding: .utf8)
        let fromFile = try cli.run("run", "--request", request, "--timeline", cli.home.file("a.json"))
        let fromOptions = try cli.run("run", "bubble", "--operation", "dismiss", "--param", "duration=0.8", "--fps", "30",
                                      "--timeline", cli.home.file("b.json"))
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        // 0.8 s at 30 frames a second: the first picture and one per 1/30 s, 1 + 24.
        #expect(fromFile.standardOutput == """
            1. dismiss detail → list: bubble (org.animatorhost.bubble), 0.8 s, 25 frames, completed
            1 transition: 1 completed, 0 cancelled, 0.8 s

            """)
        #expect(fromFile.standardOutput == fromOptions.standardOutput)
        // The same frames, byte for byte.
        #expect(try Data(contentsOf: URL(fileURLWithPath: cli.home.file("a.json")))
                == Data(contentsOf: URL(fileURLWithPath: cli.home.file("b.json"))))
    }

    @Test func aBadRequestGetsOneLineNamingTheFileAndTheReason() throws {
        let typo = cli.home.file("typo.json")
        try #"{"animator": "zoom", "opration": "push"}"#.write(toFile: typo, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--request", typo], "animator-host run: --request: \(typo): unknown key 'opration' (did you mean 'operation'?)"),
            (["--request", "/dev/zero"], "animator-host run: --request: /dev/zero: not a regular file (a device)"),
            (["--request", cli.home.path], "animator-host run: --request: \(cli.home.path): a folder, not a file"),
            (["--request", typo, "--fps", "30"],
             "animator-host run: --request FILE says everything about the run; --fps does not combine with it"),
            (["zoom", "--request", typo], "animator-host run: --request FILE names the animator; give no other"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(arguments: ["run"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            // One line naming the mistake, one pointing at the help.
            #expect(result.standardError.hasPrefix(message), "\(arguments): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 2, "\(result.standardError)")
        }
        // A field the animator does not accept is named as the option that sets it.
        let style = cli.home.file("style.json")
        try #"{"animator": "zoom", "operation": "push", "style": "pageSheet"}"#
            .write(toFile: style, atomically: true, encoding: .utf8)
        let refused = try cli.run("run", "--request", style)
        #expect(refused.status == 2)
        #expect(refused.standardError.hasPrefix("animator-host run: --request: --style applies to present and dismiss, not push\n"))
    }
}
