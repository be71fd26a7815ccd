import Foundation
import Testing
import TestSupport

/// `animator-host validate` on the bundled animators and on fixtures built to fail one
/// check each.
@Suite struct ValidateTests {
    let cli = CLI()

    /// The checks' lines for one animator: "verdict name [operation]" → details.
    func verdicts(_ output: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in output.split(separator: "\n") where line.hasPrefix("  ") {
            let text = line.trimmingCharacters(in: .whitespaces)
            let parts = text.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, ["passed", "failed", "warning", "skipped", "crashed"].contains(String(parts[0])) else { continue }
            let rest = parts[1].trimmingCharacters(in: .whitespaces)
            if let colon = rest.range(of: ": ") {
                found[String(rest[..<colon.lowerBound])] = String(parts[0]) + ": " + rest[colon.upperBound...]
            } else {
                found[rest] = String(parts[0])
            }
        }
        return found
    }

    @Test func theZoomPassesEveryCheck() throws {
        let result = try cli.run("validate", "zoom", "--repeat", "100")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        // 5 library checks; 6 per operation and 3 interactive ones for each of its 5
        // operations; parameters.range, parameters.out-of-range, instance.reuse,
        // robustness.repeat and determinism; delegate.choice, screens and size.turn. It has no
        // interaction controller of its own, so interactive.gesture is skipped for each
        // operation; it is no delegate and brings no screens, so the last two are skipped.
        #expect(result.standardOutput.hasSuffix("58 checks: 51 passed, 0 warnings, 0 failed, 0 crashed, 7 skipped\n"),
                "\(result.standardOutput)")
        let found = verdicts(result.standardOutput)
        #expect(found["transition.end-state [tab]"] == "passed")
        #expect(found["interactive.cancel [pop]"] == "passed")
        #expect(found["timing.overrun [present]"] == "passed")
        #expect(found["interactive.gesture [push]"] == "skipped: it is not its own interaction controller (no start_interactive)")
        // Each number parameter at both ends of its declared range (duration 0...10, damping
        // 0.01...1, velocity -100...100) and at two values strictly inside it.
        let tried = try #require(found["parameters.range"]?.split(separator: "tried ").last)
            .split(separator: ", ").map { $0.split(separator: "=") }
        let ranges: [String: ClosedRange<Double>] = ["duration": 0...10, "damping": 0.01...1, "velocity": -100...100]
        for (name, range) in ranges {
            let values = tried.filter { $0.first.map(String.init) == name }.compactMap { Double($0.last!) }
            #expect(values.count == 4, "\(name): \(values)")
            #expect(values.contains(range.lowerBound) && values.contains(range.upperBound), "\(name): \(values)")
            #expect(values.filter { $0 > range.lowerBound && $0 < range.upperBound }.count == 2, "\(name): \(values)")
        }
        // The Zoom's declared ranges (duration 0...10, damping 0.01...1, velocity -100...100), one past each end.
        #expect(found["parameters.out-of-range"]
                == "passed: refused duration=-1, duration=11, damping=-0.99, damping=2, velocity=-101, velocity=101")
    }

    @Test func eachFixtureFailsItsCheck() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        func build(_ name: String, _ defines: [String]) throws -> String {
            let path = folder.path + "/lib\(name).so"
            try compileFixture("hostile_animator.c", defines: ["HOSTILE_ID=\"org.hostile.\(name)\"", "HOSTILE_NAME=\"\(name)\""] + defines,
                               output: path)
            return path
        }
        // Completes at once though it declares 0.2 s: the duration check fails (and only it).
        let hastyJUnit = folder.path + "/hasty.xml"
        let hasty = try cli.run("validate", try build("hasty", ["HOSTILE_COMPLETE_AT_ONCE"]), "--only", "^transition",
                                "--junit", hastyJUnit)
        #expect(hasty.status == 1)
        // The same results as JUnit, read by Python's XML parser: as many cases and failures
        // as the text's summary counts.
        let hastyRead = try Python.run(SnapshotTests.junitReader, [hastyJUnit]).standardOutput.split(separator: "\n").map(String.init)
        let summary = try #require(hasty.standardOutput.split(separator: "\n").last.map(String.init))
        let counted = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counted.count == 6, "\(summary)")     // checks, passed, warnings, failed, crashed, skipped
        #expect(hastyRead.first == "org.hostile.hasty|\(counted[0])|\(counted[3])|\(counted[4])|\(counted[5])", "\(hastyRead) \(summary)")
        #expect(hastyRead.count == counted[0] + 1)
        #expect(hastyRead.contains("transition.duration [present]|failure|declared 0.2 s, completed at 0 s (more than a frame, 0.017 s, apart)"),
                "\(hastyRead)")
        let hastyFound = verdicts(hasty.standardOutput)
        #expect(hastyFound["transition.duration [present]"] == "failed: declared 0.2 s, completed at 0 s (more than a frame, 0.017 s, apart)",
                "\(hasty.standardOutput)")
        #expect(hastyFound["transition.completes [present]"] == "passed")
        #expect(hastyFound["transition.end-state [present]"] == "passed")
        // A banner made as wide as the container when presenting, that does not follow when
        // the phone turns: on its side it is not what presenting on its side gives.
        let banner = try cli.run("validate", try build("banner", ["HOSTILE_FIXED_BANNER"]), "--only", "size.turn")
        #expect(banner.status == 1)
        #expect(verdicts(banner.standardOutput)["size.turn"]?.hasPrefix(
            "failed: turned on its side after presenting, the app is not what presenting on its side gives: the last frame is not "
                + "the new state") == true, "\(banner.standardOutput)")
        // Exports a helper of its own: a warning, not a failure.
        let leaky = try cli.run("validate", try build("leaky", ["HOSTILE_EXTRA_EXPORT"]), "--only", "^library")
        #expect(leaky.status == 0, "\(leaky.standardOutput)")
        #expect(verdicts(leaky.standardOutput)["library.exports"]?.hasPrefix("warning: also exports 1 symbol: hostile_helper") == true,
                "\(leaky.standardOutput)")
        // Crashes in animate: every transition check shows crashed with the call; validate
        // itself goes on to the end.
        let crashy = try cli.run("validate", try build("crashy", ["HOSTILE_AT=7", "HOSTILE_DOES=1"]), "--only", "end-state|determinism")
        #expect(crashy.status == 1)
        let crashyFound = verdicts(crashy.standardOutput)
        #expect(crashyFound["transition.end-state [push]"] == "crashed: crashed (SIGSEGV, Segmentation fault) in animateTransition",
                "\(crashy.standardOutput)")
        #expect(crashyFound["determinism"]?.hasPrefix("crashed: crashed (SIGSEGV") == true)
        #expect(crashy.standardOutput.hasSuffix("6 checks: 0 passed, 0 warnings, 0 failed, 6 crashed, 0 skipped\n"),
                "\(crashy.standardOutput)")
        // Registers an alongside animation following a forged view handle: the host refuses
        // the call, and validate warns with the host's message.
        let talker = folder.path + "/libtalker.so"
        try compileFixture(defines: ["FIXTURE_ALONGSIDE", "FIXTURE_ID=\"org.fixture.talker\"", "FIXTURE_NAME=\"talker\""], output: talker)
        let talks = try cli.run("validate", talker, "--only", "host-calls")
        #expect(talks.status == 0)
        #expect(verdicts(talks.standardOutput)["transition.host-calls [present]"]
                == "warning: the host refused 1 call (statuses the animator may ignore): 1515870810 is not a layer handle of this host",
                "\(talks.standardOutput)")
        // Fades to half from its second transition on: each transition alone ends right, one
        // instance presenting then dismissing leaves the list at alpha 0.5.
        let tired = try cli.run("validate", try build("tired", ["HOSTILE_SECOND_TIME_HALF"]), "--only", "end-state|reuse")
        #expect(tired.status == 1)
        let tiredFound = verdicts(tired.standardOutput)
        #expect(tiredFound["transition.end-state [dismiss]"] == "passed")
        #expect(tiredFound["instance.reuse"]?.hasPrefix("failed: after present and dismiss with one instance: the last frame is not the old state") == true,
                "\(tired.standardOutput)")
        #expect(tiredFound["instance.reuse"]?.hasSuffix("window/from: alpha 0.5 (expected 1)") == true)
        // Leaves a red square in the container: where the container stays (push: the
        // navigation's content view), the container and end-state checks fail.
        let messy = try cli.run("validate", try build("messy", ["HOSTILE_LEAVES_A_VIEW"]), "--only", "container|end-state")
        #expect(messy.status == 1)
        let messyFound = verdicts(messy.standardOutput)
        #expect(messyFound["transition.container [push]"]?.hasPrefix("failed: left in the container: ") == true, "\(messy.standardOutput)")
        #expect(messyFound["transition.end-state [push]"]?.hasPrefix("failed: ") == true)
        // Never completes at its minimum duration: parameters.range fails naming the value.
        let stuck = try cli.run("validate", try build("stuck", ["HOSTILE_STUCK_AT_ZERO"]), "--only", "parameters.range|completes")
        #expect(stuck.status == 1)
        let stuckFound = verdicts(stuck.standardOutput)
        #expect(stuckFound["transition.completes [present]"] == "passed")
        #expect(stuckFound["parameters.range"]?.hasPrefix("failed: with duration=0: ") == true, "\(stuck.standardOutput)")
        // The same with --param duration=0 for every check: it never calls completeTransition.
        let never = try cli.run("validate", folder.path + "/libstuck.so", "--only", "completes", "--param", "duration=0")
        #expect(never.status == 1)
        #expect(verdicts(never.standardOutput)["transition.completes [present]"]?.hasPrefix(
            "failed: org.hostile.stuck never called completeTransition within 0 s") == true, "\(never.standardOutput)")
        // Fades to a random opacity: the second run differs.
        let random = try cli.run("validate", try build("dice", ["HOSTILE_RANDOM"]), "--only", "determinism")
        #expect(random.status == 1)
        #expect(verdicts(random.standardOutput)["determinism"]?.hasPrefix("failed: the second run's timeline differs from byte ") == true,
                "\(random.standardOutput)")
        // Makes an image in every transition and never releases it: the live image handles
        // grow with the transitions (20 after the first 20, the baseline; 60 after 60).
        let hoarder = try cli.run("validate", try build("hoarder", ["HOSTILE_LEAKS_IMAGES"]), "--only", "repeat", "--repeat", "60")
        #expect(hoarder.status == 1)
        #expect(verdicts(hoarder.standardOutput)["robustness.repeat"]?.hasPrefix(
            "failed: live handles grew from 0 contexts, 0 property animators, 20 images, 0 paths after the first 20 to 0 contexts, 0 property animators, 60 images, 0 paths over 60 transitions") == true,
                "\(hoarder.standardOutput)")
        // Library checks, one fixture each: a slow init (a warning with the CPU time), a
        // version naming the moment of loading (differs on the second examination), a parameter
        // without help text (a warning).
        let slow = try cli.run("validate", try build("slow", ["HOSTILE_SLOW_INIT"]), "--only", "^library")
        #expect(slow.status == 0)
        let slowTime = verdicts(slow.standardOutput)["library.scan-time"]
        #expect(slowTime?.hasPrefix("warning: ") == true && slowTime?.hasSuffix(" ms of CPU time, over 100 ms") == true,
                "\(slow.standardOutput)")
        // Its init alone computes for 150 ms of CPU time.
        let slowFigure = slowTime.flatMap { Double($0.dropFirst("warning: ".count).prefix { $0 != " " }) } ?? 0
        #expect(slowFigure >= 150, "\(slowTime ?? "")")
        let changing = try cli.run("validate", try build("changing", ["HOSTILE_PID_VERSION"]), "--only", "^library")
        #expect(changing.status == 1)
        let secondLoad = verdicts(changing.standardOutput)["library.second-load"] ?? ""
        #expect(secondLoad.hasPrefix("failed: org.hostile.changing: version was \"0.0."), "\(changing.standardOutput)")
        #expect(verdicts(changing.standardOutput)["library.loads"] == "passed")
        let terse = try cli.run("validate", try build("terse", ["HOSTILE_NO_HELP"]), "--only", "^library")
        #expect(terse.status == 0)
        #expect(verdicts(terse.standardOutput)["library.descriptors"]
                == "warning: org.hostile.terse: parameter 'duration' has no help text")
        // Declares itself interactive but completes with true even when cancelled.
        let stubborn = try cli.run("validate", try build("stubborn", ["HOSTILE_INTERACTIVE"]), "--only", "^interactive")
        #expect(stubborn.status == 1)
        let stubbornFound = verdicts(stubborn.standardOutput)
        #expect(stubbornFound["interactive.cancel [present]"] == "failed: it completed although the interaction was cancelled")
        #expect(stubbornFound["interactive.finish [present]"] == "passed")
        // Declares itself interactive but always completes with false: finish fails.
        let quitter = try cli.run("validate", try build("quitter", ["HOSTILE_INTERACTIVE", "HOSTILE_GIVES_UP"]), "--only", "^interactive")
        #expect(quitter.status == 1)
        let quitterFound = verdicts(quitter.standardOutput)
        #expect(quitterFound["interactive.finish [dismiss]"] == "failed: it was cancelled although the interaction finished",
                "\(quitter.standardOutput)")
        #expect(quitterFound["interactive.cancel [dismiss]"] == "passed")
        // Still animating (an invisible 1 s opacity animation) when it completes at its
        // declared 0.2 s: a warning naming the layer, the property and the end; the exit
        // status stays 0, and the duration check (completion on time) passes.
        let lingering = try cli.run("validate", try build("lingering", ["HOSTILE_OVERRUN"]), "--only", "timing|duration")
        #expect(lingering.status == 0, "\(lingering.standardOutput)")
        let lingeringFound = verdicts(lingering.standardOutput)
        #expect(lingeringFound["timing.overrun [present]"]
                == "warning: still animating when it completed, declared 0.2 s: window/transition container/to opacity until 1 s",
                "\(lingering.standardOutput)")
        #expect(lingeringFound["timing.overrun [push]"]
                == "warning: still animating when it completed, declared 0.2 s: window/navigation/navigation content/to opacity until 1 s")
        #expect(lingeringFound["transition.duration [present]"] == "passed")
        // Completes from an animation on the window, outside the container an interaction
        // scrubs: with nothing driving it that is on time; finished from 90 % at 0.4 s at
        // completion speed 2 the rest should take 0.1 × 0.2 s / 2 = 0.01 s, so complete
        // at 0.41 s, but it completes at 0.2 s, when its window animation ends.
        let clock = try cli.run("validate", try build("clock", ["HOSTILE_INTERACTIVE", "HOSTILE_UNSCRUBBED"]),
                                "--only", "interactive.finish|transition.duration")
        #expect(clock.status == 1)
        let clockFound = verdicts(clock.standardOutput)
        #expect(clockFound["transition.duration [dismiss]"] == "passed")
        #expect(clockFound["interactive.finish [dismiss]"] == "failed: completion speed 2 not honoured: finished from 90 % at 0.4 s, "
                + "the rest takes 0.01 s (completing at 0.41 s); it completed at 0.2 s", "\(clock.standardOutput)")
        // Its own interaction controller, which moves the outgoing view right with a pan
        // (a pinch: by 1 − scale) and forgets to move it back on a cancel. The pan that
        // cancels ends where it began (translation 0), so only the pinch that cancels (from
        // scale 0.2, velocity < 0) leaves the view 0.8 × 400 = 320 points to the right. The
        // host's percent-driven interaction (interactive.cancel) never reaches that code.
        let forgetful = try cli.run("validate", try build("forgetful", ["HOSTILE_OWN_INTERACTION"]), "--only", "^interactive")
        #expect(forgetful.status == 1)
        let forgetfulFound = verdicts(forgetful.standardOutput)
        let dismissed = try #require(forgetfulFound["interactive.gesture [dismiss]"])
        #expect(dismissed.hasPrefix("failed: a pinch to 0.2: the last frame is not the old state: "), "\(dismissed)")
        #expect(dismissed.contains("window/transition container/from: frame (320, 0, 390, 844) (expected (0, 0, 390, 844))"),
                "\(dismissed)")
        #expect(!dismissed.contains("a pan"))
        #expect(forgetfulFound["interactive.cancel [dismiss]"] == "passed")
        #expect(forgetfulFound["interactive.finish [dismiss]"] == "passed")
        // Crashes in its constructor: the library check fails and no animator check runs.
        let broken = try cli.run("validate", try build("broken", ["HOSTILE_AT=1", "HOSTILE_DOES=2"]))
        #expect(broken.status == 1)
        #expect(verdicts(broken.standardOutput)["library.loads"]?.hasPrefix("failed: refused: it crashed (SIGABRT, Aborted) in its constructor") == true,
                "\(broken.standardOutput)")
    }

    @Test func anOwnInteractionControllerIsFedPansAndPinches() throws {
        // The fixture's controller fades the incoming view in with the pan's percent and,
        // at the end, finishes when the velocity is positive, else cancels; it ignores the
        // gesture's kind (a pinch has no distance, so its percent is 0). The validator's
        // four gestures end with velocities 1200 and −600 (pans), −3 and 0.4 (pinches).
        let folder = TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        let path = folder.path + "/libown.so"
        try compileFixture(defines: ["FIXTURE_OWN_INTERACTION", "FIXTURE_ID=\"org.fixture.own\"", "FIXTURE_NAME=\"own\""],
                           output: path)
        let result = try cli.run("validate", path, "--only", "interactive.gesture")
        #expect(result.status == 0, "\(result.standardOutput)")
        let found = verdicts(result.standardOutput)
        for operation in ["present", "dismiss"] {
            #expect(found["interactive.gesture [\(operation)]"] == "passed: a pan to 90 % moving on: finished; "
                    + "a pan to 20 % and back: cancelled; a pinch to 0.2: cancelled; a pinch to 0.9 and back: finished",
                    "\(result.standardOutput)")
        }
    }

    @Test func jsonListChecksAndUsage() throws {
        let json = try cli.runJSON("validate", "fade-c", "--json", "--only", "library.loads|transition.completes")
        let libraries = try #require(json["libraries"] as? [[String: Any]])
        #expect(libraries.count == 1)
        #expect((libraries[0]["path"] as? String)?.hasSuffix("/libFadeC.so") == true)
        let checks = try #require(libraries[0]["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["library.loads"])
        let animators = try #require(libraries[0]["animators"] as? [[String: Any]])
        #expect(animators.first?["id"] as? String == "org.animatorhost.example.fade-c")
        let own = try #require(animators.first?["checks"] as? [[String: Any]])
        #expect(own.map { $0["operation"] as? String } == ["present", "dismiss", "push", "pop", "tab"])
        #expect(own.allSatisfy { $0["name"] as? String == "transition.completes" && $0["result"] as? String == "passed" })
        let list = try cli.run("validate", "--list-checks")
        #expect(list.status == 0)
        #expect(list.standardOutput.split(separator: "\n").count == 22)
        let endState = list.standardOutput.split(separator: "\n").first { $0.hasPrefix("transition.end-state ") }
        #expect(endState?.hasSuffix("[operation] the last frame is the app after the operation, drawn without animation") == true)
        for (arguments, message) in [
            (["validate"], "validate needs one or more animator ids, names or library paths"),
            (["validate", "zoom", "--only", "("], "--only: '(' is not a regular expression"),
            (["validate", "zoom", "--only", "nothing-matches"], "--only and --skip leave no check"),
            (["validate", "zoom", "--jobs", "0"], "--jobs: '0' is not a number from 1 to 64"),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
        let unknown = try cli.run("validate", "swirl")
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("animator-host validate: swirl: no such animator on the search path"))
    }
}
