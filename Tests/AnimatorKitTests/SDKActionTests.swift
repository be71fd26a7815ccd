import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// CALayerDelegate, the action hook behind custom block animation APIs, UIView's
/// beginAnimations/commitAnimations and setAnimationsEnabled, and CATransaction's getters
/// (batch 1.6), written as UIKit code writes them.
@Suite struct SDKActionTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    func engineLayer(_ layer: AnimatorKit.CALayer) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(layer.handle).get())
    }

    /// The reference Bézier curve through (x1, y1), (x2, y2), solved by bisection.
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func point(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if point(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return point((low + high) / 2, y1, y2)
    }

    /// A delegate as an iOS layer's owner writes one.
    final class Owner: CALayerDelegate {
        var asked: [(key: String, position: CGPoint)] = []
        var ran: [(key: String, opacity: Float)] = []

        final class Log: CAAction {
            let owner: Owner
            init(owner: Owner) { self.owner = owner }
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                owner.ran.append((event, (anObject as! AnimatorKit.CALayer).opacity))
            }
        }

        func action(for layer: AnimatorKit.CALayer, forKey event: String) -> CAAction? {
            asked.append((event, layer.position))
            switch event {
            case "opacity": return Log(owner: self)
            case "position":
                let animation = CABasicAnimation()
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                return animation
            case "cornerRadius": return NSNull()
            default: return nil
            }
        }
    }

    @Test func aLayerDelegateIsAskedFirstWithTheOldValueStillInPlace() throws {
        let owner = Owner()
        let layer = inHost { () -> AnimatorKit.CALayer in
            let layer = AnimatorKit.CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.delegate = owner
            return layer
        }
        owner.asked.removeAll()
        // Past the implicit animations of its first frame.
        try session.engine.advance(to: session.engine.currentTime + 1)
        let start = session.engine.currentTime
        inHost {
            layer.position = CGPoint(x: 250, y: 50)   // from (50, 50)
            layer.opacity = 0.4
            layer.cornerRadius = 12
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        }
        // Asked in order, each time with the layer still at its old position.
        #expect(owner.asked.map(\.key) == ["position", "opacity", "cornerRadius", "bounds"])
        #expect(owner.asked[0].position == CGPoint(x: 50, y: 50))
        #expect(owner.asked[1].position == CGPoint(x: 250, y: 50))
        // A custom action runs once the layer holds the new value; it animates nothing.
        #expect(owner.ran.count == 1 && owner.ran[0].key == "opacity" && owner.ran[0].opacity == 0.4)
        let engine = try engineLayer(layer)
        // The delegate's animation: its missing from and to are the old and new values,
        // linear over its 1 s.
        #expect(abs(engine.presentation(at: start + 0.5).position.x - 150) < 1e-9)
        // NSNull and the custom action: no animation. nil: the implicit 0.25 s animation.
        #expect(Set(engine.animationKeys()) == ["position", "bounds"])
        #expect(Float(engine.presentation(at: start + 0.1).opacity) == 0.4)
        let f = Self.bezier(0.25, 0.1, 0.25, 1, at: 0.1 / 0.25)
        #expect(abs(engine.presentation(at: start + 0.1).bounds.size.width - (100 - 60 * f)) < 1e-6)
        // The delegate is held weakly, as Core Animation holds it.
        #expect(inHost { layer.delegate } === owner)
    }

    @Test func aViewsLayerRefusesAnotherDelegate() throws {
        let owner = Owner()
        let view = inHost { () -> AnimatorKit.UIView in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            view.layer.delegate = owner
            return view
        }
        #expect(session.log.contains { $0.message.contains("a view is its layer's delegate") })
        inHost { view.center = CGPoint(x: 40, y: 40) }
        #expect(owner.asked.isEmpty)
        #expect(try engineLayer(view.layer).animationKeys().isEmpty)
    }

    @Test func withLayerActionsAnswersFirstAndNilLeavesItToTheBlock() throws {
        var seen: [(String, CGPoint?)] = []
        let (a, b) = inHost { () -> (AnimatorKit.UIView, AnimatorKit.UIView) in
            let a = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let b = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            AnimatorKit.UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                AnimatorKit.UIView.withLayerActions({ layer, key in
                    if case .point(let p)? = layer.value(forKeyPath: key) { seen.append((key, p)) } else { seen.append((key, nil)) }
                    return layer.handle == a.layer.handle ? NSNull() : nil
                }, animations: {
                    a.center = CGPoint(x: 150, y: 50)
                    b.center = CGPoint(x: 150, y: 50)
                })
            })
            return (a, b)
        }
        // Both asked, each while its layer still held the old centre.
        #expect(seen.count == 2 && seen.allSatisfy { $0.0 == "position" && $0.1 == CGPoint(x: 50, y: 50) })
        // NSNull: a jumps; nil: b animates with the block around (linear, 1 s).
        let start = session.engine.currentTime
        #expect(try engineLayer(a.layer).animationKeys().isEmpty)
        #expect(abs(try engineLayer(b.layer).presentation(at: start + 0.25).position.x - 75) < 1e-9)
        // Outside the hook the view answers as usual again: no animation outside a block.
        inHost { b.center = CGPoint(x: 0, y: 0) }
        #expect(seen.count == 2)
    }

    /// A UIView subclass as iOS code writes one: `override init(frame:)`, `required
    /// init?(coder:)`, and its own `action(for:forKey:)` calling `super` for the rest.
    final class BadgeView: AnimatorKit.UIView {
        let dot = AnimatorKit.UIView()
        var asked: [(String, CGFloat)] = []

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .red
            addSubview(dot)
        }

        required init?(coder: NSCoder) {
            fatalError("init(coder:) has not been implemented")
        }

        override func action(for layer: AnimatorKit.CALayer, forKey event: String) -> CAAction? {
            asked.append((event, layer.cornerRadius))
            if event == "cornerRadius" {
                let animation = CABasicAnimation()
                animation.duration = 1
                animation.timingFunction = CAMediaTimingFunction(name: .linear)
                return animation
            }
            if event == "opacity" { return NSNull() }
            return super.action(for: layer, forKey: event)
        }
    }

    @Test func aViewSubclassesOwnActionsComeFirst() throws {
        let badge = inHost { () -> BadgeView in
            let badge = BadgeView()              // init() inherited, as in UIKit
            badge.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            return badge
        }
        let start = session.engine.currentTime
        inHost {
            badge.layer.cornerRadius = 20          // outside any block: its own animation runs
            AnimatorKit.UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                badge.alpha = 0                     // NSNull inside a block: no animation
                badge.center = CGPoint(x: 120, y: 20)   // super: the block's animation
            })
        }
        let layer = try engineLayer(badge.layer)
        // Asked about every change (the background and frame set while it was made too),
        // each time with the old value still in place (0 before the radius change).
        #expect(badge.asked.map(\.0) == ["backgroundColor", "bounds", "position", "cornerRadius", "opacity", "position"])
        #expect(badge.asked.first { $0.0 == "cornerRadius" }?.1 == 0)
        #expect(Set(layer.animationKeys()) == ["cornerRadius", "position"])
        #expect(abs(layer.presentation(at: start + 0.5).cornerRadius - 10) < 1e-9)
        #expect(abs(layer.presentation(at: start + 0.5).position.x - 70) < 1e-9)
        #expect(layer.presentation(at: start + 0.5).opacity == 0)
        // Wrapping a view the host gave in the subclass: the wrapper takes that view, and
        // the dot its stored property makes is a view of its own.
        let wrapped = inHost { BadgeView(handle: badge.layer.handle, host: UnsafePointer(session.table)) }
        #expect(wrapped.layer.handle == badge.layer.handle)
        #expect(wrapped.dot.layer.handle != 0 && wrapped.dot.layer.handle != badge.layer.handle
                && wrapped.dot.layer.handle != badge.dot.layer.handle)
        // The SDK's own views (the dot) answer as UIKit's do: nothing outside a block.
        inHost { badge.dot.layer.cornerRadius = 3 }
        #expect(try engineLayer(badge.dot.layer).animationKeys().isEmpty)
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func beginAndCommitAnimationsAnimateWhatChangedWithTheSettingsBetween() throws {
        let view = inHost { () -> AnimatorKit.UIView in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            AnimatorKit.UIView.beginAnimations("slide", context: nil)
            AnimatorKit.UIView.setAnimationDuration(2)
            AnimatorKit.UIView.setAnimationCurve(.linear)
            view.center = CGPoint(x: 100, y: 50)
            view.center = CGPoint(x: 250, y: 50)   // the last value wins; the first old value is the start
            view.alpha = 0.5
            AnimatorKit.UIView.commitAnimations()
            return view
        }
        let start = session.engine.currentTime
        let layer = try engineLayer(view.layer)
        #expect(view.layer.position == CGPoint(x: 250, y: 50))   // the model moved at once
        #expect(abs(layer.presentation(at: start + 0.5).position.x - (50 + 200 * 0.25)) < 1e-9)
        #expect(abs(layer.presentation(at: start + 1).opacity - 0.75) < 1e-9)
        // No setters: UIKit's 0.2 s on easeInOut.
        inHost {
            AnimatorKit.UIView.beginAnimations(nil, context: nil)
            view.center = CGPoint(x: 250, y: 150)
            AnimatorKit.UIView.commitAnimations()
        }
        let f = Self.bezier(0.42, 0, 0.58, 1, at: 0.25)
        #expect(abs(layer.presentation(at: start + 0.05).position.y - (50 + 100 * f)) < 1e-6)
        // A commit with no begin is reported, not a crash.
        inHost { AnimatorKit.UIView.commitAnimations() }
        #expect(session.log.contains { $0.message.contains("commitAnimations without beginAnimations") })
    }

    @Test func animationsDisabledLandAtOnceUntilEnabledAgain() throws {
        var finished: Bool?
        let view = inHost { () -> AnimatorKit.UIView in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            AnimatorKit.UIView.setAnimationsEnabled(false)
            #expect(!AnimatorKit.UIView.areAnimationsEnabled)
            AnimatorKit.UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { finished = $0 })
            return view
        }
        let layer = try engineLayer(view.layer)
        #expect(layer.animationKeys().isEmpty)
        try session.engine.advance(to: session.engine.currentTime + 1.0 / 60)
        #expect(finished == true)
        inHost {
            AnimatorKit.UIView.setAnimationsEnabled(true)
            AnimatorKit.UIView.animate(withDuration: 1, animations: { view.alpha = 1 })
        }
        #expect(layer.animationKeys() == ["opacity"])
    }

    @Test func transactionGettersReadTheCurrentTransaction() {
        inHost {
            #expect(CATransaction.animationDuration() == 0.25)
            #expect(CATransaction.animationTimingFunction() == nil)
            #expect(!CATransaction.disableActions())
            CATransaction.begin()
            CATransaction.setAnimationDuration(0.8)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            CATransaction.setDisableActions(true)
            #expect(CATransaction.animationDuration() == 0.8)
            // A named function reads back as its control points (0.42, 0) (1, 1).
            #expect(CATransaction.animationTimingFunction() == CAMediaTimingFunction(name: .easeIn))
            var point: [Float] = [0, 0]
            CATransaction.animationTimingFunction()?.getControlPoint(at: 1, &point)
            #expect(point == [0.42, 0])
            #expect(CATransaction.disableActions())
            CATransaction.commit()
        }
    }
}

