import AnimatorABI
import AnimatorEngine
import AnimatorRendering
import AnimatorSupport

/// Performs UIKit's view-controller transitions on an engine: modal presentation and
/// dismissal, navigation push and pop, tab selection. The animator adds the incoming view
/// to the container; the runtime removes the outgoing one where UIKit does (after push,
/// pop, tab and full-screen presentation; never for a custom presentation), restores
/// everything on cancellation, keeps the appearance callbacks balanced, enforces a single
/// completeTransition and ends a transition that never completes with a watchdog.
public final class TransitionRuntime {
    /// The engine the screens live in.
    public let engine: AnimationEngine
    /// The window: the screen's root view.
    public let window: View
    /// The appearance callbacks so far, in order.
    public private(set) var appearance: [AppearanceEvent] = []
    /// Told every appearance callback as it is made, with its screen and whether the
    /// transition is animated: how a library's own view controllers hear viewWillAppear
    /// and the rest (the stage sets it to the library that brought the screens).
    public var appearanceObserver: ((ViewController, AppearanceEvent.Kind, Bool) -> Void)?

    /// Told the new traits when the device turns (`changeSize`), as the change's animation
    /// begins: where a library's session learns them (the stage sets it).
    public var traitsObserver: ((Traits) -> Void)?
    /// Told each phase of a change of the window's size (`changeSize`) for each screen in
    /// the window: how a library's own view controllers hear viewWillTransition(to:with:)
    /// (the stage sets it to the library that brought the screens).
    public var sizeChangeObserver: ((ViewController, SizeChange) -> Void)?

    /// Records one appearance callback and tells the observer.
    private func appear(_ screen: ViewController, _ kind: AppearanceEvent.Kind, animated: Bool) {
        appearance.append(AppearanceEvent(screen.name, kind))
        appearanceObserver?(screen, kind, animated)
    }
    /// Seconds between frames while a transition runs (60 fps).
    public var frameInterval = 1.0 / 60
    /// The traits the app runs with (`--variant`): every transition's context reports them.
    public var traits = Traits()
    /// How long past its duration a transition may take to call completeTransition.
    public var watchdogGrace = 1.0
    /// The longest duration an animator may answer (a minute: transitions last a second
    /// or two). A longer one is a problem of the transition, which then runs with 0 s, so
    /// a run never records frame after frame until memory runs out.
    public static let maximumDuration = 60.0
    /// Called as each transition begins, after the will-appear callbacks and before
    /// animateTransition: where an app adds alongside animations to the coordinator.
    public var transitionWillBegin: ((TransitionCoordinator) -> Void)?

    /// The window's size unless one is given: an iPhone 14's screen, in points.
    public static let defaultWindowSize = Size(width: 390, height: 844)

    /// Creates a runtime with a window of `size`.
    public init(engine: AnimationEngine = SnapshotRasterizer.engine(), size: Size = TransitionRuntime.defaultWindowSize) {
        self.engine = engine
        window = engine.makeView(frame: Rect(origin: .zero, size: size), name: "window")
        engine.window = window.layer.id
    }

    /// The status bar over the app, once `showStatusBar()` installed it (nil also where the
    /// device shows none).
    public internal(set) var statusBar: StatusBar?
    /// Whether `showStatusBar()` was called: the bar comes back when the device turns to
    /// where it has one.
    var showsStatusBar = false

    /// Draws the status bar of the runtime's device and appearance (`traits`, set them
    /// first) over everything the app puts in the window, as iOS draws it above every app.
    /// Showing it again does nothing.
    public func showStatusBar() throws(EngineError) {
        showsStatusBar = true
        guard statusBar == nil, let bar = try StatusBar.make(engine: engine, width: window.bounds.size.width, traits: traits)
        else { return }
        try window.addSubview(bar.view)
        statusBar = bar
    }

    /// Adds `view` to the window above the app's views and below the status bar.
    private func addToWindow(_ view: View) throws(EngineError) {
        if let bar = statusBar {
            try window.insertSubview(view, belowSubview: bar.view)
        } else {
            try window.addSubview(view)
        }
    }

