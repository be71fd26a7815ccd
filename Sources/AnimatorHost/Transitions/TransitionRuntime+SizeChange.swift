import AnimatorEngine

extension TransitionRuntime {
    /// Changes the window's size to `traits`' screen (a rotation when the orientation
    /// changes; a resize otherwise), as UIKit does between transitions: every screen in the
    /// window (and the one each navigation or tab bar controller shows) and every
    /// presentation controller hears viewWillTransition(to:with:) (the `.will` phase); then,
    /// inside one animation of `duration` on easeInOut, the traits change (`traitsObserver`),
    /// the window, the root screen, each presentation's container and presented view (at its
    /// controller's `frameOfPresentedViewInContainerView` of the new bounds, between
    /// `containerViewWillLayoutSubviews` and `containerViewDidLayoutSubviews`) take their new
    /// size, the host's navigation and tab bar controllers lay their bars out again, the
    /// receivers hear `.animate` (their own layout, their alongside animations), and the
    /// status bar and the host's content are made again for the new size; the clock runs
    /// to the animation's end, reporting each frame; then `.did`.
    ///
    /// - Parameters:
    ///   - size: the window's new size (nil: `traits`' screen as held).
    ///   - relayout: called inside the animation with each screen in the window, and each
    ///     its navigation and tab bar controllers hold, once its view has its new frame: for
    ///     content of the host's that is built for a size.
    ///   - onFrame: called with the clock time of the change's first picture (its start)
    ///     and after each frame step.
    /// - Returns: the change, as its receivers heard it.
    /// - Throws: `EngineError` for a size that is not finite and positive.
    @discardableResult
    public func changeSize(to traits: Traits, size: Size? = nil, duration: Double = SizeChange.standardDuration,
                           relayout: ((ViewController) throws(EngineError) -> Void)? = nil,
                           onFrame: ((Double) -> Void)? = nil) throws(EngineError) -> SizeChange {
        let from = window.bounds.size, to = size ?? traits.screenSize
        guard to.width.isFinite, to.height.isFinite, to.width > 0, to.height > 0 else {
            throw EngineError("the window cannot take the size \(to.width) × \(to.height)")
        }
        guard duration.isFinite, duration >= 0, duration <= TransitionRuntime.maximumDuration else {
            throw EngineError("a change of size cannot last \(duration) s (0 to \(Int(TransitionRuntime.maximumDuration)) s)")
        }
        let turn: Double
        switch (self.traits.orientation, traits.orientation) {
        case (.portrait, .landscape): turn = -Double.pi / 2
        case (.landscape, .portrait): turn = Double.pi / 2
        default: turn = 0
        }
        var change = SizeChange(from: from, to: to, duration: duration, rotation: turn)
        // What is in the window: the root, then each screen presented over the one before.
        var screens: [ViewController] = []
        var cursor = rootViewController
        while let screen = cursor {
            screens.append(screen)
            cursor = screen.presentedViewController
        }
        let presentations = screens.compactMap { screen in screen.presentationController.map { (screen, $0) } }
        // What hears the change: those screens, and the screens their navigation and tab
        // bar controllers show (a container passes it on to its visible child, as UIKit's do).
        var told: [ViewController] = [], held: [ViewController] = []
        for screen in screens {
            told.append(screen)
            held.append(screen)
            if let navigation = screen.asNavigationController {
                told.append(navigation.topViewController)
                held += navigation.viewControllers
            }
            if let tabs = screen.asTabBarController {
                told.append(tabs.selectedViewController)
                held += tabs.viewControllers
            }
        }
        for (screen, controller) in presentations {
            controller.currentTransition = standingPresentation(of: screen, controller: controller, traits: traits)
        }
        defer { for (_, controller) in presentations { controller.currentTransition = nil } }
        // The screen shows nothing outside the window: a run's pictures are drawn on a canvas
        // that holds both orientations, where what hangs off the window must not show.
        engine.performWithoutAnimation { window.layer.masksToBounds = true }
        // Committed as it is, then told (viewWillTransition).
        try engine.advance(to: engine.currentTime)
        tellSizeChange(change, screens: told, presentations: presentations.map(\.1))
        change.phase = .animate
        var failure: EngineError?
        let start = engine.currentTime
        engine.animate(withDuration: duration, options: [.curveEaseInOut]) {
            do throws(EngineError) {
                self.traits = traits
                self.traitsObserver?(traits)
                let bounds = Rect(origin: .zero, size: to)
                self.window.frame = Rect(origin: self.window.frame.origin, size: to)
                for screen in screens where screen.presentationController == nil {
                    screen.view.frame = bounds
                    // A full-screen presentation's container follows the window.
                    if let container = screen.presentingViewController.flatMap({ _ in screen.view.superview }),
                       container != self.window {
                        container.frame = bounds
                    }
                }
                for (_, controller) in presentations {
                    controller.containerView?.frame = bounds
                    controller.containerViewWillLayoutSubviews()
                    controller.presentedView.frame = controller.frameOfPresentedViewInContainerView
                    controller.containerViewDidLayoutSubviews()
                }
                // Presenters taken off screen by a full-screen presentation come back at the new size.
                for screen in screens where screen.view.superview == nil { screen.view.frame = bounds }
                // The host's navigation and tab bar controllers lay their bars and children
                // out for the new size (the bars' items made again: at once, not flown in).
                var laidOut: EngineError?
                self.engine.performWithoutAnimation {
                    do throws(EngineError) {
                        for screen in screens {
                            try screen.asNavigationController?.layOut()
                            try screen.asTabBarController?.layOut()
                        }
                    } catch {
                        laidOut = error
                    }
                }
                if let laidOut { throw laidOut }
                // The receivers lay their views out and run their alongside animations.
                self.tellSizeChange(change, screens: told, presentations: presentations.map(\.1))
                // Then the status bar and the host's content, made anew for the sizes their
                // views have now, appear at once, as UIKit's rotation snapshot cross-fade
                // shows them, not flown in from nothing.
                var made: EngineError?
                self.engine.performWithoutAnimation {
                    do throws(EngineError) {
                        try self.replaceStatusBar()
                        for screen in held { try relayout?(screen) }
                    } catch {
                        made = error
                    }
                }
                if let made { throw made }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        updateStatusBar()
        try engine.advance(to: start)
        onFrame?(start)
        var frame = 0
        while engine.currentTime < start + duration - 1e-9 {
            let time = frameTime(frame + 1, start: start, end: start + duration, deadline: start + duration)
            try engine.advance(to: time)
            frame += 1
            onFrame?(time)
        }
        change.phase = .did
        tellSizeChange(change, screens: told, presentations: presentations.map(\.1))
        try engine.advance(to: engine.currentTime)
        return change
    }

    /// Tells the screens (through `sizeChangeObserver`), then the presentation controllers.
    private func tellSizeChange(_ change: SizeChange, screens: [ViewController], presentations: [PresentationController]) {
        for screen in screens { sizeChangeObserver?(screen, change) }
        for controller in presentations { controller.sizeChange(change) }
    }

    /// The status bar of the new traits (none on an iPhone on its side), in place of the old.
    private func replaceStatusBar() throws(EngineError) {
        guard showsStatusBar else { return }
        let color = statusBar?.color, hidden = statusBar?.view.isHidden ?? false
        statusBar?.view.removeFromSuperview()
        statusBar = nil
        guard let bar = try StatusBar.make(engine: engine, width: window.bounds.size.width, traits: traits) else { return }
        if let color { bar.color = color }
        bar.view.isHidden = hidden
        try window.addSubview(bar.view)
        statusBar = bar
    }

    /// The shown presentation as a transition state, for the controller's hooks' contexts
    /// (its container, views and view controllers) while the window changes size.
    private func standingPresentation(of presented: ViewController, controller: PresentationController,
                                      traits: Traits) -> TransitionState {
        let container = controller.containerView ?? window
        let presenting = controller.presentingViewController
        return TransitionState(operation: .present, isAnimated: true, container: container, from: presenting, to: presented,
                               fromView: nil, toView: controller.presentedView,
                               initialFrames: (from: presenting.view.frame, to: controller.presentedView.frame),
                               finalFrames: (from: presenting.view.frame, to: controller.presentedView.frame),
                               presentationStyle: presented.modalPresentationStyle, traits: traits)
    }
}
