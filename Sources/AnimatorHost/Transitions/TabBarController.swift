/// UITabBarController: screens selected by index, shown in a content view above a tab
/// bar. Selecting another tab runs a tab transition in the content view.
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
    /// The bar's height in points.
    public static let barHeight = 49.0

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
        let bar = Self.barHeight
        controller = ViewController(name: name, engine: engine, frame: frame)
        contentView = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width,
                                                  height: max(frame.size.height - bar, 0)), name: "\(name) content")
        tabBar = engine.makeView(frame: Rect(x: 0, y: max(frame.size.height - bar, 0), width: frame.size.width,
                                             height: bar), name: "\(name) bar")
        tabBar.backgroundColor = RGBAColor(red: 0.97, green: 0.97, blue: 0.97, alpha: 1)
        try controller.view.addSubview(contentView)
        try controller.view.addSubview(tabBar)
        viewControllers[0].view.frame = contentView.bounds
        try contentView.addSubview(viewControllers[0].view)
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
        let outcome = try runtime.transition(.tab, in: contentView, from: selectedViewController,
                                             to: viewControllers[index], animator: animator, animated: animated,
                                             interaction: interaction, onFrame: onFrame)
        if outcome.completed { selectedIndex = index }
        return outcome
    }
}
