import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The SDK's UIKit-shaped API against a real host session: what a Swift animator's
/// animateTransition does, checked in the engine.
@Suite struct SDKTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }


    func layer(_ view: AnimatorKit.UIView) throws -> AnimatorEngine.Layer {
        let id = try session.layers.lookup(view.layer.handle).get()
        return AnimatorEngine.Layer(engine: session.engine, id: id)
    }

    @Test func viewsAndBlockAnimations() throws {
        var finished: Bool?
        var chained = false
        let view = inHost { () -> AnimatorKit.UIView in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            view.backgroundColor = UIColor(rgb: 0x3B82F6)
            AnimatorKit.UIView.animate(withDuration: 1, options: .curveLinear, animations: {
                view.center = CGPoint(x: 150, y: 50)
            }, completion: { done in
                finished = done
                // A completion runs inside the host again: chaining works.
                AnimatorKit.UIView.animate(withDuration: 1, options: .curveLinear, animations: { view.alpha = 0 })
                chained = true
            })
            return view
        }
        let engineView = try layer(view)
        #expect(engineView.model.frame.size == Size(width: 100, height: 100))
        #expect(engineView.model.backgroundColor == RGBAColor(hex: "#3b82f6ff"))
        #expect(abs(engineView.presentation(at: 0.25).position.x - 75) < 1e-12)
        try session.engine.advance(to: 1)
        #expect(finished == true && chained)
        #expect(abs(engineView.presentation(at: 1.5).opacity - 0.5) < 1e-12)
        #expect(inHost { view.center } == CGPoint(x: 150, y: 50))
    }

    @Test func springKeyframesAndWithoutAnimation() throws {
        let (spring, keyed, still) = inHost { () -> (AnimatorKit.UIView, AnimatorKit.UIView, AnimatorKit.UIView) in
            let spring = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            AnimatorKit.UIView.animate(withDuration: 0.5, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                                       animations: { spring.center = CGPoint(x: 105, y: 5) })
            let keyed = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            AnimatorKit.UIView.animateKeyframes(withDuration: 1, options: .curveLinear, animations: {
                AnimatorKit.UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { keyed.alpha = 0 }
            })
            let still = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            AnimatorKit.UIView.animate(withDuration: 1, animations: {
                AnimatorKit.UIView.performWithoutAnimation { still.alpha = 0.3 }
            })
            return (spring, keyed, still)
        }
        let expected = 5 + 100 * Spring(duration: 0.5, dampingRatio: 0.5).value(at: 0.1)
        #expect(abs(try layer(spring).presentation(at: 0.1).position.x - expected) < 1e-9)
        #expect(abs(try layer(keyed).presentation(at: 0.25).opacity - 0.5) < 1e-12)
        #expect(try layer(still).animationKeys().isEmpty)
    }

    @Test func layersTransactionsAndExplicitAnimations() throws {
        var transactionDone = false
        var events: [String] = []
        let (standalone, animated) = inHost { () -> (CALayer, CALayer) in
            let standalone = CALayer()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            CATransaction.setCompletionBlock { transactionDone = true }
            standalone.opacity = 0
            CATransaction.commit()

            let animated = CALayer()
            let move = CAKeyframeAnimation(keyPath: "position.x")
            move.values = [0.0, 10.0, 30]   // plain values, as UIKit code writes them
            move.keyTimes = [0, 0.5, 1]
            move.duration = 1
            move.didStart = { events.append("start") }
            move.didStop = { events.append("stop \($0)") }
            animated.add(move, forKey: "move")
            let spring = CASpringAnimation(keyPath: "opacity")
            spring.fromValue = 0
            spring.toValue = CGFloat(1)
            spring.damping = 5
            // Apple's figure for mass 1, stiffness 100, damping 5: about 2.85 s.
            #expect(abs(spring.settlingDuration - 2.85) < 0.01)
            spring.duration = 3
            animated.add(spring, forKey: "spring")
            let transition = CATransition()
            transition.type = .push
            transition.subtype = .fromLeft
            transition.duration = 0.4
            animated.add(transition, forKey: "transition")
            return (standalone, animated)
        }
        let plain = Layer(engine: session.engine, id: try session.layers.lookup(standalone.handle).get())
        #expect(abs(plain.presentation(at: 0.5).opacity - 0.5) < 1e-12)
        let target = Layer(engine: session.engine, id: try session.layers.lookup(animated.handle).get())
        #expect(abs(target.presentation(at: 0.75).position.x - 20) < 1e-12)
        #expect(abs(target.presentation(at: 0.3).opacity - Spring(damping: 5).value(at: 0.3)) < 1e-9)
        #expect(target.transition(at: 0.2) == TransitionFrame(type: .push, subtype: .fromLeft, progress: 0.5))
        #expect(inHost { animated.animationKeys() } == ["move", "spring", "transition"])
        try session.engine.advance(to: 1.5)
        #expect(transactionDone)
        #expect(events == ["start", "stop true"])
    }

    @Test func propertyAnimatorsAndTheirErrors() throws {
        let (view, animator) = inHost { () -> (AnimatorKit.UIView, UIViewPropertyAnimator) in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center = CGPoint(x: 150, y: 50) }
            return (view, animator)
        }
        var position: UIViewPropertyAnimator.Position?
        // UIKit's calls, written as on iOS: no try, fractionComplete and isReversed set.
        inHost {
            animator.addCompletion { position = $0 }
            animator.startAnimation()
            animator.pauseAnimation()
            animator.fractionComplete = 0.25
        }
        #expect(inHost { animator.fractionComplete } == 0.25)
        // Linear from x 50 to 150: a quarter of the way is 75.
        #expect(abs(try layer(view).presentation().position.x - 75) < 1e-12)
        #expect(inHost { animator.state } == .active)
        // Where UIKit traps (finishing an animator that is not stopped), nothing happens and
        // the host's reason goes to its log.
        inHost { animator.finishAnimation(at: .end) }
        #expect(session.log.contains { $0.message == "finishAnimation: finishAnimation(at:) needs a stopped animator (state is active)" },
                "\(session.log)")
        #expect(inHost { animator.state } == .active)
        inHost { animator.continueAnimation(withTimingParameters: nil, durationFactor: 0) }
        try session.engine.advance(to: 1)
        #expect(position == .end)
    }

    @Test func aViewMadeOutsideAnyHostCallIsRefusedWithAMessage() throws {
        // Made with no host call running (as a global or a static would be): inert.
        let stray = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        stray.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        stray.alpha = 0.5
        inHost {
            let container = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            container.addSubview(stray)
        }
        #expect(session.log.contains { $0.level == .error && $0.message.hasPrefix("addSubview: the view was made outside any host call") },
                "\(session.log)")
    }

    @Test func withAnimationsDisabledChangesLandAtOnce() throws {
        var finished: Bool?
        let view = inHost { () -> AnimatorKit.UIView in
            let view = AnimatorKit.UIView()
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            AnimatorKit.UIView.setAnimationsEnabled(false)
            defer { AnimatorKit.UIView.setAnimationsEnabled(true) }
            #expect(!AnimatorKit.UIView.areAnimationsEnabled)
            AnimatorKit.UIView.animate(withDuration: 1, animations: { view.alpha = 0.2 }, completion: { finished = $0 })
            return view
        }
        try session.engine.advance(to: 0.01)
        // No animation: the presentation is the new value at once, and the completion ran with true.
        #expect(abs(try layer(view).presentation().opacity - 0.2) < 1e-12)
        #expect(finished == true)
        #expect(inHost { AnimatorKit.UIView.areAnimationsEnabled })
    }

    @Test func propertyAnimatorsWithUIKitsTimingParametersAndReversal() throws {
        let (view, animator) = inHost { () -> (AnimatorKit.UIView, UIViewPropertyAnimator) in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let animator = UIViewPropertyAnimator(duration: 1, timingParameters: UICubicTimingParameters(animationCurve: .linear))
            animator.addAnimations { view.center = CGPoint(x: 150, y: 50) }
            return (view, animator)
        }
        var position: UIViewPropertyAnimator.Position?
        inHost {
            animator.addCompletion { position = $0 }
            animator.startAnimation()
        }
        try session.engine.advance(to: 0.5)
        // Reversed halfway: it runs back to the start over the half second it took.
        inHost { animator.isReversed = true }
        #expect(inHost { animator.isReversed })
        try session.engine.advance(to: 0.75)
        // Linear from 50 to 150 and back: at 0.75 s it is a quarter of the way, 75.
        #expect(abs(try layer(view).presentation().position.x - 75) < 1e-9)
        try session.engine.advance(to: 1.01)
        #expect(position == .start)
    }

    @Test func outsideAHostCallNothingHappensAndNothingCrashes() {
        let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.alpha = 0.5
        #expect(view.alpha == 0)
        AnimatorKit.UIView.animate(withDuration: 1, animations: { view.alpha = 1 })
        #expect(!session.engine.contains(LayerID(rawValue: 0)))   // no host call, no layer made
    }
}

