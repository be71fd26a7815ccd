import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
import TestSupport

/// The status bar over the app: where iOS draws it, in which color, above what.
@Suite struct StatusBarTests {
    /// A runtime for `variant` with its status bar shown and a plain root screen.
    func runtime(_ variant: String = "") throws -> (TransitionRuntime, ViewController) {
        let traits = try Traits(variant: variant)
        let runtime = TransitionRuntime(size: traits.screenSize)
        runtime.traits = traits
        try runtime.showStatusBar()
        let root = ViewController(name: "root", engine: runtime.engine, frame: runtime.window.bounds)
        try runtime.setRoot(root)
        return (runtime, root)
    }

    func timeLabel(in bar: StatusBar) throws -> View {
        try #require(bar.view.subviews.first { $0.layer.text != nil })
    }

    @Test func itFillsTheDevicesTopSafeAreaAndAPhoneOnItsSideHasNone() throws {
        // Apple's figures: the status bar of an iPhone SE is 20 points, of an iPhone 14 47,
        // of an iPhone 15 Pro Max 59 (the Dynamic Island), of an iPad 24, upright or not.
        let expected: [(String, Double, Double)] = [("iphone-se", 375, 20), ("iphone", 390, 47),
                                                    ("iphone-pro-max", 430, 59), ("ipad", 820, 24),
                                                    ("ipad,landscape", 1180, 24)]
        for (variant, width, height) in expected {
            let (runtime, _) = try runtime(variant)
            let bar = try #require(runtime.statusBar, "\(variant)")
            #expect(bar.view.frame == Rect(x: 0, y: 0, width: width, height: height), "\(variant)")
        }
        for variant in ["iphone,landscape", "iphone-se,landscape", "iphone-pro-max,landscape"] {
            #expect(try runtime(variant).0.statusBar == nil, "\(variant)")
            #expect(try runtime(variant).0.window.subviews.count == 1, "\(variant)")
        }
    }

    @Test func itStaysAboveEveryPresentationAndLetsTouchesThrough() throws {
        let (runtime, root) = try runtime()
        let bar = try #require(runtime.statusBar)
        #expect(runtime.window.subviews.last == bar.view)
        // Shown again: still one bar.
        try runtime.showStatusBar()
        #expect(runtime.window.subviews.filter { $0.name == "status bar" }.count == 1)
        let sheet = ViewController(name: "sheet", engine: runtime.engine, frame: runtime.window.bounds)
        sheet.view.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(try runtime.present(sheet, from: root, animator: SystemAnimator(.coverVertical)).completed)
        // The presentation's container went in below the bar.
        #expect(runtime.window.subviews.count == 2)
        #expect(runtime.window.subviews.last == bar.view)
        // A tap on the bar reaches the app beneath, as on iOS (a scroll-to-top aside).
        #expect(runtime.window.hitTest(Point(x: 30, y: 20)) == sheet.view)
        _ = try runtime.dismiss(sheet, animator: nil)
        #expect(runtime.window.subviews.last == bar.view)
    }

    @Test func theTimeSitsLeftOfTheHousingAndTrailsInRightToLeft() throws {
        // An iPhone 14 is 390 points wide; the notch takes the middle, so the time lies
        // wholly left of centre − 60 (and right of centre + 60 when mirrored), its text "9:41".
        let bar = try #require(try runtime().0.statusBar)
        let time = try timeLabel(in: bar)
        #expect(time.layer.text?.string == "9:41")
        #expect(time.frame.maxX <= 195 - 60 && time.frame.minX >= 0)
        let mirrored = try timeLabel(in: try #require(try runtime("rtl").0.statusBar))
        #expect(mirrored.frame.minX >= 195 + 60 && mirrored.frame.maxX <= 390)
        #expect(mirrored.frame.minX == 390 - time.frame.maxX)
        // An iPhone SE centres it between the indicators; an iPad leads with the date.
        let se = try timeLabel(in: try #require(try runtime("iphone-se").0.statusBar))
        #expect(se.frame.midX == 375.0 / 2)
        let pad = try timeLabel(in: try #require(try runtime("ipad").0.statusBar))
        #expect(pad.layer.text?.string.hasPrefix("9:41 ") == true && pad.frame.minX < 40)
    }

    /// Pixels in a rectangle of points whose channels are all within 40 of `value`.
    func ink(_ image: Image, near value: Int, x: ClosedRange<Double>, y: ClosedRange<Double>, scale: Double = 2) -> Int {
        var count = 0
        for py in Int(y.lowerBound * scale)..<Int(y.upperBound * scale) {
            for px in Int(x.lowerBound * scale)..<Int(x.upperBound * scale) {
                let p = image.rgba(x: px, y: py)
                if [p.red, p.green, p.blue].allSatisfy({ abs(Int($0) - value) < 40 }) { count += 1 }
            }
        }
        return count
    }

    func picture(_ runtime: TransitionRuntime) -> Image {
        SceneRenderer(size: runtime.window.bounds.size, scale: 2)
            .render(SceneFrame(engine: runtime.engine, root: runtime.window.layer.id))
    }

    @Test func itDrawsInTheLabelColorOfTheAppearance() throws {
        for (variant, background, label) in [("light", 255, 0), ("dark", 0, 255)] {
            let (runtime, root) = try runtime(variant)
            let gray = Double(background) / 255
            root.view.backgroundColor = RGBAColor(red: gray, green: gray, blue: gray, alpha: 1)
            let image = picture(runtime)
            // The time's glyphs and the right ear's indicators are in the label color;
            // the middle (the housing) and everything below 47 points are background.
            #expect(ink(image, near: label, x: 0...135, y: 0...47) > 100, "\(variant)")
            #expect(ink(image, near: label, x: 255...390, y: 0...47) > 100, "\(variant)")
            #expect(ink(image, near: label, x: 150...240, y: 0...47) == 0, "\(variant)")
            #expect(ink(image, near: label, x: 0...390, y: 48...844) == 0, "\(variant)")
        }
    }

    @Test func aPageSheetSitsUnderTheDevicesStatusBarWhichTurnsWhiteMeanwhile() throws {
        // An iPhone SE: a 20-point status bar, so UIKit's sheet starts 10 points lower, at 30.
        let (runtime, root) = try runtime("iphone-se")
        let bar = try #require(runtime.statusBar)
        let sheet = ViewController(name: "sheet", engine: runtime.engine, frame: runtime.window.bounds)
        sheet.modalPresentationStyle = .pageSheet
        #expect(try runtime.present(sheet, from: root, animator: SystemAnimator(.coverVertical)).completed)
        #expect(sheet.view.superview?.superview?.frame == Rect(x: 0, y: 30, width: 375, height: 637))
        // The presenter recedes to the status bar's bottom: its top edge at 20.
        let receded = root.view.layer.transform
        let scale = (375.0 - 32) / 375
        let top = 667 / 2 - scale * 667 / 2 + receded.m42
        #expect(abs(top - 20) < 1e-9)
        // The black window shows behind the bar now: it draws white, and black again after.
        #expect(bar.color == RGBAColor(red: 1, green: 1, blue: 1, alpha: 1))
        _ = try runtime.dismiss(sheet, animator: SystemAnimator(.coverVertical))
        #expect(bar.color == RGBAColor(red: 0, green: 0, blue: 0, alpha: 1))
    }
}
