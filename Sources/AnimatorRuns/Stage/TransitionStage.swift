import AnimatorEngine
import AnimatorHost
import AnimatorSupport

/// Two screens, "from" and "to", in the containers an operation has in UIKit, set up so
/// that one transition can run between them: what `animator-host run <animator>
/// --operation OP` shows.
///
/// - push and pop run in a navigation controller: push from the list ("Places") to the
///   detail page ("Lisbon"), pop back from the detail page to the list; the bar shows the
///   title and the back button and runs its own transition.
/// - tab runs in a tab bar controller from its first tab (the list) to its second
///   (settings); the bar tints the selected item.
/// - present shows the detail page over the list modally in `style` (fullScreen by
///   default; pageSheet shrinks the list behind a sheet); dismiss takes it away again,
///   after a presentation made without animation.
///
/// A stage runs its operation, and then whatever the app can do next, as a flow does
/// (`StageFlow`): after a push, a pop; after a presentation, a dismissal; after a tab
/// change, the change back; after a cancelled interactive transition, the same operation
/// again. Its screens can show pictures instead of the built-in content (`fromImage`,
/// `toImage`): a designer's screenshots of their own app.
public final class TransitionStage {
    /// The runtime the stage lives in.
    public let runtime: TransitionRuntime
    /// The outgoing screen.
    public let from: ViewController
    /// The incoming screen.
    public let to: ViewController
    /// The root screen: for present and dismiss the screen below, otherwise the
    /// navigation or tab bar controller's screen.
    public private(set) var root: ViewController
    /// How present and dismiss present the detail page (set before `prepare`).
    public var style = ModalPresentationStyle.fullScreen
    /// A picture to show as the outgoing screen instead of its built-in content (set
    /// before `prepare`): a screenshot, filling the screen (aspect fill).
    public var fromImage: Image?
    /// A picture to show as the incoming screen, likewise.
    public var toImage: Image?
    /// The navigation controller of push and pop, once prepared.
    public private(set) var navigation: NavigationController?
    /// The tab bar controller of tab, once prepared.
    public private(set) var tabs: TabBarController?

    /// Creates a stage in `runtime`'s window, which must have no root yet.
    public init(runtime: TransitionRuntime) {
        self.runtime = runtime
        let bounds = runtime.window.bounds
        root = ViewController(name: "root", engine: runtime.engine, frame: bounds)
        from = ViewController(name: "from", engine: runtime.engine, frame: bounds)
        to = ViewController(name: "to", engine: runtime.engine, frame: bounds)
    }

    /// The operation the stage was set up for, once `prepare` ran.
    public private(set) var preparedOperation: TransitionOperation?
    /// The one operation the app can perform now: the prepared one, then after each
    /// transition that completed its way back (after one that was cancelled, the same).
    public private(set) var nextOperation: TransitionOperation?
    /// The screen below (the list, the first tab) and the one shown over it or beside it:
    /// "to" and "from" when the stage was set up to go back (dismiss, pop).
    private var lower: ViewController { goesBack ? to : from }
    private var upper: ViewController { goesBack ? from : to }
    private var goesBack: Bool { preparedOperation == .dismiss || preparedOperation == .pop }