@Suite struct SDKGeometryTests {
    @Test func rectangleHelpersMatchCoreGraphics() {
        // Worked by hand for (10, 20, 100, 50).
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect([rect.width, rect.height] == [100, 50])
        #expect([rect.minX, rect.midX, rect.maxX] == [10, 60, 110])
        #expect([rect.minY, rect.midY, rect.maxY] == [20, 45, 70])
        #expect(rect.offsetBy(dx: 390, dy: -20) == CGRect(x: 400, y: 0, width: 100, height: 50))
        #expect(rect.insetBy(dx: 10, dy: 5) == CGRect(x: 20, y: 25, width: 80, height: 40))
        #expect(rect.insetBy(dx: -10, dy: 0) == CGRect(x: 0, y: 20, width: 120, height: 50))
        // inset(by:) moves each edge in by its own amount: left 5, top 2, right 15, bottom 8.
        #expect(rect.inset(by: UIEdgeInsets(top: 2, left: 5, bottom: 8, right: 15)) == CGRect(x: 15, y: 22, width: 80, height: 40))
    }

    @Test func plainValuesBecomeCoreAnimationValues() {
        #expect(CAValue(any: 0) == .number(0))
        #expect(CAValue(any: Float(0.5)) == .number(0.5))
        #expect(CAValue(any: true) == .number(1))
        #expect(CAValue(any: CGPoint(x: 1, y: 2)) == .point(CGPoint(x: 1, y: 2)))
        #expect(CAValue(any: UIColor.red.cgColor) == .color(UIColor(red: 1, green: 0, blue: 0)))
        // A 2-D transform lands in the 3-D matrix's a b c d tx ty places.
        var scaled = CATransform3DIdentity
        (scaled.m11, scaled.m22, scaled.m41) = (2, 3, 5)
        #expect(CAValue(any: CGAffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 0)) == .transform(scaled))
        #expect(CAValue(any: "opaque") == nil)
    }

