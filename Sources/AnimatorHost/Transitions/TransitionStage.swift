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

    /// Runs `operation` from "from" to "to" with `animator` (nil: no animation), driven
    /// by `interaction` when given (a percent-driven interactive transition).
    ///
    /// - Parameter onFrame: called after every frame with the clock time.
    /// - Returns: what happened.
    /// - Throws: `EngineError` when the operation cannot be performed (also when the stage
    ///   has run a transition already).
    public func perform(_ operation: TransitionOperation, animator: TransitionAnimator?,
                        interaction: InteractionScript? = nil,
                        onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        guard runtime.window.subviews.isEmpty else { throw EngineError("the stage has run its transition already") }
        switch operation {
        case .present:
            try runtime.setRoot(from)
            return try runtime.present(to, from: from, animator: animator, interaction: interaction, onFrame: onFrame)
        case .dismiss:
            // "to" presented "from" earlier; now "from" goes away.
            try runtime.setRoot(to)
            _ = try runtime.present(from, from: to, animator: nil, animated: false)
            return try runtime.dismiss(from, animator: animator, interaction: interaction, onFrame: onFrame)
        case .push, .pop, .tab:
            try runtime.setRoot(root)
            try root.view.addSubview(from.view)
            return try runtime.transition(operation, in: root.view, from: from, to: to, animator: animator,
                                          interaction: interaction, onFrame: onFrame)
        }
    }
}