    /// Puts the state before `operation` on screen with no transition: the list as the
    /// window's root (present); the list with the detail page presented over it (dismiss);
    /// the list in a navigation controller (push) or under the detail page pushed on it
    /// (pop); the list as a tab bar controller's first tab (tab). Preparing again for the
    /// same operation does nothing.
    ///
    /// - Parameter presenter: for dismiss, the animator whose library supplies the
    ///   presentation's controller, as the transitioning delegate would for the earlier
    ///   presentation (nil: the stage's `style`); for every operation, the animator whose
    ///   library may bring its own screens (`loadScreen`), which then replace the built-in
    ///   content (not the screenshots).
    /// - Throws: `EngineError` when the stage was prepared for another operation.
    public func prepare(_ operation: TransitionOperation, presenter: TransitionAnimator? = nil) throws(EngineError) {
        if let preparedOperation {
            guard preparedOperation == operation else {
                throw EngineError("the stage is set up for \(preparedOperation.rawValue), not \(operation.rawValue)")
            }
            return
        }
        preparedOperation = operation
        nextOperation = operation
        let bounds = runtime.window.bounds
        // Screenshots bring their own status bar; the built-in screens get the device's.
        if fromImage == nil && toImage == nil { try runtime.showStatusBar() }
        // The list is the screen below; the detail page (or settings) the one above.
        let (base, top) = (lower, upper)
        let topContent: ScreenContent = operation == .tab ? .settings : .detail
        // The library's own screens, by the names reports give them; they hear their
        // appearance callbacks.
        self.presenter = presenter
        if let presenter {
            runtime.appearanceObserver = { [weak self] screen, kind, animated in
                guard let self, self.ownScreens.contains(ObjectIdentifier(screen)) else { return }
                presenter.appearance(kind, of: screen.view, animated: animated)
            }
            // The library's session learns the new traits when the device turns, and its own
            // screens hear the window's changes of size.
            runtime.traitsObserver = { traits in presenter.traitsChanged(traits) }
            runtime.sizeChangeObserver = { [weak self] screen, change in
                guard let self, self.ownScreens.contains(ObjectIdentifier(screen)) else { return }
                presenter.sizeChange(change, of: screen.view)
            }
            // The status bar as the library's screens want it.
            runtime.statusBarPreference = { screen in presenter.statusBarPreference(of: screen.view) }
            presenter.observeStatusBarPreferences { [weak runtime] in runtime?.updateStatusBar() }
        }
        if fromImage == nil && toImage == nil, let presenter {
            let names = operation == .tab ? ("home", "settings") : ("list", "detail")
            for (screen, name) in [(base, names.0), (top, names.1)] {
                if let loaded = presenter.loadScreen(named: name, for: operation) {
                    // One view cannot be two screens (UIKit would move it from one to the other).
                    guard loaded.view != base.view, loaded.view != top.view else {
                        throw EngineError("the animator's library gave one view for two screens (\(name) and another)")
                    }
                    try screen.replaceView(with: loaded.view)
                    screen.title = loaded.title
                    ownScreens.insert(ObjectIdentifier(screen))
                }
            }
        }
        switch operation {
        case .present, .dismiss:
            try fill(base, .list, image: image(for: base), header: true)
            try fill(top, topContent, image: image(for: top), header: true)
            top.modalPresentationStyle = style
            root = base
            try runtime.setRoot(base)
            if operation == .dismiss { _ = try runtime.present(top, from: base, animator: presenter, animated: false) }
        case .push, .pop:
            try fill(base, .list, image: image(for: base), header: false)
            try fill(top, topContent, image: image(for: top), header: false)
            let navigation = try NavigationController(name: "navigation", root: base, runtime: runtime, frame: bounds)
            // Screenshots bring their own bars.
            if fromImage != nil || toImage != nil { navigation.isNavigationBarHidden = true }
            self.navigation = navigation
            root = navigation.controller
            try runtime.setRoot(root)
            // The container forwards its appearance to the child it shows, as UIKit does.
            runtime.appearanceObserver?(base, .willAppear, false)
            runtime.appearanceObserver?(base, .didAppear, false)
            if operation == .pop { try navigation.push(top, animator: nil, animated: false) }
        case .tab:
            try fill(base, .list, image: image(for: base), header: true)
            // Its tab carries the demo app's name for the list's tab, so that a tab is
            // called the same in single runs and in the demo.
            if fromImage == nil && toImage == nil && !ownScreens.contains(ObjectIdentifier(base)) { base.tabBarItemTitle = "Home" }
            try fill(top, topContent, image: image(for: top), header: true)
            let tabs = try TabBarController(name: "tabs", viewControllers: [base, top], runtime: runtime, frame: bounds)
            if fromImage != nil || toImage != nil { tabs.isTabBarHidden = true }
            self.tabs = tabs
            root = tabs.controller
            try runtime.setRoot(root)
            // The container forwards its appearance to the child it shows, as UIKit does.
            runtime.appearanceObserver?(base, .willAppear, false)
            runtime.appearanceObserver?(base, .didAppear, false)
        }
    }

