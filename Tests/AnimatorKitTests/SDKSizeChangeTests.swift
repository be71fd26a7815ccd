import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine

/// The window changes size while a sheet is presented (the phone turns), and the sheet's
/// `UIPresentationController` subclass hears it as card libraries expect: its
/// `viewWillTransition(to:with:)` override gives the coordinator an alongside animation and
/// a completion, the container lays out again for the new bounds, and the sheet moves to
/// its new frame inside the rotation's animation.
@Suite struct SDKSizeChangeTests {
    /// A bottom half sheet over a dimming view, as in SDKPresentationControllerTests, that
    /// also dims further while the phone is on its side.
    final class TurningSheetPresentationController: UIPresentationController {
        let dimming = UIView()
        var calls: [String] = []
        var heard: (size: CGSize, duration: TimeInterval, turn: CGAffineTransform)?

        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }

        override func presentationTransitionWillBegin() {
            guard let containerView else { return }
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.5)
            dimming.frame = containerView.bounds
            containerView.insertSubview(dimming, at: 0)
        }

        override func containerViewWillLayoutSubviews() {
            calls.append("containerViewWillLayoutSubviews")
            presentedView?.frame = frameOfPresentedViewInContainerView
            dimming.frame = containerView?.bounds ?? .zero
        }

        override func containerViewDidLayoutSubviews() {
            calls.append("containerViewDidLayoutSubviews")
        }

        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            calls.append("viewWillTransition(to: \(Int(size.width))x\(Int(size.height)))")
            heard = (size, (coordinator as? SizeTransitionCoordinator)?.transitionDuration ?? -1, coordinator.targetTransform)
            let landscape = size.width > size.height
            coordinator.animate(alongsideTransition: { [weak self] _ in
                self?.calls.append("alongside")
                self?.dimming.alpha = landscape ? 0.4 : 1
            }, completion: { [weak self] context in
                self?.calls.append("completion (cancelled: \(context.isCancelled))")
            })
        }
    }

    final class SheetTransitions: NSObject, UIViewControllerTransitioningDelegate {
        var controller: TurningSheetPresentationController?

        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            let made = TurningSheetPresentationController(presentedViewController: presented, presenting: presenting)
            controller = made
            return made
        }
    }

    @Test func aPresentedSheetFollowsTheTurnOfThePhoneInsideItsAnimation() throws {
        let stage = try SDKStage()
        let delegate = SheetTransitions()
        let instance = SDKStage.delegateInstance(delegate, session: stage.session, operations: [.present, .dismiss],
                                                 interactive: false)
        let runtime = stage.runtime
        // Presented without animation: the sheet on the bottom half of 390 × 844.
        _ = try runtime.present(stage.detail, from: stage.list, animator: instance, animated: false)
        let controller = try #require(delegate.controller)
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        controller.calls = []

        var landscape = runtime.traits
        landscape.orientation = .landscape
        let start = runtime.engine.currentTime
        var frames: [Double: (frame: Rect, dimming: Double)] = [:]
        let change = try runtime.changeSize(to: landscape, onFrame: { time in
            let layer = stage.detail.view.layer.presentation()
            let dimming = CurrentHost.with(UnsafePointer(stage.session.table)) { controller.dimming.layer.presentation()?.opacity }
            frames[((time - start) * 1000).rounded()] = (layer.frame, Double(dimming ?? -1))
        })
        // An iPhone 14 on its side: 844 × 390, a quarter turn back (−π/2) over 0.4 s.
        #expect(change.to == Size(width: 844, height: 390) && change.rotation == -Double.pi / 2)
        let heard = try #require(controller.heard)
        #expect(heard.size == CGSize(width: 844, height: 390) && heard.duration == 0.4)
        #expect(abs(heard.turn.a) < 1e-12 && heard.turn.b == -1 && heard.turn.c == 1 && abs(heard.turn.d) < 1e-12)
        // UIKit's order: told first, then the container's layout inside the animation with
        // the alongside animation, the completion at the end.
        #expect(controller.calls == ["viewWillTransition(to: 844x390)", "containerViewWillLayoutSubviews",
                                     "containerViewDidLayoutSubviews", "alongside", "completion (cancelled: false)"])
        // Everything has its new size: the window, the presenter, the container, the sheet
        // on the new bottom half, the dimming view over all of it.
        #expect(runtime.window.bounds.size == Size(width: 844, height: 390))
        #expect(stage.list.view.frame == Rect(x: 0, y: 0, width: 844, height: 390))
        #expect(stage.detail.view.frame == Rect(x: 0, y: 195, width: 844, height: 195))
        #expect(CurrentHost.with(UnsafePointer(stage.session.table)) { controller.dimming.frame }
                == CGRect(x: 0, y: 0, width: 844, height: 390))
        // Frames every 1/60 s from 0 to 0.4 s; half way, easeInOut is 0.5 (by symmetry): the
        // sheet half way between (0, 422, 390, 422) and (0, 195, 844, 195), the dimming
        // view's alpha half way from 1 to 0.4.
        #expect(frames.count == 25 && frames[0]?.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        let middle = try #require(frames[200])
        #expect(abs(middle.frame.origin.y - 308.5) < 1e-6 && abs(middle.frame.size.width - 617) < 1e-6
                && abs(middle.frame.size.height - 308.5) < 1e-6, "\(middle.frame)")
        #expect(abs(middle.dimming - 0.7) < 1e-6, "\(middle.dimming)")
        #expect(frames[400]?.frame == Rect(x: 0, y: 195, width: 844, height: 195))
        // The next transition's context sees the new traits.
        #expect(runtime.traits.orientation == .landscape)

        // Turned back upright: the sheet returns to where it was, the turn is +π/2.
        controller.calls = []
        var portrait = landscape
        portrait.orientation = .portrait
        let back = try runtime.changeSize(to: portrait)
        #expect(back.rotation == Double.pi / 2)
        #expect(stage.detail.view.frame == Rect(x: 0, y: 422, width: 390, height: 422))
        #expect(controller.calls.first == "viewWillTransition(to: 390x844)")
        // And it dismisses from there as before.
        let dismissal = try runtime.dismiss(stage.detail, animator: instance, animated: false)
        #expect(dismissal.completed && runtime.window.subviews.first == stage.list.view)
    }

    /// The app's own list screen, laid out with an autoresizing banner and a footer held by
    /// constraints, as view controllers lay themselves out.
    /// A view that notes the traits it had before each change.
    final class TraitWatchingView: UIView {
        var previous: [UIUserInterfaceSizeClass] = []
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            previous.append(previousTraitCollection?.verticalSizeClass ?? .unspecified)
        }
    }

    final class TurningListViewController: UIViewController {
        let banner = TraitWatchingView(), footer = UIView()
        var calls: [String] = []

        override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
            super.willTransition(to: newCollection, with: coordinator)
            calls.append("willTransition(to: vertical \(newCollection.verticalSizeClass))")
        }

        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            calls.append("traitCollectionDidChange(from vertical \(previousTraitCollection?.verticalSizeClass ?? .unspecified), "
                         + "now \(traitCollection.verticalSizeClass))")
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            banner.frame = CGRect(x: 20, y: 100, width: view.bounds.width - 40, height: 40)
            banner.autoresizingMask = [.flexibleWidth]
            view.addSubview(banner)
            footer.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(footer)
            NSLayoutConstraint.activate([
                footer.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
                footer.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
                footer.bottomAnchor.constraint(equalTo: view.bottomAnchor, constant: -10),
                footer.heightAnchor.constraint(equalToConstant: 30),
            ])
        }

        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
            calls.append("viewWillTransition(to: \(Int(size.width))x\(Int(size.height))) from \(Int(view.bounds.width))")
            // The view controller's transitionCoordinator is this one while the turn runs.
            if transitionCoordinator === coordinator { calls.append("its coordinator") }
            coordinator.animate(alongsideTransition: { _ in
                self.calls.append("alongside at \(Int(self.view.bounds.width))")
                self.banner.alpha = 0.5
            }, completion: { _ in self.calls.append("completion") })
        }
    }

    final class TurningApp: NSObject, ScreenProviding {
        var made: TurningListViewController?
        // Made when the host asks (inside its call, where views can be made).
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = TurningListViewController()
            made = list
            return list
        }
    }

    @Test func theAppsOwnScreenHearsTheTurnAndItsViewsFollowTheirMasksAndConstraints() throws {
        let app = TurningApp()
        let made = SDKAppStage(app, operations: OperationSet([.present, .dismiss]))
        try made.stage.prepare(.present, presenter: made.instance)
        let list = try #require(app.made)
        CurrentHost.with(made.host) {
            #expect(list.banner.frame == CGRect(x: 20, y: 100, width: 350, height: 40))
            #expect(list.footer.frame == CGRect(x: 16, y: 844 - 10 - 30, width: 390 - 32, height: 30))
        }
        try made.stage.rotate(to: .landscape)
        // An iPhone 14 on its side is compact tall (and still compact wide): the new traits
        // told first, then the size, before anything moved; the alongside animation once
        // the view had its new size; the completion at the end, then the changed traits.
        #expect(list.calls == ["willTransition(to: vertical compact)", "viewWillTransition(to: 844x390) from 390",
                               "its coordinator", "alongside at 844", "completion",
                               "traitCollectionDidChange(from vertical regular, now compact)"])
        #expect(CurrentHost.with(made.host) { list.transitionCoordinator } == nil)
        // The views of its tree hear it too.
        #expect(list.banner.previous == [.regular])
        CurrentHost.with(made.host) {
            // The banner kept its margins (flexible width: 350 + 844 − 390); the footer its
            // constraints: 16 from each side, 10 above the new bottom.
            #expect(list.banner.frame == CGRect(x: 20, y: 100, width: 804, height: 40))
            #expect(list.footer.frame == CGRect(x: 16, y: 390 - 10 - 30, width: 844 - 32, height: 30))
            #expect(list.banner.alpha == 0.5)
        }
    }

    @Test func absurdSizesAndDurationsAreRefused() throws {
        let stage = try SDKStage()
        var traits = stage.runtime.traits
        traits.orientation = .landscape
        #expect(throws: EngineError.self) { try stage.runtime.changeSize(to: traits, duration: -1) }
        #expect(throws: EngineError.self) { try stage.runtime.changeSize(to: traits, duration: .nan) }
        #expect(throws: EngineError.self) { try stage.runtime.changeSize(to: traits, duration: 1e9) }
        #expect(stage.runtime.window.bounds.size == Size(width: 390, height: 844))
    }
}

