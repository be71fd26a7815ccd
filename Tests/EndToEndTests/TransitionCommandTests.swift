import Foundation
import Testing
import TestSupport

/// `animator-host run` and `animator-host resolve`, as a user runs them.
@Suite struct TransitionCommandTests {
    let cli = CLI()

    @Test func runWithNoArgumentsRunsTheDemoAndSaysWhatHappenedPerOperation() throws {
        let result = try cli.run("run")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The demo's routes (docs/transitions.md), read by hand.
        // Frames: the first picture and one per 1/60 s, e.g. 0.5 s → 1 + 30.
        #expect(lines == [
            "1. present list → detail: bubble (org.animatorhost.bubble), 0.5 s, 31 frames, completed  [$.routes[0]]",
            "2. dismiss detail → list: bubble (org.animatorhost.bubble), 0.5 s, 31 frames, completed  [$.routes[1]]",
            "3. push list → card: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed  [$.routes[2]]",
            "4. pop card → list: pendulum (org.animatorhost.pendulum), 1.2 s, 73 frames, completed  [$.routes[3]]",
            "5. tab home → settings: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed  [$.routes[4]]",
            "6. tab settings → home: fade-c (org.animatorhost.example.fade-c), 0.3 s, 19 frames, completed  [$.routes[5]]",
            // 0.5 + 0.5 + 0.4 + 1.2 + 0.4 + 0.3
            "6 transitions: 6 completed, 0 cancelled, 3.3 s",
        ])
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test func runWithOtherRoutesUsesThemAndTheDefaultWhereNothingMatches() throws {
        let routes = cli.home.file("routes.json")
        try #"{ "routes": [ { "operation": "push", "animator": "pendulum", "parameters": { "duration": 0.6 } } ] }"#
            .write(toFile: routes, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "--routes", routes, "--json")
        #expect(result.status == 0, "\(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let transitions = try #require(document["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["animator"] as? String } == [
            "system.cover-vertical", "system.cover-vertical", "org.animatorhost.pendulum", "system.slide",
            "system.cross-dissolve", "system.cross-dissolve",
        ])
        #expect(transitions.map { $0["duration"] as? Double } == [0.35, 0.35, 0.6, 0.35, 0.25, 0.25])
        #expect(transitions[2]["rule"] as? String == "$.routes[0]")
        #expect(transitions[3]["rule"] as? String == "default")
        #expect(transitions.allSatisfy { $0["completed"] as? Bool == true })
    }

    @Test func runOneAnimatorForAnOperationWithParameters() throws {
        let result = try cli.run("run", "bubble", "--operation", "dismiss", "--param", "duration=0.8")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == """
            1. dismiss detail → list: bubble (org.animatorhost.bubble), 0.8 s, 49 frames, completed
            1 transition: 1 completed, 0 cancelled, 0.8 s

            """)
    }

    @Test func runRefusesWhatItCannotDoWithOneLine() throws {
        let unsupported = try cli.run("run", "pendulum", "--operation", "tab")
        #expect(unsupported.status == 1)
        #expect(unsupported.standardError
                == "animator-host run: org.animatorhost.pendulum: does not support tab (it supports present,dismiss,push,pop)\n")
        let unknown = try cli.run("run", "swirl")
        #expect(unknown.status == 1)
        #expect(unknown.standardError.hasPrefix("animator-host run: swirl: no such animator on the search path"))
        let badValue = try cli.run("run", "zoom", "--param", "duration=fast")
        #expect(badValue.status == 2)
        #expect(badValue.standardError
                == "animator-host run: --param: parameter 'duration': 'fast' is not a number\nsee 'animator-host help run'\n")
        let badOperation = try cli.run("run", "zoom", "--operation", "shove")
        #expect(badOperation.status == 2)
        let misplaced = try cli.run("run", "--param", "duration=1")
        #expect(misplaced.status == 2)
        #expect(misplaced.standardError.hasPrefix("animator-host run: --param needs an animator: <id|name> --operation OP\n"))
    }

    @Test func aBrokenRoutesFileIsNamedWithTheJSONPathAndNothingRuns() throws {
        let routes = cli.home.file("routes.json")
        try #"{ "routes": [ { "operation": "tab", "animator": "bubble" } ] }"#
            .write(toFile: routes, atomically: true, encoding: .utf8)
        for command in ["run", "resolve"] {
            let result = command == "run" ? try cli.run("run", "--routes", routes)
                                          : try cli.run("resolve", "--operation", "tab", "--routes", routes)
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError == "animator-host \(command): \(routes): $.routes[0].animator: "
                    + "bubble does not support tab (it supports present,dismiss,push,pop)\n")
        }
    }

    @Test func resolvePrintsTheAnimatorItsParametersAndTheRule() throws {
        let result = try cli.run("resolve", "--operation", "present", "--from", "list", "--to", "detail")
        #expect(result.status == 0, "\(result.standardError)")
        // Bubble's parameters: startPoint from the demo's routes, its default colour, duration 0.5 from the routes.
        #expect(result.standardOutput == """
            animator    bubble (org.animatorhost.bubble)
            parameters  startPoint=330,754 bubbleColor=#3b82f6ff duration=0.5
            rule        $.routes[0] (demo routes)

            """)
        let fallback = try cli.run("resolve", "--operation", "push", "--to", "settings")
        #expect(fallback.standardOutput == "animator  system.slide\nrule      default (demo routes)\n")
    }

    @Test func resolveJSONNamesTheKindAndTheParameters() throws {
        let document = try cli.runJSON("resolve", "--operation", "tab", "--tab", "1", "--json")
        #expect(document["animator"] as? String == "org.animatorhost.zoom")
        #expect(document["kind"] as? String == "plugin")
        #expect(document["rule"] as? String == "$.routes[4]")
        #expect(document["tab"] as? Double == 1)
        let parameters = try #require(document["parameters"] as? [String: Any])
        // Zoom's defaults (seed 000): 0.4 s, no spring, damping 0.8, velocity 1.0.
        #expect(parameters["duration"] as? Double == 0.4)
        #expect(parameters["spring"] as? Bool == false)
        #expect(parameters["damping"] as? Double == 0.8)
        #expect(parameters["velocity"] as? Double == 1)
        let other = try cli.runJSON("resolve", "--operation", "tab", "--tab", "0", "--json")
        #expect(other["animator"] as? String == "org.animatorhost.example.fade-c")
        #expect(other["rule"] as? String == "$.routes[5]")
    }

    @Test func resolveNamesThePresentationController() throws {
        let routes = cli.home.file("routes.json")
        try #"{ "routes": [ { "operation": "present", "animator": "system", "presentation": "bottom-card" } ] }"#
            .write(toFile: routes, atomically: true, encoding: .utf8)
        let result = try cli.run("resolve", "--operation", "present", "--routes", routes)
        #expect(result.standardOutput == """
            animator      system.cover-vertical
            presentation  bottom-card, 300 points tall
            rule          $.routes[0] (\(routes))

            """)
        let json = try cli.runJSON("resolve", "--operation", "present", "--routes", routes, "--json")
        let presentation = try #require(json["presentation"] as? [String: Any])
        #expect(presentation["style"] as? String == "bottom-card")
        #expect(presentation["height"] as? Double == 300)
    }

    @Test func resolveNeedsAnOperation() throws {
        let result = try cli.run("resolve")
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("animator-host resolve: --operation is required"))
    }
}

@Suite struct InteractiveRunTests {
    let cli = CLI()

    @Test func aScriptDrivesTheTransitionAndTheSummarySaysHowItEnded() throws {
        let result = try cli.run("run", "zoom", "--operation", "pop", "--interactive",
                                 "update 0.3 @0.2; update 0.6 @0.4; cancel @0.5")
        #expect(result.status == 0, "\(result.standardError)")
        // Cancelling from 0.6 at 0.5 s takes 0.6 × 0.4 s: it ends at 0.74 s, between frames:
        // frames 0 … 44 (44/60 s ≈ 0.733 s) and the final picture at 0.74 s.
        #expect(result.standardOutput.hasPrefix(
            "1. pop detail → list: zoom (org.animatorhost.zoom), 0.4 s, 46 frames, cancelled (interactive, 0.74 s)\n"))
    }

    @Test func aPinchTraceFollowsTheSeedsRule() throws {
        let trace = cli.home.file("pinch.json")
        // Ends at percent 1 − 0.5 = 0.5 > 0.3: finish, the rest (0.5 × 0.4 s) after 0.2 s.
        try #"{ "gesture": "pinch", "samples": [ { "t": 0, "scale": 1 }, { "t": 0.1, "scale": 0.8 }, { "t": 0.2, "scale": 0.5, "velocity": 1 } ] }"#
            .write(toFile: trace, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "zoom", "--operation", "pop", "--interactive", trace)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix(
            "1. pop detail → list: zoom (org.animatorhost.zoom), 0.4 s, 25 frames, completed (interactive, 0.4 s)\n"))
    }

    @Test func aBadScriptOrTraceIsOneLine() throws {
        let script = try cli.run("run", "zoom", "--interactive", "update 0.5 @0.1")
        #expect(script.status == 1)
        #expect(script.standardError
                == "animator-host run: script: the interaction never ends: the last command must be finish or cancel\n")
        let missing = try cli.run("run", "zoom", "--interactive", "/nonexistent/pan.json")
        #expect(missing.status == 1)
        #expect(missing.standardError == "animator-host run: /nonexistent/pan.json: cannot read: No such file or directory\n")
    }
}

@Suite struct LibraryPathRunTests {
    let cli = CLI()

    @Test func runTakesALibraryAndRunsItsFirstAnimator() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let library = folder.path + "/libfade.so"
        try compileFixture(defines: ["FIXTURE_INTERRUPTIBLE", "FIXTURE_ID=\"org.fixture.by-path\"", "FIXTURE_NAME=\"by-path\""],
                           output: library)
        // Not on the search path: named by its file, relative or absolute.
        let result = try cli.run("run", library, "--duration", "0.25")
        #expect(result.status == 0, "\(result.standardError)")
        // 0.25 s at 60 frames a second: frames at 0 ... 15/60 s.
        #expect(result.standardOutput.hasPrefix("1. present list → detail: by-path (org.fixture.by-path), 0.25 s, 16 frames, completed\n"),
                "\(result.standardOutput)")
        let missing = try cli.run("run", folder.path + "/libnone.so")
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("problem: \(folder.path)/libnone.so: cannot be read"), "\(missing.standardError)")
    }
}

/// AH_ANIMATOR_SHARED_INSTANCE: one instance for a presentation and its dismissal, as a
/// transitioning delegate that returns the same object for both.
@Suite struct SharedInstanceTests {
    let cli = CLI()

    /// The demo app with present and dismiss routed to a fixture that fades the incoming view
    /// to 0.5 instead of 1 from its second transition on: the incoming view's alpha at the end
    /// of the presentation and of the dismissal.
    func endAlphas(shared: Bool, sharedByRoute: Bool = false) throws -> [Double] {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try compileFixture("hostile_animator.c",
                           defines: ["HOSTILE_SECOND_TIME_HALF", "HOSTILE_ID=\"org.hostile.twice\"", "HOSTILE_NAME=\"twice\""]
                               + (shared ? ["HOSTILE_SHARED"] : []),
                           output: folder.path + "/libtwice.so")
        let routes = folder.path + "/routes.json"
        let flag = sharedByRoute ? #", "sharedInstance": true"# : ""
        try #"{ "routes": [ { "operation": "present", "animator": "twice"\#(flag) }, { "operation": "dismiss", "animator": "twice"\#(flag) } ] }"#
            .write(toFile: routes, atomically: true, encoding: .utf8)
        let result = try cli.run("run", "--routes", routes, "--plugin-path", folder.path, "--timeline", "-")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                    "\(result.standardError)")
        let transitions = try #require(timeline["transitions"] as? [[String: Any]])
        // The least alpha among the views at each transition's end: the incoming view's,
        // which is the only one the fixture fades (the presented page, then the app below).
        return try transitions.filter { ($0["animator"] as? String)?.hasPrefix("twice ") == true }.map { transition in
            let last = try #require((transition["frames"] as? [[String: Any]])?.last)
            let views = try #require(last["views"] as? [[String: Any]]).filter { $0["isView"] as? Bool == true }
            return views.compactMap { $0["alpha"] as? Double }.min() ?? -1
        }
    }

    @Test func withTheFlagThePresentationsInstanceDismissesToo() throws {
        // A fresh instance each time: both transitions are its first, both end at 1.
        #expect(try endAlphas(shared: false) == [1, 1])
        // One instance: the dismissal is its second transition, and it shows (0.5).
        #expect(try endAlphas(shared: true) == [1, 0.5])
        // The same when the routes ask for it ("sharedInstance": true) of a plugin that does not.
        #expect(try endAlphas(shared: false, sharedByRoute: true) == [1, 0.5])
    }

    @Test func theDemosBubbleShrinksTheBubbleItPresentedWith() throws {
        // The demo presents and dismisses the detail with bubble, whose descriptor asks for
        // one instance: the dismissal's bubble is the very view the presentation made (the
        // same layer), grown back to cover the screen and shrunk to the start point.
        let result = try cli.run("run", "--timeline", "-")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                                    "\(result.standardError)")
        let transitions = try #require(timeline["transitions"] as? [[String: Any]])
        func bubbleIDs(_ operation: String) throws -> Set<Int> {
            let transition = try #require(transitions.first {
                ($0["animator"] as? String)?.hasPrefix("bubble ") == true && $0["operation"] as? String == operation
            }, "no bubble \(operation)")
            let frames = try #require(transition["frames"] as? [[String: Any]])
            return Set(frames.flatMap { frame in
                (frame["views"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == "bubble" }.compactMap { $0["id"] as? Int }
            })
        }
        let presented = try bubbleIDs("present"), dismissed = try bubbleIDs("dismiss")
        #expect(presented.count == 1 && presented == dismissed, "present \(presented), dismiss \(dismissed)")
    }

    @Test func aTabIsCalledTheSameInASingleRunAndInTheDemo() throws {
        // The tab titles a frame shows: each "tab title: SCREEN" view's text.
        func tabTitles(_ arguments: [String], transition: Int?) throws -> [String] {
            let timeline = cli.home.file("tabs-\(arguments.count).json")
            #expect(try cli.run(arguments: arguments + ["--timeline", timeline]).status == 0)
            var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: timeline))) as? [String: Any])
            if let transition { document = try #require((document["transitions"] as? [[String: Any]])?[transition]) }
            let frame = try #require((document["frames"] as? [[String: Any]])?.first)
            let views = try #require(frame["views"] as? [[String: Any]])
            return views.filter { ($0["name"] as? String)?.hasPrefix("tab title: ") == true }
                .compactMap { ($0["text"] as? [String: Any])?["string"] as? String }
        }
        // The demo's fifth transition is its first tab switch.
        let demo = try tabTitles(["run"], transition: 4)
        #expect(demo == ["Home", "Settings"])
        #expect(try tabTitles(["run", "fade-c", "--operation", "tab"], transition: nil) == demo)
    }
}
