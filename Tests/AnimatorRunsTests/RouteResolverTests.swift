import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// The routes file and the resolver: which rule wins, the defaults, and every error
/// pointing at its JSON path.
@Suite struct RouteResolverTests {
    let registry = PluginLoader().discover(PluginSearchPath(entries: [
        .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
    ]))

    func routes(_ text: String) throws -> Routes {
        try Routes.parse(text, source: "test.json", registry: registry)
    }

    func error(_ text: String) -> RoutesError? {
        do {
            _ = try Routes.parse(text, source: "test.json", registry: registry)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Choices

    @Test func theHighestPriorityWinsAndTheEarliestOfEquals() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [
                { "operation": "push", "animator": "zoom" },
                { "operation": "push", "animator": "bubble" },
                { "operation": "push", "animator": "pendulum", "priority": 2 },
                { "operation": "pop", "animator": "zoom", "priority": -1 },
                { "operation": "pop", "animator": "bubble", "priority": -1 } ] }
            """))
        let push = resolver.resolve(.push)
        #expect(push.target.name == "org.animatorhost.pendulum")
        #expect(push.rule == "$.routes[2]")
        let pop = resolver.resolve(.pop)
        #expect(pop.target.name == "org.animatorhost.zoom")
        #expect(pop.rule == "$.routes[3]")
    }

    @Test func aPresentRuleChoosesThePresentationStyle() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "present", "to": "detail", "animator": "zoom", "style": "pageSheet" },
                          { "operation": "present", "animator": "zoom", "style": "overfullscreen" } ] }
            """))
        #expect(resolver.resolve(.present, to: "detail").style == .pageSheet)
        #expect(resolver.resolve(.present, to: "card").style == .overFullScreen)   // names match without case
        #expect(resolver.resolve(.dismiss).style == nil)
    }

    @Test func screenNamesAndTabIndexNarrowARule() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [
                { "operation": ["present", "dismiss"], "to": "detail", "animator": "bubble" },
                { "operation": "dismiss", "from": "detail", "animator": "pendulum" },
                { "operation": "tab", "tab": 2, "animator": "zoom" } ] }
            """))
        #expect(resolver.resolve(.present, from: "list", to: "detail").rule == "$.routes[0]")
        #expect(resolver.resolve(.present, from: "list", to: "card").rule == nil)
        // A rule naming a screen never matches a query that does not name one.
        #expect(resolver.resolve(.present).rule == nil)
        #expect(resolver.resolve(.dismiss, from: "detail", to: "list").rule == "$.routes[1]")
        #expect(resolver.resolve(.dismiss, from: "card", to: "detail").rule == "$.routes[0]")
        #expect(resolver.resolve(.tab, tab: 2).target.name == "org.animatorhost.zoom")
        #expect(resolver.resolve(.tab, tab: 1).rule == nil)
    }

    @Test func theDefaultIsTheSystemTransitionForEachOperationOrNone() throws {
        let system = RouteResolver(routes: try routes(#"{ "routes": [] }"#))
        #expect(system.resolve(.push).target == .system(.slide))
        #expect(system.resolve(.pop).target == .system(.slide))
        #expect(system.resolve(.present).target == .system(.coverVertical))
        #expect(system.resolve(.dismiss).target == .system(.coverVertical))
        #expect(system.resolve(.tab).target == .system(.crossDissolve))
        #expect(system.resolve(.tab).rule == nil)
        let none = RouteResolver(routes: try routes(#"{ "default": "none", "routes": [] }"#))
        for operation in TransitionOperation.allCases {
            #expect(none.resolve(operation).target == .none)
        }
    }

    @Test func parametersAreFilledInWithDefaultsAndTypedFromJSON() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "present", "animator": "org.animatorhost.bubble",
                            "parameters": { "startPoint": [10, 20], "bubbleColor": "#ff0000" } } ] }
            """))
        guard case .animator(let info, let values) = resolver.resolve(.present).target else {
            Issue.record("expected an animator")
            return
        }
        #expect(info.name == "bubble")
        #expect(values == [.point(x: 10, y: 20), .color(RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)), .number(0.5)])
    }

    @Test func systemAndNoneCanBeNamedExplicitly() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "present", "animator": "system:cross-dissolve" },
                          { "operation": "push", "animator": "none" },
                          { "operation": ["push", "pop"], "animator": "system", "priority": -1 } ] }
            """))
        #expect(resolver.resolve(.present).target == .system(.crossDissolve))
        #expect(resolver.resolve(.push).target == .none)
        #expect(resolver.resolve(.pop).target == .system(.slide))
    }

    @Test func theDemoRoutesUseEveryBundledAnimatorAcrossEveryOperation() throws {
        let demo = try DemoApp.routes(registry: registry)
        let animators = Set(demo.routes.compactMap { route -> String? in
            if case .animator(let info, _) = route.target { return info.name }
            return nil
        })
        #expect(animators.isSuperset(of: ["zoom", "bubble", "pendulum"]))
        #expect(Set(demo.routes.flatMap(\.operations)) == Set(TransitionOperation.allCases))
    }

    @Test func aPresentRuleCanAskForTheBottomCard() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "present", "to": "sheet", "animator": "system", "presentation": "bottom-card" },
                          { "operation": "present", "to": "tall", "animator": "system",
                            "presentation": { "style": "bottom-card", "height": 500 } } ] }
            """))
        #expect(resolver.resolve(.present, to: "sheet").presentation == .bottomCard(height: 300))
        #expect(resolver.resolve(.present, to: "tall").presentation == .bottomCard(height: 500))
        #expect(resolver.resolve(.present, to: "other").presentation == nil)
        let errors: [(String, String, String)] = [
            (#"{ "routes": [ { "operation": ["present", "dismiss"], "animator": "system:cover-vertical", "presentation": "bottom-card" } ] }"#,
             "$.routes[0].presentation",
             #"a presentation controller is chosen for present only (the rule's operation must be "present")"#),
            (#"{ "routes": [ { "operation": "present", "animator": "system", "presentation": "popover" } ] }"#,
             "$.routes[0].presentation", #"unknown presentation (the host offers "bottom-card")"#),
            (#"{ "routes": [ { "operation": "present", "animator": "system", "presentation": { "style": "bottom-card", "height": 0 } } ] }"#,
             "$.routes[0].presentation.height", "expected a height in points above 0"),
        ]
        for (text, path, reason) in errors {
            #expect(error(text)?.path == path)
            #expect(error(text)?.reason == reason)
        }
    }

    @Test func aRuleCanAskForAnInteractionController() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "pop", "animator": "zoom", "interaction": "speed 2; update 0.3 @0.1; cancel @0.2" } ] }
            """))
        let script = try #require(resolver.resolve(.pop).interaction)
        #expect(script.completionSpeed == 2)
        #expect(script.events.map(\.command) == [.update(0.3), .cancel])
        #expect(script.description == "speed 2; update 0.3 @0.1; cancel @0.2")
        #expect(resolver.resolve(.push).interaction == nil)
        #expect(error(#"{ "routes": [ { "operation": "pop", "animator": "none", "interaction": "finish @0.1" } ] }"#)?.reason
                == "an interaction needs an animator (UIKit asks only then)")
        let bad = error(#"{ "routes": [ { "operation": "pop", "animator": "zoom", "interaction": "update 2 @0.1" } ] }"#)
        #expect(bad?.path == "$.routes[0].interaction")
        #expect(bad?.reason == "script: command 1 'update 2 @0.1': the percent must be a number from 0 to 1")
    }

    @Test func aRuleCanAskForASharedInstance() throws {
        let resolver = RouteResolver(routes: try routes("""
            { "routes": [ { "operation": "present", "animator": "zoom", "sharedInstance": true },
                          { "operation": "dismiss", "animator": "zoom" } ] }
            """))
        #expect(resolver.resolve(.present).sharedInstance)
        #expect(!resolver.resolve(.dismiss).sharedInstance)
        let notBool = error(#"{ "routes": [ { "operation": "present", "animator": "zoom", "sharedInstance": "yes" } ] }"#)
        #expect(notBool?.path == "$.routes[0].sharedInstance" && notBool?.reason == "expected true or false")
        let system = error(#"{ "routes": [ { "operation": "push", "animator": "system", "sharedInstance": true } ] }"#)
        #expect(system?.reason == "only an animator plugin has an instance to share")
    }

    // MARK: Errors

    @Test func anAnimatorIsNeverPickedForAnOperationItDoesNotSupport() {
        #expect(error(#"{ "routes": [ { "operation": ["push", "tab"], "animator": "pendulum" } ] }"#)?.description
                == "test.json: $.routes[0].animator: pendulum does not support tab (it supports present,dismiss,push,pop)")
        #expect(error(#"{ "routes": [ { "operation": "present", "animator": "system:slide" } ] }"#)?.reason
                == "system:slide does not animate present")
        #expect(error(#"{ "routes": [ { "operation": "push", "animator": "system:cross-dissolve" } ] }"#)?.reason
                == "system:cross-dissolve does not animate push")
    }

    @Test func everyMistakeNamesItsJSONPathAndReason() {
        let cases: [(String, String, String)] = [
            (#"[]"#, "$", "a routes file is a JSON object"),
            (#"{ "version": 2, "routes": [] }"#, "$.version", "unsupported version 2 (this host reads version 1)"),
            (#"{ "rules": [] }"#, "$.rules", "unknown key (expected version, default, routes)"),
            (#"{ "default": "slide", "routes": [] }"#, "$.default", #"expected "system" or "none""#),
            (#"{ "version": 1 }"#, "$.routes", "expected an array of rules"),
            (#"{ "routes": [ 3 ] }"#, "$.routes[0]", "a rule is a JSON object"),
            (#"{ "routes": [ { "animator": "zoom" } ] }"#, "$.routes[0]", #"missing "operation""#),
            (#"{ "routes": [ { "operation": "shove", "animator": "zoom" } ] }"#, "$.routes[0].operation",
             "'shove' is not an operation (present, dismiss, push, pop, tab)"),
            (#"{ "routes": [ {}, { "operation": ["push", 1], "animator": "zoom" } ] }"#, "$.routes[0]",
             #"missing "operation""#),
            (#"{ "routes": [ { "operation": ["push", 1], "animator": "zoom" } ] }"#, "$.routes[0].operation[1]",
             "expected a name"),
            (#"{ "routes": [ { "operation": "push" } ] }"#, "$.routes[0]", #"missing "animator""#),
            (#"{ "routes": [ { "operation": "push", "animator": "zom" } ] }"#, "$.routes[0].animator",
             "unknown animator 'zom' (installed: \(BundledAnimators.names.joined(separator: ", ")))"),
            (#"{ "routes": [ { "operation": "tab", "tab": 1.5, "animator": "zoom" } ] }"#, "$.routes[0].tab",
             "expected a tab index (a whole number from 0)"),
            (#"{ "routes": [ { "operation": "push", "to": "", "animator": "zoom" } ] }"#, "$.routes[0].to",
             "expected a screen name"),
            (#"{ "routes": [ { "operation": "push", "animator": "zoom", "priority": "high" } ] }"#,
             "$.routes[0].priority", "expected a number"),
            (#"{ "routes": [ { "operation": "push", "animator": "zoom", "parameters": { "speed": 2 } } ] }"#,
             "$.routes[0].parameters.speed", "zoom has no such parameter (it has: duration, spring, damping, velocity)"),
            (#"{ "routes": [ { "operation": "push", "animator": "zoom", "parameters": { "duration": -1 } } ] }"#,
             "$.routes[0].parameters.duration", "-1 is below the minimum 0"),
            (#"{ "routes": [ { "operation": "push", "animator": "none", "parameters": {} } ] }"#,
             "$.routes[0].parameters", #""none" takes no parameters"#),
            (#"{ "routes": [ { "operation": ["push", "present"], "animator": "system" } ] }"#, "$.routes[0].animator",
             #""system" means different transitions for these operations; split the rule"#),
            (#"{ "routes": [ { "operation": "push", "animator": "zoom", "style": "pageSheet" } ] }"#, "$.routes[0].style",
             #"a presentation style is chosen for present only (the rule's operation must be "present")"#),
            (#"{ "routes": [ { "operation": "present", "animator": "zoom", "style": "formSheet" } ] }"#, "$.routes[0].style",
             #"expected "fullScreen", "overFullScreen", "pageSheet" or "custom""#),
            (#"{ "routes": [ { "operation": "present", "animator": "zoom", "presentation": "bottom-card", "style": "pageSheet" } ] }"#,
             "$.routes[0].style", "a presentation controller makes the style custom; pageSheet contradicts it"),
            (#"{ "routes": [ { "operation": "push", "animator": "zoom", "from": "a", "when": 1 } ] }"#,
             "$.routes[0].when", "unknown key (expected operation, from, to, tab, animator, parameters, priority, presentation, style, interaction, sharedInstance)"),
        ]
        for (text, path, reason) in cases {
            let found = error(text)
            #expect(found?.path == path, "\(text)")
            #expect(found?.reason == reason, "\(text)")
            #expect(found?.source == "test.json")
        }
    }

    @Test func aSyntaxErrorSaysWhereInTheText() throws {
        let found = try #require(error("{ \"routes\": [ }"))
        #expect(found.path == nil)
        #expect(found.description.hasPrefix("test.json: line 1, column 15"))
    }

    @Test func anUnreadableFileIsNamed() {
        do {
            _ = try Routes.load(path: "/nonexistent/routes.json", registry: registry)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/routes.json: cannot read: No such file or directory")
        }
    }
}