    @Test func colorsAsUIKitWritesThem() {
        #expect(UIColor(white: 0.25, alpha: 0.5) == UIColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.5))
        #expect(UIColor.red.cgColor == UIColor(red: 1, green: 0, blue: 0))
        #expect(UIColor.black.withAlphaComponent(0.3).alpha == 0.3)
        // iOS's systemBlue is #007AFF.
        #expect(UIColor.systemBlue == UIColor(red: 0, green: 122.0 / 255, blue: 1))
        // The C library's math comes with AnimatorKit, as Darwin's comes with UIKit.
        #expect(abs(sqrt(2.0) * sqrt(2.0) - 2) < 1e-15 && Glibc.fmax(1.0, 2.0) == 2)
    }
}

/// The SDK's coordinator calls (ABI 1.3) inside a transition the host runs.
@Suite struct SDKCoordinatorTests {
    let session = HostSession()

    /// A Swift animator written against the SDK, run by the host's runtime.
    final class AlongsideAnimator: AnimatorHost.TransitionAnimator {
        let session: HostSession
        var context: ah_context = 0
        var percentAtAnimate = -1.0
        var names: [String?] = []
        var targetIsIdentity = false
        var cancelledSeen: Bool?
        init(session: HostSession) { self.session = session }
        var identifier: String { "sdk-alongside" }

        func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
            context = session.openContext(ContextState(operation: state.operation, isAnimated: true,
                                                       isInteractive: state.isInteractive, transition: state))
            CurrentHost.with(UnsafePointer(session.table)) {
                let transition = TransitionContext(host: UnsafePointer(session.table), handle: context)
                let toView = transition.view(forKey: .to)!
                transition.containerView.addSubview(toView)
                percentAtAnimate = transition.percentComplete
                names = [transition.viewControllerName(forKey: .from), transition.viewControllerName(forKey: .to)]
                targetIsIdentity = transition.targetTransform == .identity
                transition.animateAlongside({ toView.alpha = 0.5 }, completion: { cancelled in self.cancelledSeen = cancelled })
                AnimatorKit.UIView.animate(withDuration: 0.4, animations: { toView.layer.cornerRadius = 8 }, completion: { _ in
                    transition.completeTransition(!transition.transitionWasCancelled)
                })
            }
            return (0.4, [])
        }

