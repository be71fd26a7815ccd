import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
@testable import AnimatorRuns
import AnimatorEngine
import Foundation
import Testing

/// A master-detail app's split view controller, as apps and menu libraries build one, laid
/// out as UIKit lays it out on an iPhone (collapsed) and on an iPad (side by side).
@Suite struct SDKSplitViewControllerTests {
    /// A host whose traits are `traits`, with a window of its screen.
    struct Device {
        let session = HostSession()
        let runtime: TransitionRuntime
        var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

        init(_ device: AnimatorHost.Device, _ orientation: Traits.Orientation) {
            var traits = Traits()
            traits.device = device
            traits.orientation = orientation
            session.traits = traits
            runtime = TransitionRuntime(engine: session.engine, size: traits.screenSize)
            runtime.traits = traits
        }
    }

    final class Collapser: UISplitViewControllerDelegate {
        var asked = 0
        let keepsPrimary: Bool
        init(keepsPrimary: Bool) { self.keepsPrimary = keepsPrimary }
        func splitViewController(_ splitViewController: UISplitViewController,
                                 collapseSecondary secondaryViewController: UIViewController,
                                 onto primaryViewController: UIViewController) -> Bool {
            asked += 1
            return keepsPrimary
        }
    }

    /// The usual master-detail pair: a list in a navigation controller, a detail page.
    func masterDetail() -> (UISplitViewController, UINavigationController, UIViewController) {
        let list = UIViewController()
        list.title = "Inbox"
        let navigation = UINavigationController(rootViewController: list)
        let detail = UIViewController()
        detail.title = "Message"
        let split = UISplitViewController(nibName: nil, bundle: nil)
        split.viewControllers = [navigation, detail]
        return (split, navigation, detail)
    }

    @Test func onAnIPhoneItCollapsesOntoThePrimaryNavigationController() throws {
        let phone = Device(.iPhone, .portrait)
        CurrentHost.with(phone.host) {
            #expect(UITraitCollection.current.horizontalSizeClass == .compact)
            let (split, navigation, detail) = masterDetail()
            split.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            split.viewDidLayoutSubviews()
            // Collapsed: one column; the secondary pushed on the list's navigation stack,
            // which fills the screen.
            #expect(split.isCollapsed && split.displayMode == .automatic)
            #expect(navigation.viewControllers.count == 2 && navigation.topViewController === detail)
            #expect(navigation.view.superview === split.view && navigation.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            #expect(detail.splitViewController === split && navigation.splitViewController === split)
            // Laid out again, nothing is pushed twice.
            split.viewDidLayoutSubviews()
            #expect(navigation.viewControllers.count == 2)
        }
        // A delegate that keeps the primary: the list alone, asked once.
        CurrentHost.with(phone.host) {
            let (split, navigation, _) = masterDetail()
            let delegate = Collapser(keepsPrimary: true)
            split.delegate = delegate
            split.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            split.viewDidLayoutSubviews()
            #expect(navigation.viewControllers.count == 1 && delegate.asked == 1)
        }
    }

    @Test func onAnIPadOnItsSideThePrimaryIs320PointsBesideTheSecondary() throws {
        let pad = Device(.iPad, .landscape)
        CurrentHost.with(pad.host) {
            #expect(UITraitCollection.current.horizontalSizeClass == .regular)
            let (split, navigation, detail) = masterDetail()
            split.view.frame = CGRect(x: 0, y: 0, width: 1180, height: 820)
            split.viewDidLayoutSubviews()
            #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary)
            // 320 points on the leading edge; the secondary takes the other 860.
            #expect(navigation.view.frame == CGRect(x: 0, y: 0, width: 320, height: 820))
            #expect(detail.view.frame == CGRect(x: 320, y: 0, width: 860, height: 820))
            #expect(navigation.viewControllers.count == 1)
            // Four tenths of the width, within no maximum: 472 points.
            split.preferredPrimaryColumnWidthFraction = 0.4
            #expect(navigation.view.frame.width == 472 && detail.view.frame == CGRect(x: 472, y: 0, width: 708, height: 820))
            // Within a maximum of 400.
            split.maximumPrimaryColumnWidth = 400
            #expect(split.primaryColumnWidth == 400)
            // The primary over the secondary, which then fills the screen.
            split.preferredDisplayMode = .oneOverSecondary
            #expect(detail.view.frame == CGRect(x: 0, y: 0, width: 1180, height: 820))
            #expect(split.view.subviews.last === navigation.view)
            // Hidden: the secondary alone.
            split.hide(.primary)
            #expect(split.displayMode == .secondaryOnly && navigation.view.superview == nil)
        }
    }

    @Test func anUprightIPadShowsTheSecondaryAloneAndALargeIPhoneOnItsSideIsRegular() throws {
        let pad = Device(.iPad, .portrait)
        CurrentHost.with(pad.host) {
            let (split, navigation, detail) = masterDetail()
            split.view.frame = CGRect(x: 0, y: 0, width: 820, height: 1180)
            split.viewDidLayoutSubviews()
            #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 820, height: 1180))
            #expect(split.displayMode == .secondaryOnly && detail.view.frame == CGRect(x: 0, y: 0, width: 820, height: 1180))
            #expect(navigation.view.superview == nil)
        }
        // The size classes of UIKit's table: an iPhone 15 Pro Max on its side is regular
        // wide and compact tall; an iPhone 14 on its side compact both ways.
        for (device, width) in [(AnimatorHost.Device.iPhoneProMax, UIUserInterfaceSizeClass.regular), (.iPhone, .compact)] {
            let phone = Device(device, .landscape)
            let classes = CurrentHost.with(phone.host) {
                (UITraitCollection.current.horizontalSizeClass, UITraitCollection.current.verticalSizeClass)
            }
            #expect(classes.0 == width && classes.1 == .compact, "\(device.name)")
        }
    }

