/// Two screens, "from" and "to", set up so that one operation can run between them: what
/// `animator-host run <animator> --operation OP` shows.
///
/// For present, "from" is the window's root; for dismiss, "to" is the root and has
/// presented "from" without animation first; for push, pop and tab, both screens live in
/// the root screen's view, the navigation or tab container. A stage runs one transition.
public final class TransitionStage {
    /// The runtime the stage lives in.
    public let runtime: TransitionRuntime
    /// The outgoing screen.
    public let from: ViewController
    /// The incoming screen.
    public let to: ViewController
    /// The root screen that holds the navigation or tab container (push, pop, tab).
    public let root: ViewController

    /// Creates a stage in `runtime`'s window, which must have no root yet: "from" shows a
    /// list and "to" a detail page (`ScreenContent`), so that renders have something to show.
    public init(runtime: TransitionRuntime) {
        self.runtime = runtime
        let bounds = runtime.window.bounds
        root = ViewController(name: "root", engine: runtime.engine, frame: bounds)
        from = ViewController(name: "from", engine: runtime.engine, frame: bounds)
        to = ViewController(name: "to", engine: runtime.engine, frame: bounds)
        root.view.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        // Building content in a fresh engine cannot fail: the views are new and unparented.
        try? ScreenContent.list.fill(from)
        try? ScreenContent.detail.fill(to)
    }

    /// The operation the stage was set up for, once `prepare` ran.
    public private(set) var preparedOperation: TransitionOperation?
    private var performed = false

    /// Puts the state before `operation` on screen with no transition: "from" as the
    /// window's root (present); "to" as the root with "from" presented over it (dismiss);
    /// "from" in the root's container (push, pop, tab). Preparing again for the same
    /// operation does nothing.
    ///
    /// - Parameter presenter: for dismiss, the animator whose library supplies the
    ///   presentation's controller, as the transitioning delegate would for the earlier
    ///   presentation (nil: a full-screen presentation).
    /// - Throws: `EngineError` when the stage was prepared for another operation.
    public func prepare(_ operation: TransitionOperation, presenter: TransitionAnimator? = nil) throws(EngineError) {
        if let preparedOperation {
            guard preparedOperation == operation else {
                throw EngineError("the stage is set up for \(preparedOperation.rawValue), not \(operation.rawValue)")
            }
            return
        }
        preparedOperation = operation
        switch operation {
        case .present:
            try runtime.setRoot(from)
        case .dismiss:
            // "to" presented "from" earlier; now "from" goes away.
            try runtime.setRoot(to)
            _ = try runtime.present(from, from: to, animator: presenter, animated: false)
        case .push, .pop, .tab:
            try runtime.setRoot(root)
            try root.view.addSubview(from.view)
        }
    }

    /// Runs `operation` from "from" to "to" with `animator` (nil: no animation), driven
    /// by `interaction` when given (a percent-driven interactive transition), after
    /// `prepare` (called here, with `animator` as the presenter, when it was not).
    ///
    /// - Parameters:
    ///   - animated: false performs the operation without animation, as UIKit's
    ///     `animated: false` does (a presentation still gets the animator's controller).
    ///   - onFrame: called after every frame with the clock time.
    /// - Returns: what happened.
    /// - Throws: `EngineError` when the operation cannot be performed (also when the stage
    ///   has run a transition already).
    public func perform(_ operation: TransitionOperation, animator: TransitionAnimator?, animated: Bool = true,
                        interaction: InteractionScript? = nil,
                        onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        guard !performed else { throw EngineError("the stage has run its transition already") }
        try prepare(operation, presenter: animator)
        performed = true
        switch operation {
        case .present:
            return try runtime.present(to, from: from, animator: animator, animated: animated, interaction: interaction,
                                       onFrame: onFrame)
        case .dismiss:
            return try runtime.dismiss(from, animator: animator, animated: animated, interaction: interaction,
                                       onFrame: onFrame)
        case .push, .pop, .tab:
            return try runtime.transition(operation, in: root.view, from: from, to: to, animator: animator,
                                          animated: animated, interaction: interaction, onFrame: onFrame)
        }
    }
}