    /// Installs the root screen (no transition).
    public func setRoot(_ root: ViewController) throws(EngineError) {
        root.view.frame = window.bounds
        try addToWindow(root.view)
        rootViewController = root
        appear(root, .willAppear, animated: false)
        appear(root, .didAppear, animated: false)
        updateStatusBar()
    }

    /// The window's root screen, once `setRoot` installed it.
    public private(set) weak var rootViewController: ViewController?

    /// What a screen wants of the status bar (nil: nothing said: the default style,
    /// shown). The stage asks the library that brought the screens.
    public var statusBarPreference: ((ViewController) -> StatusBarPreference?)?

    /// The screen whose status bar preference counts now, as UIKit finds it: from the
    /// window's root, the screen presented over it when it is presented full screen or
    /// captures the status bar's appearance, and so on up; then, in a tab bar controller,
    /// the selected tab; in a navigation controller whose bar is hidden, the top screen (a
    /// shown bar decides itself: nil).
    public func statusBarController() -> ViewController? {
        guard var screen = rootViewController else { return nil }
        while let presented = screen.presentedViewController,
              presented.modalPresentationStyle == .fullScreen
                || statusBarPreference?(presented)?.capturesWhenPresented == true {
            screen = presented
        }
        while true {
            if let tabs = screen.asTabBarController {
                screen = tabs.viewControllers[tabs.selectedIndex]
            } else if let navigation = screen.asNavigationController {
                guard navigation.isNavigationBarHidden, let top = navigation.viewControllers.last else { return nil }
                screen = top
            } else {
                return screen
            }
        }
    }

    /// Draws the status bar as the screen that decides wants it (`statusBarController`):
    /// its style's color (the appearance's label color for `.default`), hidden or shown.
    /// A page sheet's presentation keeps the bar it set (white over the receded screen).
    public func updateStatusBar() {
        guard let statusBar, let root = rootViewController else { return }
        var top = root
        while let presented = top.presentedViewController { top = presented }
        if top.presentationController is PageSheetPresentationController { return }
        let preference = statusBarController().flatMap { statusBarPreference?($0) } ?? StatusBarPreference()
        let color: RGBAColor
        switch preference.style {
        case .default: color = SystemPalette.color(SystemPalette.of(traits.userInterfaceStyle).label)
        case .lightContent: color = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        case .darkContent: color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        }
        if statusBar.color != color { statusBar.color = color }
        if statusBar.view.isHidden != preference.isHidden { statusBar.view.isHidden = preference.isHidden }
    }

