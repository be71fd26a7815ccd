import Glibc
import Testing
@testable import AnimatorEngine
import AnimatorRendering
@testable import AnimatorRuns
import AnimatorSupport

/// Borders and shadows live beside a layer's properties, with the other values few layers
/// set (`LayerExtras`): a frame carries them only for the layers that set or animate one,
/// evaluated at the frame's time, and every way a frame is written (a timeline, the bytes a
/// plugin child sends) and drawn keeps them.
@Suite struct BorderShadowTests {
    let engine = SnapshotRasterizer.engine()
    let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
    let red = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 200-point white window holding a plain view and a 100 × 60 white card at (50, 50)
    /// with a shadow (radius 4, 6 points down) whose opacity animates 0 → 0.5 and a border
    /// that animates 0 → 8 points and red → blue, each over a second, linearly.
    func scene() throws -> (window: View, plain: View, card: View) {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "window")
        window.backgroundColor = white
        let plain = engine.makeView(frame: Rect(x: 0, y: 150, width: 40, height: 40), name: "plain")
        plain.backgroundColor = white
        let card = engine.makeView(frame: Rect(x: 50, y: 50, width: 100, height: 60), name: "card")
        card.backgroundColor = white
        try window.addSubview(plain)
        try window.addSubview(card)
        // Outside an animation block a view's changes do not animate: the model values.
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = Size(width: 0, height: 6)
        card.layer.shadowOpacity = 0.5
        card.layer.borderWidth = 8
        card.layer.borderColor = blue
        try card.layer.add(.basic(.shadowOpacity, from: .number(0), to: .number(0.5), duration: 1, timingFunction: .linear),
                           forKey: "shadow")
        try card.layer.add(.basic(.borderWidth, from: .number(0), to: .number(8), duration: 1, timingFunction: .linear),
                           forKey: "width")
        try card.layer.add(.basic(.borderColor, from: .color(red), to: .color(blue), duration: 1, timingFunction: .linear),
                           forKey: "color")
        return (window, plain, card)
    }

    @Test func aFrameCarriesTheBorderAndShadowOfTheLayersThatHaveThemAtItsTime() throws {
        let (window, plain, card) = try scene()
        try engine.advance(to: 0.25)
        let frame = SceneFrame(engine: engine, root: window.layer.id)
        #expect(frame.nodes.map(\.layer) == [window.layer.id, plain.layer.id, card.layer.id])
        // Only the card has any: the window and the plain view carry none.
        #expect(frame.extras.indices.filter { frame.extras[$0] != nil } == [2])
        // A quarter of the way: width 8 / 4, red three quarters, opacity 0.5 / 4; the radius
        // and offset as set.
        let extras = try #require(frame.extras[2])
        #expect(extras.borderWidth == 2)
        #expect(extras.borderColor == RGBAColor(red: 0.75, green: 0, blue: 0.25, alpha: 1))
        #expect(extras.shadowOpacity == 0.125)
        #expect(extras.shadowRadius == 4 && extras.shadowOffset == Size(width: 0, height: 6))
        // The layer answers its model and its presentation alike.
        #expect(card.layer.borderWidth == 8 && card.layer.shadowOpacity == 0.5 && card.layer.borderColor == blue)
        #expect(engine.presentationValue(.borderWidth, of: card.layer.id) == .number(2))
        #expect(engine.presentationValue(.shadowOpacity, of: card.layer.id) == .number(0.125))
        // A layer without any answers Core Animation's defaults.
        #expect(plain.layer.borderWidth == 0 && plain.layer.shadowOpacity == 0 && plain.layer.shadowRadius == 3)
        #expect(plain.layer.shadowOffset == Size(width: 0, height: -3) && plain.layer.borderColor.alpha == 1)
    }

    @Test func timelinesAndChildBytesKeepThemAndTheyDrawTheSame() throws {
        let (window, _, _) = try scene()
        try engine.advance(to: 0.25)
        let frame = SceneFrame(engine: engine, root: window.layer.id)

        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let views = try #require(json["views"]?.arrayValue)
        // Every view writes the border and shadow members, the plain one its defaults.
        #expect(views[2]["borderWidth"] == .number(2) && views[2]["shadowOpacity"] == .number(0.125))
        #expect(views[2]["borderColor"] == .string("#bf0040ff"))
        #expect(views[2]["shadowOffset"] == .array([.number(0), .number(6)]) && views[2]["shadowRadius"] == .number(4))
        #expect(views[1]["borderWidth"] == .number(0) && views[1]["shadowOpacity"] == .number(0))
        #expect(views[1]["shadowRadius"] == .number(3) && views[1]["shadowOffset"] == .array([.number(0), .number(-3)]))
        #expect(views[1]["borderColor"] == .string("#000000ff") && views[1]["shadowColor"] == .string("#000000ff"))

        let document = JSONValue.object([("images", .array([])), ("frames", .array([json]))])
        let read = try Timeline.frames(from: JSONValue.parse(document.serialized()))[0]
        let decoded = try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame]))[0]
        let picture = SceneRenderer(size: Size(width: 200, height: 200), scale: 1).render(frame)
        // The child's bytes keep every value exactly: the same picture.
        #expect(decoded.extras == frame.extras)
        #expect(decoded.nodes.map(\.properties) == frame.nodes.map(\.properties))
        #expect(SceneRenderer(size: Size(width: 200, height: 200), scale: 1).render(decoded).pixels == picture.pixels)
        // A timeline writes colors in eight bits (#bf0040ff: 191 / 255 and 64 / 255): the
        // same values otherwise, and a picture at most one level away.
        var quantized = try #require(frame.extras[2])
        quantized.borderColor = RGBAColor(red: 191.0 / 255, green: 0, blue: 64.0 / 255, alpha: 1)
        #expect(read.extras.indices.filter { read.extras[$0] != nil } == [2] && read.extras[2] == quantized)
        #expect(read.nodes.map(\.properties) == frame.nodes.map(\.properties))
        let again = SceneRenderer(size: Size(width: 200, height: 200), scale: 1).render(read)
        var farthest = 0
        for (x, y) in zip(again.pixels, picture.pixels) {
            for shift in stride(from: 0, to: 32, by: 8) {
                let a = Int((x >> UInt32(shift)) & 0xFF), b = Int((y >> UInt32(shift)) & 0xFF)
                farthest = max(farthest, abs(a - b))
            }
        }
        #expect(farthest <= 1, "the border's color one level away at most")
    }

    @Test func theEndPictureShowsTheBorderAndTheShadow() throws {
        let (window, _, _) = try scene()
        try engine.advance(to: 1.5)
        let picture = SceneRenderer(size: Size(width: 200, height: 200), scale: 1)
            .render(SceneFrame(engine: engine, root: window.layer.id))
        func rgb(_ x: Int, _ y: Int) -> [Int] {
            let pixel = picture.rgba(x: x, y: y)
            return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
        }
        // The 8-point blue border inside the card's edge, white inside it.
        #expect(rgb(52, 80) == [0, 0, 255] && rgb(100, 53) == [0, 0, 255] && rgb(147, 80) == [0, 0, 255])
        #expect(rgb(70, 80) == [255, 255, 255])
        // Below the card, the shadow: the card's alpha moved 6 points down (its bottom edge
        // at y 116) and blurred with σ 4, at opacity 0.5. Far from the sides, the pixel row
        // whose centre is d points above that edge is covered Φ(d / 4) of the way.
        for (y, d) in [(111, 4.5), (113, 2.5), (115, 0.5), (117, -1.5)] {
            let coverage = 0.5 * (1 + erf(d / 4 / 2.0.squareRoot()))
            let expected = 255 * (1 - 0.5 * coverage)
            let level = Double(rgb(100, y)[0])
            #expect(abs(level - expected) <= 6, "y \(y): \(level) against \(expected)")
            #expect(rgb(100, y)[0] == rgb(100, y)[2], "a black shadow over white stays grey")
        }
        // Well away from the card, nothing.
        #expect(rgb(100, 140) == [255, 255, 255] && rgb(20, 80) == [255, 255, 255])
    }
}