    private func image(for screen: ViewController) -> Image? { screen === from ? fromImage : toImage }

    /// What reports call the two screens of `operation`: the names the demo app gives the
    /// same screens (present and push go from the list to the detail page, dismiss and pop
    /// back, tab from the home tab to settings), or "from" and "to" for screenshots.
    public func screenNames(for operation: TransitionOperation) -> (from: String, to: String) {
        if fromImage != nil || toImage != nil { return ("from", "to") }
        switch operation {
        case .present, .push: return ("list", "detail")
        case .dismiss, .pop: return ("detail", "list")
        case .tab: return ("home", "settings")
        }
    }

    /// Delivers a gesture at `point` (window coordinates) to the app through the view under
    /// it and takes the transition its handler asked for: it must be the stage's operation;
    /// a new screen it brings (present, push) becomes "to", with its title and style.
    private func touchRequest(_ gesture: TouchGesture, at point: Point, animator: TransitionAnimator?,
                              operation: TransitionOperation) throws(EngineError) -> ScreenRequest {
        let place = "the \(gesture.noun) at (\(JSONValue.format(point.x)), \(JSONValue.format(point.y)))"
        let bounds = runtime.window.bounds
        guard point.x >= 0, point.y >= 0, point.x < bounds.size.width, point.y < bounds.size.height else {
            throw EngineError("\(place) is outside the \(JSONValue.format(bounds.size.width))x"
                              + "\(JSONValue.format(bounds.size.height)) screen")
        }
        guard let hit = runtime.window.hitTest(point), let animator else {
            throw EngineError("\(place) landed on no view")
        }
        guard let request = animator.touch(gesture, at: point, on: hit, for: operation) else {
            if gesture != .tap, let instance = animator as? AnimatorInstance, !instance.takes(gesture) {
                throw EngineError("\(place) reached nothing: the library takes no long presses or swipes "
                                  + "(its animator has no touch call: ABI 1.12)")
            }
            throw EngineError("\(place) asked for no transition (no \(gesture.recognizerName) handler there called "
                              + "present, dismiss, pushViewController, popViewController or selected a tab)")
        }
        guard request.operation == operation else {
            throw EngineError("\(place) asked for \(request.operation.rawValue); the run is set up for \(operation.rawValue)")
        }
        let wantedTab = (tabs?.selectedIndex ?? 0) == 0 ? 1 : 0
        if operation == .tab, request.tabIndex != wantedTab {
            throw EngineError("\(place) selected tab \(request.tabIndex); the run changes to tab \(wantedTab)")
        }
        if let screen = request.screen {
            guard screen != lower.view, screen != root.view else {
                throw EngineError("\(place) asked to show a screen that is on screen already")
            }
            try upper.replaceView(with: screen)
            upper.title = request.title ?? upper.title
            ownScreens.insert(ObjectIdentifier(upper))
        }
        if let style = request.presentationStyle { upper.modalPresentationStyle = style }
        return request
    }

    /// The animator whose library brought screens and hears what happens to them.
    private var presenter: TransitionAnimator?
    /// How the device is held, once turned (the interface may not have followed).
    private var deviceOrientation: Traits.Orientation?

    /// Why the interface would not turn to `orientation` now, as UIKit decides it, or nil
    /// when it would: the view controller UIKit asks (the window's root, or the screen
    /// presented full screen over it) is a library's screen whose
    /// supportedInterfaceOrientations leaves that orientation out. The host's own screens,
    /// navigation and tab bar controllers support portrait and landscape.
    public func reasonNotToTurn(to orientation: Traits.Orientation) -> String? {
        var deciding = root
        while let presented = deciding.presentedViewController, presented.modalPresentationStyle == .fullScreen {
            deciding = presented
        }
        guard ownScreens.contains(ObjectIdentifier(deciding)),
              presenter?.supports(orientation, view: deciding.view) == false else { return nil }
        let which = deciding === root ? "the root screen" : "the screen presented full screen"
        return "\(which) supports \(orientation == .portrait ? "landscape" : "portrait") only (supportedInterfaceOrientations)"
    }

