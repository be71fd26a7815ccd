import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// A layer's own animatable properties, as iOS code writes them with `@NSManaged` (here
/// `@Managed`): a corner whose radius follows a UIView block through the layer's
/// `action(forKey:)`, a progress bar drawn at every frame of an explicit animation, and
/// UIView's answer to `action(for:forKey:)` inside a block that such code copies.
@Suite struct SDKManagedPropertyTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(host, body) }

    func engineLayer(_ layer: CALayer) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(layer.handle).get())
    }

    func picture(of layer: CALayer, _ width: Double, _ height: Double) throws -> Image {
        SceneRenderer(size: Size(width: width, height: height), scale: 1)
            .render(SceneFrame(engine: session.engine, root: try engineLayer(layer).id))
    }

    /// A corner drawn by its shape layer: a black square as wide as the radius in the top
    /// left corner. The radius animates with the UIView block it is changed in, the way
    /// card libraries do it: the layer's action copies the timing of the animation the
    /// block would give backgroundColor, and display() reads the presentation's radius.
    final class CornerLayer: CAShapeLayer {
        @Managed var radius: CGFloat
        var displays = 0

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "radius" || super.needsDisplay(forKey: key)
        }

        override func action(forKey event: String) -> CAAction? {
            guard event == "radius", let block = super.action(forKey: "backgroundColor") as? CAAnimation else {
                return super.action(forKey: event)
            }
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.value(forKey: event) ?? radius
            animation.duration = block.duration
            animation.timingFunction = block.timingFunction
            animation.fillMode = block.fillMode
            animation.beginTime = block.beginTime
            return animation
        }

        override func display() {
            displays += 1
            let side = presentation()?.radius ?? radius
            path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: side, height: side)).cgPath
        }
    }

    final class CornerView: UIView {
        override class var layerClass: AnyClass { CornerLayer.self }
        var corner: CornerLayer { layer as! CornerLayer }
        var radius: CGFloat {
            get { corner.radius }
            set { corner.radius = newValue }
        }
    }

    /// A 60-point corner view on white, drawn black at `radius`.
    func cornerView(radius: CGFloat) -> CornerView {
        inHost {
            let view = CornerView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
            view.backgroundColor = .white
            view.corner.fillColor = UIColor.black.cgColor
            view.radius = radius
            return view
        }
    }

    @Test func aManagedRadiusFollowsTheBlockItIsChangedInAndIsDrawnAtEveryFrame() throws {
        let view = cornerView(radius: 10)
        // layerClass made the view's layer an object of the class: a shape layer, drawn once.
        #expect(try engineLayer(view.layer).shape != nil)
        #expect(try picture(of: view.layer, 60, 60).rgb(8, 8) == [0, 0, 0])
        #expect(try picture(of: view.layer, 60, 60).rgb(12, 12) != [0, 0, 0])
        let start = session.engine.currentTime
        inHost {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.radius = 50 })
        }
        // The model holds the new radius at once; the presentation moves linearly from 10.
        #expect(inHost { view.radius } == 50)
        #expect(inHost { view.corner.animationKeys() }.contains("radius"))
        try session.engine.advance(to: start + 0.5)
        let half = try #require(inHost { view.corner.presentation()?.radius })
        #expect(abs(half - 30) < 1e-6)
        // Drawn at the last refresh (a 60th of a second at most before): 29.3 to 30.
        let middle = try picture(of: view.layer, 60, 60)
        #expect(middle.rgb(28, 28) == [0, 0, 0] && middle.rgb(31, 31) != [0, 0, 0])
        try session.engine.advance(to: start + 1.1)
        let end = try picture(of: view.layer, 60, 60)
        #expect(end.rgb(48, 48) == [0, 0, 0] && end.rgb(52, 52) != [0, 0, 0])
        #expect(!inHost { view.corner.animationKeys() }.contains("radius"))
        // About one display per refresh over the second (60), not one per host call.
        #expect((55...66).contains(view.corner.displays), "\(view.corner.displays)")
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func outsideABlockTheRadiusChangesAtOnce() throws {
        let view = cornerView(radius: 40)
        #expect(inHost { view.corner.animationKeys() }.isEmpty)
        #expect(try picture(of: view.layer, 60, 60).rgb(38, 38) == [0, 0, 0])
        // As a second change inside performWithoutAnimation.
        inHost { UIView.performWithoutAnimation { view.radius = 20 } }
        #expect(inHost { view.corner.animationKeys() }.isEmpty)
        let now = try picture(of: view.layer, 60, 60)
        #expect(now.rgb(18, 18) == [0, 0, 0] && now.rgb(22, 22) != [0, 0, 0])
        #expect(session.log.isEmpty, "\(session.log)")
        // Asking for the block's animation where there is none is no refused call (validate
        // would count it against the library).
        #expect(session.refusedCalls.count == 0, "\(session.refusedCalls.first)")
    }

    /// A progress bar as it is usually written: draw(in:) reads `progress` itself, and an
    /// explicit animation runs it from 0 to 1 after the model is set to 1.
    final class ProgressLayer: CALayer {
        @Managed var progress: CGFloat

        override init() { super.init() }
        override init(layer: Any) { super.init(layer: layer) }

        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func draw(in context: CGContext) {
            context.setFillColor(UIColor.blue)
            context.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    func filledWidth(_ picture: Image, row: Int, width: Int) -> Int {
        (0..<width).filter { picture.rgb($0, row) == [0, 0, 255] }.count
    }

    @Test func anExplicitAnimationOfAManagedProgressRedrawsTheBarAtEveryFrame() throws {
        let bar = inHost { () -> ProgressLayer in
            let bar = ProgressLayer()
            bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            bar.backgroundColor = .white
            return bar
        }
        try session.engine.advance(to: session.engine.currentTime + 0.3)  // the frame's implicit animation
        let start = session.engine.currentTime
        inHost {
            bar.progress = 1
            let fill = CABasicAnimation(keyPath: "progress")
            fill.fromValue = 0
            fill.toValue = 1
            fill.duration = 2
            fill.timingFunction = CAMediaTimingFunction(name: .linear)
            bar.add(fill, forKey: "fill")
        }
        // Drawn at the start from 0, not at the model's 1.
        #expect(filledWidth(try picture(of: bar, 100, 10), row: 5, width: 100) == 0)
        #expect(inHost { bar.animationKeys() } == ["fill"])
        #expect(inHost { bar.animation(forKey: "fill") as? CABasicAnimation }?.duration == 2)
        #expect(inHost { bar.value(forKey: "progress") as? CGFloat } == 1)
        try session.engine.advance(to: start + 1)
        // Half way: 50 points, drawn at the last refresh (49.2 to 50).
        let half = filledWidth(try picture(of: bar, 100, 10), row: 5, width: 100)
        #expect((49...50).contains(half), "\(half)")
        #expect(inHost { bar.presentation()?.progress }.map { abs($0 - 0.5) < 1e-9 } == true)
        // Removed before its end: the bar shows the model at the next refresh.
        inHost { bar.removeAnimation(forKey: "fill") }
        #expect(inHost { bar.animationKeys() }.isEmpty)
        try session.engine.advance(to: start + 1.05)
        #expect(filledWidth(try picture(of: bar, 100, 10), row: 5, width: 100) == 100)
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func aSecondRunDrawsTheSameBar() throws {
        func run() throws -> [UInt32] {
            let session = HostSession()
            let host = UnsafePointer(session.table)
            let bar = CurrentHost.with(host) { () -> ProgressLayer in
                let bar = ProgressLayer()
                bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.8)
                bar.progress = 0.75
                let fill = CABasicAnimation(keyPath: "progress")
                fill.fromValue = 0.25
                fill.duration = 0.8
                bar.add(fill, forKey: nil)
                CATransaction.commit()
                return bar
            }
            try session.engine.advance(to: session.engine.currentTime + 0.4)
            let id = try session.layers.lookup(bar.handle).get()
            return SceneRenderer(size: Size(width: 100, height: 10), scale: 1)
                .render(SceneFrame(engine: session.engine, root: id)).pixels
        }
        #expect(try run() == run())
    }

    @Test func insideABlockUIViewAnswersWithTheBlocksAnimation() throws {
        final class Probe: UIView {
            var answers: [CAAction?] = []
            func ask() { answers.append(action(for: layer, forKey: "opacity")) }
        }
        let probe = inHost { Probe(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        let now = session.engine.currentTime
        inHost {
            probe.ask()
            UIView.animate(withDuration: 0.6, delay: 0.2, options: .curveEaseOut, animations: { probe.ask() })
            UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                           options: [], animations: { probe.ask() })
            UIView.animate(withDuration: 0.5, animations: { UIView.performWithoutAnimation { probe.ask() } })
        }
        #expect(probe.answers.count == 4)
        #expect(probe.answers[0] == nil && probe.answers[3] == nil)
        let eased = try #require(probe.answers[1] as? CABasicAnimation)
        #expect(eased.keyPath == "opacity" && eased.duration == 0.6)
        #expect(abs(eased.beginTime - (now + 0.2)) < 1e-9 && eased.fillMode == .backwards)
        // UIKit's easeOut: Bézier (0, 0) (0.58, 1).
        let curve = try #require(eased.timingFunction)
        var point: [Float] = [0, 0]
        curve.getControlPoint(at: 2, &point)
        #expect(point == [0.58, 1])
        let spring = try #require(probe.answers[2] as? CASpringAnimation)
        #expect(spring.duration == 0.5)
        // The spring's own damping ratio, c / (2 √(k m)), is the block's.
        #expect(abs(spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot()) - 0.7) < 1e-9)
        // Given back as the view's answer, it is UIKit's usual action: the change animates
        // from the block, once.
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func anyOtherKeyIsKeptWithTheLayerAsCoreAnimationKeepsIt() throws {
        let (layer, same) = inHost { () -> (CALayer, CALayer?) in
            let layer = CALayer()
            let parent = CALayer()
            parent.addSublayer(layer)
            layer.setValue("card", forKey: "role")
            layer.setValue(CGPoint(x: 3, y: 4), forKey: "anchorOfInterest")
            return (layer, parent.sublayers?.first)
        }
        #expect(inHost { layer.value(forKey: "role") as? String } == "card")
        // Another object on the same layer finds it.
        #expect(inHost { same?.value(forKey: "anchorOfInterest") as? CGPoint } == CGPoint(x: 3, y: 4))
        let presentation: CornerLayer? = inHost { CornerLayer().presentation() }
        #expect(presentation != nil)
        #expect(session.log.isEmpty, "\(session.log)")
    }
}