/// A screen locked to portrait, as photo apps lock theirs: when the device turns, the
/// interface stays (UIKit asks the root view controller's supportedInterfaceOrientations).
@Suite struct SDKSupportedOrientationTests {
    final class PortraitList: UIViewController {
        var heard: [CGSize] = []
        override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            heard.append(size)
        }
    }

    final class App: NSObject, ScreenProviding {
        var list: PortraitList?
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let made = PortraitList()
            list = made
            return made
        }
    }

    @Test func aPortraitOnlyRootKeepsTheInterfaceUprightWhenTheDeviceTurns() throws {
        let app = App()
        let made = SDKAppStage(app, operations: OperationSet([.present, .dismiss]))
        try made.stage.prepare(.present, presenter: made.instance)
        let list = try #require(app.list)
        #expect(made.stage.reasonNotToTurn(to: .landscape) == "the root screen supports portrait only (supportedInterfaceOrientations)")
        let change = try made.stage.rotate(to: .landscape)
        // Nothing turned, nothing was told.
        #expect(change == nil && list.heard.isEmpty)
        #expect(made.runtime.window.bounds.size == Size(width: 390, height: 844) && made.runtime.traits.orientation == .portrait)
        // Turning back upright is no change either (the interface never left portrait); a
        // second turn the same way is a mistake, as before.
        #expect(try made.stage.rotate(to: .portrait) == nil)
        #expect(throws: EngineError.self) { try made.stage.rotate(to: .portrait) }
        // UIKit's default on an iPhone: every orientation but upside down.
        let defaults = CurrentHost.with(made.host) { UIViewController().supportedInterfaceOrientations }
        #expect(defaults == .allButUpsideDown && defaults.contains(.landscapeLeft) && !defaults.contains(.portraitUpsideDown))
    }
}