        func end(_ state: TransitionState) { session.closeContext(context) }
    }

    @Test func alongsideAnimationsAndPercentCompleteFromSwift() throws {
        let runtime = TransitionRuntime(engine: session.engine)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let a = ViewController(name: "a", engine: session.engine, frame: bounds)
        let b = ViewController(name: "b", engine: session.engine, frame: bounds)
        try runtime.setRoot(a)
        let animator = AlongsideAnimator(session: session)
        var half: Double?
        let start = session.engine.currentTime
        let outcome = try runtime.present(b, from: a, animator: animator) { _ in
            if half == nil { half = b.view.layer.presentation(at: start + 0.2).opacity }
        }
        #expect(outcome.completed)
        #expect(animator.percentAtAnimate == 0)
        #expect(animator.names == ["a", "b"])
        #expect(animator.targetIsIdentity)
        // 1 → 0.5 on ease-in-out over 0.4 s: 0.75 at 0.2 s.
        #expect(abs(try #require(half) - 0.75) < 1e-9)
        #expect(animator.cancelledSeen == false)
        #expect(b.view.alpha == 0.5)
    }
}

/// A Swift animator that is its own interaction controller, through the exported C animator.
@Suite struct SDKInteractionControllerTests {
    let session = HostSession()

    final class PanFade: AnimatedTransitioning, InteractiveTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.pan-fade", name: "pan-fade", version: "1",
                                                   operations: [.present], isInteractive: true)
        var seen: [GestureSample.Phase] = []
        var view: AnimatorKit.UIView?
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}

        func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
            view = transitionContext.view(forKey: .to)
            transitionContext.containerView.addSubview(view!)
            view?.alpha = 0
        }

        func handleGesture(_ sample: GestureSample, transitionContext: UIViewControllerContextTransitioning) {
            seen.append(sample.phase)
            view?.alpha = sample.panPercent
            transitionContext.updateInteractiveTransition(sample.panPercent)
            if sample.phase == .ended { transitionContext.cancelInteractiveTransition() }
        }
    }

    final class Plain: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.plain", name: "plain", version: "1", operations: [.present])
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {}
    }

    /// A presentation from "a" to "b" in `session`, interactive and driven by the animator
    /// itself (it is its own interaction controller), with its context handle.
    static func ownInteraction(in session: HostSession) -> (state: TransitionState, b: ViewController, container: View,
                                                            context: ah_context) {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        let a = ViewController(name: "a", engine: session.engine, frame: bounds)
        let b = ViewController(name: "b", engine: session.engine, frame: bounds)
        let container = session.engine.makeView(frame: bounds, name: "container")
        let state = TransitionState(operation: .present, isAnimated: true, container: container, from: a, to: b,
                                    fromView: a.view, toView: b.view, initialFrames: (.zero, .zero),
                                    finalFrames: (.zero, bounds), presentationStyle: .fullScreen)
        state.drivenByAnimator = true
        state.isInteractive = true
        let context = session.openContext(ContextState(operation: .present, isAnimated: true, isInteractive: true,
                                                       transition: state))
        return (state, b, container, context)
    }

    @Test func theExportedAnimatorFollowsGestureSamplesAndReportsThroughTheContext() throws {
        let (state, b, container, context) = Self.ownInteraction(in: session)
        let animator = PanFade(parameters: ParameterValues([:]))
        let c = makeCAnimator(animator, host: UnsafePointer(session.table))
        let start = try #require(c.pointee.start_interactive)
        let gesture = try #require(c.pointee.gesture)
        start(c, context)
        #expect(b.view.superview == container && b.view.alpha == 0)
        func send(_ phase: UInt32, _ value: Double) {
            var sample = ah_gesture_sample(abi: ah_version(major: 1, minor: 3), struct_size: UInt32(MemoryLayout<ah_gesture_sample>.size),
                                           kind: ah_gesture_kind(AH_GESTURE_PAN), phase: phase, time: 0, value: value,
                                           velocity: 0, distance: 390, axis: ah_gesture_axis(AH_GESTURE_AXIS_X),
                                           has_location: 0, x: 0, y: 0)
            gesture(c, context, &sample)
        }
        send(ah_gesture_phase(AH_GESTURE_BEGAN), 0)
        send(ah_gesture_phase(AH_GESTURE_CHANGED), 97.5)
        #expect(state.reportedPercent == 0.25 && b.view.alpha == 0.25)      // 97.5 / 390
        send(ah_gesture_phase(AH_GESTURE_ENDED), 39)
        #expect(animator.seen == [.began, .changed, .ended])
        #expect(state.reportedPercent == 0.1 && state.wasCancelled && !state.isInteractive)
        c.pointee.destroy!(c)
    }

    @Test func aCompletionSpeedBelowTheFloorIsRaisedWithAWarning() throws {
        func drive(_ speed: Double) throws -> (status: ah_status, used: Double?, log: [String]) {
            let session = HostSession()
            let (state, _, _, context) = Self.ownInteraction(in: session)
            let drivePercent = try #require(session.table.pointee.context_drive_percent)
            let status = drivePercent(UnsafePointer(session.table), context, speed, nil, ah_property_animator(AH_NULL_HANDLE))
            return (status, state.percentDriver?.script.completionSpeed, session.log.map(\.message))
        }
        // 0.001 would make the rest of a 0.3 s transition last up to 300 s: 0.01 is used
        // (at most 100 times the duration), and the plugin is told.
        let slow = try drive(0.001)
        #expect(slow.status == AH_OK)
        #expect(slow.used == 0.01)
        #expect(slow.log == ["completion speed 0.001 is below 0.01; 0.01 is used (a completion at most 100 times the "
                             + "animation's duration)"])
        // At the floor and above, the speed is the plugin's, without a word.
        let atFloor = try drive(0.01), fast = try drive(2.5)
        #expect(atFloor.used == 0.01 && atFloor.log.isEmpty)
        #expect(fast.used == 2.5 && fast.log.isEmpty)
        // Not a positive number: refused, as before.
        #expect(try drive(0).status == AH_ERR_INVALID_ARGUMENT)
        #expect(try drive(-.infinity).status == AH_ERR_INVALID_ARGUMENT)
    }

    @Test func aPlainAnimatorIsNotAnInteractionController() {
        let c = makeCAnimator(Plain(parameters: ParameterValues([:])), host: UnsafePointer(session.table))
        #expect(c.pointee.start_interactive == nil && c.pointee.gesture == nil)
        c.pointee.destroy!(c)
    }
}

