import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorRendering

/// One renderer drawing a transition frame after frame: the still layers under what moves
/// are drawn once and their pixels reused, a view that only fades is drawn once and
/// composited again, and every frame is still the picture worked out by hand, whatever
/// changed in the still part, in the tree's shape, in a group or on its canvas.
@Suite struct DrawnPrefixTests {
    let engine = SnapshotRasterizer.engine()
    static let red: UInt32 = 0xFF00_00FF, blue: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00
    static let white: UInt32 = 0xFFFF_FFFF

    func color(_ pixel: UInt32) -> RGBAColor {
        RGBAColor(red: Double(pixel & 0xFF) / 255, green: Double(pixel >> 8 & 0xFF) / 255,
                  blue: Double(pixel >> 16 & 0xFF) / 255, alpha: 1)
    }

    /// A 120 × 80 screen: a red page covering it, a blue band across it (rows 10 ..< 20) and
    /// a 10-point green square, all in whole points at scale 1.
    struct Scene {
        let window: View, page: View, band: View, square: View
    }

    func scene() throws -> Scene {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        let page = engine.makeView(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        page.backgroundColor = color(Self.red)
        let band = engine.makeView(frame: Rect(x: 0, y: 10, width: 120, height: 10))
        band.backgroundColor = color(Self.blue)
        let square = engine.makeView(frame: Rect(x: 5, y: 40, width: 10, height: 10))
        square.backgroundColor = color(Self.green)
        try window.addSubview(page)
        try page.addSubview(band)
        try page.addSubview(square)
        return Scene(window: window, page: page, band: band, square: square)
    }

    /// The picture worked out by hand: `base` everywhere, then each rectangle's color over
    /// its whole pixels, in order.
    func expected(_ base: UInt32, _ rectangles: [(x: Int, y: Int, width: Int, height: Int, color: UInt32)]) -> [UInt32] {
        var pixels = [UInt32](repeating: base, count: 120 * 80)
        for r in rectangles {
            for y in max(r.y, 0)..<min(r.y + r.height, 80) {
                for x in max(r.x, 0)..<min(r.x + r.width, 120) { pixels[y * 120 + x] = r.color }
            }
        }
        return pixels
    }

    /// The first pixel where `image` and `pixels` differ, or "none".
    func firstDifference(_ image: Image, _ pixels: [UInt32]) -> String {
        guard let index = image.pixels.indices.first(where: { image.pixels[$0] != pixels[$0] }) else { return "none" }
        return "(\(index % 120), \(index / 120)): \(String(image.pixels[index], radix: 16)), "
            + "expected \(String(pixels[index], radix: 16))"
    }

    func frame(_ scene: Scene) -> SceneFrame { SceneFrame(engine: engine, root: scene.window.layer.id) }

    /// Draws the square at x = 5, 16, 27, … for `steps` frames with `renderer`, each
    /// picture checked whole: red, the blue band, the green square (and, where the square
    /// was a frame before, red again).
    func moveTheSquare(_ scene: Scene, steps: Int, with renderer: SceneRenderer) {
        for step in 0..<steps {
            scene.square.frame = Rect(x: Double(5 + 11 * step), y: 40, width: 10, height: 10)
            let image = renderer.render(frame(scene))
            let pixels = expected(Self.red, [(0, 10, 120, 10, Self.blue), (5 + 11 * step, 40, 10, 10, Self.green)])
            #expect(firstDifference(image, pixels) == "none", "frame \(step)")
        }
    }

    @Test func aSquareMovingOverAStillPageIsRightInEveryFrameAndThePageIsDrawnOnce() throws {
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        moveTheSquare(try scene(), steps: 10, with: renderer)
        // The first frame is drawn whole, the second keeps the page and band, the eight
        // after it start from them.
        #expect(renderer.framesResumed == 8)
    }

    @Test func aRendererToldNotToKeepDrawsEveryFrameWhole() throws {
        // As benchmarks draw (against Skia, which draws every frame whole): the same
        // pictures, none started from a kept screen.
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        renderer.keepsStillLayers = false
        moveTheSquare(try scene(), steps: 5, with: renderer)
        #expect(renderer.framesResumed == 0)
    }

    @Test func aChangeToTheStillPartIsDrawn() throws {
        let scene = try scene()
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        for step in 0..<6 {
            scene.square.frame = Rect(x: Double(5 + 11 * step), y: 40, width: 10, height: 10)
            // From the fourth frame the band is white and one point lower.
            if step == 3 {
                scene.band.backgroundColor = color(Self.white)
                scene.band.frame = Rect(x: 0, y: 11, width: 120, height: 10)
            }
            let band = step >= 3 ? (0, 11, 120, 10, Self.white) : (0, 10, 120, 10, Self.blue)
            let image = renderer.render(frame(scene))
            let pixels = expected(Self.red, [band, (5 + 11 * step, 40, 10, 10, Self.green)])
            #expect(firstDifference(image, pixels) == "none", "frame \(step)")
        }
    }

    @Test func aLayerAddedOrRemovedUnderTheMovingOneIsDrawn() throws {
        let scene = try scene()
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        let patch = engine.makeView(frame: Rect(x: 100, y: 60, width: 15, height: 15))
        patch.backgroundColor = color(Self.white)
        for step in 0..<8 {
            scene.square.frame = Rect(x: Double(5 + 11 * step), y: 40, width: 10, height: 10)
            // A white patch under the square for frames 2 ..< 5, then gone.
            if step == 2 { try scene.page.insertSubview(patch, belowSubview: scene.square) }
            if step == 5 { patch.removeFromSuperview() }
            var rectangles = [(x: 0, y: 10, width: 120, height: 10, color: Self.blue)]
            if (2..<5).contains(step) { rectangles.append((100, 60, 15, 15, Self.white)) }
            rectangles.append((5 + 11 * step, 40, 10, 10, Self.green))
            let image = renderer.render(frame(scene))
            let pixels = expected(Self.red, rectangles)
            #expect(firstDifference(image, pixels) == "none", "frame \(step)")
        }
    }

    @Test func aSquareMovingInsideAClippingLayerIsClippedInEveryFrame() throws {
        // The square inside a layer that clips to its bounds (x 20 ..< 100, y 35 ..< 55), and
        // a white one at its left: the green square shows only where the two overlap.
        let scene = try scene()
        let clip = engine.makeView(frame: Rect(x: 20, y: 35, width: 80, height: 20))
        clip.layer.masksToBounds = true
        let marker = engine.makeView(frame: Rect(x: 0, y: 0, width: 5, height: 20))
        marker.backgroundColor = color(Self.white)
        try scene.page.addSubview(clip)
        try clip.addSubview(marker)
        try clip.addSubview(scene.square)
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        for step in 0..<10 {
            // In the clip's coordinates: from 15 points left of it to past its right edge.
            let x = -15 + 11 * step
            scene.square.frame = Rect(x: Double(x), y: 5, width: 10, height: 10)
            let left = max(20 + x, 20), right = min(20 + x + 10, 100)
            var rectangles = [(x: 0, y: 10, width: 120, height: 10, color: Self.blue), (20, 35, 5, 20, Self.white)]
            if right > left { rectangles.append((left, 40, right - left, 10, Self.green)) }
            let image = renderer.render(frame(scene))
            let pixels = expected(Self.red, rectangles)
            #expect(firstDifference(image, pixels) == "none", "frame \(step)")
        }
        #expect(renderer.framesResumed == 8)
    }

    /// A fading view: white, over the lower half of the page (y 40 ..< 80), holding a blue
    /// 20-point square at (50, 50) on the screen.
    func fadingView(on scene: Scene) throws -> (view: View, square: View) {
        let view = engine.makeView(frame: Rect(x: 0, y: 40, width: 120, height: 40))
        view.backgroundColor = color(Self.white)
        let square = engine.makeView(frame: Rect(x: 50, y: 10, width: 20, height: 20))
        square.backgroundColor = color(Self.blue)
        try view.addSubview(square)
        try scene.page.addSubview(view)
        return (view, square)
    }

    /// `alpha` of `color` over red, a channel at a time as the compositor rounds it
    /// (within one level).
    func over(_ color: UInt32, alpha: Double) -> [Double] {
        [Double(color & 0xFF) * alpha + 255 * (1 - alpha), Double(color >> 8 & 0xFF) * alpha,
         Double(color >> 16 & 0xFF) * alpha]
    }

    func expectPixel(_ image: Image, _ x: Int, _ y: Int, _ wanted: [Double], _ note: String, within tolerance: Double = 1.5) {
        let pixel = image.rgba(x: x, y: y)
        let got = [Double(pixel.red), Double(pixel.green), Double(pixel.blue)]
        #expect(zip(got, wanted).allSatisfy { abs($0 - $1) <= tolerance }, "\(note) (\(x), \(y)): \(got), expected \(wanted)")
    }

    /// Fades `view` over `steps` frames drawn by one renderer (alpha `first` + `step` × `by`),
    /// `change` called before each frame and `check` after it with its picture; returns how
    /// many times the view was composited from what its canvas held.
    func fade(_ scene: Scene, _ view: View, steps: Int, from first: Double, by step: Double,
              change: (Int) -> Void = { _ in }, check: (Int, Double, Image) -> Void) -> Int {
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        for index in 0..<steps {
            let alpha = first + step * Double(index)
            view.alpha = alpha
            change(index)
            check(index, alpha, renderer.render(frame(scene)))
        }
        return renderer.groupsReused
    }

    @Test func aViewFadingInIsCompositedAgainWithoutBeingDrawnAgain() throws {
        // A white view with a blue square (a group: it has a sublayer) fading in over the
        // red page: at alpha a, a·white + (1 − a)·red around the square, a·blue + (1 − a)·red
        // on it. Only its opacity changes: drawn once, composited nine times more.
        let scene = try scene()
        let (view, _) = try fadingView(on: scene)
        let reused = fade(scene, view, steps: 10, from: 0.1, by: 0.08) { step, alpha, image in
            expectPixel(image, 10, 60, over(Self.white, alpha: alpha), "frame \(step)")
            expectPixel(image, 60, 60, over(Self.blue, alpha: alpha), "frame \(step)")
            expectPixel(image, 60, 15, [0, 0, 255], "frame \(step)")
        }
        #expect(reused == 9)
    }

    @Test func aFadingViewWhoseContentChangesIsDrawnAgain() throws {
        // The square inside moves right by 7 points a frame while the view fades: every frame
        // shows it where it is now, never where it was.
        let scene = try scene()
        let (view, square) = try fadingView(on: scene)
        let reused = fade(scene, view, steps: 6, from: 0.3, by: 0.1, change: { step in
            square.frame = Rect(x: Double(10 + 7 * step), y: 10, width: 20, height: 20)
        }) { step, alpha, image in
            expectPixel(image, 15 + 7 * step, 60, over(Self.blue, alpha: alpha), "frame \(step)")
            if step > 0 { expectPixel(image, 10 + 7 * (step - 1), 60, over(Self.white, alpha: alpha), "frame \(step)") }
        }
        #expect(reused == 0)
    }

    @Test func aBlurDrawnAfterAFadingViewMakesItDrawnAgain() throws {
        // A blur (UIVisualEffectView, no tint) over the fading view's top left corner
        // (x 0 ..< 40, y 30 ..< 60), drawn after it, on the same off-screen canvas: the view
        // is drawn again every frame. The blur of an even color is that color: 15 points
        // into the view (about 3σ from its edge, give or take 3 levels), the pixel is the
        // view's.
        let scene = try scene()
        let (view, _) = try fadingView(on: scene)
        let effect = engine.makeView(frame: Rect(x: 0, y: 30, width: 40, height: 30))
        effect.layer.backdropBlurRadius = 4
        effect.layer.backdropTintColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        try scene.page.addSubview(effect)
        let reused = fade(scene, view, steps: 5, from: 0.2, by: 0.15) { step, alpha, image in
            expectPixel(image, 100, 70, over(Self.white, alpha: alpha), "frame \(step)")
            expectPixel(image, 20, 55, over(Self.white, alpha: alpha), "frame \(step), under the blur", within: 3)
            expectPixel(image, 60, 60, over(Self.blue, alpha: alpha), "frame \(step)")
        }
        #expect(reused == 0)
    }

    @Test func aSquareMovingInsideAHalfTransparentGroupIsCompositedWithIt() throws {
        // The band and the square in a group at opacity ½ (drawn off screen as one): the
        // screen holds ½·color + ½·red, per channel rounded, wherever the group draws.
        let scene = try scene()
        let group = engine.makeView(frame: Rect(x: 0, y: 0, width: 120, height: 80))
        try scene.page.addSubview(group)
        try group.addSubview(scene.band)
        try group.addSubview(scene.square)
        group.alpha = 0.5
        let renderer = SceneRenderer(size: Size(width: 120, height: 80), scale: 1)
        for step in 0..<6 {
            scene.square.frame = Rect(x: Double(5 + 11 * step), y: 40, width: 10, height: 10)
            let image = renderer.render(frame(scene))
            for (x, y, color) in [(60, 15, Self.blue), (10 + 11 * step, 45, Self.green), (60, 70, 0 as UInt32)] {
                let pixel = image.rgba(x: x, y: y)
                // Half the color (or nothing, where the group is empty) over half of red.
                let r = Double(color & 0xFF) / 2 + (color == 0 ? 255 : 127.5), g = Double(color >> 8 & 0xFF) / 2
                let b = Double(color >> 16 & 0xFF) / 2
                #expect(abs(Double(pixel.red) - r) <= 1 && abs(Double(pixel.green) - g) <= 1
                        && abs(Double(pixel.blue) - b) <= 1, "frame \(step) (\(x), \(y)): \(pixel)")
            }
            // Where the square was a frame before is red again.
            if step > 0 {
                let pixel = image.rgba(x: 10 + 11 * (step - 1), y: 45)
                #expect(abs(Double(pixel.red) - 255) <= 1 && pixel.green == 0 && pixel.blue == 0, "frame \(step): \(pixel)")
            }
        }
    }
}
