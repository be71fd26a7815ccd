import AnimatorEngine

/// UINavigationController: a stack of screens in a content view under a navigation bar.
/// The bar (under a status bar, as on an iPhone 14) shows the top screen's title and,
/// below the root, a back button naming the screen beneath ("‹ Places"). Push and pop run
/// as transitions in the content view while the bar runs its own alongside, following an
/// interactive transition when there is one: on push the new title slides in from the
/// right as the old one slides toward the back button and fades, and the new back button
/// fades in; pop runs the same in reverse.
public final class NavigationController {
    /// The navigation controller's own screen: content view and navigation bar.
    public let controller: ViewController
    /// The navigation bar across the top.
    public let navigationBar: View
    /// Where the top screen's view lives: the transitions' container.
    public let contentView: View
    /// The stack, root first.
    public private(set) var viewControllers: [ViewController]
    /// The stack a running transition makes: UIKit shows it from the transition's start.
    private var stackInTransition: [ViewController]?
    /// viewControllers as UIKit answers it now: during a push or pop, the new stack.
    public var visibleStack: [ViewController] { stackInTransition ?? viewControllers }
    let runtime: TransitionRuntime
    /// The collection view controllers pushed with `push(collection:)`, by screen.
    private var collections: [ObjectIdentifier: CollectionViewController] = [:]
    /// The bar's height in points: the status bar (the device's top safe area: 47 on the
    /// default iPhone, 20 on an iPhone SE, none on an iPhone on its side) and the
    /// navigation bar (44).
    public var barHeight: Double { Self.barHeight(for: runtime.traits) }
    /// `barHeight` for a device's traits.
    static func barHeight(for traits: Traits) -> Double { traits.safeArea.top + 44 }
    /// The status bar's height, above the bar's items: the top safe area.
    public var statusBarHeight: Double { runtime.traits.safeArea.top }
    /// Each screen's bar items while it is in the stack.
    private var items: [ObjectIdentifier: BarItems] = [:]

    /// A screen's title and back button in the bar.
    struct BarItems {
        var title: View
        var back: View?
    }

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
        let bar = Self.barHeight(for: runtime.traits)
        contentView = engine.makeView(frame: Rect(x: 0, y: bar, width: frame.size.width,
                                                  height: max(frame.size.height - bar, 0)), name: "\(name) content")
        navigationBar = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width, height: bar),
                                        name: "\(name) bar")
        let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
        navigationBar.backgroundColor = SystemPalette.color(palette.bar)
        viewControllers = [root]
        root.navigationController = self
        try controller.view.addSubview(contentView)
        try controller.view.addSubview(navigationBar)
        let hairline = engine.makeView(frame: Rect(x: 0, y: bar - 0.5, width: frame.size.width, height: 0.5),
                                       name: "\(name) bar hairline")
        hairline.backgroundColor = SystemPalette.color(palette.separator)
        try navigationBar.addSubview(hairline)
        root.view.frame = contentView.bounds
        try contentView.addSubview(root.view)
        let rootItems = makeItems(for: root, below: nil)
        items[ObjectIdentifier(root)] = rootItems
        try install(rootItems)
    }

    /// setNavigationBarHidden(_:animated: false): a hidden bar gives the whole screen to the
    /// content view (and the top screen's view).
    public var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set {
            navigationBar.isHidden = newValue
            let bounds = controller.view.bounds
            let top = newValue ? 0 : barHeight
            contentView.frame = Rect(x: 0, y: top, width: bounds.size.width, height: max(bounds.size.height - top, 0))
            topViewController.view.frame = contentView.bounds
        }
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
        let leaving = items[ObjectIdentifier(from)]
        let below = stack.count > 1 ? stack[stack.count - 2] : nil
        let entering = items[ObjectIdentifier(to)] ?? makeItems(for: to, below: below)
        let width = navigationBar.bounds.size.width
        // Push: the new title comes from the right, the old one goes toward the back button.
        let shift = width * 0.4 * (operation == .pop ? -1 : 1)
        for screen in stack { screen.navigationController = self }
        stackInTransition = stack
        defer { stackInTransition = nil }
        let outcome = try runtime.transition(operation, in: contentView, from: from, to: to, animator: animator,
                                             animated: animated, interaction: interaction, willBegin: { [self] coordinator in
            for view in [entering.title, entering.back].compactMap({ $0 }) {
                view.alpha = 0
                try? install(view)
            }
            entering.title.transform = AffineTransform(translationX: shift, y: 0)
            entering.back?.transform = AffineTransform(translationX: shift / 4, y: 0)
            coordinator.animateAlongsideTransition(in: navigationBar, animation: { _ in
                entering.title.alpha = 1
                entering.title.transform = .identity
                entering.back?.alpha = 1
                entering.back?.transform = .identity
                leaving?.title.alpha = 0
                leaving?.title.transform = AffineTransform(translationX: -shift, y: 0)
                leaving?.back?.alpha = 0
            }, completion: { context in
                // The bar settles with the transition, before its last frame is drawn.
                let (gone, kept) = context.isCancelled ? (Optional(entering), leaving) : (leaving, Optional(entering))
                for view in [gone?.title, gone?.back].compactMap({ $0 }) { view.removeFromSuperview() }
                self.engine.performWithoutAnimation {
                    for view in [kept?.title, kept?.back].compactMap({ $0 }) {
                        view.alpha = 1
                        view.transform = .identity
                    }
                }
            })
        }, onFrame: onFrame)
        // Screens that left the stack (or never joined it, on a cancel) are no longer in it.
        let kept = outcome.completed ? stack : viewControllers
        for screen in viewControllers + stack where !kept.contains(where: { $0 === screen }) {
            screen.navigationController = nil
        }
        if outcome.completed {
            viewControllers = stack
            items = items.filter { key, _ in stack.contains { ObjectIdentifier($0) == key } }
            items[ObjectIdentifier(to)] = entering
        }
        return outcome
    }

    private var engine: AnimationEngine { runtime.engine }

    /// The bar's items for a screen: its title, centred, and a back button naming the
    /// screen below it, if any.
    private func makeItems(for screen: ViewController, below: ViewController?) -> BarItems {
        let width = navigationBar.bounds.size.width
        let top = statusBarHeight
        let titleWidth = min(200, width)
        let title = engine.makeView(frame: Rect(x: (width - titleWidth) / 2, y: top, width: titleWidth, height: 44),
                                    name: "title: \(screen.name)")
        let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
        title.layer.text = LayerText(screen.displayTitle, color: SystemPalette.color(palette.label), size: 17, weight: .semibold)
        var back: View?
        if let below {
            // On the leading edge: the left, or in a right-to-left layout the right, its
            // chevron pointing back toward that edge.
            let buttonWidth = min(120, width / 3)
            let rightToLeft = runtime.traits.layoutDirection == .rightToLeft
            let button = engine.makeView(frame: Rect(x: rightToLeft ? width - 8 - buttonWidth : 8, y: top, width: buttonWidth,
                                                     height: 44), name: "back: \(screen.name)")
            button.layer.text = LayerText(rightToLeft ? below.displayTitle + " \u{203A}" : "\u{2039} " + below.displayTitle,
                                          color: SystemPalette.color(palette.blue), size: 17,
                                          alignment: rightToLeft ? .right : .left)
            back = button
        }
        return BarItems(title: title, back: back)
    }

    private func install(_ items: BarItems) throws(EngineError) {
        try install(items.title)
        if let back = items.back { try install(back) }
    }

    private func install(_ view: View) throws(EngineError) {
        if view.superview != navigationBar { try navigationBar.addSubview(view) }
    }
}