/// UIViewPropertyAnimator's flags as UIKit code sets them, checked in the engine.
@Suite struct SDKPropertyAnimatorFlagTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    /// easeIn (0.42, 0, 1, 1) at x, solved by bisection here.
    func easeIn(_ x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ s: Double) -> Double {
            3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if coordinate(0.42, 1, middle) < x { low = middle } else { high = middle }
        }
        return coordinate(0, 1, (low + high) / 2)
    }

    @Test func scrubbingAlongTheCurvePausingAtTheEndAndInterruptibility() throws {
        let (animator, view) = inHost { () -> (UIViewPropertyAnimator, AnimatorKit.UIView) in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.alpha = 0 }
            animator.scrubsLinearly = false
            animator.pausesOnCompletion = true
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            return (animator, view)
        }
        let layer = AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(view.layer.handle).get())
        // Scrubbed along the curve: the alpha easeIn(0.5) of the way from 1 to 0.
        #expect(abs(layer.presentation().opacity - (1 - easeIn(0.5))) < 1e-6)
        inHost { animator.startAnimation() }
        try session.engine.advance(to: 2)
        // pausesOnCompletion: still active at the end, paused there.
        inHost {
            #expect(animator.state == .active)
            #expect(animator.isRunning == false)
            #expect(animator.fractionComplete == 1)
            // An active animator cannot change its interruptibility: refused, unchanged.
            animator.isInterruptible = false
            #expect(animator.isInterruptible)
            #expect(animator.scrubsLinearly == false && animator.pausesOnCompletion)
        }
    }
}
