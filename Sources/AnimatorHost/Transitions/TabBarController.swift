import AnimatorEngine

/// UITabBarController: screens selected by index, shown in a content view above a tab
/// bar. The bar (49 points over the home indicator's 34, as on an iPhone 14) shows one
/// item per tab, an icon over its title, the selected one tinted blue and the others
/// grey. Selecting another tab tints its item at once, as a tap does, and runs a tab
/// transition in the content view; a cancelled transition gives the tint back.
public final class TabBarController {
    /// The tab bar controller's own screen: content view and tab bar.
    public let controller: ViewController
    /// The bar across the bottom.
    public let tabBar: View
    /// Where the selected screen's view lives: the transitions' container.
    public let contentView: View
    /// The tabs' screens.
    public let viewControllers: [ViewController]
    /// The selected tab's index.
    public private(set) var selectedIndex: Int
    let runtime: TransitionRuntime
    /// The bar's height in points: the items (49) and the device's bottom safe area (the home
    /// indicator's 34 on the default iPhone, none on an iPhone SE).
    public var barHeight: Double { Self.barHeight(for: runtime.traits) }
    /// `barHeight` for a device's traits.
    static func barHeight(for traits: Traits) -> Double { 49 + traits.safeArea.bottom }
    /// Each tab's item: its view, its icon's tinted parts and its title.
    private var itemViews: [(item: View, icon: [View], title: View)] = []
    /// The bar's top hairline.
    private let hairline: View

    /// The selected tab's screen.
    public var selectedViewController: ViewController { viewControllers[selectedIndex] }

