import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// CGPath, UIBezierPath, CAShapeLayer and masks as UIKit code uses them, checked in the
/// host's engine.
@Suite struct SDKShapeTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    func layer(_ layer: AnimatorKit.CALayer) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(layer.handle).get())
    }

    /// The end point of each element, as Core Graphics would report them.
    func ends(_ path: CGPath) -> [CGPoint] {
        path.elements.map { element in
            switch element.verb {
            case AH_PATH_QUAD: return CGPoint(element.points.1)
            case AH_PATH_CUBIC: return CGPoint(element.points.2)
            default: return CGPoint(element.points.0)
            }
        }
    }

    @Test func ovalsAndArcsTurnAsOnIOS() {
        // UIBezierPath(ovalIn:) goes clockwise on screen from 3 o'clock: its first quarter
        // ends at 6 o'clock (larger y); CGPath(ellipseIn:) goes the other way.
        let rect = CGRect(x: 0, y: 0, width: 100, height: 60)
        let bezier = ends(UIBezierPath(ovalIn: rect).cgPath)
        let core = ends(CGPath(ellipseIn: rect, transform: nil))
        #expect(bezier[0] == CGPoint(x: 100, y: 30) && core[0] == CGPoint(x: 100, y: 30))
        #expect(abs(bezier[1].x - 50) < 1e-9 && abs(bezier[1].y - 60) < 1e-9)
        #expect(abs(core[1].x - 50) < 1e-9 && abs(core[1].y) < 1e-9)
        // A progress ring: from 12 o'clock, clockwise, three quarters: ends at 9 o'clock.
        let ring = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: -.pi / 2,
                                endAngle: .pi, clockwise: true)
        let points = ends(ring.cgPath)
        #expect(points.count == 4)
        #expect(abs(points[0].x - 50) < 1e-9 && abs(points[0].y - 10) < 1e-9)
        #expect(abs(points[3].x - 10) < 1e-9 && abs(points[3].y - 50) < 1e-9)
        // CGMutablePath with a transform: every point moved.
        let moved = CGMutablePath()
        moved.addRect(CGRect(x: 0, y: 0, width: 10, height: 10), transform: CGAffineTransform(translationX: 5, y: 7))
        #expect(moved.boundingBox == CGRect(x: 5, y: 7, width: 10, height: 10))
    }

    @Test func aShapeLayerMaskAnimatedAsAnIOSAnimatorDoesIt() throws {
        let (view, maskLayer) = inHost { () -> (AnimatorKit.UIView, CAShapeLayer) in
            let view = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let small = UIBezierPath(ovalIn: CGRect(x: 99, y: 99, width: 2, height: 2))
            let large = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 200, height: 200))
            let maskLayer = CAShapeLayer()
            maskLayer.path = large.cgPath
            maskLayer.fillColor = UIColor.black.cgColor
            maskLayer.lineCap = .round
            view.layer.mask = maskLayer
            let animation = CABasicAnimation(keyPath: "path")
            animation.fromValue = small.cgPath
            animation.toValue = large.cgPath
            animation.duration = 1
            animation.timingFunction = CAMediaTimingFunction(name: .linear)
            maskLayer.add(animation, forKey: "path")
            return (view, maskLayer)
        }
        let engineMask = try layer(maskLayer)
        #expect(session.engine.mask(of: try layer(view.layer).id) == engineMask.id)
        // Linear from radius 1 to 100: the start point (100 + r, 100) at 0.5 s.
        guard case .move(let x, _)? = session.engine.shape(of: engineMask.id, at: 0.5)?.path?.elements.first else {
            Issue.record("no path")
            return
        }
        #expect(abs(x - (100 + 50.5)) < 1e-9)
        inHost {
            // The mask reads back as the object set; the path as set.
            #expect(view.layer.mask === maskLayer)
            #expect(maskLayer.path == UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 200, height: 200)).cgPath)
            #expect(maskLayer.lineCap == .round)
            #expect(maskLayer.strokeColor == nil)
            view.layer.mask = nil
            #expect(view.layer.mask == nil)
        }
        #expect(session.engine.mask(of: try layer(view.layer).id) == nil)
        // Every path handle the SDK made for the calls was released.
        #expect(session.liveHandles.paths == 0)
    }

    @Test func aGradientLayerAsUIKitCodeSetsIt() throws {
        let gradient = inHost { () -> CAGradientLayer in
            let gradient = CAGradientLayer()
            gradient.colors = [UIColor.black.cgColor, UIColor.clear.cgColor]
            gradient.locations = [0, 0.6]
            gradient.startPoint = CGPoint(x: 0, y: 0)
            gradient.endPoint = CGPoint(x: 1, y: 0)
            return gradient
        }
        let expected = LayerGradient(colors: [RGBAColor(red: 0, green: 0, blue: 0, alpha: 1), RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)],
                                     locations: [0, 0.6], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
        #expect(try layer(gradient).gradient == expected)
        // The type, set before or after the colors, stays with them.
        inHost {
            gradient.type = .radial
            gradient.colors = [UIColor.white.cgColor, UIColor.black.cgColor]
        }
        #expect(try layer(gradient).gradient?.kind == .radial)
        inHost { gradient.type = .conic }
        #expect(try layer(gradient).gradient?.kind == .conic)
        inHost { gradient.type = CAGradientLayerType(rawValue: "spiral") }
        #expect(try layer(gradient).gradient?.kind == .conic)
        #expect(session.log.map(\.message) == ["CAGradientLayer.type: unknown type spiral"])
    }

    @Test func aStandaloneLayersActionsReplaceItsImplicitAnimations() throws {
        let layer = inHost { () -> AnimatorKit.CALayer in
            let layer = AnimatorKit.CALayer()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.duration = 1
            fade.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.actions = ["opacity": fade, "position": NSNull()]
            return layer
        }
        try session.engine.advance(to: 1)
        inHost {
            layer.opacity = 0
            layer.position = CGPoint(x: 100, y: 0)
        }
        let engineLayer = try self.layer(layer)
        // The action's animation: from the old value to the new over 1 s, linear.
        #expect(abs(engineLayer.presentation(at: 1.5).opacity - 0.5) < 1e-9)
        // NSNull: the position changes at once.
        #expect(engineLayer.presentation(at: 1.001).position.x == 100)
        // Without the table, the default implicit animation (0.25 s) again.
        inHost {
            layer.actions = nil
            layer.position = CGPoint(x: 200, y: 0)
        }
        #expect(engineLayer.presentation(at: 1.125).position.x < 200)
    }

    @Test func aResizableSnapshotShowsThePartItWasTakenFrom() throws {
        let window = inHost { () -> AnimatorKit.UIView in
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            let source = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let left = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
            left.backgroundColor = .red
            let right = AnimatorKit.UIView(frame: CGRect(x: 50, y: 0, width: 50, height: 100))
            right.backgroundColor = .blue
            source.addSubview(left)
            source.addSubview(right)
            window.addSubview(source)
            // The right half, stretched to 100 × 100 at x 100.
            if let part = source.resizableSnapshotView(from: CGRect(x: 50, y: 0, width: 50, height: 100),
                                                       afterScreenUpdates: true, withCapInsets: .zero) {
                part.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
                window.addSubview(part)
            }
            return window
        }
        try session.engine.advance(to: 0)
        let image = try session.picture(of: window, size: Size(width: 200, height: 100))
        for x in [102, 150, 197] { #expect(image.rgb(x, 50) == [0, 0, 255], "x \(x)") }
        #expect(image.rgb(20, 50) == [255, 0, 0])
    }

    @Test func aResizableSnapshotKeepsItsCapsWhileTheMiddleStretches() throws {
        // A card: a 10-point red frame around blue, snapped with 10-point cap insets and
        // stretched to twice its width. The frame stays 10 points wide at both ends; an
        // even stretch would make it 20 (x 115 would be red).
        let window = inHost { () -> AnimatorKit.UIView in
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
            let card = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            card.backgroundColor = .red
            let inside = AnimatorKit.UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
            inside.backgroundColor = .blue
            card.addSubview(inside)
            window.addSubview(card)
            if let stretched = card.resizableSnapshotView(from: card.bounds, afterScreenUpdates: true,
                                                          withCapInsets: UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)) {
                stretched.frame = CGRect(x: 100, y: 0, width: 200, height: 100)
                window.addSubview(stretched)
            }
            return window
        }
        try session.engine.advance(to: 0)
        let image = try session.picture(of: window, size: Size(width: 300, height: 100))
        for (x, y) in [(105, 50), (295, 50), (200, 5), (200, 95)] { #expect(image.rgb(x, y) == [255, 0, 0], "(\(x), \(y))") }
        for (x, y) in [(115, 50), (285, 50), (200, 15), (200, 50)] { #expect(image.rgb(x, y) == [0, 0, 255], "(\(x), \(y))") }
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func aDashedRingAsAnIOSProgressViewDrawsIt() throws {
        // A dashed progress ring: pattern and phase reach the host's shape as written.
        let ring = inHost { () -> CAShapeLayer in
            let ring = CAShapeLayer()
            ring.path = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: 2 * .pi,
                                     clockwise: true).cgPath
            ring.lineDashPattern = [4, 2]
            ring.lineDashPhase = 1
            return ring
        }
        let style = try #require(try layer(ring).shape)
        #expect(style.dashPattern == [4, 2] && style.dashPhase == 1)
        inHost { ring.lineDashPattern = nil }
        #expect(try layer(ring).shape?.dashPattern == [])
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func aLayerPausedAsIOSCodePausesItAndHitTesting() throws {
        let (window, child, layer) = inHost { () -> (AnimatorKit.UIView, AnimatorKit.UIView, AnimatorKit.CALayer) in
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            let child = AnimatorKit.UIView(frame: CGRect(x: 50, y: 50, width: 50, height: 50))
            window.addSubview(child)
            let layer = AnimatorKit.CALayer()
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            layer.opacity = 0
            CATransaction.commit()
            return (window, child, layer)
        }
        try session.engine.advance(to: 0.5)
        inHost {
            // The usual pause: freeze the layer's time where it is.
            let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0
            layer.timeOffset = paused
        }
        try session.engine.advance(to: 2)
        #expect(abs(try self.layer(layer).presentation().opacity - 0.5) < 1e-9)
        // Resumed: the rest plays from where it stopped.
        inHost {
            let paused = layer.timeOffset
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
        }
        try session.engine.advance(to: 2.25)
        #expect(abs(try self.layer(layer).presentation().opacity - 0.25) < 1e-9)
        inHost {
            #expect(window.hitTest(CGPoint(x: 60, y: 60), with: nil)?.layer.handle == child.layer.handle)
            #expect(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
            #expect(window.hitTest(CGPoint(x: 300, y: 10), with: nil) == nil)
        }
    }

    @Test func perspectiveBackFacesPresentationAndAffineTransforms() throws {
        let (container, card) = inHost { () -> (AnimatorKit.UIView, AnimatorKit.UIView) in
            let container = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            let card = AnimatorKit.UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            container.addSubview(card)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1 / 500
            container.layer.sublayerTransform = perspective
            card.layer.isDoubleSided = false
            card.layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
            AnimatorKit.UIView.animate(withDuration: 1, options: .curveLinear, animations: { card.alpha = 0 })
            return (container, card)
        }
        #expect(try layer(container.layer).sublayerTransform.m34 == -1.0 / 500)
        #expect(try layer(card.layer).isDoubleSided == false)
        try session.engine.advance(to: 0.25)
        inHost {
            #expect(card.layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
            // presentation() reads what is on screen now; model() what was set.
            #expect(abs((card.layer.presentation()?.opacity ?? -1) - 0.75) < 1e-6)
            #expect(card.layer.model().opacity == 0)
            #expect(card.layer.isDoubleSided == false)
        }
    }
}
