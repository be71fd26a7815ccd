import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// UIView.transition(with:…) and transition(from:to:…), view geometry (convert, subviews)
/// and the CATransform3D functions, written as UIKit code writes them.
@Suite struct SDKViewTransitionTests {
    let session = HostSession()

    func inHost<R>(_ body: () -> R) -> R { CurrentHost.with(UnsafePointer(session.table), body) }

    func engineLayer(_ layer: AnimatorKit.CALayer) throws -> AnimatorEngine.Layer {
        AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(layer.handle).get())
    }

    func picture(_ window: AnimatorKit.UIView, at time: Double) throws -> Image {
        try session.picture(of: window, size: Size(width: 400, height: 300), at: time)
    }

    @Test func aFlipFromLeftTurnsTheOldLookAwayAndTheNewOneInInPerspective() throws {
        // A 200-point card at (100, 50) in a white window, flipped from left over 1 s,
        // linear, red to blue. At a quarter (45°) the old look's left edge has come toward
        // the eye (2 × 200 points away): x = ±100 cos 45° / (1 ∓ 100 sin 45° / 400) about
        // the centre 200, so red spans 200 − 85.9 … 200 + 60.1; at three quarters the
        // new look, turned −45°, spans 200 − 60.1 … 200 + 85.9.
        var finished: Bool?
        let (window, card) = inHost { () -> (AnimatorKit.UIView, AnimatorKit.UIView) in
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            window.backgroundColor = .white
            let card = AnimatorKit.UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
            card.backgroundColor = .red
            window.addSubview(card)
            return (window, card)
        }
        try session.engine.advance(to: session.engine.currentTime + 1.0 / 60)
        let start = session.engine.currentTime
        inHost {
            AnimatorKit.UIView.transition(with: card, duration: 1, options: [.transitionFlipFromLeft, .curveLinear],
                                          animations: { card.backgroundColor = .blue }, completion: { finished = $0 })
        }
        let near = 100 * 0.5.squareRoot() / (1 - 100 * 0.5.squareRoot() / 400)
        let far = 100 * 0.5.squareRoot() / (1 + 100 * 0.5.squareRoot() / 400)
        var image = try picture(window, at: start + 0.25)
        #expect(image.rgb(Int(200 - near + 2), 150) == [255, 0, 0] && image.rgb(Int(200 - near - 2), 150) == [255, 255, 255])
        #expect(image.rgb(Int(200 + far - 2), 150) == [255, 0, 0] && image.rgb(Int(200 + far + 2), 150) == [255, 255, 255])
        image = try picture(window, at: start + 0.75)
        #expect(image.rgb(Int(200 - far + 2), 150) == [0, 0, 255] && image.rgb(Int(200 - far - 2), 150) == [255, 255, 255])
        #expect(image.rgb(Int(200 + near - 2), 150) == [0, 0, 255] && image.rgb(Int(200 + near + 2), 150) == [255, 255, 255])
        // The change itself landed at once; the flip ends on the new look and says so.
        #expect(try engineLayer(card.layer).model.backgroundColor == RGBAColor(red: 0, green: 0, blue: 1, alpha: 1))
        try session.engine.advance(to: start + 1.1)
        #expect(finished == true)
        #expect(try picture(window, at: start + 1.1).rgb(110, 60) == [0, 0, 255])
    }

    @Test func transitionFromToSwapsTheViewsWithACrossDissolve() throws {
        var finished: Bool?
        let (window, container, old, new) = inHost {
            () -> (AnimatorKit.UIView, AnimatorKit.UIView, AnimatorKit.UIView, AnimatorKit.UIView) in
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            window.backgroundColor = .white
            let container = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            let old = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            old.backgroundColor = .red
            let new = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            new.backgroundColor = .blue
            window.addSubview(container)
            container.addSubview(old)
            return (window, container, old, new)
        }
        try session.engine.advance(to: session.engine.currentTime + 1.0 / 60)
        let start = session.engine.currentTime
        inHost {
            AnimatorKit.UIView.transition(from: old, to: new, duration: 1, options: [.transitionCrossDissolve, .curveLinear],
                                          completion: { finished = $0 })
        }
        // The new view took the old one's place at once; halfway the two looks are mixed
        // (the new view covers the screen: the renderer once took it for an occluder and
        // skipped the old look under the fading container).
        #expect(inHost { container.subviews.map(\.layer.handle) } == [new.layer.handle])
        #expect(inHost { old.superview } == nil)
        let halfway = try picture(window, at: start + 0.5).rgb(200, 150)
        #expect(abs(Int(halfway[0]) - 128) <= 2 && abs(Int(halfway[2]) - 128) <= 2, "halfway \(halfway)")
        try session.engine.advance(to: start + 1.1)
        #expect(finished == true)
        // A view with no superview: nothing happens, and the log says why.
        inHost { AnimatorKit.UIView.transition(from: old, to: new, duration: 1, options: [], completion: { finished = $0 }) }
        #expect(finished == false)
        #expect(session.log.contains { $0.message.contains("has no superview") })
    }

    @Test func convertAndTheTransformFunctionsAgreeWithCoreGraphics() {
        inHost {
            let window = AnimatorKit.UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            let card = AnimatorKit.UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 100))
            let badge = AnimatorKit.UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 30))
            window.addSubview(card)
            card.addSubview(badge)
            // Plain offsets: (5, 5) in the badge is (115, 75) in the window.
            #expect(badge.convert(CGPoint(x: 5, y: 5), to: window) == CGPoint(x: 115, y: 75))
            #expect(badge.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 115, y: 75))
            #expect(window.convert(CGPoint(x: 115, y: 75), to: badge) == CGPoint(x: 5, y: 5))
            #expect(card.convert(badge.frame, to: window) == CGRect(x: 110, y: 70, width: 30, height: 30))
            // Scaled 2× about its centre (200, 100 in the window): its (0, 0) lands at (0, 0)
            // and its (200, 100) at (400, 200).
            card.transform = CGAffineTransform(scaleX: 2, y: 2)
            let corner = card.convert(CGPoint.zero, to: window)
            #expect(abs(corner.x) < 1e-9 && abs(corner.y) < 1e-9)
            #expect(window.convert(CGPoint(x: 200, y: 100), from: card) == CGPoint(x: 400, y: 200))
            #expect(badge.isDescendant(of: window) && !window.isDescendant(of: badge))
        }
        // CATransform3DRotate(t, …) rotates first: a quarter turn about z then a move by
        // (10, 0) takes (1, 0) to (10, 1).
        let moved = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
        let x = 1 * moved.m11 + moved.m41, y = 1 * moved.m12 + moved.m42
        #expect(abs(x - 10) < 1e-9 && abs(y - 1) < 1e-9)
        #expect(CATransform3DIsIdentity(CATransform3DScale(CATransform3DIdentity, 1, 1, 1)))
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(CGAffineTransform(translationX: 3, y: 4)))
                == CGAffineTransform(translationX: 3, y: 4))
        let t = CGAffineTransform(a: 2, b: 1, c: 1, d: 1, tx: 5, ty: -3)
        #expect(CGPoint(x: 7, y: 2).applying(t).applying(t.inverted()) == CGPoint(x: 7, y: 2))
    }

    @Test func aLabelShowsItsTextAsUIKitCodeSetsIt() throws {
        let label = inHost { () -> UILabel in
            let label = UILabel()
            label.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
            label.text = "Photos\u{7}2024"
            label.textColor = .white
            label.font = .systemFont(ofSize: 20, weight: .semibold)
            label.textAlignment = .right
            label.numberOfLines = 0
            return label
        }
        let text = try #require(try engineLayer(label.layer).text)
        // The bell became a space; medium to semibold weights draw semibold.
        #expect(text == LayerText("Photos 2024", color: RGBAColor(red: 1, green: 1, blue: 1, alpha: 1), size: 20,
                                  weight: .semibold, alignment: .right, lines: 0))
        inHost { label.text = nil }
        #expect(try engineLayer(label.layer).text == nil)
        // From C: an unknown weight is refused with the reason.
        var style = ah_text_style()
        style.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        style.struct_size = UInt32(MemoryLayout<ah_text_style>.size)
        style.weight = 9
        let table = session.table
        #expect(table.pointee.layer_set_text(table, label.layer.handle, "x", &style) == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(String(cString: table.pointee.last_error(table)!) == "unknown font weight 9 or alignment 0")
    }

    @Test func dispatchAfterRunsOnTheHostsClockNotTheWallClock() throws {
        // Swift treats closures given to DispatchQueue.main as the main actor's (on iOS too):
        // what they change is a Sendable box here.
        final class Ran: @unchecked Sendable { var steps: [String] = [] }
        let ran = Ran()
        inHost {
            // The tests see Dispatch too: the SDK's queue by its module name, as the docs say.
            AnimatorKit.DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { ran.steps.append("later") }
            AnimatorKit.DispatchQueue.main.async { ran.steps.append("soon") }
        }
        let start = session.engine.currentTime
        try session.engine.advance(to: start + 1.0 / 60)
        #expect(ran.steps == ["soon"])
        try session.engine.advance(to: start + 0.29)
        #expect(ran.steps == ["soon"])
        try session.engine.advance(to: start + 0.3)
        #expect(ran.steps == ["soon", "later"])
        let table = session.table
        #expect(table.pointee.host_after(table, -1, { _ in }, nil) == ah_status(AH_ERR_INVALID_ARGUMENT))
        #expect(String(cString: table.pointee.last_error(table)!) == "delay must be finite and not negative")
    }
}