/// navigationController, tabBarController and presentingViewController of a transition's
/// view controllers, read by a Swift animator the host's runtime runs.
@Suite struct SDKRelatedViewControllerTests {
    let session = HostSession()
    let runtime: TransitionRuntime
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)

    init() {
        runtime = TransitionRuntime(engine: session.engine)
    }

    /// What an animator saw of the view controllers around it.
    final class Seen {
        var navigationBarFrame: CGRect?
        var barHidden: Bool?
        var stackCounts: [Int?] = []
        var tabBarFrame: CGRect?
        var tabCount: Int?
        var presentingView: ah_layer?
        var presentedView: ah_layer?
        var fromPresenting: Bool?
    }

    final class Looker: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.looker", name: "looker", version: "1",
                                                   operations: [.present, .dismiss, .push, .pop, .tab])
        let seen: Seen
        init(seen: Seen) { self.seen = seen }
        init(parameters: ParameterValues) { seen = Seen() }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.1 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let from = transitionContext.viewController(forKey: .from)!
            let to = transitionContext.viewController(forKey: .to)!
            if let navigation = to.navigationController {
                seen.navigationBarFrame = navigation.navigationBar.frame
                seen.barHidden = navigation.isNavigationBarHidden
            }
            seen.stackCounts = [from.navigationController?.stackCount, to.navigationController?.stackCount]
            if let tabs = to.tabBarController {
                seen.tabBarFrame = tabs.tabBar.frame
                seen.tabCount = tabs.tabCount
            }
            seen.presentingView = to.presentingViewController?.view.layer.handle
            seen.presentedView = from.presentedViewController?.view.layer.handle
            seen.fromPresenting = from.presentingViewController != nil
            if let toView = transitionContext.view(forKey: .to) { transitionContext.containerView.addSubview(toView) }
            transitionContext.completeTransition(true)
        }
    }

    func instance(_ seen: Seen) -> AnimatorInstance {
        let info = AnimatorInfo(id: "test.looker", name: "looker", displayName: "looker", version: "1", summary: nil,
                                author: nil, url: nil, operations: OperationSet([.present, .dismiss, .push, .pop, .tab]),
                                isInteractive: false, parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        return AnimatorInstance(inProcess: makeCAnimator(Looker(seen: seen), host: UnsafePointer(session.table)),
                                info: info, session: session)
    }

    /// An animator reading UIScreen.main, as many do for the screen's width.
    final class ScreenReader: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.screen", name: "screen", version: "1", operations: [.present])
        let seen: Seen
        init(seen: Seen) { self.seen = seen }
        init(parameters: ParameterValues) { seen = Seen() }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.1 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            seen.navigationBarFrame = UIScreen.main.bounds
            seen.stackCounts = [Int(UIScreen.main.scale)]
            if let toView = transitionContext.view(forKey: .to) { transitionContext.containerView.addSubview(toView) }
            transitionContext.completeTransition(true)
        }
    }

    @Test func uiScreenMainIsTheWindowTheTransitionRunsIn() throws {
        let wide = TransitionRuntime(engine: session.engine, size: Size(width: 430, height: 932))
        let a = ViewController(name: "a", engine: session.engine, frame: Rect(x: 0, y: 0, width: 430, height: 932))
        let b = ViewController(name: "b", engine: session.engine, frame: Rect(x: 0, y: 0, width: 430, height: 932))
        try wide.setRoot(a)
        let seen = Seen()
        let info = AnimatorInfo(id: "test.screen", name: "screen", displayName: "screen", version: "1", summary: nil,
                                author: nil, url: nil, operations: OperationSet([.present]), isInteractive: false,
                                parameters: [], abi: ABIVersion.host, path: "(in process)", index: 0)
        let instance = AnimatorInstance(inProcess: makeCAnimator(ScreenReader(seen: seen), host: UnsafePointer(session.table)),
                                        info: info, session: session)
        #expect(try wide.present(b, from: a, animator: instance).completed)
        #expect(seen.navigationBarFrame == CGRect(x: 0, y: 0, width: 430, height: 932) && seen.stackCounts == [3])
        // Outside a transition, the screen is still the run's window, as a device's is...
        #expect(CurrentHost.with(UnsafePointer(session.table)) { UIScreen.main.bounds } == CGRect(x: 0, y: 0, width: 430, height: 932))
        // ...and with no run at all, the host's default one.
        let alone = HostSession()
        #expect(CurrentHost.with(UnsafePointer(alone.table)) { UIScreen.main.bounds } == CGRect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func aPushSeesItsNavigationControllerAndItsBar() throws {
        let root = ViewController(name: "root", engine: session.engine, frame: bounds)
        let navigation = try NavigationController(root: root, runtime: runtime, frame: bounds)
        try runtime.setRoot(navigation.controller)
        let seen = Seen()
        let detail = ViewController(name: "detail", engine: session.engine, frame: bounds)
        #expect(try navigation.push(detail, animator: instance(seen)).completed)
        // The bar: the whole width, the status bar (47) and the bar (44) high.
        #expect(seen.navigationBarFrame == CGRect(x: 0, y: 0, width: 390, height: 91))
        #expect(seen.barHidden == false)
        // During the push both see the new stack of two, as UIKit shows it.
        #expect(seen.stackCounts == [2, 2])
        #expect(seen.tabBarFrame == nil && seen.presentingView == nil)
        // Popped: the detail left the stack; the root is alone.
        let back = Seen()
        #expect(try navigation.pop(animator: instance(back))?.completed == true)
        #expect(back.stackCounts == [1, 1])
        #expect(detail.navigationController == nil && root.navigationController === navigation)
    }

    @Test func aTabSwitchSeesTheTabBarAndAPresentationSeesItsPresenter() throws {
        let first = ViewController(name: "first", engine: session.engine, frame: bounds)
        let second = ViewController(name: "second", engine: session.engine, frame: bounds)
        let tabs = try TabBarController(viewControllers: [first, second], runtime: runtime, frame: bounds)
        try runtime.setRoot(tabs.controller)
        let seen = Seen()
        #expect(try tabs.select(1, animator: instance(seen))?.completed == true)
        #expect(seen.tabBarFrame == CGRect(x: 0, y: 844 - 83, width: 390, height: 83))
        #expect(seen.tabCount == 2)
        #expect(seen.navigationBarFrame == nil)

        let modal = ViewController(name: "modal", engine: session.engine, frame: bounds)
        let presenting = Seen()
        #expect(try runtime.present(modal, from: second, animator: instance(presenting)).completed)
        // The presented side's presenter is the presenting screen, from the start.
        #expect(presenting.presentingView == session.handle(for: second.view.layer.id))
        #expect(presenting.fromPresenting == false)
        let dismissing = Seen()
        #expect(try runtime.dismiss(modal, animator: instance(dismissing)).completed)
        #expect(dismissing.fromPresenting == true)
        #expect(dismissing.presentedView == nil)
    }
}
