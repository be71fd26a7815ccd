import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// The built-in demo app: two tabs, a navigation stack in the first, a detail screen
/// presented modally, and a routes file that uses every bundled animator across present,
/// dismiss, push, pop and tab. `animator-host run` with no arguments runs it.
public enum DemoApp {
    /// The demo's routes.
    public static let routes = """
        {
          "version": 1,
          "default": "system",
          "routes": [
            { "operation": "present", "to": "detail", "animator": "bubble",
              "parameters": { "startPoint": [330, 754], "duration": 0.5 } },
            { "operation": "dismiss", "from": "detail", "animator": "bubble" },
            { "operation": "push", "to": "card", "animator": "zoom", "parameters": { "spring": true } },
            { "operation": "pop", "from": "card", "animator": "pendulum", "parameters": { "duration": 1.2 } },
            { "operation": "tab", "tab": 1, "animator": "zoom", "priority": 1 },
            { "operation": "tab", "animator": "fade-c" }
          ]
        }
        """

    /// The demo's routes, checked against the installed animators.
    ///
    /// - Throws: `RoutesError` when an animator the demo uses is not installed.
    public static func routes(registry: AnimatorRegistry) throws(RoutesError) -> Routes {
        try Routes.parse(routes, source: "demo routes", registry: registry)
    }

    /// One step of the demo's script.
    public struct Step: Equatable, Sendable {
        /// What to perform.
        public var operation: TransitionOperation
        /// The screen that leaves.
        public var from: String
        /// The screen that arrives.
        public var to: String
        /// For tab: the index selected.
        public var tab: Int?
        /// For a dismissal caused by a tap: where (window coordinates). The presented
        /// screen's presentation controller decides whether the tap dismisses.
        public var tap: Point?
        /// What the finger did at `tap` (an animator's run: a long press or a swipe too).
        public var gesture: TouchGesture

        /// Creates a step.
        public init(operation: TransitionOperation, from: String, to: String, tab: Int? = nil, tap: Point? = nil,
                    gesture: TouchGesture = .tap) {
            self.operation = operation
            self.from = from
            self.to = to
            self.tab = tab
            self.tap = tap
            self.gesture = gesture
        }
    }

    /// The script: present and dismiss the detail, push and pop the card, switch tabs and back.
    public static let script: [Step] = [
        Step(operation: .present, from: "list", to: "detail"),
        Step(operation: .dismiss, from: "detail", to: "list"),
        Step(operation: .push, from: "list", to: "card"),
        Step(operation: .pop, from: "card", to: "list"),
        Step(operation: .tab, from: "home", to: "settings", tab: 1),
        Step(operation: .tab, from: "settings", to: "home", tab: 0),
    ]

    /// What one step did.
    public struct Report: Equatable, Sendable {
        /// The step.
        public var step: Step
        /// What the routes chose for it.
        public var resolution: Resolution
        /// How the transition went.
        public var outcome: TransitionOutcome
        /// The clock time the step began at.
        public var start: Double
        /// What the animators' libraries logged during the step (messages and host-call errors).
        public var log: [PluginLogEntry] = []
    }

    /// Where a run picks up after a step failed (its animator crashed or threw): the steps
    /// before `start` are performed again without animation, frames or reports, so the
    /// app is where the earlier run left it; those in `failed` also without their
    /// animators (which failed there once already).
    public struct Resume: Equatable, Sendable {
        /// The first step performed as usual.
        public var start: Int
        /// Earlier steps that failed.
        public var failed: Set<Int>

        /// Creates a resume point.
        public init(start: Int, failed: Set<Int>) {
            self.start = start
            self.failed = failed
        }

        /// From the beginning.
        public static let beginning = Resume(start: 0, failed: [])
    }

    /// A scenario that asks for what the app does not do (a tap that dismisses nothing):
    /// the script is wrong, not an animator, so the run ends.
    public struct ScriptError: Error, CustomStringConvertible {
        /// Why, in one line.
        public var description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// A step that could not be performed: the step, what the routes chose, and why.
    public struct StepError: Error, CustomStringConvertible {
        /// The step's position in the scenario.
        public var index: Int
        /// The step.
        public var step: Step
        /// What the routes chose for it.
        public var resolution: Resolution
        /// Why it failed.
        public var underlying: any Error

        public var description: String { "\(underlying)" }
    }

