import AnimatorEngine

/// UIKit's page sheet on a phone (modalPresentationStyle `.pageSheet`, the default since
/// iOS 13): the presented screen is a card whose top sits 10 points below the status bar,
/// its top corners rounded; the presenting screen shrinks back behind it, its width 16
/// points narrower each side, its top edge at the status bar's bottom, its corners
/// rounded, with the black window behind showing around it. The presenting view stays on
/// screen (view(forKey: .from) is nil), and shrinks and grows back alongside the
/// transitions, following an interaction when there is one. While the sheet is up the
/// status bar turns white over the black behind the presenter, as UIKit's does.
public final class PageSheetPresentationController: PresentationController {
    /// The status bar's height where none is given (an iPhone 14's).
    public static let defaultStatusBarHeight = 47.0
    /// The height of the status bar the sheet and the receded presenter sit under: the
    /// device's top safe area.
    public let statusBarHeight: Double
    /// The status bar drawn over the app, recolored while the sheet is up (nil: none drawn).
    let statusBar: StatusBar?
    /// How far below the status bar the sheet begins.
    public static let sheetGap = 10.0
    /// How much narrower, each side, the presenting screen becomes.
    public static let inset = 16.0
    /// The radius of the sheet's and the shrunk screen's corners.
    public static let cornerRadius = 10.0

    private var wrapper: View?
    /// The status bar's color before the sheet came up.
    private var statusBarColor: RGBAColor?

    /// Creates the page sheet's controller under a status bar `statusBarHeight` points tall;
    /// `statusBar`, when drawn, turns white while the sheet is up.
    public init(presentedViewController: ViewController, presenting: ViewController,
                statusBarHeight: Double = PageSheetPresentationController.defaultStatusBarHeight,
                statusBar: StatusBar? = nil) {
        self.statusBarHeight = statusBarHeight
        self.statusBar = statusBar
        super.init(presentedViewController: presentedViewController, presenting: presenting)
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        guard let bounds = containerView?.bounds else { return .zero }
        let top = min(statusBarHeight + Self.sheetGap, bounds.size.height)
        return Rect(x: 0, y: top, width: bounds.size.width, height: bounds.size.height - top)
    }

    public override var presentedView: View { wrapper ?? presentedViewController.view }

    /// The presenting view's transform while the sheet is up: scaled about its center so
    /// its width loses 2 × `inset`, then moved up so its top edge is at the bottom of a
    /// status bar `statusBarHeight` points tall.
    public static func recededTransform(for bounds: Rect, statusBarHeight: Double = defaultStatusBarHeight) -> Transform3D {
        let width = bounds.size.width, height = bounds.size.height
        guard width > 2 * inset, height > 0 else { return .identity }
        let scale = (width - 2 * inset) / width
        // The scaled top edge sits at center − scale × height / 2; move it to the status bar.
        let top = bounds.origin.y + height / 2 - scale * height / 2
        return Transform3D.scale(scale, scale, 1).concatenating(.translation(0, statusBarHeight - top))
    }

    public override func presentationTransitionWillBegin() {
        guard let container = containerView else { return }
        let engine = container.engine
        let frame = frameOfPresentedViewInContainerView
        // The card: a view with rounded top corners (its bottom corners lie off screen).
        let wrapper = engine.makeView(frame: frame, name: "sheet")
        let rounded = engine.makeView(frame: Rect(x: 0, y: 0, width: frame.size.width,
                                                  height: frame.size.height + Self.cornerRadius), name: "sheet corners")
        rounded.layer.cornerRadius = Self.cornerRadius
        rounded.layer.masksToBounds = true
        presentedViewController.view.frame = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        try? rounded.addSubview(presentedViewController.view)
        try? wrapper.addSubview(rounded)
        self.wrapper = wrapper
        let presenting = presentingViewController.view
        let transform = Self.recededTransform(for: presenting.untransformedFrame, statusBarHeight: statusBarHeight)
        presenting.layer.masksToBounds = true
        if let statusBar {
            statusBarColor = statusBar.color
            statusBar.color = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        // The presenter is outside the container: its animation follows the transition's
        // time (scrubbed with it when interactive) by being tied to its layer.
        presentingViewController.transitionCoordinator?.animateAlongsideTransition(in: presenting, animation: { _ in
            presenting.layer.transform = transform
            presenting.layer.cornerRadius = Self.cornerRadius
        })
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        guard !completed else { return }
        restorePresenting()
        wrapper = nil
    }

    public override func dismissalTransitionWillBegin() {
        let presenting = presentingViewController.view
        presentingViewController.transitionCoordinator?.animateAlongsideTransition(in: presenting, animation: { _ in
            presenting.layer.transform = .identity
            presenting.layer.cornerRadius = 0
        })
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        guard completed else {
            // Still presented: the presenter stays shrunk behind the sheet.
            let presenting = presentingViewController.view
            presenting.layer.removeAllAnimations()
            presenting.engine.performWithoutAnimation {
                presenting.layer.transform = Self.recededTransform(for: presenting.untransformedFrame,
                                                                   statusBarHeight: statusBarHeight)
                presenting.layer.cornerRadius = Self.cornerRadius
            }
            return
        }
        restorePresenting()
        // The presented view leaves its wrapper, ready to be presented again.
        presentedViewController.view.removeFromSuperview()
        presentedViewController.view.frame = Rect(origin: .zero, size: frameOfPresentedViewInContainerView.size)
        wrapper?.removeFromSuperview()
        wrapper = nil
    }

    /// Puts the presenter back as it was, settled at once: the transition is over, so its
    /// alongside animation stops where it is (as when the animator completes early).
    private func restorePresenting() {
        let presenting = presentingViewController.view
        presenting.layer.removeAllAnimations()
        presenting.engine.performWithoutAnimation {
            presenting.layer.transform = .identity
            presenting.layer.cornerRadius = 0
            presenting.layer.masksToBounds = false
        }
        if let statusBar, let statusBarColor { statusBar.color = statusBarColor }
        statusBarColor = nil
    }
}

extension View {
    /// The frame the view has with an identity transform: its bounds' size around its center.
    var untransformedFrame: Rect {
        let size = bounds.size, center = self.center
        return Rect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
    }
}
