import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// UIImage, UIImageView and CALayer.contents in the SDK (ABI 1.4), in an animator written
/// as an iOS developer writes one, run on the same stage as the presentation tests.
extension SDKPresentationTests {
    /// Covers the incoming view with a picture that fades away: red | blue, two pixels.
    final class Curtain: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.curtain", name: "curtain", version: "1", operations: [.present])
        // Made in a stored property's initializer, outside any host call.
        let picture = UIImage(rgba: [255, 0, 0, 255, 0, 0, 255, 255], width: 2, height: 1)!
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }

        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            let toView = transitionContext.view(forKey: .to)!
            container.addSubview(toView)
            let curtain = UIImageView(image: picture)
            curtain.contentMode = .scaleToFill
            curtain.frame = container.bounds
            container.addSubview(curtain)
            UIView.animate(withDuration: 0.4, animations: { curtain.alpha = 0 }, completion: { _ in
                curtain.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }

    @Test func anImageViewShowsItsPictureThroughTheHost() throws {
        var first: SceneFrame?
        let outcome = try runtime.present(detail, from: list, animator: instance(Curtain(parameters: ParameterValues([:])),
                                                                                 id: "test.curtain")) { [runtime] _ in
            if first == nil { first = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id) }
        }
        #expect(outcome.completed && outcome.problems.isEmpty, "\(outcome.problems)")
        #expect(session.log.isEmpty, "\(session.log)")
        // Frame 0: two texels stretched over 390 points: red at x = 50 (u clamps to the
        // first texel), blue at x = 340 (to the second).
        let image = SceneRenderer(size: Size(width: 390, height: 844), scale: 1).render(try #require(first))
        let left = image.rgba(x: 50, y: 400), right = image.rgba(x: 340, y: 400)
        #expect([left.red, left.green, left.blue] == [255, 0, 0])
        #expect([right.red, right.green, right.blue] == [0, 0, 255])
    }

    /// Completes the transition from transitionDuration(using:), before it began: refused.
    final class Hasty: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.hasty", name: "hasty", version: "1", operations: [.present])
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
            transitionContext?.completeTransition(true)
            return 0.2
        }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let toView = transitionContext.view(forKey: .to)!
            toView.alpha = 0
            transitionContext.containerView.addSubview(toView)
            UIView.animate(withDuration: 0.2, animations: { toView.alpha = 1 }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        }
    }

    @Test func completingFromTheDurationIsRefusedAndTheTransitionRunsOn() throws {
        let outcome = try runtime.present(detail, from: list, animator: instance(Hasty(parameters: ParameterValues([:])),
                                                                                 id: "test.hasty"))
        // The early call is a problem of the transition; the real completion stands.
        #expect(outcome.completed)
        #expect(abs(outcome.elapsed - 0.2) < 1e-9)
        #expect(outcome.problems == ["completeTransition called from transitionDuration(using:), before the transition began; refused"])
        #expect(session.log.contains { $0.message.contains("before the transition began") })
    }

    /// Answers a duration of a billion seconds, and never completes.
    final class Endless: AnimatedTransitioning {
        static let descriptor = AnimatorDescriptor(id: "test.endless", name: "endless", version: "1", operations: [.present])
        init(parameters: ParameterValues) {}
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1e9 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            transitionContext.containerView.addSubview(transitionContext.view(forKey: .to)!)
        }
    }

    /// A duration over the host's limit is refused as a problem; the transition runs with
    /// 0 s and the watchdog ends it a second later (not after a billion seconds of frames).
    @Test func aDurationOverTheLimitIsRefused() throws {
        var frames = 0
        let outcome = try runtime.present(detail, from: list, animator: instance(Endless(parameters: ParameterValues([:])),
                                                                                 id: "test.endless")) { _ in frames += 1 }
        #expect(!outcome.completed)
        #expect(outcome.duration == 0)
        #expect(abs(outcome.elapsed - 1) < 1e-9)                 // 0 s + the watchdog's 1 s grace
        #expect(frames <= 62)
        #expect(outcome.problems.first == "test.endless: transitionDuration returned 1000000000 s, over the host's limit of 60 s")
    }

    @Test func aPNGsSizeComesFromItsHeader() throws {
        let png = PNGEncoder.encode(Image(width: 40, height: 30, fill: 0xFF00_00FF))
        let image = try #require(UIImage(data: png, scale: 2))
        #expect(image.size == CGSize(width: 20, height: 15))
        #expect(image.cgImage?.width == 40 && image.cgImage?.height == 30)
        #expect(UIImage(data: Array("not a png at all, really".utf8)) == nil)
        #expect(UIImage(rgba: [0, 0, 0], width: 1, height: 1) == nil)
    }
}

/// UIImageView's frame animation on the host's clock.
@Suite struct SDKImageAnimationTests {
    let session = HostSession()
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    @Test func animationImagesCycleOnTheHostsClockAndStopOnTheImage() throws {
        let colors: [[UInt8]] = [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]]
        let frames = colors.map { UIImage(rgba: $0, width: 1, height: 1)! }
        let still = UIImage(rgba: [255, 255, 255, 255], width: 1, height: 1)!
        let view = CurrentHost.with(host) { () -> UIImageView in
            let view = UIImageView(image: still)
            view.animationImages = frames
            view.animationDuration = 0.3
            view.animationRepeatCount = 1
            view.startAnimating()
            return view
        }
        let layer = AnimatorEngine.Layer(engine: session.engine, id: try session.layers.lookup(view.layer.handle).get())
        func shown() -> [UInt8] {
            guard let pixel = layer.contents?.image.rgba(x: 0, y: 0) else { return [] }
            return [pixel.red, pixel.green, pixel.blue]
        }
        // 0.1 s a frame: red, then green at 0.1, blue at 0.2, the still image after 0.3.
        var seen: [[UInt8]] = [shown()]
        for time in [0.15, 0.25, 0.35] {
            try session.engine.advance(to: time)
            seen.append(shown())
        }
        #expect(seen == [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]])
        #expect(!view.isAnimating)
    }
}