    /// Runs a scenario (default: the demo's script) with the given routes, animators from
    /// `registry`.
    ///
    /// - Parameters:
    ///   - animated: false performs every step without animation (UIKit's `animated:
    ///     false`), with the animators the routes pick still asked for presentation
    ///     controllers: the app's states with no transition between them.
    ///   - onFrame: called at the first frame and after every frame of every transition with
    ///     the clock time.
    ///   - screenImages: pictures to show instead of built-in screens, by screen name.
    ///   - marker: where to say which plugin call runs (a sandbox child's call page).
    ///   - willStep: called before each step, with the app on screen as the step finds it.
    ///   - onStep: called after each step with its report.
    ///   - resume: where to pick up after a failed step (default: the beginning).
    /// - Returns: one report per step performed as usual.
    /// - Throws: `StepError` when a step's animator cannot be created or its transition
    ///   cannot be performed (wrapping an `AnimatorError` or `EngineError`); `ScriptError`
    ///   for a step the app cannot take; an error of the app's setup as it is.
    public static func run(routes: Routes, registry: AnimatorRegistry, runtime: TransitionRuntime = TransitionRuntime(),
                           scenario: Scenario = .demo, screenImages: [String: Image] = [:], animated: Bool = true,
                           marker: PluginCallMarker? = nil, onFrame: ((Double) -> Void)? = nil,
                           willStep: ((Step) -> Void)? = nil, onStep: ((Report) -> Void)? = nil,
                           resume: Resume = .beginning) throws -> [Report] {
        let engine = runtime.engine
        let bounds = runtime.window.bounds
        func screen(_ content: ScreenContent, header: Bool) throws -> ViewController {
            let controller = ViewController(name: content.rawValue, engine: engine, frame: bounds)
            if let image = screenImages[content.rawValue] {
                try content.fill(controller, image: image, size: bounds.size)
            } else {
                try content.fill(controller, header: header, traits: runtime.traits)
            }
            return controller
        }
        // The list and the card live under the navigation bar, which shows their titles.
        let list = try screen(.list, header: false)
        let card = try screen(.card, header: false)
        let detail = try screen(.detail, header: true)
        let settings = try screen(.settings, header: true)
        // Tab 0: a navigation stack ("home") with the list at its root; tab 1: settings.
        let navigation = try NavigationController(name: "home", root: list, runtime: runtime, frame: bounds)
        let tabs = try TabBarController(name: "app", viewControllers: [navigation.controller, settings],
                                        runtime: runtime, frame: bounds)
        try runtime.setRoot(tabs.controller)
        // Screenshots bring their own status bar; the built-in screens get the device's.
        if screenImages.isEmpty { try runtime.showStatusBar() }
        let screens = ["list": list, "card": card, "detail": detail, "home": navigation.controller, "settings": settings]
        let session = HostSession(engine: engine, traits: runtime.traits)
        session.marker = marker
        let resolver = RouteResolver(routes: routes)
        var reports: [Report] = []
        // Instances of animators that share one (AH_ANIMATOR_SHARED_INSTANCE), by id and parameters.
        var sharedInstances: [String: AnimatorInstance] = [:]
        for (index, step) in scenario.steps.enumerated() {
            let replaying = index < resume.start
            if !replaying { willStep?(step) }
            let start = engine.currentTime
            let logged = session.log.count
            var resolution = resolver.resolve(step.operation, from: step.from, to: step.to, tab: step.tab)
            if replaying && resume.failed.contains(index) {
                resolution.target = .none
                resolution.presentation = nil
                resolution.interaction = nil
            }
            do {
                let report = try perform(step, index: index, replaying: replaying, resolution: resolution, animated: animated && !replaying,
                                         onFrame: replaying ? nil : onFrame)
                if !replaying {
                    reports.append(Report(step: step, resolution: resolution, outcome: report, start: start,
                                          log: Array(session.log.dropFirst(logged))))
                    onStep?(reports.last!)
                }
            } catch let error as ScriptError {
                throw error
            } catch {
                throw StepError(index: index, step: step, resolution: resolution, underlying: error)
            }
        }
        return reports

        func perform(_ step: Step, index: Int, replaying: Bool, resolution: Resolution, animated: Bool,
                     onFrame: ((Double) -> Void)?) throws -> TransitionOutcome {
            let animator: TransitionAnimator?
            switch resolution.target {
            case .animator(let info, let parameters) where info.sharesInstance || resolution.sharedInstance:
                // One instance for every transition with these parameters, as a delegate
                // returning the same object for present and dismiss.
                let key = info.id + "\u{0}" + "\(parameters)"
                if let shared = sharedInstances[key] {
                    animator = shared
                } else {
                    let made = try AnimatorInstance(info, parameters: parameters, session: session)
                    sharedInstances[key] = made
                    animator = made
                }
            case .animator(let info, let parameters):
                animator = try AnimatorInstance(info, parameters: parameters, session: session)
            case .system(let kind):
                animator = SystemAnimator(kind)
            case .none:
                animator = nil
            }
            let outcome: TransitionOutcome?
            let interaction = resolution.interaction
            switch step.operation {
            case .present:
                // Presented over the whole app, from the tab bar controller.
                let presented = screens[step.to]!
                presented.modalPresentationStyle = resolution.style ?? .fullScreen
                let controller = resolution.presentation?.makeController(presented: presented, presenting: tabs.controller)
                outcome = try runtime.present(presented, from: tabs.controller, animator: animator, animated: animated,
                                              presentationController: controller, interaction: interaction, onFrame: onFrame)
            case .dismiss:
                let presented = screens[step.from]!
                if let tap = step.tap, !(replaying && resume.failed.contains(index)) {
                    // A tap dismisses only if the presentation controller says so (a dimming view).
                    guard let controller = presented.presentationController, controller.handleTap(at: tap) else {
                        throw ScriptError("the tap at (\(JSONValue.format(tap.x)), \(JSONValue.format(tap.y))) does not dismiss "
                            + "\(presented.name): " + (presented.presentationController == nil
                                ? "it has no presentation controller to handle taps" : "its presentation controller ignores it"))
                    }
                }
                outcome = try runtime.dismiss(presented, animator: animator, animated: animated, interaction: interaction,
                                              onFrame: onFrame)
            case .push:
                outcome = try navigation.push(screens[step.to]!, animator: animator, animated: animated,
                                              interaction: interaction,
                                              onFrame: onFrame)
            case .pop:
                outcome = try navigation.pop(animator: animator, animated: animated, interaction: interaction,
                                             onFrame: onFrame)
            case .tab:
                outcome = try tabs.select(step.tab ?? 0, animator: animator, animated: animated, interaction: interaction,
                                          onFrame: onFrame)
            }
            guard let outcome else { throw EngineError("demo step \(step.operation.rawValue) \(step.from) → \(step.to) did nothing") }
            return outcome
        }
    }
}
