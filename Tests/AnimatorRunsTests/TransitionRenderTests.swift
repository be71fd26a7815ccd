import Glibc
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns

/// The bundled animators drawn by the renderer, checked at pixels whose color follows
/// from the seeds' geometry worked out by hand, on screens of one flat color each.
@Suite struct TransitionRenderTests {
    let runtime = TransitionRuntime()
    let below: ViewController
    let above: ViewController

    init() throws {
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        below = ViewController(name: "below", engine: runtime.engine, frame: bounds)
        above = ViewController(name: "above", engine: runtime.engine, frame: bounds)
        below.view.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        above.view.backgroundColor = RGBAColor(red: 0, green: 1, blue: 0, alpha: 1)
        try runtime.setRoot(below)
    }

    func bundled(_ name: String) throws -> AnimatorInstance {
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        let info = try #require(registry.animator(named: name))
        return try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession(engine: runtime.engine))
    }

    func rgb(_ image: Image, _ x: Double, _ y: Double, scale: Double = 1) -> [Int] {
        let pixel = image.rgba(x: Int(x * scale), y: Int(y * scale))
        return [Int(pixel.red), Int(pixel.green), Int(pixel.blue)]
    }

    /// The frame captured nearest `time` seconds after the transition's start.
    func frame(_ frames: some Collection<SceneFrame>, at time: Double) throws -> SceneFrame {
        let start = try #require(frames.first).time
        return try #require(frames.min { abs($0.time - start - time) < abs($1.time - start - time) })
    }

    @Test func theBubblesEdgeIsWhereItsRadiusSaysAtHalfTime() throws {
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        _ = try runtime.present(above, from: below, animator: bundled("bubble"), onFrame: recorder.capture)
        let frames = recorder.take().frames
        let half = try frame(frames, at: 0.25)
        // Seed 001: the bubble's radius is the distance from the start point (330, 754) to
        // the farthest corner (0, 0); at 0.25 s of 0.5 s on easeInOut (½ by symmetry) it is
        // scaled 0.001 + 0.999 · ½.
        let farthest: Double = (330.0 * 330.0 + 754.0 * 754.0).squareRoot()
        let radius: Double = farthest * (0.001 + 0.999 * 0.5)
        let bubble = [59, 130, 246]        // #3B82F6
        for scale in [1.0, 2.0] {
            let image = SceneRenderer(size: half.size, scale: scale).render(half)
            // Straight up and along the up-left diagonal from the start point (both clear of
            // the detail view, whose frame at half time is x 164.9…360.1, y 376.8…799.2).
            let diagonal: Double = -0.5.squareRoot()
            let directions: [(x: Double, y: Double)] = [(0, -1), (diagonal, diagonal)]
            for direction in directions {
                let near = radius - 2, far = radius + 2
                let inside = rgb(image, 330 + direction.x * near, 754 + direction.y * near, scale: scale)
                let outside = rgb(image, 330 + direction.x * far, 754 + direction.y * far, scale: scale)
                #expect(inside == bubble, "scale \(scale)")
                #expect(outside == [255, 255, 255], "scale \(scale)")
            }
        }
    }

    /// The pendulum dismissing "above" (1.5 s), drawn at relative time `fraction` of its
    /// keyframe animation. The keyframe animation runs on easeInOut as a whole, so relative
    /// time r is reached when easeInOut(t / 1.5) = r (bisection on the reference curve).
    func pendulum(atRelative fraction: Double) throws -> Image {
        _ = try runtime.present(above, from: below, animator: nil, animated: false)
        var low = 0.0, high = 1.0
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if referenceEaseInOut(middle) < fraction { low = middle } else { high = middle }
        }
        let time = low * 1.5
        let start = runtime.engine.currentTime
        var captured: SceneFrame?
        _ = try runtime.dismiss(above, animator: bundled("pendulum")) { t in
            // On the first frame past it, the scene as it was at that moment.
            if captured == nil, t - start >= time {
                captured = SceneFrame(engine: runtime.engine, root: runtime.window.layer.id, at: start + time)
            }
        }
        let frame = try #require(captured)
        return SceneRenderer(size: frame.size, scale: 1).render(frame)
    }

    @Test func thePendulumsEdgeLeansByItsAngleAboutTheBottomLeftCorner() throws {
        // The first keyframe (relative 0…0.15) turns a quarter turn clockwise: at 0.075, π/4.
        let image = try pendulum(atRelative: 0.075)
        // Turned by π/4 about (0, 844), the left edge runs up the line y = 844 − x. Just
        // right of it is the green snapshot; just left, the white screen under the cover
        // (black at alpha 0.5 until its keyframe at 0.65): 127.5 grey.
        for x in [100.0, 200, 300] {
            let y = 844 - x
            #expect(rgb(image, x + 3, y) == [0, 255, 0], "x \(x)")
            let grey = rgb(image, x - 3, y)
            #expect(grey.allSatisfy { abs($0 - 128) <= 1 }, "x \(x): \(grey)")
        }
    }

    @Test func thePendulumsTopLeftCornerIsWhereTheRotationPutsIt() throws {
        // Relative 0.025 into the first keyframe's 0…0.15: a sixth of a quarter turn, π/12.
        let image = try pendulum(atRelative: 0.025)
        // The top-left corner (0, −844 from the pivot (0, 844)) turned clockwise by θ = π/12
        // lands at (844 sin θ, 844 − 844 cos θ) ≈ (218.4, 28.8). Into the snapshot along the
        // corner's bisector, (cos θ − sin θ, sin θ + cos θ)/√2 = (½, √3/2), is green; the
        // other way, the grey of the covered screen.
        let theta = Double.pi / 12
        let corner = (x: 844 * sin(theta), y: 844 - 844 * cos(theta))
        let inward = (x: 0.5, y: 3.0.squareRoot() / 2)
        #expect(rgb(image, corner.x + 4 * inward.x, corner.y + 4 * inward.y) == [0, 255, 0])
        let outside = rgb(image, corner.x - 4 * inward.x, corner.y - 4 * inward.y)
        #expect(outside.allSatisfy { abs($0 - 128) <= 1 }, "\(outside)")
    }
}
