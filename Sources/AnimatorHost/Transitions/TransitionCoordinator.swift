import AnimatorEngine

/// UIViewControllerTransitionCoordinator: what the view controllers in a transition see
/// while it runs. Alongside animations run in the transition's timing (its duration and
/// ease-in-ease-out curve, frozen and scrubbed with it when it is interactive); their
/// completions run after the transition completes, even when nothing animated.
public final class TransitionCoordinator {
    /// An alongside animation and its completion.
    struct Alongside {
        var view: View?
        var animation: ((TransitionCoordinator) -> Void)?
        var completion: ((TransitionCoordinator) -> Void)?
    }

    let state: TransitionState
    let engine: AnimationEngine
    /// The animator's duration (0 until it answered).
    public internal(set) var transitionDuration = 0.0
    /// The clock time the transition started.
    let start: Double
    /// Set while a percent-driven interaction drives the transition.
    var interaction: PercentDrivenInteraction?
    /// Whether it started interactive (never changes).
    public let initiallyInteractive: Bool
    var pending: [Alongside] = []
    var completions: [(TransitionCoordinator) -> Void] = []
    var interactionHandlers: [(TransitionCoordinator) -> Void] = []
    /// Whether alongside animations added now run at once (after animateTransition returned).
    var isRunning = false

    init(state: TransitionState, engine: AnimationEngine, start: Double, initiallyInteractive: Bool) {
        self.state = state
        self.engine = engine
        self.start = start
        self.initiallyInteractive = initiallyInteractive
    }

    // MARK: UIViewControllerTransitionCoordinatorContext

    /// The container view of the transition.
    public var containerView: View { state.container }
    /// The operation.
    public var operation: TransitionOperation { state.operation }
    /// isAnimated.
    public var isAnimated: Bool { state.isAnimated }
    /// isInteractive: true while the user drives the transition.
    public var isInteractive: Bool { state.isInteractive }
    /// isCancelled: true once the transition was cancelled.
    public var isCancelled: Bool { state.wasCancelled }
    /// The presentation style.
    public var presentationStyle: ModalPresentationStyle { state.presentationStyle }
    /// percentComplete: the interaction's percent, or the share of the duration elapsed.
    public var percentComplete: Double {
        if let interaction { return interaction.percent }
        if let driver = state.percentDriver { return driver.percent }
        if state.drivenByAnimator { return state.reportedPercent }
        guard transitionDuration > 0 else { return state.completion == nil ? 0 : 1 }
        return min(max((engine.currentTime - start) / transitionDuration, 0), 1)
    }
    /// completionVelocity: the interaction's completionSpeed, 1 otherwise.
    public var completionVelocity: Double { (interaction ?? state.percentDriver)?.script.completionSpeed ?? 1 }
    /// completionCurve: the interaction's completionCurve, easeInOut otherwise.
    public var completionCurve: AnimationCurve { (interaction ?? state.percentDriver)?.script.completionCurve ?? .easeInOut }

    // MARK: UIViewControllerTransitionCoordinator

    /// animate(alongsideTransition:completion:): `animation` runs in the transition's
    /// timing; `completion` after the transition completes.
    ///
    /// - Returns: true (the animation was accepted).
    @discardableResult
    public func animate(alongsideTransition animation: ((TransitionCoordinator) -> Void)?,
                        completion: ((TransitionCoordinator) -> Void)? = nil) -> Bool {
        add(Alongside(view: nil, animation: animation, completion: completion))
    }

    /// animateAlongsideTransition(in:animation:completion:): for a view outside the
    /// container; its layer time follows the transition's (scrubbed with it).
    ///
    /// - Returns: true.
    @discardableResult
    public func animateAlongsideTransition(in view: View, animation: ((TransitionCoordinator) -> Void)?,
                                           completion: ((TransitionCoordinator) -> Void)? = nil) -> Bool {
        add(Alongside(view: view, animation: animation, completion: completion))
    }

    /// notifyWhenInteractionChanges(_:): `handler` runs at every interactive ↔
    /// non-interactive switch.
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionCoordinator) -> Void) {
        interactionHandlers.append(handler)
    }

    func add(_ alongside: Alongside) -> Bool {
        if let completion = alongside.completion { completions.append(completion) }
        if isRunning {
            run(alongside)
        } else {
            pending.append(alongside)
        }
        return true
    }

    /// After animateTransition returned: the alongside animations start.
    func startAlongside() {
        isRunning = true
        let waiting = pending
        pending.removeAll()
        waiting.forEach(run)
    }

    private func run(_ alongside: Alongside) {
        guard let animation = alongside.animation else { return }
        if let view = alongside.view { interaction?.follow(view.layer) }
        guard state.isAnimated, transitionDuration > 0 else {
            animation(self)
            return
        }
        engine.animate(withDuration: transitionDuration, options: [], animations: { animation(self) })
    }

    /// The interaction switched between interactive and not.
    func interactionChanged() {
        interactionHandlers.forEach { $0(self) }
    }

    /// After the transition completed: the completions, in the order given.
    func finish() {
        completions.forEach { $0(self) }
        completions.removeAll()
    }
}
