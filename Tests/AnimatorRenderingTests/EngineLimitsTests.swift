import Testing
@testable import AnimatorEngine
import AnimatorRendering

/// Trees and callback chains no app builds, refused or stopped with a reason instead of
/// overflowing a stack or spinning forever.
@Suite struct EngineLimitsTests {
    @Test func aTreeDeeperThanTheLimitIsRefusedAndOneAtTheLimitDraws() throws {
        let engine = SnapshotRasterizer.engine()
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        var parent = window
        // The window is level 1: add levels 2 ... maximumTreeDepth.
        for level in 2...AnimationEngine.maximumTreeDepth {
            let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
            view.alpha = level % 2 == 0 ? 0.99 : 1       // group opacity: drawn off-screen, the deep path
            try parent.addSubview(view)
            parent = view
        }
        parent.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        let tooDeep = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(throws: EngineError.self) { try parent.addSubview(tooDeep) }
        // A subtree of two levels cannot go where one more would pass the limit either.
        let pair = engine.makeView(frame: .zero)
        try pair.addSubview(engine.makeView(frame: .zero))
        var parentOfLast = parent
        parentOfLast = parentOfLast.superview!
        #expect(throws: EngineError.self) { try parentOfLast.addSubview(pair) }
        // The deepest tree allowed walks, snapshots and draws.
        let frame = SceneFrame(engine: engine, root: window.layer.id)
        #expect(frame.nodes.count == AnimationEngine.maximumTreeDepth)
        let image = SceneRenderer(size: Size(width: 100, height: 100), scale: 1).render(frame)
        #expect(image.rgba(x: 50, y: 50).blue > 200)
        // On the worker threads that render frames too.
        let rendered = FrameRendering.render([frame, frame, frame], scale: 2)
        #expect(rendered.count == 3 && rendered[2].rgba(x: 100, y: 100).blue > 200)
        _ = window.subviews[0].snapshotView(afterScreenUpdates: false)
    }

    @Test func callbacksThatKeepSchedulingCallbacksStop() throws {
        let engine = SnapshotRasterizer.engine()
        let view = engine.makeView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        // An empty animation whose completion starts another: each ends at once.
        var starts = 0
        func again() {
            starts += 1
            engine.animate(withDuration: 0.3, animations: {}, completion: { _ in again() })
        }
        again()
        _ = view
        #expect(throws: EngineError.self) { try engine.advance(to: 0) }
        #expect(starts > 1000)
        // The engine goes on afterwards.
        try engine.advance(to: 1)
    }
}

/// Snapshot views hold pictures drawn by the rasterizer the engine was made with.
@Suite struct SnapshotViewTests {
    let engine = SnapshotRasterizer.engine()
    let root: View
    let view: View

    init() throws {
        root = engine.makeView(frame: Rect(x: 0, y: 0, width: 390, height: 844), name: "root")
        view = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "box")
        try root.addSubview(view)
    }

    @Test func snapshotsCaptureNowOrAfterTheStepsChanges() throws {
        view.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        let now = view.snapshotView(afterScreenUpdates: false)
        let later = view.snapshotView(afterScreenUpdates: true)
        view.alpha = 0                                   // after both calls, same step
        try engine.advance(to: 0)
        // A snapshot is a picture of its source: 100 × 100 points at 3 pixels a point.
        let nowPicture = try #require(now.layer.contents?.image)
        let laterPicture = try #require(later.layer.contents?.image)
        #expect(nowPicture.width == 300 && nowPicture.height == 300)
        #expect(nowPicture.pixels.allSatisfy { $0 == 0xFF00_00FF })      // opaque red, as it was
        #expect(laterPicture.pixels.allSatisfy { $0 >> 24 == 0 })        // blank: alpha 0 by then, as in UIKit
        #expect(now.frame == Rect(x: 0, y: 0, width: 100, height: 100))
        // The snapshot is the caller's to move.
        later.frame = Rect(x: 10, y: 20, width: 100, height: 100)
        #expect(later.frame.origin == Point(x: 10, y: 20))
    }

    /// The look is frozen when the snapshot is made; its pixels are drawn only when
    /// something looks at them, and show that look whatever changed since.
    @Test func aSnapshotsPictureIsDrawnWhenFirstLookedAtWithTheLookItFroze() throws {
        view.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.layer.cornerRadius = 50
        let snapshot = view.snapshotView(afterScreenUpdates: false)
        // Not drawn yet, but its size is known: 300 × 300 pixels.
        let contents = try #require(snapshot.layer.contents)
        #expect(contents.pixelWidth == 300 && contents.pixelHeight == 300 && !contents.isDrawn)
        // The source changes after the snapshot (color, shape, place, then it goes away).
        view.backgroundColor = RGBAColor(red: 0, green: 1, blue: 0, alpha: 1)
        view.layer.cornerRadius = 0
        view.frame = Rect(x: 40, y: 40, width: 10, height: 10)
        view.removeFromSuperview()
        try engine.advance(to: 0.5)
        // Looked at now: the blue disc of radius 150 pixels it was, centred in 300 × 300 —
        // opaque blue at the centre, transparent in the corners, as drawn at the time.
        let picture = contents.image
        #expect(contents.isDrawn && picture.width == 300 && picture.height == 300)
        #expect(picture.pixels[150 * 300 + 150] == 0xFFFF_0000)
        #expect(picture.pixels[5 * 300 + 5] == 0 && picture.pixels[294 * 300 + 294] == 0)
        #expect(picture.pixels[150 * 300 + 2] == 0xFFFF_0000)   // the disc reaches the edge's middle
        // Looked at again: the same pixels (drawn once).
        #expect(snapshot.layer.contents?.image == picture)
    }
}
