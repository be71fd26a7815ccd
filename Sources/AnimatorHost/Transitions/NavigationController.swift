import AnimatorEngine

/// UINavigationController: a stack of screens in a content view under a navigation bar.
/// The bar (under a status bar, as on an iPhone 14) shows the top screen's title and,
/// below the root, a back button naming the screen beneath ("‹ Places"). Push and pop run
/// as transitions in the content view while the bar runs its own alongside, following an
/// interactive transition when there is one, as UIKit's bar animates them: on push the new
/// title slides in from the trailing edge, the old title slides to the back button's place
/// and cross-fades into the new back button's title, which travels the same path, while
/// the back chevron fades in where it stands; pop runs the same in reverse (the back
/// button's title slides out to become the title). The titles' widths are estimated from
/// their length (timelines do not depend on fonts), so the two texts coincide closely
/// rather than to the pixel.
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
    /// The bar's bottom hairline.
    private let hairline: View

    /// A screen's title and back button in the bar.
    struct BarItems {
        var title: View
        /// The back button: the chevron and the title of the screen below.
        var back: View?
        /// The back button's chevron.
        var backChevron: View?
        /// The back button's title.
        var backTitle: View?

        /// Every view the items animate.
        var views: [View] { [title, back, backChevron, backTitle].compactMap { $0 } }
    }

    /// The back button's width in a bar `width` points wide.
    static func backButtonWidth(in width: Double) -> Double { min(120, width / 3) }
    /// Where the back button's title begins past the button's leading edge (after the chevron).
    static let backTitleInset = 16.0
    /// The width a title's text is taken to have: 0.55 em per character at 17 points (the
    /// average advance of a system font's semibold letters), within the 200-point title.
    static func estimatedTitleWidth(_ text: String) -> Double { min(Double(text.count) * 0.55 * 17, 200) }

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
        defer { controller.asNavigationController = self }
        contentView = engine.makeView(frame: Rect(x: 0, y: bar, width: frame.size.width,
                                                  height: max(frame.size.height - bar, 0)), name: "\(name) content")
        navigationBar = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width, height: bar),
                                        name: "\(name) bar")
        let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
        navigationBar.backgroundColor = SystemPalette.color(palette.bar)
        hairline = engine.makeView(frame: Rect(x: 0, y: bar - 0.5, width: frame.size.width, height: 0.5),
                                   name: "\(name) bar hairline")
        viewControllers = [root]
        root.navigationController = self
        try controller.view.addSubview(contentView)
        try controller.view.addSubview(navigationBar)
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

    /// Lays the controller out again for its view's size and the runtime's traits (the
    /// window changed size): the bar across the top (its height follows the status bar:
    /// none on an iPhone on its side) with the top screen's items made again for the new
    /// width, the content below it, every screen of the stack filling the content.
    func layOut() throws(EngineError) {
        let bounds = controller.view.bounds
        let bar = barHeight
        navigationBar.frame = Rect(x: 0, y: 0, width: bounds.size.width, height: bar)
        hairline.frame = Rect(x: 0, y: bar - 0.5, width: bounds.size.width, height: 0.5)
        let top = navigationBar.isHidden ? 0 : bar
        contentView.frame = Rect(x: 0, y: top, width: bounds.size.width, height: max(bounds.size.height - top, 0))
        for screen in viewControllers { screen.view.frame = contentView.bounds }
        for entry in items.values { for view in entry.views where view.superview == navigationBar { view.removeFromSuperview() } }
        items = [:]
        for (index, screen) in viewControllers.enumerated() {
            items[ObjectIdentifier(screen)] = makeItems(for: screen, below: index > 0 ? viewControllers[index - 1] : nil)
        }
        if let shown = items[ObjectIdentifier(topViewController)] { try install(shown) }
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
        let rightToLeft = runtime.traits.layoutDirection == .rightToLeft
        // Toward the leading edge (the back button's side): left, or right in right-to-left.
        let leading = rightToLeft ? 1.0 : -1.0
        // How far a back button's title travels to stand where a title with its text stands.
        func toTitle(_ text: String?) -> Double {
            guard let text else { return 0 }
            let half = Self.estimatedTitleWidth(text) / 2
            let inset = 8 + Self.backTitleInset
            return rightToLeft ? (width / 2 + half) - (width - inset) : (width / 2 - half) - inset
        }
        let push = operation == .push
        // The lower screen's title is the upper screen's back button's: the two cross-fade.
        let lower = push ? leaving : entering
        let travel = toTitle(lower?.title.layer.text?.string)
        for screen in stack { screen.navigationController = self }
        stackInTransition = stack
        defer { stackInTransition = nil }
        let outcome = try runtime.transition(operation, in: contentView, from: from, to: to, animator: animator,
                                             animated: animated, interaction: interaction, willBegin: { [self] coordinator in
            try? install(entering)
            for view in [entering.title, entering.backChevron, entering.backTitle].compactMap({ $0 }) { view.alpha = 0 }
            // Where the entering views start, and where the leaving ones go.
            let titleAway = AffineTransform(translationX: -leading * width / 2, y: 0)
            let titleAtBack = AffineTransform(translationX: -travel, y: 0)
            let backTitleAtTitle = AffineTransform(translationX: travel, y: 0)
            let backTitleAway = AffineTransform(translationX: leading * width / 4, y: 0)
            if push {
                entering.title.transform = titleAway
                entering.backTitle?.transform = backTitleAtTitle
            } else {
                entering.title.transform = titleAtBack
                entering.backTitle?.transform = backTitleAway
            }
            coordinator.animateAlongsideTransition(in: navigationBar, animation: { _ in
                for view in [entering.title, entering.backChevron, entering.backTitle].compactMap({ $0 }) {
                    view.alpha = 1
                    view.transform = .identity
                }
                for view in [leaving?.title, leaving?.backChevron, leaving?.backTitle].compactMap({ $0 }) { view.alpha = 0 }
                if push {
                    leaving?.title.transform = titleAtBack
                    leaving?.backTitle?.transform = backTitleAway
                } else {
                    leaving?.title.transform = titleAway
                    leaving?.backTitle?.transform = backTitleAtTitle
                }
            }, completion: { context in
                // The bar settles with the transition, before its last frame is drawn.
                let (gone, kept) = context.isCancelled ? (Optional(entering), leaving) : (leaving, Optional(entering))
                for view in [gone?.title, gone?.back].compactMap({ $0 }) { view.removeFromSuperview() }
                self.engine.performWithoutAnimation {
                    for view in kept?.views ?? [] {
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
        guard let below else { return BarItems(title: title) }
        // On the leading edge: the left, or in a right-to-left layout the right, its
        // chevron pointing back toward that edge and the screen below's title after it.
        let buttonWidth = Self.backButtonWidth(in: width)
        let rightToLeft = runtime.traits.layoutDirection == .rightToLeft
        let button = engine.makeView(frame: Rect(x: rightToLeft ? width - 8 - buttonWidth : 8, y: top, width: buttonWidth,
                                                 height: 44), name: "back: \(screen.name)")
        let blue = SystemPalette.color(palette.blue)
        let chevron = engine.makeView(frame: Rect(x: rightToLeft ? buttonWidth - 12 : 0, y: 0, width: 12, height: 44),
                                      name: "back chevron: \(screen.name)")
        chevron.layer.text = LayerText(rightToLeft ? "\u{203A}" : "\u{2039}", color: blue, size: 17,
                                       alignment: rightToLeft ? .right : .left)
        let inset = Self.backTitleInset
        let label = engine.makeView(frame: Rect(x: rightToLeft ? 0 : inset, y: 0, width: buttonWidth - inset, height: 44),
                                    name: "back title: \(screen.name)")
        label.layer.text = LayerText(below.displayTitle, color: blue, size: 17, alignment: rightToLeft ? .right : .left)
        try? button.addSubview(chevron)
        try? button.addSubview(label)
        return BarItems(title: title, back: button, backChevron: chevron, backTitle: label)
    }

    private func install(_ items: BarItems) throws(EngineError) {
        try install(items.title)
        if let back = items.back { try install(back) }
    }

    private func install(_ view: View) throws(EngineError) {
        if view.superview != navigationBar { try navigationBar.addSubview(view) }
    }
}
