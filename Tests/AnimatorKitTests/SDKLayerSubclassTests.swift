import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// CALayer and CAShapeLayer subclassed as transition libraries subclass them: an
/// `init()` override, `action(forKey:)` answering with an animation, `layoutSublayers()`
/// placing a sublayer, `draw(in:)` drawing the contents.
@Suite struct SDKLayerSubclassTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(host, body) }

    func engineLayer(_ layer: CALayer) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(layer.handle).get())
    }

    /// ElasticTransition's way: a shape layer subclass that sets itself up in init() and
    /// turns off its implicit animations; a one-second linear slide of its position.
    final class BlobLayer: CAShapeLayer {
        var asked: [String] = []
        override init() {
            super.init()
            fillColor = UIColor.red.cgColor
            actions = ["path": NSNull(), "bounds": NSNull()]
        }
        override init(layer: Any) { super.init(layer: layer) }

        override func action(forKey event: String) -> CAAction? {
            asked.append(event)
            guard event == "position" else { return super.action(forKey: event) }
            let slide = CABasicAnimation(keyPath: "position")
            slide.duration = 1
            slide.timingFunction = CAMediaTimingFunction(name: .linear)
            return slide
        }
    }

    @Test func aSubclassIsAShapeLayerAndItsActionIsAskedForEveryChange() throws {
        let blob = inHost { () -> BlobLayer in
            let blob = BlobLayer()
            blob.position = CGPoint(x: 0, y: 0)
            return blob
        }
        let layer = try engineLayer(blob)
        #expect(layer.shape != nil && layer.fillColor == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        let start = session.engine.currentTime
        try session.engine.advance(to: start + 0.01)
        inHost { blob.position = CGPoint(x: 100, y: 0) }
        // Its own animation, not the implicit 0.25 s: linear over a second, 50 at half.
        let now = session.engine.currentTime
        #expect(abs(layer.presentation(at: now + 0.5).position.x - 50) < 1e-6)
        #expect(blob.asked.contains("position"))
        #expect(session.log.isEmpty, "\(session.log)")
    }

    /// A layer that centers a dot sublayer in layoutSublayers and draws a ring in draw(in:).
    final class RingLayer: CALayer {
        let dot = CALayer()
        var layouts = 0
        override init() {
            super.init()
            addSublayer(dot)
            needsDisplayOnBoundsChange = true
        }
        override init(layer: Any) { super.init(layer: layer) }
        override func layoutSublayers() {
            layouts += 1
            dot.frame = CGRect(x: bounds.midX - 5, y: bounds.midY - 5, width: 10, height: 10)
        }
        override func draw(in context: CGContext) {
            context.setStrokeColor(UIColor.blue)
            context.setLineWidth(4)
            context.strokeEllipse(in: bounds.insetBy(dx: 2, dy: 2))
        }
    }

    @Test func layoutSublayersAndDrawRunAtTheEndOfTheCall() throws {
        let ring = inHost { () -> RingLayer in
            let ring = RingLayer()
            ring.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            return ring
        }
        #expect(ring.layouts == 1)
        #expect(try engineLayer(ring.dot).model.frame == Rect(x: 15, y: 15, width: 10, height: 10))
        // The ring drawn into the contents: its stroke at the edge, nothing in the middle
        // (once the implicit animation of the new frame is over: a standalone layer's).
        try session.engine.advance(to: session.engine.currentTime + 0.3)
        let picture = SceneRenderer(size: Size(width: 40, height: 40), scale: 1)
            .render(SceneFrame(engine: session.engine, root: try engineLayer(ring).id))
        #expect(picture.rgb(20, 1) == [0, 0, 255] && picture.rgb(10, 20) != [0, 0, 255])
        // A new size lays out and draws again.
        inHost { ring.bounds = CGRect(x: 0, y: 0, width: 60, height: 60) }
        #expect(ring.layouts == 2)
        #expect(try engineLayer(ring.dot).model.frame == Rect(x: 25, y: 25, width: 10, height: 10))
        #expect(session.log.isEmpty, "\(session.log)")
    }

    @Test func valueForKeyReadsPropertiesAsUIKitCodeDoes() throws {
        let layer = inHost { () -> CALayer in
            let layer = CALayer()
            layer.opacity = 0.25
            layer.setValue(CGPoint(x: 3, y: 4), forKey: "position")
            return layer
        }
        #expect(inHost { layer.value(forKey: "opacity") as? CGFloat } == 0.25)
        #expect(inHost { layer.value(forKey: "position") as? CGPoint } == CGPoint(x: 3, y: 4))
        #expect(inHost { layer.value(forKey: "noSuchKey") } == nil)
    }

    @Test func convertBetweenLayersFollowsPositionsAnchorsAndTransforms() throws {
        let (inner, outer) = inHost { () -> (CALayer, CALayer) in
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
            let outer = CALayer()
            outer.frame = CGRect(x: 100, y: 50, width: 200, height: 200)
            let inner = CALayer()
            inner.frame = CGRect(x: 10, y: 20, width: 40, height: 40)
            root.addSublayer(outer)
            outer.addSublayer(inner)
            // Turned a quarter about its center (30, 40 in outer's coordinates).
            inner.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
            return (inner, outer)
        }
        // inner's (0, 0) is 20 left and 20 above its center; a quarter turn clockwise takes
        // (−20, −20) to (20, −20): (50, 20) in outer, (150, 70) in the root.
        let inOuter = inHost { inner.convert(CGPoint(x: 0, y: 0), to: outer) }
        #expect(abs(inOuter.x - 50) < 1e-9 && abs(inOuter.y - 20) < 1e-9)
        let inRoot = inHost { inner.convert(CGPoint(x: 0, y: 0), to: nil) }
        #expect(abs(inRoot.x - 150) < 1e-9 && abs(inRoot.y - 70) < 1e-9)
        let back = inHost { inner.convert(CGPoint(x: 150, y: 70), from: nil) }
        #expect(abs(back.x) < 1e-9 && abs(back.y) < 1e-9)
    }

    /// A view drawn by its shape layer, as `layerClass` makes it.
    final class OvalView: UIView {
        override class var layerClass: AnyClass { CAShapeLayer.self }
        var shape: CAShapeLayer { layer as! CAShapeLayer }
    }

    @Test func aViewsLayerClassMakesItAShapeLayer() throws {
        let oval = inHost { () -> OvalView in
            let oval = OvalView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            oval.shape.path = UIBezierPath(ovalIn: oval.bounds).cgPath
            oval.shape.fillColor = UIColor.red.cgColor
            return oval
        }
        let layer = try engineLayer(oval.layer)
        #expect(layer.shape != nil && layer.fillColor == RGBAColor(red: 1, green: 0, blue: 0, alpha: 1))
        // A view's layer changes at once (no implicit animation): the oval's center red, the
        // corner (1, 1) outside the circle.
        let picture = SceneRenderer(size: Size(width: 40, height: 40), scale: 1)
            .render(SceneFrame(engine: session.engine, root: layer.id))
        #expect(picture.rgb(20, 20) == [255, 0, 0] && picture.rgb(1, 1) != [255, 0, 0])
        #expect(session.log.isEmpty, "\(session.log)")
    }
}