import Glibc
import Testing
import TestSupport
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// The rasterizer against geometry worked out by hand: edges of rounded rectangles, group
/// opacity, clipping, perspective, shadows and text, each on a scene built for the test.
@Suite struct RasterTests {
    let engine = SnapshotRasterizer.engine()
    let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// A window of `size` points with a white background.
    func window(_ width: Double = 400, _ height: Double = 400) -> View {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: width, height: height), name: "window")
        window.backgroundColor = white
        return window
    }

    func render(_ root: View, scale: Double = 1, fonts: FontLibrary = .system) -> Image {
        SceneRenderer(size: root.bounds.size, scale: scale, fonts: fonts).render(SceneFrame(engine: engine, root: root.layer.id))
    }

    func rgb(_ image: Image, _ x: Int, _ y: Int) -> [Int] {
        let pixel = image.rgba(x: x, y: y)
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    func close(_ a: [Int], _ b: [Int], within tolerance: Int = 1) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func anEdgeFallingInsideAPixelCoversItByThatFraction() throws {
        let root = window(40, 40)
        // x from 10.25 to 30: pixel 10 (10…11) is covered 3/4.
        let rect = engine.makeView(frame: Rect(x: 10.25, y: 10, width: 19.75, height: 20))
        rect.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        try root.addSubview(rect)
        let image = render(root)
        #expect(rgb(image, 20, 20) == [0, 0, 0])
        #expect(rgb(image, 9, 20) == [255, 255, 255])
        // 3/4 black over white: 255 / 4 ≈ 64.
        #expect(close(rgb(image, 10, 20), [64, 64, 64], within: 2))
        #expect(rgb(image, 30, 20) == [255, 255, 255])
    }

    @Test func aRoundedCornerFollowsItsCircle() throws {
        let root = window(200, 200)
        let card = engine.makeView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.layer.cornerRadius = 30
        try root.addSubview(card)
        let image = render(root)
        // The top-left corner's circle: center (80, 80), radius 30. Along the diagonal,
        // points at distance 27 are inside, 33 outside; the square's corner is outside.
        let inside = 80 - 27 / 2.0.squareRoot(), outside = 80 - 33 / 2.0.squareRoot()
        #expect(rgb(image, Int(inside), Int(inside)) == [0, 0, 255])
        #expect(rgb(image, Int(outside), Int(outside)) == [255, 255, 255])
        #expect(rgb(image, 51, 51) == [255, 255, 255])
        // Beside the corner, the straight edges are full.
        #expect(rgb(image, 51, 100) == [0, 0, 255])
        #expect(rgb(image, 100, 51) == [0, 0, 255])
    }

    @Test func groupOpacityCompositesTheLayerAndItsSublayersAsOne() throws {
        let root = window(100, 100)
        let group = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let blue = engine.makeView(frame: Rect(x: 10, y: 10, width: 60, height: 60))
        blue.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        let red = engine.makeView(frame: Rect(x: 30, y: 30, width: 60, height: 60))
        red.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        try group.addSubview(blue)
        try group.addSubview(red)
        try root.addSubview(group)
        group.alpha = 0.5
        let image = render(root)
        // Off-screen, red covers blue; the group at ½ over white: ½·red + ½·white.
        #expect(close(rgb(image, 50, 50), [255, 128, 128]))
        // Each square on its own at ½ would have let blue through: ½·red + ¼·blue + ¼·white.
        #expect(!close(rgb(image, 50, 50), [255, 64, 128], within: 10))
        #expect(close(rgb(image, 20, 20), [128, 128, 255]))
        #expect(rgb(image, 5, 5) == [255, 255, 255])
    }

    @Test func masksToBoundsClipsSublayersToTheRoundedBounds() throws {
        let root = window(100, 100)
        let circle = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        circle.layer.cornerRadius = 50
        circle.clipsToBounds = true
        let fill = engine.makeView(frame: Rect(x: -20, y: -20, width: 140, height: 140))
        fill.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        try circle.addSubview(fill)
        try root.addSubview(circle)
        let image = render(root)
        // Pixel centers (2.5, 2.5) is 67 from the circle's center; (50.5, 2.5) is 47.5.
        #expect(rgb(image, 2, 2) == [255, 255, 255])
        #expect(rgb(image, 50, 2) == [255, 0, 0])
        #expect(rgb(image, 97, 97) == [255, 255, 255])
        #expect(rgb(image, 50, 50) == [255, 0, 0])
        // A square clip is a plain scissor.
        circle.layer.cornerRadius = 0
        let square = render(root)
        #expect(square.rgba(x: 2, y: 2).red == 255 && square.rgba(x: 2, y: 2).green == 0)
    }

    @Test func perspectiveMakesTheNearEdgeLonger() throws {
        let root = window(400, 400)
        let card = engine.makeView(frame: Rect(x: 100, y: 100, width: 200, height: 200))
        card.backgroundColor = RGBAColor(red: 0, green: 0.5, blue: 0, alpha: 1)
        try root.addSubview(card)
        // CATransform3DMakeRotation(60°, 0, 1, 0) has m11 = cos, m13 = −sin: the point
        // (x, y, 0) goes to (x·cos, y, −x·sin). With m34 = −1/500 after it, w = 1 + x·sin/500,
        // so x = ±100 lands at ±100·cos / (1 ± 100·sin/500) and its edge is 1/w as tall.
        let angle = Double.pi / 3
        card.layer.transform = Transform3D.rotation(angle, 0, 1, 0).concatenating(.perspective(distance: 500))
        let image = render(root)
        let wRight = 1 + 100 * sin(angle) / 500, wLeft = 1 - 100 * sin(angle) / 500
        let right = 200 + 100 * cos(angle) / wRight     // ≈ 242.6
        let left = 200 - 100 * cos(angle) / wLeft       // ≈ 139.5
        let green = [0, 128, 0]
        #expect(close(rgb(image, Int(right) - 2, 200), green))
        #expect(rgb(image, Int(right) + 2, 200) == [255, 255, 255])
        #expect(close(rgb(image, Int(left) + 2, 200), green))
        #expect(rgb(image, Int(left) - 2, 200) == [255, 255, 255])
        // Half heights: three pixels in from the left edge (screen x ≈ 142.5, local x ≈ −95.9,
        // w ≈ 0.834) the card reaches ≈ 119.9 above the center; three in from the right
        // (screen x ≈ 239.6, local x ≈ 91.8, w ≈ 1.159) only ≈ 86.3.
        #expect(close(rgb(image, Int(left) + 3, 200 - 115), green))
        #expect(rgb(image, Int(right) - 3, 200 - 95) == [255, 255, 255])
        #expect(close(rgb(image, Int(right) - 3, 200 - 80), green))
    }

    @Test func aShadowShowsThroughAHalfTransparentLayerAndNotAnOpaqueOne() throws {
        // A red card with a black shadow right under it (no offset, no blur), over white.
        // Opaque, the card hides its shadow: red. At opacity ½ the shadow shows through
        // (itself at ½, as the layer's opacity takes it too): ½·black over white is 128 grey,
        // the card's ½·red over that (191.5, 64, 64), where without the shadow it would be
        // (255, 128, 128). Around the card, white either way.
        for (alpha, inside) in [(1.0, [255, 0, 0]), (0.5, [191, 64, 64])] {
            let root = window(100, 100)
            let card = engine.makeView(frame: Rect(x: 20, y: 20, width: 60, height: 60))
            card.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
            card.layer.shadowOpacity = 1
            card.layer.shadowRadius = 0
            card.layer.shadowOffset = Size(width: 0, height: 0)
            card.alpha = alpha
            try root.addSubview(card)
            let image = render(root)
            #expect(close(rgb(image, 50, 50), inside), "opacity \(alpha): \(rgb(image, 50, 50))")
            #expect(close(rgb(image, 21, 79), inside) && rgb(image, 10, 10) == [255, 255, 255], "opacity \(alpha)")
        }
    }

    @Test func aShadowIsItsShapeOffsetAndBlurredWithSigmaTheShadowRadius() throws {
        let root = window(200, 200)
        let card = engine.makeView(frame: Rect(x: 50, y: 40, width: 100, height: 60))
        card.backgroundColor = white
        card.layer.shadowOpacity = 1
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = Size(width: 0, height: 20)
        try root.addSubview(card)
        let image = render(root)
        // The shadow's lower edge is at y = 100 + 20. A Gaussian of σ = 4 across it: at
        // distance d inside, the shadow's alpha is Φ(d/4); the pixel is 255·(1 − alpha).
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
        for (row, distance) in [(119, 0.5), (120, -0.5), (112, 7.5), (126, -6.5), (132, -12.5)] {
            let expected = 255 * (1 - phi(distance / 4))
            #expect(abs(Double(rgb(image, 100, row)[0]) - expected) <= 255 * 0.03, "row \(row)")
        }
        // Beside the card the shadow is as far from the vertical edges: column 160 is 10 out.
        #expect(abs(Double(rgb(image, 160, 110)[0]) - 255 * (1 - phi(-10 / 4))) <= 255 * 0.03)
    }

    @Test func textDrawsTheBitmapFontCentredInTheBounds() throws {
        let root = window(100, 40)
        let label = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        // A 20-point font has capitals 0.7 × 20 = 14 points high in the bitmap font.
        label.layer.text = LayerText("|", color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1), size: 20)
        try root.addSubview(label)
        let image = render(root, fonts: .none)
        // "|" inks column 2 of 5 in all 7 rows; 14 pt capitals make a font pixel 2 pt. The glyph
        // is 10 wide, centred: x from 45, its ink from 49 to 51; y from 13 to 27.
        #expect(rgb(image, 49, 20) == [0, 0, 0])
        #expect(rgb(image, 50, 14) == [0, 0, 0])
        #expect(rgb(image, 47, 20) == [255, 255, 255])
        #expect(rgb(image, 52, 20) == [255, 255, 255])
        #expect(rgb(image, 50, 11) == [255, 255, 255])
    }

    /// A renderer paints a label it drew before, where it was, from what it kept: the same
    /// pixels as the first time and as a new renderer's, in a new color too; moved a
    /// quarter point, it is drawn afresh. The "|" keeps the hand-worked pixels above.
    @Test func aLabelDrawnAgainWhereItWasPaintsTheSamePixels() throws {
        let root = window(120, 60)
        let bar = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        bar.layer.text = LayerText("|", color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 1), size: 20)
        let label = engine.makeView(frame: Rect(x: 10.3, y: 37.7, width: 90, height: 20))
        label.layer.text = LayerText("Hello, places", color: RGBAColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6), size: 13)
        try root.addSubview(bar)
        try root.addSubview(label)
        let renderer = SceneRenderer(size: root.bounds.size, scale: 2, fonts: .none)
        func drawn() -> (kept: Image, fresh: Image) {
            let frame = SceneFrame(engine: engine, root: root.layer.id)
            return (renderer.render(frame), SceneRenderer(size: root.bounds.size, scale: 2, fonts: .none).render(frame))
        }
        let first = drawn(), second = drawn()
        #expect(first.kept == first.fresh && second.kept == first.kept)
        // At 2x the "|" inks pixels 98 ..< 102 across and 26 ..< 54 down.
        #expect(rgb(second.kept, 99, 40) == [0, 0, 0] && rgb(second.kept, 100, 27) == [0, 0, 0])
        #expect(rgb(second.kept, 95, 40) == [255, 255, 255] && rgb(second.kept, 102, 40) == [255, 255, 255])
        label.layer.text?.color = RGBAColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.8)
        let recolored = drawn()
        #expect(recolored.kept == recolored.fresh && recolored.kept != first.kept)
        label.center = Point(x: label.center.x + 0.25, y: label.center.y)
        let moved = drawn()
        #expect(moved.kept == moved.fresh && moved.kept != recolored.kept)
    }

    @Test func scaleMultipliesEveryLength() throws {
        let root = window(50, 50)
        let rect = engine.makeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        rect.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        try root.addSubview(rect)
        let image = render(root, scale: 3)
        #expect(image.width == 150 && image.height == 150)
        #expect(rgb(image, 30, 30) == [0, 0, 0])
        #expect(rgb(image, 29, 30) == [255, 255, 255])
        #expect(rgb(image, 89, 89) == [0, 0, 0])
        #expect(rgb(image, 90, 89) == [255, 255, 255])
    }

    /// A 200-point black panel in the middle of a 400-point window (x 100…300) turns red
    /// under a CATransition, linear over 0.4 s, drawn at 0.1 s (a quarter of the way): the
    /// old look is the panel as last committed, whatever the order of the change and the
    /// transition in the step.
    func transitionPicture(_ type: TransitionType, changeFirst: Bool = false) throws -> Image {
        let root = window(400, 100)
        let panel = engine.makeView(frame: Rect(x: 100, y: 0, width: 200, height: 100))
        panel.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        try root.addSubview(panel)
        try engine.advance(to: 0)
        var transition = Animation.transition(type, .fromRight, duration: 0.4)
        transition.timingFunction = .linear
        let red = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        if changeFirst { panel.backgroundColor = red }
        try panel.layer.add(transition, forKey: "t")
        if !changeFirst { panel.backgroundColor = red }
        let frame = SceneFrame(engine: engine, root: root.layer.id, at: 0.1)
        return SceneRenderer(size: frame.size, scale: 1).render(frame)
    }

    @Test func transitionsDrawTheOldLookGivingWayToTheNew() throws {
        // push: old slides 50 left (x 50…250), new follows from 150 right (x 250…450).
        for changeFirst in [false, true] {
            let push = try transitionPicture(.push, changeFirst: changeFirst)
            #expect(rgb(push, 75, 50) == [0, 0, 0], "changeFirst \(changeFirst)")
            #expect(rgb(push, 245, 50) == [0, 0, 0])
            #expect(rgb(push, 255, 50) == [255, 0, 0])
            #expect(rgb(push, 320, 50) == [255, 0, 0])
        }
        // moveIn: old stays (x 100…300), new slides over it from x 250.
        let moveIn = try transitionPicture(.moveIn)
        #expect(rgb(moveIn, 75, 50) == [255, 255, 255])
        #expect(rgb(moveIn, 150, 50) == [0, 0, 0])
        #expect(rgb(moveIn, 255, 50) == [255, 0, 0])
        #expect(rgb(moveIn, 320, 50) == [255, 0, 0])
        // reveal: old slides 50 left over the new, which stays (x 100…300).
        let reveal = try transitionPicture(.reveal)
        #expect(rgb(reveal, 75, 50) == [0, 0, 0])
        #expect(rgb(reveal, 245, 50) == [0, 0, 0])
        #expect(rgb(reveal, 255, 50) == [255, 0, 0])
        #expect(rgb(reveal, 320, 50) == [255, 255, 255])
        // fade: new at a quarter over old: 0.25 × 255 ≈ 64 red over black.
        let fade = try transitionPicture(.fade)
        #expect(close(rgb(fade, 200, 50), [64, 0, 0]))
        #expect(rgb(fade, 50, 50) == [255, 255, 255])
    }

    @Test func bordersAreDrawnInsideTheBoundsOverTheBackground() throws {
        let root = window(200, 200)
        let box = engine.makeView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        box.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        box.layer.borderWidth = 10
        box.layer.borderColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        try root.addSubview(box)
        let image = render(root)
        // The band x 50…60 is border, 60…140 background, outside white.
        #expect(rgb(image, 45, 100) == [255, 255, 255])
        #expect(rgb(image, 55, 100) == [255, 0, 0])
        #expect(rgb(image, 65, 100) == [0, 0, 255])
        #expect(rgb(image, 144, 100) == [255, 0, 0])
        #expect(rgb(image, 100, 52) == [255, 0, 0])
    }

    @Test func zPositionDrawsASiblingAboveOnesAddedLater() throws {
        let root = window(100, 100)
        let red = engine.makeView(frame: Rect(x: 10, y: 10, width: 50, height: 50))
        red.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = engine.makeView(frame: Rect(x: 40, y: 40, width: 50, height: 50))
        blue.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        try root.addSubview(red)
        try root.addSubview(blue)
        #expect(rgb(render(root), 50, 50) == [0, 0, 255])      // added later, drawn later
        red.layer.zPosition = 1
        #expect(rgb(render(root), 50, 50) == [255, 0, 0])      // a higher zPosition wins
    }

    @Test func absurdGeometryDrawsWhatItCanAndNeverTraps() throws {
        let root = window(100, 100)
        let huge = engine.makeView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
        huge.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        huge.layer.transform = .scale(1e12, 1e12)
        huge.layer.shadowOpacity = 1
        huge.layer.shadowRadius = 1e6
        let lost = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        lost.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        lost.layer.position = Point(x: .nan, y: .infinity)
        let behind = engine.makeView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
        behind.backgroundColor = RGBAColor(red: 0, green: 1, blue: 0, alpha: 1)
        // Turned away from the eye, past the perspective's horizon.
        behind.layer.transform = Transform3D.rotation(2, 0, 1, 0).concatenating(.perspective(distance: 10))
        for view in [huge, lost, behind] { try root.addSubview(view) }
        let image = render(root)
        // The enormous square covers the whole window. The turned square: a point x from its
        // center goes to x·cos 2 / (1 + x·sin 2 / 10), so the part with x > −10/sin 2 ≈ −11 is
        // in front of the eye and reaches from x ≈ 25 − 10.4/3.27 ≈ 21.8 to infinity (the
        // side nearest the eye is blown up); the rest, behind the eye, is not drawn.
        #expect(image.width == 100)
        #expect(rgb(image, 5, 5) == [255, 0, 0])
        #expect(rgb(image, 95, 95) == [0, 255, 0])
    }

    @Test func aShadowFollowsWhatTheLayerDrawsSublayersIncluded() throws {
        let root = window(200, 320)
        // No background of its own: a round sublayer is all it draws.
        let holder = engine.makeView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        holder.layer.shadowOpacity = 1
        holder.layer.shadowRadius = 0
        holder.layer.shadowOffset = Size(width: 0, height: 150)
        let dot = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        dot.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        dot.layer.cornerRadius = 50
        try holder.addSubview(dot)
        try root.addSubview(holder)
        let image = render(root)
        // The shadow is the circle moved 150 down: center (100, 250), radius 50. Its
        // bounding square's corner (52, 202) is 68 from the center: no shadow there.
        #expect(rgb(image, 100, 250) == [0, 0, 0])
        #expect(rgb(image, 52, 202) == [255, 255, 255])
        #expect(rgb(image, 100, 205) == [0, 0, 0])
        // The dot itself, above.
        #expect(rgb(image, 100, 100) == [255, 0, 0])
    }
}
