import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
import TestSupport
@testable import AnimatorRuns

/// The stage's chrome as drawn: pixels probed where UIKit's layout puts the bars' items.
@Suite struct ChromeRenderTests {
    func lastFrame(_ operation: TransitionOperation, style: ModalPresentationStyle = .fullScreen) throws -> Image {
        let runtime = TransitionRuntime()
        let stage = TransitionStage(runtime: runtime)
        stage.style = style
        _ = try stage.perform(operation, animator: nil)
        return SceneRenderer(size: Size(width: 390, height: 844), scale: 2)
            .render(SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
    }

    func rgb(_ image: Image, _ x: Double, _ y: Double) -> [Int] {
        let pixel = image.rgba(x: Int(x * 2), y: Int(y * 2))
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    /// Pixels of systemBlue-like ink (#007AFF drawn anti-aliased over the bar) in a rectangle of points.
    func blueInk(_ image: Image, x: ClosedRange<Double>, y: ClosedRange<Double>) -> Int {
        var count = 0
        for py in Int(y.lowerBound * 2)..<Int(y.upperBound * 2) {
            for px in Int(x.lowerBound * 2)..<Int(x.upperBound * 2) {
                let p = image.rgba(x: px, y: py)
                if p.blue > 200 && p.red < 120 && Int(p.green) < Int(p.blue) - 40 { count += 1 }
            }
        }
        return count
    }

    @Test func afterAPushTheBarShowsABackButtonInTheTint() throws {
        let pushed = try lastFrame(.push)
        // The back button: 8…128 × 47…91 points (status bar 47, bar 44), "‹ Places" in blue.
        #expect(blueInk(pushed, x: 8...128, y: 47...91) > 40)
        // Popped back to the root: no back button, no blue in the bar.
        #expect(blueInk(try lastFrame(.pop), x: 0...390, y: 0...91) == 0)
    }

    @Test func theSelectedTabItemIsTintedAndTheOtherGrey() throws {
        let image = try lastFrame(.tab)
        // Two items of 195 points over the bar at y 761: the second's dial (a 24-point ring
        // with a 3-point border and an 8-point dot) centred at x 195 + 97.5, y 761 + 16.
        #expect(rgb(image, 195 + 97.5, 761 + 16) == [0, 122, 255])          // the dot
        #expect(rgb(image, 195 + 97.5 - 10.5, 761 + 16) == [0, 122, 255])   // the ring's left side
        // The first item's list icon: the middle bar, x 97.5 − 5 … + 13, y 761 + 14.5 … 18.5.
        #expect(rgb(image, 100, 761 + 16.5) == [153, 153, 153])
    }

    @Test func aPageSheetShrinksThePresenterBehindIt() throws {
        let image = try lastFrame(.present, style: .pageSheet)
        // The presenter is 16 points narrower each side, its top at the status bar (47):
        // the black window shows above it, and beside it above the sheet (57).
        #expect(rgb(image, 8, 52) == [0, 0, 0])
        #expect(rgb(image, 195, 30) == [0, 0, 0])
        // Between 47 and the sheet's top (57) the shrunk list's header shows (#F9F9F9).
        #expect(rgb(image, 195, 52) == [249, 249, 249])
        // The sheet covers the rest: the detail page's own header from 57 down.
        #expect(rgb(image, 4, 70) == [249, 249, 249])
        // Full screen: the detail page's header everywhere at the top.
        let full = try lastFrame(.present)
        #expect(rgb(full, 8, 52) == [249, 249, 249])
        #expect(rgb(full, 195, 30) == [249, 249, 249])
    }
}
