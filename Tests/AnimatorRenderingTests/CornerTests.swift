import Glibc
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// Continuous corners (cornerCurve .continuous): Apple's published construction starts the
/// curve 1.52866 radii from the corner, where a quarter circle starts at one radius.
@Suite struct CornerTests {
    let engine = SnapshotRasterizer.engine()

    func render(continuous: Bool, corners: UInt8 = 0b1111, border: Double = 0) throws -> Image {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 1400, height: 1400), name: "window")
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let card = engine.makeView(frame: Rect(x: 0, y: 0, width: 1400, height: 1400), name: "card")
        card.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.layer.cornerRadius = 400
        card.layer.maskedCorners = corners
        card.layer.continuousCorners = continuous
        try window.addSubview(card)
        return SceneRenderer(size: Size(width: 1400, height: 1400), scale: 1).render(SceneFrame(engine: engine, root: window.layer.id))
    }

    func green(_ image: Image, _ x: Int, _ y: Int) -> Int { Int(image.rgba(x: x, y: y).green) }

    @Test func continuousCornersStartFartherFromTheCornerThanCircles() throws {
        let circular = try render(continuous: false), continuous = try render(continuous: true)
        // A 1,400-point square with corners of 400 (small enough that no side's two curves
        // meet: 2 × 1.52866 × 400 < 1,400). 449.5 points from a corner along an edge: past a
        // circle's 400 (the edge is straight there, red), within the continuous curve's
        // 611.5, which has left the edge by about 1.5 points there (white shows through).
        for (x, y) in [(950, 0), (449, 0), (1399, 449), (0, 950)] {
            #expect(green(circular, x, y) == 0, "circular \(x),\(y)")
            #expect(green(continuous, x, y) > 200, "continuous \(x),\(y)")
        }
        // Beyond 1.52866 × 400 = 611.5 from every corner both edges are straight.
        for (x, y) in [(700, 0), (1399, 700), (700, 1399), (0, 700)] {
            #expect(green(circular, x, y) == 0 && green(continuous, x, y) == 0, "\(x),\(y)")
        }
        // Near the corner both curves leave the same white: (10, 10) is outside both.
        #expect(green(circular, 10, 10) == 255 && green(continuous, 10, 10) == 255)
        // The middle is red in both.
        #expect(green(circular, 700, 700) == 0 && green(continuous, 700, 700) == 0)
    }

    @Test func onlyTheMaskedCornersCurve() throws {
        // Only the top left (bit 1): the top right corner pixel is red, square.
        let image = try render(continuous: true, corners: 1)
        #expect(green(image, 1399, 0) == 0 && green(image, 0, 0) == 255)
        #expect(green(image, 1399, 1399) == 0 && green(image, 0, 1399) == 0)
    }
}