    /// Presents `presented` from `presenting` (present(_:animated:)).
    ///
    /// - Parameters:
    ///   - animator: the animator, or nil for the system's transition (here: no animation).
    ///     Its library is asked for a presentation controller even when `animated` is
    ///     false, as UIKit asks the transitioning delegate.
    ///   - presentationController: a custom presentation's controller (what the
    ///     transitioning delegate's presentationController(forPresented:…) returns); the
    ///     presented screen's style becomes `.custom`.
    ///   - onFrame: called with the clock time at the transition's start (after the animator
    ///     set it up) and after each frame step (renderers, timelines).
    public func present(_ presented: ViewController, from presenting: ViewController, animator: TransitionAnimator?,
                        animated: Bool = true, presentationController: PresentationController? = nil,
                        interaction: InteractionScript? = nil,
                        onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        guard presenting.presentedViewController == nil else {
            throw EngineError("\(presenting.name) is already presenting \(presenting.presentedViewController!.name)")
        }
        guard let home = presenting.view.superview else {
            throw EngineError("\(presenting.name) cannot present \(presented.name): its view is not in the window")
        }
        let bounds = window.bounds
        presenting.homeWhilePresenting = (home, home.subviews.firstIndex(of: presenting.view) ?? home.subviews.count)
        // The container: a transition view over the window, kept while presented.
        let container = engine.makeView(frame: bounds, name: "transition container")
        try addToWindow(container)
        // The presented view's final frame and the style wait for the presentation controller.
        let state = TransitionState(
            operation: .present, isAnimated: animated, container: container, from: presenting, to: presented,
            fromView: nil, toView: presented.view,
            initialFrames: (from: presenting.view.frame, to: .zero), finalFrames: (from: presenting.view.frame, to: bounds),
            presentationStyle: presented.modalPresentationStyle, traits: traits)
        // A custom presentation's controller (from the delegate, or the animator's library,
        // asked first as UIKit asks the transitioning delegate) makes the style .custom; a
        // page sheet gets the system's sheet controller.
        var presentationController = presentationController ?? animator?.makePresentationController(for: state)
        if let controller = presentationController {
            guard controller.presentedViewController === presented, controller.presentingViewController === presenting else {
                presenting.homeWhilePresenting = nil
                container.removeFromSuperview()
                throw EngineError("the presentation controller is for \(controller.presentedViewController.name) "
                                  + "presented by \(controller.presentingViewController.name)")
            }
            presented.modalPresentationStyle = .custom
        } else if presented.modalPresentationStyle == .pageSheet {
            presentationController = PageSheetPresentationController(presentedViewController: presented,
                                                                      presenting: presenting,
                                                                      statusBarHeight: traits.safeArea.top,
                                                                      statusBar: statusBar)
        }
        let style = presented.modalPresentationStyle
        state.presentationStyle = style
        presentationController?.containerView = container
        if style == .fullScreen {
            state.fromView = presenting.view
            state.finalFrames.from = .zero
        }
        state.finalFrames.to = presentationController?.frameOfPresentedViewInContainerView ?? bounds
        presented.view.frame = bounds
        // As in UIKit, a full-screen presentation starts with the presenting view in the
        // container (animators insert the presented view above it).
        if style == .fullScreen { try container.addSubview(presenting.view) }
        presentationController?.currentTransition = state
        defer { presentationController?.currentTransition = nil }
        let shown = { presentationController?.presentedView ?? presented.view }
        let outcome = try run(state, animator: animator, interaction: interaction, willBegin: { _ in
            guard let controller = presentationController else { return }
            controller.presentationTransitionWillBegin()
            state.toView = controller.presentedView
        }, didBegin: {
            presentationController?.containerViewWillLayoutSubviews()
            presentationController?.containerViewDidLayoutSubviews()
        }, wrapUp: { completed throws(EngineError) in
            presentationController?.presentationTransitionDidEnd(completed)
            if completed {
                presenting.presentedViewController = presented
                presented.presentingViewController = presenting
                presented.presentationController = presentationController
                if style == .fullScreen || presentationController?.shouldRemovePresentersView == true {
                    presenting.view.removeFromSuperview()
                }
                if shown().superview != container { try container.addSubview(shown()) }
            } else {
                if style == .fullScreen { try self.putBack(presenting, below: container) }
                presenting.homeWhilePresenting = nil
                shown().removeFromSuperview()
                presented.view.removeFromSuperview()
                container.removeFromSuperview()
                presentationController?.containerView = nil
            }
        }, onFrame: onFrame)
        return outcome
    }

    /// Dismisses the screen `presenting` presents (dismiss(animated:)).
    public func dismiss(_ presented: ViewController, animator: TransitionAnimator?, animated: Bool = true,
                        interaction: InteractionScript? = nil,
                        onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        let controller = presented.presentationController
        let shown = controller?.presentedView ?? presented.view
        guard let presenting = presented.presentingViewController, let container = shown.superview else {
            throw EngineError("\(presented.name) is not presented")
        }
        let style = presented.modalPresentationStyle
        // A removed presenter was taken off screen: put it back where it was, beneath the container.
        if presenting.view.superview == nil { try putBack(presenting, below: container) }
        let state = TransitionState(
            operation: .dismiss, isAnimated: animated, container: container, from: presented, to: presenting,
            fromView: shown, toView: style == .fullScreen ? presenting.view : nil,
            initialFrames: (from: shown.frame, to: presenting.view.frame),
            finalFrames: (from: .zero, to: presenting.view.frame),
            presentationStyle: style, traits: traits)
        controller?.currentTransition = state
        defer { controller?.currentTransition = nil }
        let outcome = try run(state, animator: animator, interaction: interaction, willBegin: { _ in
            controller?.dismissalTransitionWillBegin()
        }, wrapUp: { completed throws(EngineError) in
            controller?.dismissalTransitionDidEnd(completed)
            if completed {
                shown.removeFromSuperview()
                presented.view.removeFromSuperview()
                // The animator may have put the presenting view in the container: back home.
                if presenting.view.superview == container { try self.putBack(presenting, below: container) }
                presenting.homeWhilePresenting = nil
                container.removeFromSuperview()
                presenting.presentedViewController = nil
                presented.presentingViewController = nil
                presented.presentationController = nil
                controller?.containerView = nil
            } else {
                if style == .fullScreen || controller?.shouldRemovePresentersView == true {
                    presenting.view.removeFromSuperview()
                }
                if shown.superview != container { try container.addSubview(shown) }
            }
        }, onFrame: onFrame)
        return outcome
    }