    /// Creates a tab bar controller showing its first tab, filling `frame`.
    ///
    /// - Throws: `EngineError` for no tabs, or when a view cannot be installed.
    public init(name: String = "tabs", viewControllers: [ViewController], runtime: TransitionRuntime,
                frame: Rect) throws(EngineError) {
        guard !viewControllers.isEmpty else { throw EngineError("a tab bar controller needs at least one tab") }
        self.runtime = runtime
        self.viewControllers = viewControllers
        selectedIndex = 0

        let engine = runtime.engine
        let bar = Self.barHeight(for: runtime.traits)
        controller = ViewController(name: name, engine: engine, frame: frame)
        defer { controller.asTabBarController = self }
        contentView = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width,
                                                  height: max(frame.size.height - bar, 0)), name: "\(name) content")
        tabBar = engine.makeView(frame: Rect(x: 0, y: max(frame.size.height - bar, 0), width: frame.size.width,
                                             height: bar), name: "\(name) bar")
        let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
        tabBar.backgroundColor = SystemPalette.color(palette.bar)
        hairline = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width, height: 0.5), name: "\(name) bar hairline")
        try controller.view.addSubview(contentView)
        try controller.view.addSubview(tabBar)
        hairline.backgroundColor = SystemPalette.color(palette.separator)
        try tabBar.addSubview(hairline)
        try makeItems(width: frame.size.width)
        for screen in viewControllers { screen.tabBarController = self }
        viewControllers[0].view.frame = contentView.bounds
        try contentView.addSubview(viewControllers[0].view)
        tint(selected: 0)
    }

    /// Makes the bar's items for a bar `width` points wide, one per tab.
    private func makeItems(width: Double) throws(EngineError) {
        let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
        let engine = runtime.engine
        let itemWidth = width / Double(viewControllers.count)
        // The first tab on the leading edge: the left, or in a right-to-left layout the right.
        let rightToLeft = runtime.traits.layoutDirection == .rightToLeft
        for (index, screen) in viewControllers.enumerated() {
            let slot = rightToLeft ? viewControllers.count - 1 - index : index
            let item = engine.makeView(frame: Rect(x: Double(slot) * itemWidth, y: 0, width: itemWidth, height: 49),
                                       name: "tab item: \(screen.name)")
            try tabBar.addSubview(item)
            let icon = try Self.icon(index, in: item, centerX: itemWidth / 2, name: screen.name)
            let title = engine.makeView(frame: Rect(x: 0, y: 33, width: itemWidth, height: 13), name: "tab title: \(screen.name)")
            title.layer.text = LayerText(screen.tabBarItemTitle ?? screen.displayTitle, color: SystemPalette.color(palette.label),
                                         size: 10, weight: .semibold)
            try item.addSubview(title)
            itemViews.append((item, icon, title))
        }
    }

    /// Lays the controller out again for its view's size and the runtime's traits (the
    /// window changed size): the content above the bar, the bar across the bottom with its
    /// items made again for the new width, the selected tab's view filling the content.
    func layOut() throws(EngineError) {
        let bounds = controller.view.bounds
        let bar = tabBar.isHidden ? 0 : barHeight
        contentView.frame = Rect(x: 0, y: 0, width: bounds.size.width, height: max(bounds.size.height - bar, 0))
        tabBar.frame = Rect(x: 0, y: max(bounds.size.height - barHeight, 0), width: bounds.size.width, height: barHeight)
        hairline.frame = Rect(x: 0, y: 0, width: bounds.size.width, height: 0.5)
        for entry in itemViews { entry.item.removeFromSuperview() }
        itemViews = []
        try makeItems(width: bounds.size.width)
        tint(selected: selectedIndex)
        for screen in viewControllers { screen.view.frame = contentView.bounds }
    }

    /// Draws tab `index`'s icon, 28 points wide above the title: stacked rows (a list) for
    /// even tabs, a ring with a dot (a dial) for odd ones. Returns the parts to tint.
    private static func icon(_ index: Int, in item: View, centerX: Double, name: String) throws(EngineError) -> [View] {
        let engine = item.engine
        var parts: [View] = []
        func part(_ frame: Rect, radius: Double, _ label: String) throws(EngineError) -> View {
            let view = engine.makeView(frame: frame, name: "tab icon: \(name) \(label)")
            view.layer.cornerRadius = radius
            try item.addSubview(view)
            parts.append(view)
            return view
        }
        if index % 2 == 0 {
            for row in 0..<3 {
                let y = 6 + Double(row) * 8
                _ = try part(Rect(x: centerX - 13, y: y, width: 5, height: 5), radius: 2.5, "dot \(row + 1)")
                _ = try part(Rect(x: centerX - 5, y: y + 0.5, width: 18, height: 4), radius: 2, "bar \(row + 1)")
            }
        } else {
            let ring = try part(Rect(x: centerX - 12, y: 4, width: 24, height: 24), radius: 12, "ring")
            ring.layer.borderWidth = 3
            ring.backgroundColor = nil
            _ = try part(Rect(x: centerX - 4, y: 12, width: 8, height: 8), radius: 4, "dot")
        }
        return parts
    }

    /// Tints tab `selected`'s item blue and the others grey.
    private func tint(selected: Int) {
        for (index, item) in itemViews.enumerated() {
            // The selected item's tint (systemBlue) and the others' (systemGray).
            let palette = SystemPalette.of(runtime.traits.userInterfaceStyle)
            let color = SystemPalette.color(index == selected ? palette.blue : palette.gray)
            for part in item.icon {
                if part.layer.borderWidth > 0 { part.layer.borderColor = color } else { part.backgroundColor = color }
            }
            var text = item.title.layer.text
            text?.color = color
            item.title.layer.text = text
        }
    }

    /// Whether the tab bar is hidden: a hidden bar gives the whole screen to the content
    /// view (and the selected screen's view).
    public var isTabBarHidden: Bool {
        get { tabBar.isHidden }
        set {
            tabBar.isHidden = newValue
            let bounds = controller.view.bounds
            contentView.frame = Rect(x: 0, y: 0, width: bounds.size.width,
                                     height: max(bounds.size.height - (newValue ? 0 : barHeight), 0))
            selectedViewController.view.frame = contentView.bounds
        }
    }

    /// Selects a tab (selectedIndex = index, as a tap on the bar does).
    ///
    /// - Returns: nil when the tab is already selected (UIKit runs no transition), else
    ///   the outcome; when cancelled the selection is unchanged.
    /// - Throws: `EngineError` for an index outside the tabs.
    @discardableResult
    public func select(_ index: Int, animator: TransitionAnimator?, animated: Bool = true,
                       interaction: InteractionScript? = nil,
                       onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome? {
        guard viewControllers.indices.contains(index) else {
            throw EngineError("no tab \(index) (the tabs are 0...\(viewControllers.count - 1))")
        }
        guard index != selectedIndex else { return nil }
        let previous = selectedIndex
        let outcome = try runtime.transition(.tab, in: contentView, from: selectedViewController,
                                             to: viewControllers[index], animator: animator, animated: animated,
                                             interaction: interaction, willBegin: { [self] coordinator in
            runtime.engine.performWithoutAnimation { tint(selected: index) }
            coordinator.animate(alongsideTransition: nil, completion: { context in
                if context.isCancelled { self.runtime.engine.performWithoutAnimation { self.tint(selected: previous) } }
            })
        }, onFrame: onFrame)
        if outcome.completed { selectedIndex = index }
        return outcome
    }
}
