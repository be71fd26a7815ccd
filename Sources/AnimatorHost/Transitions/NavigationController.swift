/// UINavigationController: a stack of screens in a content view under a navigation bar.
/// Push and pop run as transitions in the content view; the bar's title cross-fades
/// alongside (UIKit's navigation-bar cross-fade for custom animators), following an
/// interactive transition when there is one.
public final class NavigationController {
    /// The navigation controller's own screen: content view and navigation bar.
    public let controller: ViewController
    /// The navigation bar across the top.
    public let navigationBar: View
    /// Where the top screen's view lives: the transitions' container.
    public let contentView: View
    /// The stack, root first.
    public private(set) var viewControllers: [ViewController]
    let runtime: TransitionRuntime
    /// The collection view controllers pushed with `push(collection:)`, by screen.
    private var collections: [ObjectIdentifier: CollectionViewController] = [:]
    /// The bar's height in points.
    public static let barHeight = 44.0

    /// The screen on top.
    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

    /// Creates a navigation controller showing `root`, filling `frame`.
    ///
    /// - Throws: `EngineError` when the root's view cannot be installed.
    public init(name: String = "navigation", root: ViewController, runtime: TransitionRuntime,
                frame: Rect) throws(EngineError) {
        self.runtime = runtime
        let engine = runtime.engine
        controller = ViewController(name: name, engine: engine, frame: frame)
        let bar = Self.barHeight
        contentView = engine.makeView(frame: Rect(x: 0, y: bar, width: frame.size.width,
                                                  height: max(frame.size.height - bar, 0)), name: "\(name) content")
        navigationBar = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width, height: bar),
                                        name: "\(name) bar")
        navigationBar.backgroundColor = RGBAColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)
        viewControllers = [root]
        try controller.view.addSubview(contentView)
        try controller.view.addSubview(navigationBar)
        root.view.frame = contentView.bounds
        try contentView.addSubview(root.view)
        try navigationBar.addSubview(titleView(for: root))
    }

    /// Creates a navigation controller whose root is a collection view controller.
    ///
    /// - Throws: `EngineError` when the root's view cannot be installed.
    public convenience init(name: String = "navigation", rootCollection: CollectionViewController,
                            runtime: TransitionRuntime, frame: Rect) throws(EngineError) {
        try self.init(name: name, root: rootCollection.controller, runtime: runtime, frame: frame)
        collections[ObjectIdentifier(rootCollection.controller)] = rootCollection
    }

    /// pushViewController(_:animated:).
    ///
    /// - Returns: the transition's outcome; when cancelled the stack is unchanged.
    /// - Throws: `EngineError` when the screen is already in the stack.
    @discardableResult
    public func push(_ screen: ViewController, animator: TransitionAnimator?, animated: Bool = true,
                     interaction: InteractionScript? = nil,
                     onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        guard !viewControllers.contains(where: { $0 === screen }) else {
            throw EngineError("\(screen.name) is already in the navigation stack")
        }
        return try move(to: viewControllers + [screen], operation: .push, animator: animator, animated: animated,
                        interaction: interaction, onFrame: onFrame)
    }

    /// Pushes a collection view controller. When it uses layout-to-layout navigation
    /// transitions and the top is a collection view controller, the shared collection
    /// view animates to its layout (`animator` is not used); otherwise as `push`.
    @discardableResult
    public func push(collection: CollectionViewController, animator: TransitionAnimator?, animated: Bool = true,
                     interaction: InteractionScript? = nil,
                     onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        collections[ObjectIdentifier(collection.controller)] = collection
        let layoutAnimator = collection.useLayoutToLayoutNavigationTransitions
            ? collections[ObjectIdentifier(topViewController)].map { LayoutToLayoutAnimator(from: $0, to: collection) }
            : nil
        return try push(collection.controller, animator: layoutAnimator ?? animator, animated: animated,
                        interaction: interaction, onFrame: onFrame)
    }

    /// The layout-to-layout animator for popping the top, when the top and the screen
    /// below are collection view controllers and the top uses layout-to-layout transitions.
    private func layoutAnimatorForPop() -> TransitionAnimator? {
        guard viewControllers.count > 1,
              let top = collections[ObjectIdentifier(topViewController)], top.useLayoutToLayoutNavigationTransitions,
              let below = collections[ObjectIdentifier(viewControllers[viewControllers.count - 2])] else { return nil }
        return LayoutToLayoutAnimator(from: top, to: below)
    }

    /// popViewController(animated:).
    ///
    /// - Returns: nil when only the root is left (nothing to pop, as in UIKit), else the outcome.
    @discardableResult
    public func pop(animator: TransitionAnimator?, animated: Bool = true, interaction: InteractionScript? = nil,
                    onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome? {
        guard viewControllers.count > 1 else { return nil }
        return try move(to: Array(viewControllers.dropLast()), operation: .pop,
                        animator: layoutAnimatorForPop() ?? animator, animated: animated,
                        interaction: interaction, onFrame: onFrame)
    }

    /// popToRootViewController(animated:): one pop transition from the top to the root.
    ///
    /// - Returns: nil when the root is already on top.
    @discardableResult
    public func popToRoot(animator: TransitionAnimator?, animated: Bool = true,
                          onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome? {
        guard viewControllers.count > 1 else { return nil }
        return try move(to: [viewControllers[0]], operation: .pop, animator: animator, animated: animated,
                        interaction: nil, onFrame: onFrame)
    }

    /// setViewControllers(_:animated:): replaces the stack; when the top changes, a push
    /// (the new top was not in the stack) or a pop (it was) runs, as in UIKit.
    ///
    /// - Returns: nil when the top is unchanged.
    /// - Throws: `EngineError` for an empty list or a screen listed twice.
    @discardableResult
    public func setViewControllers(_ screens: [ViewController], animator: TransitionAnimator?, animated: Bool = true,
                                   onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome? {
        guard let newTop = screens.last else { throw EngineError("a navigation stack needs at least one screen") }
        for (index, screen) in screens.enumerated() where screens[..<index].contains(where: { $0 === screen }) {
            throw EngineError("\(screen.name) is listed twice")
        }
        guard newTop !== topViewController else {
            viewControllers = screens
            return nil
        }
        let operation: TransitionOperation = viewControllers.contains { $0 === newTop } ? .pop : .push
        return try move(to: screens, operation: operation, animator: animator, animated: animated, interaction: nil,
                        onFrame: onFrame)
    }

    /// The operation the resolver would be asked for to show `screen` (navigation
    /// controller delegate): push, or pop when it is below the top.
    public func operation(toShow screen: ViewController) -> TransitionOperation {
        viewControllers.dropLast().contains { $0 === screen } ? .pop : .push
    }

    private func move(to stack: [ViewController], operation: TransitionOperation, animator: TransitionAnimator?,
                      animated: Bool, interaction: InteractionScript?,
                      onFrame: ((Double) -> Void)?) throws(EngineError) -> TransitionOutcome {
        let from = topViewController, to = stack[stack.count - 1]
        let oldTitle = navigationBar.subviews.last
        let newTitle = titleView(for: to)
        let outcome = try runtime.transition(operation, in: contentView, from: from, to: to, animator: animator,
                                             animated: animated, interaction: interaction, willBegin: { [navigationBar] coordinator in
            // The bar's title cross-fades alongside, its time following the transition's.
            newTitle.alpha = 0
            try? navigationBar.addSubview(newTitle)
            coordinator.animateAlongsideTransition(in: navigationBar, animation: { _ in
                newTitle.alpha = 1
                oldTitle?.alpha = 0
            }, completion: { context in
                // The bar settles with the transition, before its last frame is drawn.
                if context.isCancelled {
                    newTitle.removeFromSuperview()
                    oldTitle?.alpha = 1
                } else {
                    oldTitle?.removeFromSuperview()
                }
            })
        }, onFrame: onFrame)
        if outcome.completed { viewControllers = stack }
        return outcome
    }

    /// The bar's title for a screen: a view named after it, centred in the bar.
    private func titleView(for screen: ViewController) -> View {
        let width = min(200, navigationBar.bounds.size.width)
        let title = runtime.engine.makeView(frame: Rect(x: (navigationBar.bounds.size.width - width) / 2, y: 10,
                                                        width: width, height: 24), name: "title: \(screen.name)")
        title.layer.text = LayerText(screen.name, size: 12)
        return title
    }
}