    /// Performs a navigation or tab transition inside `container` from one screen to another.
    public func transition(_ operation: TransitionOperation, in container: View, from: ViewController, to: ViewController,
                           animator: TransitionAnimator?, animated: Bool = true, interaction: InteractionScript? = nil,
                           onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        try transition(operation, in: container, from: from, to: to, animator: animator, animated: animated,
                       interaction: interaction, willBegin: nil, onFrame: onFrame)
    }

    /// `transition` with a hook for the container controller (navigation bar cross-fade).
    func transition(_ operation: TransitionOperation, in container: View, from: ViewController, to: ViewController,
                    animator: TransitionAnimator?, animated: Bool, interaction: InteractionScript?,
                    willBegin: ((TransitionCoordinator) -> Void)?,
                    onFrame: ((Double) -> Void)?) throws(EngineError) -> TransitionOutcome {
        guard [.push, .pop, .tab].contains(operation) else {
            throw EngineError("\(operation.rawValue) is a modal operation: use present or dismiss")
        }
        to.view.frame = container.bounds
        let state = TransitionState(
            operation: operation, isAnimated: animated, container: container, from: from, to: to,
            fromView: from.view, toView: to.view,
            initialFrames: (from: from.view.frame, to: .zero), finalFrames: (from: .zero, to: container.bounds),
            presentationStyle: .fullScreen, traits: traits)
        var leftBehind = false
        var outcome = try run(state, animator: animator, interaction: interaction, willBegin: willBegin,
                              wrapUp: { completed throws(EngineError) in
            if completed {
                from.view.removeFromSuperview()
                if to.view.superview != container { try container.addSubview(to.view) }
            } else {
                // UIKit leaves a cancelled transition's incoming view where the animator left
                // it; the animator should have removed it. The host tidies up, and says so.
                leftBehind = to.view.superview == container && animator != nil && animated
                to.view.removeFromSuperview()
                if from.view.superview != container { try container.addSubview(from.view) }
            }
        }, onFrame: onFrame)
        if leftBehind, let animator {
            outcome.problems.append("\(animator.identifier) left the incoming view (\(to.name)) in the container after "
                + "cancelling; UIKit would leave it on screen (remove it before completeTransition(false)); the host removed it")
        }
        return outcome
    }

    /// Puts a presenter's view back where it was before a full-screen presentation (below
    /// the presentation's container when that was the window).
    private func putBack(_ presenting: ViewController, below container: View) throws(EngineError) {
        guard let home = presenting.homeWhilePresenting, home.superview != window else {
            try window.insertSubview(presenting.view, belowSubview: container)
            return
        }
        try home.superview.insertSubview(presenting.view, at: min(home.index, home.superview.subviews.count))
    }

    /// Advances the clock to the next frame, or first to the interaction's next call or
    /// completion end when that comes sooner (without reporting a frame).
    private func step(_ frame: inout Int, start: Double, duration: Double, deadline: Double,
                      pacer: InteractionPacer?, onFrame: ((Double) -> Void)?) throws(EngineError) {
        let regular = frameTime(frame + 1, start: start, end: start + duration, deadline: deadline)
        var next = regular
        if let due = pacer?.nextDeadline, due < next { next = max(due, engine.currentTime) }
        pacer?.step(to: next)
        try engine.advance(to: next)
        if let pacer {
            pacer.deliver(at: next)
            try engine.advance(to: next)        // commit what the animator did at `next`
        }
        if next == regular {
            frame += 1
            onFrame?(next)
        }
    }

