import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// UIKit Dynamics and CADisplayLink as transition code uses them, on the host's clock:
/// positions checked against Newton's closed forms in UIKit's units (gravity 1.0 is 1,000
/// points/s²; a push of 1.0 changes a 100 × 100 point item's velocity by 100 points/s).
@Suite struct SDKDynamicsTests {
    let stage: SDKStage
    var host: UnsafePointer<ah_host> { UnsafePointer(stage.session.table) }

    init() throws {
        stage = try SDKStage()
        stage.list.view.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.detail.view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
    }

    func engineLayer(_ view: UIView) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: stage.session.engine, id: try stage.session.layers.lookup(view.layer.handle).get())
    }

    @Test func aDisplayLinkFiresAtEachRefreshOfTheHostsClock() throws {
        var every: [Double] = [], half: [Double] = [], targets: [Double] = []
        let (link, slow) = CurrentHost.with(host) { () -> (CADisplayLink, CADisplayLink) in
            let link = CADisplayLink { link in
                every.append(link.timestamp)
                targets.append(link.targetTimestamp)
            }
            link.add(to: .main, forMode: .common)
            let slow = CADisplayLink { half.append($0.timestamp) }
            slow.preferredFramesPerSecond = 30
            slow.add(to: .main, forMode: .common)
            return (link, slow)
        }
        try stage.session.engine.advance(to: 0.1)
        // Refreshes at k/60 s: 1/60 ... 6/60 by 0.1 s; every other one at 30 per second.
        #expect(every == (1...6).map { Double($0) / 60 })
        #expect(targets == (2...7).map { Double($0) / 60 })
        #expect(half == [2, 4, 6].map { Double($0) / 60 })
        #expect(link.duration == 1.0 / 60)
        CurrentHost.with(host) {
            link.isPaused = true
            slow.invalidate()
        }
        try stage.session.engine.advance(to: 0.2)
        #expect(every.count == 6 && half.count == 3)
        CurrentHost.with(host) { link.isPaused = false }
        try stage.session.engine.advance(to: 0.25)
        // Resumed at 0.2 s: the refreshes after it, 13/60 ... 15/60.
        #expect(every.suffix(3) == [13, 14, 15].map { Double($0) / 60 })
    }

    /// StarWars-style: the old screen cut into pieces that an instantaneous push throws
    /// and gravity pulls down, the transition completed after its duration.
    final class Shatter: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.shatter", name: "shatter", version: "1", operations: [.present])
        var animator: UIDynamicAnimator?
        var pieces: [UIView] = []
        var steps: [(time: Double, center: CGPoint)] = []
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            guard let fromView = transitionContext.viewController(forKey: .from)?.view,
                  let toView = transitionContext.view(forKey: .to) else { return }
            container.addSubview(toView)
            container.sendSubviewToBack(toView)
            let snapshot = fromView.snapshotView(afterScreenUpdates: false)!
            let animator = UIDynamicAnimator(referenceView: container)
            for row in 0..<4 {
                for column in 0..<2 {
                    let region = CGRect(x: CGFloat(column) * 195, y: CGFloat(row) * 211, width: 195, height: 211)
                    let piece = snapshot.resizableSnapshotView(from: region, afterScreenUpdates: false, withCapInsets: .zero)!
                    container.addSubview(piece)
                    piece.frame = region
                    pieces.append(piece)
                    let push = UIPushBehavior(items: [piece], mode: .instantaneous)
                    push.pushDirection = CGVector(dx: column == 0 ? -2 : 2, dy: -4)
                    animator.addBehavior(push)
                }
            }
            let gravity = UIGravityBehavior(items: pieces)
            let first = pieces[0]
            let start = CACurrentMediaTime()
            // The behavior's action runs after each step: record, and end after the duration.
            gravity.action = { [unowned self] in
                steps.append((CACurrentMediaTime(), first.center))
                guard !done, CACurrentMediaTime() - start >= 0.5 - 1e-9 else { return }
                done = true
                pieces.forEach { $0.removeFromSuperview() }
                self.animator?.removeAllBehaviors()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
            animator.addBehavior(gravity)
            fromView.removeFromSuperview()
            self.animator = animator
        }
        var done = false
    }

    @Test func shatteredPiecesFlyAsAnImpulseAndGravitySayAndTheNewScreenRemains() throws {
        let shatter = Shatter(parameters: ParameterValues([:]))
        let start = stage.session.engine.currentTime
        var enginePositions: [Double: Point] = [:]
        var firstLayer: AnimatorEngine.Layer?
        let outcome = try stage.runtime.present(stage.detail, from: stage.list,
                                                animator: stage.instance(shatter, id: "test.shatter")) { [self] t in
            if firstLayer == nil, let piece = shatter.pieces.first { firstLayer = try? engineLayer(piece) }
            if let layer = firstLayer { enginePositions[t - start] = layer.presentation(at: t).position }
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(stage.session.log.isEmpty, "\(stage.session.log)")
        // A piece of 195 × 211 points at density 1 has mass 195 · 211 / 10,000; an impulse of
        // (−2, −4) gives it (−200, −400) / m points/s; then x = x₀ + vₓt, y = y₀ + v_yt + ½·1000·t².
        let mass = 195.0 * 211 / 10_000
        let (vx, vy) = (-200 / mass, -400 / mass)
        #expect(shatter.steps.count >= 29)
        for (time, center) in shatter.steps {
            let t = time - start
            #expect(abs(center.x - (97.5 + vx * t)) < 1e-6, "x at \(t)")
            #expect(abs(center.y - (105.5 + vy * t + 500 * t * t)) < 1e-6, "y at \(t)")
        }
        // The engine shows the same: at 0.25 s (a refresh) the piece's layer is there.
        let quarter = try #require(enginePositions.first { abs($0.key - 0.25) < 1e-9 }?.value)
        #expect(abs(quarter.x - (97.5 + vx * 0.25)) < 1e-6 && abs(quarter.y - (105.5 + vy * 0.25 + 500 * 0.0625)) < 1e-6)
        // The end picture: the detail's blue everywhere, no piece left, the list gone.
        let image = SceneRenderer(size: Size(width: 390, height: 844), scale: 1)
            .render(SceneFrame(engine: stage.runtime.engine, root: stage.runtime.window.layer.id))
        for (x, y) in [(5, 5), (195, 422), (385, 839), (100, 700)] { #expect(image.rgb(x, y) == [0, 0, 255], "\(x),\(y)") }
        #expect(shatter.pieces.allSatisfy { $0.superview == nil })
    }

    /// Records what a collision behavior's delegate and the animator's delegate hear.
    final class Listener: UICollisionBehaviorDelegate, UIDynamicAnimatorDelegate {
        var heard: [String] = []
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                               withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {
            heard.append("began \((identifier as? NSString).map { String($0) } ?? "bounds") at y \(Int(p.y.rounded()))")
        }
        func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) { heard.append("paused") }
        func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) { heard.append("resumed") }
    }

    @Test func aDroppedBoxLandsOnTheReferenceBoundsAndTheAnimatorPauses() throws {
        let listener = Listener()
        let (box, animator) = CurrentHost.with(host) { () -> (UIView, UIDynamicAnimator) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let box = UIView(frame: CGRect(x: 145, y: 100, width: 100, height: 60))
            container.addSubview(box)
            let animator = UIDynamicAnimator(referenceView: container)
            animator.delegate = listener
            let collision = UICollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.addBoundary(withIdentifier: "shelf" as NSCopying, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 100, y: 600))
            collision.collisionDelegate = listener
            let material = UIDynamicItemBehavior(items: [box])
            material.friction = 0.5
            animator.addBehavior(UIGravityBehavior(items: [box]))
            animator.addBehavior(collision)
            animator.addBehavior(material)
            return (box, animator)
        }
        #expect(animator.isRunning)
        // It lands on the bottom edge: from 130 (its center) to 814 (844 − 30), 684 points, in
        // √(2 · 684 / 1000) = 1.17 s; then it lies still and the animator pauses.
        try stage.session.engine.advance(to: 1.1)
        #expect(listener.heard.isEmpty)
        try stage.session.engine.advance(to: 3)
        #expect(listener.heard.first == "began bounds at y 844")
        #expect(listener.heard.last == "paused")
        #expect(!animator.isRunning)
        let layer = try engineLayer(box)
        // Resting contacts keep up to a quarter point of overlap (docs/authoring.md).
        #expect(abs(layer.model.position.y - 814) <= 0.26)
        #expect(abs(layer.model.position.x - 195) < 1e-3 && abs(layer.model.transform.m12) < 1e-6, "\(layer.model.position) \(layer.model.transform.m12)")
        // A push wakes it: the delegate hears the resumption.
        CurrentHost.with(host) {
            let push = UIPushBehavior(items: [box], mode: .instantaneous)
            push.pushDirection = CGVector(dx: 0, dy: -1)
            animator.addBehavior(push)
        }
        #expect(animator.isRunning && listener.heard.last == "resumed")
    }

    @Test func aSnappedViewEndsAtThePointUpright() throws {
        // The animator kept as a view controller's property keeps it.
        let (view, animator) = CurrentHost.with(host) { () -> (UIView, UIDynamicAnimator) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
            view.transform = CGAffineTransform(rotationAngle: 0.5)
            container.addSubview(view)
            let animator = UIDynamicAnimator(referenceView: container)
            animator.addBehavior(UISnapBehavior(item: view, snapTo: CGPoint(x: 195, y: 422)))
            return (view, animator)
        }
        defer { withExtendedLifetime(animator) {} }
        try stage.session.engine.advance(to: 3)
        let layer = try engineLayer(view)
        #expect(abs(layer.model.position.x - 195) < 0.5 && abs(layer.model.position.y - 422) < 0.5)
        #expect(abs(atan2(layer.model.transform.m12, layer.model.transform.m11)) < 0.01)
    }

    @Test func anAttachmentKeepsTheLengthItWasMadeWith() throws {
        let (bob, attachment, animator) = CurrentHost.with(host) { () -> (UIView, UIAttachmentBehavior, UIDynamicAnimator) in
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let bob = UIView(frame: CGRect(x: 280, y: 90, width: 20, height: 20))
            container.addSubview(bob)
            let animator = UIDynamicAnimator(referenceView: container)
            // From (195, 100) to the bob's center (290, 100): 95 points, rigid by default.
            let attachment = UIAttachmentBehavior(item: bob, attachedToAnchor: CGPoint(x: 195, y: 100))
            animator.addBehavior(attachment)
            animator.addBehavior(UIGravityBehavior(items: [bob]))
            return (bob, attachment, animator)
        }
        defer { withExtendedLifetime(animator) {} }
        #expect(attachment.length == 95 && attachment.frequency == 0 && attachment.attachedBehaviorType == .anchor)
        for time in [0.2, 0.4, 0.8] {
            try stage.session.engine.advance(to: time)
            let p = try engineLayer(bob).model.position
            let distance = ((p.x - 195) * (p.x - 195) + (p.y - 100) * (p.y - 100)).squareRoot()
            #expect(abs(distance - 95) < 0.05, "at \(time): \(distance)")
        }
        // Let go level with the anchor, it swings down: at the bottom of the swing (x = 195)
        // within the first half period.
        #expect(abs(try engineLayer(bob).model.position.y - 100) > 1)
    }

    @Test func directionsSetByAngleAndMagnitude() {
        let gravity = UIGravityBehavior(items: [])
        // UIKit's default: straight down at 1.
        #expect(gravity.angle == .pi / 2 && gravity.magnitude == 1)
        gravity.setAngle(0, magnitude: 2.5)
        #expect(gravity.gravityDirection == CGVector(dx: 2.5, dy: 0))
        let push = UIPushBehavior(items: [], mode: .continuous)
        push.pushDirection = CGVector(dx: 3, dy: 4)
        #expect(push.magnitude == 5 && abs(push.angle - atan2(4, 3)) < 1e-12)
        push.magnitude = 10
        #expect(abs(push.pushDirection.dx - 6) < 1e-12 && abs(push.pushDirection.dy - 8) < 1e-12)
    }
}
