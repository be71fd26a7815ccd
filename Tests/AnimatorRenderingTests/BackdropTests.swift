import Glibc
import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering

/// UIVisualEffectView's backdrop in the rasterizer, against values computed here: a
/// Gaussian's cumulative distribution across an edge, the saturation matrix, a tint
/// composited over the blurred pixels, opacity and rounded corners.
@Suite struct BackdropTests {
    let engine = SnapshotRasterizer.engine()
    let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
    let black = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// A 200 × 100 window, black on its left half and white on its right.
    func halves() throws -> View {
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 100), name: "window")
        window.backgroundColor = white
        let left = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        left.backgroundColor = black
        try window.addSubview(left)
        return window
    }

    func render(_ root: View, scale: Double = 1) -> Image {
        SceneRenderer(size: root.bounds.size, scale: scale).render(SceneFrame(engine: engine, root: root.layer.id))
    }

    func red(_ image: Image, _ x: Int, _ y: Int) -> Double { Double(image.rgba(x: x, y: y).red) }

    /// The standard normal's cumulative distribution.
    func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

    /// σ 6 is blurred at full resolution; σ 24 on a backdrop reduced by 4 (wide blurs are):
    /// both follow the Gaussian's integral.
    @Test(arguments: [6.0, 24.0])
    func aBlurAcrossAnEdgeFollowsTheGaussiansIntegral(sigma: Double) throws {
        let window = try halves()
        let effect = engine.makeView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        effect.layer.backdropBlurRadius = sigma
        try window.addSubview(effect)
        for scale in [1.0, 2.0] {
            let image = render(window, scale: scale)
            // Pixel x's center is (x + 0.5) / scale points from the left; the edge is at 100
            // points: 255 · Φ((center − 100) / σ).
            for offset in [-2.5, -1, -0.5, -0.1, 0, 0.1, 0.5, 1, 2.5] {
                let x = Int((100 + offset * sigma) * scale)
                let center = (Double(x) + 0.5) / scale
                let expected = 255 * phi((center - 100) / sigma)
                #expect(abs(red(image, x, Int(50 * scale)) - expected) <= 255 * 0.03,
                        "σ \(sigma), scale \(scale), column \(x): \(red(image, x, Int(50 * scale))) against \(expected)")
            }
        }
    }

    @Test func saturationAndTintAreAppliedOverTheBlur() throws {
        // A flat color stays itself under a blur; saturation s moves each channel away from
        // the luminance L = 0.2126 R + 0.7152 G + 0.0722 B: c' = L + s (c − L), clamped.
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 60, height: 60), name: "window")
        window.backgroundColor = RGBAColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
        let effect = engine.makeView(frame: Rect(x: 10, y: 10, width: 40, height: 40))
        effect.layer.backdropBlurRadius = 4
        effect.layer.backdropSaturation = 1.8
        try window.addSubview(effect)
        let (r, g, b) = (153.0, 102.0, 51.0)
        let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let saturated = [r, g, b].map { min(max(luminance + 1.8 * ($0 - luminance), 0), 255) }
        var pixel = render(window).rgba(x: 30, y: 30)
        #expect(zip([pixel.red, pixel.green, pixel.blue].map(Double.init), saturated).allSatisfy { abs($0 - $1) <= 1 },
                "\(pixel) against \(saturated)")
        // A tint of white at 0.3 over it: c'' = 0.3 × 255 + 0.7 × c'.
        effect.layer.backdropTintColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.3)
        pixel = render(window).rgba(x: 30, y: 30)
        let tinted = saturated.map { 0.3 * 255 + 0.7 * $0 }
        #expect(zip([pixel.red, pixel.green, pixel.blue].map(Double.init), tinted).allSatisfy { abs($0 - $1) <= 1.5 },
                "\(pixel) against \(tinted)")
        // Outside the effect view the window is untouched.
        #expect(render(window).rgba(x: 5, y: 5).red == 153)
    }

    @Test func theBackdropFollowsTheLayersCornersAndOpacity() throws {
        let window = try halves()
        let effect = engine.makeView(frame: Rect(x: 120, y: 20, width: 60, height: 60))
        effect.layer.backdropTintColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        effect.layer.cornerRadius = 20
        try window.addSubview(effect)
        var image = render(window)
        // The opaque black tint fills the rounded square: its center, not its corner pixel.
        #expect(red(image, 150, 50) == 0)
        #expect(red(image, 121, 21) == 255)
        // At opacity 0.5 the tinted backdrop is laid at half strength: 255 × 0.5.
        effect.alpha = 0.5
        image = render(window)
        #expect(abs(red(image, 150, 50) - 127.5) <= 1)
    }

    @Test func theBackdropRoundTripsThroughTheTimeline() throws {
        let effect = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        effect.layer.backdropBlurRadius = 30
        effect.layer.backdropSaturation = 1.8
        effect.layer.backdropTintColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.3)
        let extras = try #require(effect.layer.extras)
        #expect(extras.hasBackdrop && extras.backdropBlurRadius == 30 && extras.backdropSaturation == 1.8)
        // The presentation of an animated radius: from 0 to 30 over a second, linearly.
        try effect.layer.add(.basic(.backdropBlurRadius, from: .number(0), to: .number(30), duration: 1,
                                    timingFunction: .linear), forKey: "blur")
        let start = engine.currentTime
        #expect(abs((engine.extras(of: effect.layer.id, at: start + 0.5)?.backdropBlurRadius ?? -1) - 15) < 1e-9)
    }

    /// The written-out clamp of a saturated color to [0, alpha] gives, lane by lane, what the
    /// standard library's `clamped(lowerBound:upperBound:)` gives: on a grid of values around
    /// the bounds (both zeros, the bounds themselves, infinities, NaN) and on random ones.
    @Test func theSaturationClampIsTheLibrarysClamp() {
        let specials: [Float] = [-.infinity, -300, -1, -.leastNonzeroMagnitude, -0.0, 0.0, .leastNonzeroMagnitude,
                                 0.25, 1, 127.5, 254.99, 255, 255.01, 300, .infinity, .nan]
        var state: UInt32 = 3
        func random() -> Float {
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 24) * 600 - 150
        }
        var alphas: [Float] = [0, -0.0, 1, 128, 255, .nan, .infinity]
        for _ in 0..<20 { alphas.append(random()) }
        for alpha in alphas {
            var colors = specials.map { SIMD4<Float>(repeating: $0) }
            for _ in 0..<200 { colors.append(SIMD4(random(), random(), random(), random())) }
            for (first, second) in zip(specials, specials.reversed()) { colors.append(SIMD4(first, second, -first, alpha)) }
            for color in colors {
                let mine = BackdropFilter.clamp(color, to: alpha)
                let library = color.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: alpha))
                for lane in 0..<4 {
                    // The same number, the same sign of zero, NaN where NaN.
                    #expect(mine[lane].bitPattern == library[lane].bitPattern || (mine[lane].isNaN && library[lane].isNaN),
                            "\(color) to \(alpha), lane \(lane): \(mine[lane]) against \(library[lane])")
                }
            }
        }
    }
}
