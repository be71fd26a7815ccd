import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Foundation
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// Core Graphics drawing as UIKit code writes it (UIGraphicsImageRenderer, a view's
/// draw(_:), PaintCode-style helpers), its pixels against values worked out by hand.
@Suite struct SDKDrawingTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(host, body) }

    /// The host's pixels of an image a renderer drew.
    func pixels(_ image: UIImage) throws -> AnimatorEngine.Image {
        let handle = try #require(inHost { image.handle(HostLink(host: host)) })
        return try session.image(handle)
    }

    /// Premultiplied (r, g, b, a) of a pixel.
    func rgba(_ image: AnimatorEngine.Image, _ x: Int, _ y: Int) -> [Int] {
        let p = image.rgba(x: x, y: y)
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    func format(scale: CGFloat) -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return format
    }

    @Test func aFilledRectangleCoversItsPixelsAtTheFormatsScale() throws {
        let image = inHost {
            UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 2)).image { context in
                UIColor.red.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
            }
        }
        #expect(image.size == CGSize(width: 10, height: 10) && image.scale == 2)
        let picture = try pixels(image)
        #expect(picture.width == 20 && picture.height == 20)
        // 5 points at 2 pixels per point: columns 0 to 9 red, 10 on transparent.
        #expect(rgba(picture, 0, 0) == [255, 0, 0, 255] && rgba(picture, 9, 19) == [255, 0, 0, 255])
        #expect(rgba(picture, 10, 0) == [0, 0, 0, 0] && rgba(picture, 19, 19) == [0, 0, 0, 0])
    }

    @Test func theTransformAlphaClipAndSavedStateActAsCoreGraphicsSays() throws {
        let image = inHost {
            UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format(scale: 1)).image { renderer in
                let context = renderer.cgContext
                // Translated 10 and halved across: a 10-point square fills x 10 to 15.
                context.saveGState()
                context.translateBy(x: 10, y: 0)
                context.scaleBy(x: 0.5, y: 1)
                context.setAlpha(0.5)
                context.setFillColor(UIColor.blue)
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
                context.restoreGState()
                // Clipped to the top half, a green square over the left: rows 0 to 4 only.
                context.saveGState()
                context.clip(to: CGRect(x: 0, y: 0, width: 20, height: 5))
                context.setFillColor(UIColor.green)
                context.fill(CGRect(x: 0, y: 0, width: 5, height: 10))
                context.restoreGState()
                // After the restore, no clip, full alpha: the right column whole.
                context.setFillColor(UIColor.white)
                context.fill(CGRect(x: 18, y: 0, width: 2, height: 10))
            }
        }
        let picture = try pixels(image)
        // Blue at alpha 0.5 on transparent: premultiplied (0, 0, 128, 128).
        #expect(rgba(picture, 10, 5) == [0, 0, 128, 128] && rgba(picture, 14, 9) == [0, 0, 128, 128])
        #expect(rgba(picture, 15, 5) == [0, 0, 0, 0] && rgba(picture, 9, 5) == [0, 0, 0, 0])
        #expect(rgba(picture, 2, 4) == [0, 255, 0, 255] && rgba(picture, 2, 5) == [0, 0, 0, 0])
        #expect(rgba(picture, 18, 9) == [255, 255, 255, 255])
    }

    @Test func aStrokeIsCenteredOnThePathWithItsWidth() throws {
        let image = inHost {
            UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format(scale: 1)).image { _ in
                let line = UIBezierPath()
                line.move(to: CGPoint(x: 0, y: 5))
                line.addLine(to: CGPoint(x: 10, y: 5))
                line.lineWidth = 2
                UIColor.black.setStroke()
                line.stroke()
            }
        }
        let picture = try pixels(image)
        // From y 4 to 6: rows 4 and 5 covered, 3 and 6 not.
        #expect(rgba(picture, 5, 4) == [0, 0, 0, 255] && rgba(picture, 5, 5) == [0, 0, 0, 255])
        #expect(rgba(picture, 5, 3)[3] == 0 && rgba(picture, 5, 6)[3] == 0)
    }

    @Test func aLinearGradientRunsBetweenItsEndsAndExtendsOnlyWhenAsked() throws {
        func draw(_ options: CGGradientDrawingOptions) -> UIImage {
            inHost {
                UIGraphicsImageRenderer(size: CGSize(width: 20, height: 1), format: format(scale: 1)).image { renderer in
                    let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                              colors: [UIColor.black.cgColor, UIColor.white.cgColor] as CFArray,
                                              locations: [0, 1])!
                    renderer.cgContext.drawLinearGradient(gradient, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0),
                                                          options: options)
                }
            }
        }
        let bounded = try pixels(draw([]))
        // Between 5 and 15 the gray at a pixel's center: 255 × (x + 0.5 − 5) / 10.
        for x in [5, 8, 12, 14] {
            let expected = 255 * (Double(x) + 0.5 - 5) / 10
            #expect(abs(Double(rgba(bounded, x, 0)[0]) - expected) <= 2, "column \(x)")
            #expect(rgba(bounded, x, 0)[3] == 255)
        }
        // Outside it, nothing.
        #expect(rgba(bounded, 2, 0)[3] == 0 && rgba(bounded, 17, 0)[3] == 0)
        let extended = try pixels(draw([.drawsBeforeStartLocation, .drawsAfterEndLocation]))
        #expect(rgba(extended, 2, 0) == [0, 0, 0, 255] && rgba(extended, 17, 0) == [255, 255, 255, 255])
    }

    @Test func aUIImageDrawsUprightAndACGImageUpsideDown() throws {
        // A 1 × 2 image: red above blue.
        let source = try #require(UIImage(rgba: [255, 0, 0, 255, 0, 0, 255, 255], width: 1, height: 2))
        let (upright, flipped) = inHost { () -> (UIImage, UIImage) in
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 2), format: format(scale: 1))
            let upright = renderer.image { _ in source.draw(in: CGRect(x: 0, y: 0, width: 1, height: 2)) }
            let flipped = renderer.image { $0.cgContext.draw(source.cgImage!, in: CGRect(x: 0, y: 0, width: 1, height: 2)) }
            return (upright, flipped)
        }
        let a = try pixels(upright), b = try pixels(flipped)
        #expect(rgba(a, 0, 0) == [255, 0, 0, 255] && rgba(a, 0, 1) == [0, 0, 255, 255])
        #expect(rgba(b, 0, 0) == [0, 0, 255, 255] && rgba(b, 0, 1) == [255, 0, 0, 255])
    }

    @Test func drawHierarchyDrawsTheViewAsItIs() throws {
        let image = inHost { () -> UIImage in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4))
            view.backgroundColor = .green
            return UIGraphicsImageRenderer(size: CGSize(width: 8, height: 4), format: format(scale: 1)).image { _ in
                view.drawHierarchy(in: CGRect(x: 4, y: 0, width: 4, height: 4), afterScreenUpdates: true)
            }
        }
        let picture = try pixels(image)
        #expect(rgba(picture, 5, 2) == [0, 255, 0, 255] && rgba(picture, 2, 2) == [0, 0, 0, 0])
    }

    @Test func textAndALayersPictureDrawWhereTheirRectanglesSay() throws {
        let (image, layerImage) = inHost { () -> (UIImage, UIImage) in
            let renderer = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 30), format: format(scale: 1))
            let text = renderer.image { _ in
                "HH".draw(in: CGRect(x: 30, y: 0, width: 30, height: 30),
                          withAttributes: [.font: UIFont.boldSystemFont(ofSize: 20), .foregroundColor: UIColor.black])
            }
            // Set up without implicit animations, as layer code does before drawing it.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            let swatch = CALayer()
            swatch.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            swatch.backgroundColor = UIColor.blue.cgColor
            CATransaction.commit()
            let picture = renderer.image { context in swatch.render(in: context.cgContext) }
            return (text, picture)
        }
        // The text inks only its rectangle (the right half): some opaque pixels there, none
        // in the left half.
        let text = try pixels(image)
        let right = (30..<60).flatMap { x in (0..<30).map { y in rgba(text, x, y)[3] } }
        let left = (0..<30).flatMap { x in (0..<30).map { y in rgba(text, x, y)[3] } }
        #expect(right.contains { $0 > 200 } && left.allSatisfy { $0 == 0 })
        // The layer's picture at its bounds from the origin: blue in 10 × 10, nothing beyond.
        let picture = try pixels(layerImage)
        #expect(rgba(picture, 5, 5) == [0, 0, 255, 255] && rgba(picture, 12, 5) == [0, 0, 0, 0])
    }

    /// A PaintCode-style view: its draw(_:) scales a 100 × 100 design into its bounds and
    /// fills a circle in its color; setting the color asks for drawing again.
    final class DotView: UIView {
        var color = UIColor.red { didSet { setNeedsDisplay() } }
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            let context = UIGraphicsGetCurrentContext()!
            context.saveGState()
            context.scaleBy(x: rect.width / 100, y: rect.height / 100)
            color.setFill()
            UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 80, height: 80)).fill()
            context.restoreGState()
        }
    }

    @Test func aViewsDrawRunsAtTheEndOfTheCallAndAgainAfterSetNeedsDisplay() throws {
        let dot = inHost { DotView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)) }
        #expect(dot.draws == 1)
        // The circle of radius 40 × 0.5 = 20 points around (25, 25): its center red, the
        // corner (2, 2) outside it transparent.
        var picture = try session.picture(of: dot, size: Size(width: 50, height: 50))
        #expect(picture.rgb(25, 25) == [255, 0, 0])
        #expect(picture.rgba(x: 2, y: 2).alpha == 0 || picture.rgb(2, 2) == [0, 0, 0])
        #expect(picture.rgb(25, 6) == [255, 0, 0] && picture.rgb(25, 3) != [255, 0, 0])
        inHost { dot.color = .blue }
        #expect(dot.draws == 2)
        picture = try session.picture(of: dot, size: Size(width: 50, height: 50))
        #expect(picture.rgb(25, 25) == [0, 0, 255])
        #expect(session.log.isEmpty, "\(session.log)")
    }
}