    /// The screens a library built (`loadScreen`): they keep their content.
    private var ownScreens: Set<ObjectIdentifier> = []

    /// The host's content of each screen that has it, to build again for a new size.
    private var filled: [ObjectIdentifier: (content: ScreenContent, header: Bool)] = [:]

    /// Gives a screen its content, or a picture filling it (not a library's own screen).
    private func fill(_ screen: ViewController, _ content: ScreenContent, image: Image?, header: Bool) throws(EngineError) {
        guard !ownScreens.contains(ObjectIdentifier(screen)) else {
            if screen.title == nil { screen.title = content.title }
            return
        }
        filled[ObjectIdentifier(screen)] = (content, header)
        screen.title = content.title
        if let image {
            try content.fill(screen, image: image, size: runtime.window.bounds.size)
        } else {
            try content.fill(screen, header: header, traits: runtime.traits)
        }
    }

    /// Runs `operation` with `animator` (nil: no animation), driven by `interaction` when
    /// given (a percent-driven interactive transition), after `prepare` (called here, with
    /// `animator` as the presenter, when it was not). A later call runs the next step of
    /// the app from where the last left it: `nextOperation` is the one it can take.
    ///
    /// - Parameters:
    ///   - animated: false performs the operation without animation, as UIKit's
    ///     `animated: false` does (a presentation still gets the animator's controller).
    ///   - tap: where a finger asks for the transition (window points), with `gesture`
    ///     (a tap by default, a long press or a swipe).
    ///   - onFrame: called after every frame with the clock time.
    /// - Returns: what happened.
    /// - Throws: `EngineError` when the operation cannot be performed now (it is not the
    ///   one the app can take, or a tap asks for another).
    public func perform(_ operation: TransitionOperation, animator: TransitionAnimator?, animated: Bool = true,
                        interaction: InteractionScript? = nil, tap: Point? = nil, gesture: TouchGesture = .tap,
                        onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> TransitionOutcome {
        if let nextOperation, nextOperation != operation {
            throw EngineError("\(operation.rawValue) cannot come now: \(Self.describe(nextOperation)) comes next")
        }
        if preparedOperation == nil { try prepare(operation, presenter: animator) }
        var animated = animated
        if let tap {
            let request = try touchRequest(gesture, at: tap, animator: animator, operation: operation)
            animated = animated && request.animated
        }
        let outcome: TransitionOutcome
        switch operation {
        case .present:
            outcome = try runtime.present(upper, from: lower, animator: animator, animated: animated,
                                          interaction: interaction, onFrame: onFrame)
        case .dismiss:
            outcome = try runtime.dismiss(upper, animator: animator, animated: animated, interaction: interaction,
                                          onFrame: onFrame)
        case .push:
            outcome = try navigation!.push(upper, animator: animator, animated: animated, interaction: interaction,
                                           onFrame: onFrame)
        case .pop:
            guard let popped = try navigation!.pop(animator: animator, animated: animated, interaction: interaction,
                                                   onFrame: onFrame) else {
                throw EngineError("nothing to pop")
            }
            outcome = popped
        case .tab:
            let target = tabs!.selectedIndex == 0 ? 1 : 0
            guard let selected = try tabs!.select(target, animator: animator, animated: animated, interaction: interaction,
                                                  onFrame: onFrame) else {
                throw EngineError("tab \(target) is selected already")
            }
            outcome = selected
        }
        if outcome.completed { nextOperation = Self.inverse(of: operation) }
        return outcome
    }

    /// Turns the device to `orientation` after the steps so far (a flow's "rotate", `run
    /// --rotate`): the window takes the screen's size held that way, and everything on
    /// screen hears it as UIKit tells it (`TransitionRuntime.changeSize`): the library's
    /// screens and presentation controllers their viewWillTransition(to:with:), the host's
    /// screens are built again for the new size, its navigation and tab bar controllers
    /// lay their bars out again.
    ///
    /// - Returns: the change, or nil when the interface does not turn (`reasonNotToTurn`:
    ///   the screen that decides does not support the orientation; nothing is told).
    /// - Throws: `EngineError` before the stage is prepared, or when the device is held that
    ///   way already.
    @discardableResult
    public func rotate(to orientation: Traits.Orientation, duration: Double = SizeChange.standardDuration,
                       onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> SizeChange? {
        guard preparedOperation != nil else { throw EngineError("nothing is on screen to turn yet") }
        guard (deviceOrientation ?? runtime.traits.orientation) != orientation else {
            throw EngineError("the device is held \(orientation.rawValue) already")
        }
        deviceOrientation = orientation
        // The device turns; the interface only where the screen that decides supports it.
        if reasonNotToTurn(to: orientation) != nil || runtime.traits.orientation == orientation { return nil }
        var traits = runtime.traits
        traits.orientation = orientation
        // The other way round: a custom --size turns as a device's screen does; a split
        // view window keeps its share of the screen held the new way.
        let size = runtime.window.bounds.size
        let turned = traits.split != nil && traits.device.isPad ? traits.windowSize : Size(width: size.height, height: size.width)
        return try runtime.changeSize(to: traits, size: turned, duration: duration, relayout: refill, onFrame: onFrame)
    }

    /// Gives the app `share` of the iPad's screen in split view (nil: the whole screen)
    /// after the steps so far (a flow's "split", `run --split`): the window takes its new
    /// width as iPadOS gives it (`SplitShare`), and everything on screen hears it as UIKit
    /// tells a size change (`TransitionRuntime.changeSize`), the size classes following the
    /// window (a third is compact wide: a split view controller collapses).
    ///
    /// - Throws: `EngineError` before the stage is prepared, on a device that is not an
    ///   iPad, or when the window has that share already.
    @discardableResult
    public func split(to share: SplitShare?, duration: Double = SizeChange.standardDuration,
                      onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> SizeChange {
        guard preparedOperation != nil else { throw EngineError("nothing is on screen to resize yet") }
        guard runtime.traits.device.isPad else {
            throw EngineError("split view is iPadOS's: the run's device is an \(runtime.traits.device.model) (--variant ipad)")
        }
        guard runtime.traits.split != share else {
            throw EngineError("the window has \(share.map { "the \($0.rawValue) share" } ?? "the whole screen") already")
        }
        var traits = runtime.traits
        traits.split = share
        return try runtime.changeSize(to: traits, size: traits.windowSize, duration: duration, relayout: refill,
                                      onFrame: onFrame)
    }

    /// Builds a screen's host content again for the window's new size (a screenshot is
    /// stretched anew): what a size change asks of each screen in the window.
    private func refill(_ screen: ViewController) throws(EngineError) {
        guard let entry = filled[ObjectIdentifier(screen)] else { return }
        for view in screen.view.subviews { view.removeFromSuperview() }
        try engineFill(screen, entry.content, header: entry.header)
    }

    /// Builds a screen's host content (or its picture) again at the runtime's traits and size.
    private func engineFill(_ screen: ViewController, _ content: ScreenContent, header: Bool) throws(EngineError) {
        if let image = image(for: screen) {
            try content.fill(screen, image: image, size: runtime.window.bounds.size)
        } else {
            try content.fill(screen, header: header, traits: runtime.traits)
        }
    }

    /// The operation that goes back from where `operation` leads.
    public static func inverse(of operation: TransitionOperation) -> TransitionOperation {
        switch operation {
        case .present: .dismiss
        case .dismiss: .present
        case .push: .pop
        case .pop: .push
        case .tab: .tab
        }
    }

    /// Where the app is when `operation` can come next, for messages.
    static func describe(_ operation: TransitionOperation) -> String {
        switch operation {
        case .present: "present (the list is on screen, nothing presented)"
        case .dismiss: "dismiss (the detail page is presented)"
        case .push: "push (the list is at the top of the navigation stack)"
        case .pop: "pop (the detail page is pushed)"
        case .tab: "tab (the other tab)"
        }
    }
}