    /// The clock time of frame `number`: `start + number × frameInterval`, computed (not
    /// summed) so that no drift builds up, and snapped onto the animation's end when within
    /// a microsecond of it, so a 0.4 s transition at 60 fps ends on frame 24, not 25.
    func frameTime(_ number: Int, start: Double, end: Double, deadline: Double) -> Double {
        let time = start + Double(number) * frameInterval
        if abs(time - end) < 1e-6 { return end }
        return min(time, deadline)
    }

    /// Runs one transition: appearance, duration, animate, frames until completeTransition
    /// or the watchdog, then ended and the did-appearance callbacks (swapped on cancel).
    /// With an interaction, the percent-driven interaction controller drives the
    /// transition's time; the watchdog starts when its completion has played.
    ///
    /// As in UIKit, completeTransition settles the view hierarchy before anything is
    /// drawn again: `wrapUp` (the operation's removals and restorations), animationEnded
    /// and the coordinator's completions all run before the frame in which the animator
    /// completed is reported, so the last frame shows the new state (or, cancelled, the
    /// old one) and never a view the runtime is about to remove.
    private func run(_ state: TransitionState, animator: TransitionAnimator?, interaction: InteractionScript?,
                     willBegin: ((TransitionCoordinator) -> Void)? = nil,
                     didBegin: (() -> Void)? = nil,
                     wrapUp: (Bool) throws(EngineError) -> Void,
                     onFrame reportFrame: ((Double) -> Void)?) throws(EngineError) -> TransitionOutcome {
        // The frame in which completeTransition was called waits for the wrap-up.
        var heldFrame: Double?
        let onFrame: ((Double) -> Void)? = reportFrame.map { report in
            { time in
                if state.completion != nil { heldFrame = time } else { report(time) }
            }
        }
        // What is on screen when the transition begins has been committed, as on iOS, where
        // the screen was drawn before: a CATransition's old look and a snapshot made without
        // screen updates show it.
        try engine.advance(to: engine.currentTime)
        // The delegate is asked for the animation controller first; nil gives UIKit's own.
        var animator = animator
        if let chosen = animator, state.isAnimated, chosen.declines(state) {
            animator = SystemAnimator(.default(for: state.operation))
        }
        appear(state.from, .willDisappear, animated: state.isAnimated)
        appear(state.to, .willAppear, animated: state.isAnimated)
        let start = engine.currentTime
        var problems: [String] = []
        var duration = 0.0
        var watchdogFired = false
        let animates = animator != nil && state.isAnimated
        // A gesture goes to an animator that is its own interaction controller; otherwise
        // the host's percent-driven controller scrubs the animator's animations.
        let ownTrace = animates && animator!.isOwnInteractionController ? interaction?.trace : nil
        let driver = animates && ownTrace == nil
            ? interaction.map { PercentDrivenInteraction(script: $0, state: state, engine: engine) } : nil
        if ownTrace != nil {
            state.drivenByAnimator = true
            state.isInteractive = true
        }
        let coordinator = TransitionCoordinator(state: state, engine: engine, start: start,
                                                initiallyInteractive: ownTrace != nil
                                                    || (driver?.script.wantsInteractiveStart ?? false))
        coordinator.interaction = driver
        state.coordinator = coordinator
        state.from.transitionCoordinator = coordinator
        state.to.transitionCoordinator = coordinator
        defer {
            state.from.transitionCoordinator = nil
            state.to.transitionCoordinator = nil
        }
        driver?.prepare(start: start)
        willBegin?(coordinator)
        transitionWillBegin?(coordinator)
        if let animator, animates {
            var propertyAnimator: PropertyAnimator?
            if ownTrace != nil {
                (duration, problems) = animator.beginInteractive(state, engine: engine)
                // A UIPercentDrivenInteractiveTransition in the plugin asked for scrubbing
                // (now, or later: from the gesture's first sample, which a pan-to-dismiss's
                // `.began` handler answers before its delegate gives the controller).
                state.percentDriver?.begin(duration: duration)
                state.interactiveDuration = duration
            } else if let driver, animator.offersInterruptibleAnimator {
                // The property animator is scrubbed instead of the container's time.
                driver.releaseContainer()
                (duration, problems, propertyAnimator) = animator.beginInterruptible(state, engine: engine)
                if propertyAnimator == nil { driver.freezeContainerNow() }
            } else {
                (duration, problems) = animator.begin(state, engine: engine)
            }
            driver?.begin(duration: duration, propertyAnimator: propertyAnimator)
            let pacer: InteractionPacer? = driver ?? ownTrace.map {
                GestureFeed(trace: $0, containerSize: state.container.bounds.size, state: state, animator: animator,
                            start: start, duration: duration)
            }
            coordinator.transitionDuration = duration
            coordinator.startAlongside()
            // The layout pass that follows animateTransition, before anything is drawn.
            didBegin?()
            // Frame 0: the transition's first picture, after animateTransition set it up.
            try engine.advance(to: start)
            onFrame?(start)
            var frame = 0
            while state.completion == nil {
                let deadline: Double
                if let pacer {
                    guard let settle = pacer.settleDeadline else {
                        try step(&frame, start: start, duration: duration, deadline: .infinity, pacer: pacer,
                                 onFrame: onFrame)
                        continue
                    }
                    deadline = settle + watchdogGrace
                } else {
                    deadline = start + duration + watchdogGrace
                }
                if engine.currentTime >= deadline { break }
                try step(&frame, start: start, duration: duration, deadline: deadline, pacer: pacer, onFrame: onFrame)
            }
            if state.completion == nil {
                problems.append("\(animator.identifier) never called completeTransition within \(JSONValue.format(duration)) s "
                    + "+ \(JSONValue.format(watchdogGrace)) s; the transition was cancelled")
                state.completion = false
                state.wasCancelled = true
                watchdogFired = true
                restoreAfterWatchdog(state)
            }
            try wrapUp(state.completion!)
            animator.end(state)
            driver?.finish()
            state.percentDriver?.finish()
        } else {
            // No animation: the incoming view takes its final place at once; alongside
            // animations apply at once.
            coordinator.startAlongside()
            if let toView = state.toView, toView.superview != state.container { try state.container.addSubview(toView) }
            didBegin?()
            state.completion = true
            try wrapUp(true)
        }
        coordinator.finish()
        // The screen that decides the status bar may have changed.
        updateStatusBar()
        // Commit what the wrap-up and the completions changed, then show it.
        try engine.advance(to: engine.currentTime)
        if let heldFrame { reportFrame?(heldFrame) }
        problems += state.problems
        let completed = state.completion!
        if completed {
            appear(state.from, .didDisappear, animated: state.isAnimated)
            appear(state.to, .didAppear, animated: state.isAnimated)
        } else {
            // Cancelled: the roles swap, so the callbacks stay balanced.
            appear(state.to, .willDisappear, animated: state.isAnimated)
            appear(state.to, .didDisappear, animated: state.isAnimated)
            appear(state.from, .willAppear, animated: state.isAnimated)
            appear(state.from, .didAppear, animated: state.isAnimated)
        }
        var outcome = TransitionOutcome(operation: state.operation, animator: animator?.identifier, duration: duration,
                                        elapsed: engine.currentTime - start, completed: completed, problems: problems)
        outcome.watchdogFired = watchdogFired
        return outcome
    }

    /// After the watchdog: stop every animation of the transition's views and put the
    /// outgoing view back as it was.
    private func restoreAfterWatchdog(_ state: TransitionState) {
        for view in [state.fromView, state.toView].compactMap({ $0 }) {
            view.layer.removeAllAnimations()
        }
        if let fromView = state.fromView {
            engine.performWithoutAnimation {
                fromView.alpha = 1
                fromView.transform = .identity
                fromView.frame = state.initialFrames.from
            }
        }
    }
}