    @Test func showDetailAndShowGoWhereUIKitSendsThem() throws {
        let phone = Device(.iPhone, .portrait)
        CurrentHost.with(phone.host) {
            let (split, navigation, _) = masterDetail()
            split.view.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            split.viewDidLayoutSubviews()
            // Collapsed: a detail shown from the list is pushed on its navigation controller.
            let other = UIViewController()
            navigation.viewControllers[0].showDetailViewController(other, sender: nil)
            #expect(navigation.topViewController === other && navigation.viewControllers.count == 3)
        }
        let pad = Device(.iPad, .landscape)
        CurrentHost.with(pad.host) {
            let (split, navigation, _) = masterDetail()
            split.view.frame = CGRect(x: 0, y: 0, width: 1180, height: 820)
            split.viewDidLayoutSubviews()
            // Expanded: it replaces the secondary, beside the primary.
            let other = UIViewController()
            navigation.viewControllers[0].showDetailViewController(other, sender: nil)
            #expect(split.viewControllers.last === other && other.view.frame == CGRect(x: 320, y: 0, width: 860, height: 820))
        }
    }
}

/// An iPad app whose root is a split view controller, turned on its side during a run: the
/// primary column appears beside the secondary, as UIKit's automatic display mode does.
@Suite struct SDKSplitViewTurningTests {
    final class App: NSObject, ScreenProviding {
        var split: UISplitViewController?
        var detail: UIViewController?
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let list = UIViewController()
            list.title = "Inbox"
            let detail = UIViewController()
            let split = UISplitViewController(nibName: nil, bundle: nil)
            split.viewControllers = [UINavigationController(rootViewController: list), detail]
            (self.split, self.detail) = (split, detail)
            return split
        }
    }

    /// The app on an iPad held and shared as `variant` says, its split view on screen.
    func prepared(_ variant: String) throws -> (TransitionStage, App, HostSession) {
        let traits = try Traits(variant: variant)
        let session = HostSession(traits: traits)
        let runtime = TransitionRuntime(engine: session.engine, size: traits.windowSize)
        runtime.traits = traits
        let app = App()
        let instance = SDKStage.delegateInstance(app, session: session, operations: [.present, .dismiss], interactive: false)
        let stage = TransitionStage(runtime: runtime)
        try stage.prepare(.present, presenter: instance)
        return (stage, app, session)
    }

    @Test func anIPadTurnedOnItsSideShowsThePrimaryBesideTheSecondary() throws {
        let (stage, app, session) = try prepared("ipad")
        let split = try #require(app.split), detail = try #require(app.detail)
        let host = UnsafePointer(session.table)
        // Upright (820 × 1180): the secondary alone.
        CurrentHost.with(host) {
            #expect(split.displayMode == .secondaryOnly && detail.view.frame == CGRect(x: 0, y: 0, width: 820, height: 1180), "\(detail.view.frame) \(split.view.frame) \(UIScreen.main.bounds)")
        }
        try stage.rotate(to: .landscape)
        // On its side (1180 × 820): the 320-point primary beside the 860-point secondary.
        CurrentHost.with(host) {
            #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 1180, height: 820))
            #expect(split.displayMode == .oneBesideSecondary, "\(split.displayMode)")
            #expect(split.viewControllers.first?.view.frame == CGRect(x: 0, y: 0, width: 320, height: 820))
            #expect(detail.view.frame == CGRect(x: 320, y: 0, width: 860, height: 820))
        }
    }

    /// Split view on its side: two thirds of 1180 points (850: regular wide) keep the
    /// primary beside the secondary; a third (320: compact) collapses the split view, as a
    /// phone's; the whole screen again brings the columns back.
    @Test func aThirdOfTheScreenCollapsesItAndTheWholeScreenBringsTheColumnsBack() throws {
        let (stage, app, session) = try prepared("ipad,landscape,split-two-thirds")
        let split = try #require(app.split), detail = try #require(app.detail)
        let host = UnsafePointer(session.table)
        // 1180 − 10 − 320 = 850 wide, regular: side by side.
        CurrentHost.with(host) {
            #expect(split.traitCollection.horizontalSizeClass == .regular)
            #expect(!split.isCollapsed && split.displayMode == .oneBesideSecondary, "\(split.displayMode)")
            #expect(detail.view.frame == CGRect(x: 320, y: 0, width: 530, height: 820), "\(detail.view.frame)")
        }
        let change = try stage.split(to: .third)
        #expect(change.to == Size(width: 320, height: 820) && change.rotation == 0)
        CurrentHost.with(host) {
            #expect(split.traitCollection.horizontalSizeClass == .compact && split.traitCollection.verticalSizeClass == .regular)
            #expect(split.isCollapsed)
            #expect(split.view.frame.size == CGSize(width: 320, height: 820))
        }
        try stage.split(to: nil)
        CurrentHost.with(host) {
            #expect(!split.isCollapsed && split.traitCollection.horizontalSizeClass == .regular)
            #expect(detail.view.frame == CGRect(x: 320, y: 0, width: 860, height: 820), "\(detail.view.frame)")
        }
        #expect(throws: EngineError.self) { try stage.split(to: nil) }
        // Half of this 1180-point screen (585) is compact, as half of a 10.5-inch iPad's
        // 1112 (551) is; two thirds regular.
        try stage.split(to: .half)
        CurrentHost.with(host) { #expect(split.isCollapsed && split.view.frame.width == 585) }
        #expect(session.log.isEmpty, "\(session.log)")
    }
}
