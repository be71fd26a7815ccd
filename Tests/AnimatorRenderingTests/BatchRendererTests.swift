import Testing
@testable import AnimatorEngine
import AnimatorRendering

/// Renderers kept from batch to batch: what each frame draws must not depend on the
/// frames drawn before it by the same renderer, nor on whether it is handed out as the
/// renderer's own pixels or as an image.
@Suite struct BatchRendererTests {
    static let red: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF, blue: UInt32 = 0xFFFF_0000

    /// A white 100 × 60 window holding a 20 × 20 red square at (0, 20).
    func scene() throws -> (engine: AnimationEngine, window: View, square: View) {
        let engine = SnapshotRasterizer.engine()
        let window = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        window.backgroundColor = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = engine.makeView(frame: Rect(x: 0, y: 20, width: 20, height: 20))
        square.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        try window.addSubview(square)
        return (engine, window, square)
    }

    /// Frames of a 20 × 20 red square at x = 10·k, y 20, on a white 100 × 60 window; the
    /// last frame is covered by an opaque blue view over the whole window.
    func frames() throws -> [SceneFrame] {
        let (engine, window, square) = try scene()
        var frames: [SceneFrame] = []
        for k in 0..<5 {
            square.frame = Rect(x: Double(10 * k), y: 20, width: 20, height: 20)
            frames.append(SceneFrame(engine: engine, root: window.layer.id))
        }
        let cover = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 60))
        cover.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        try window.addSubview(cover)
        frames.append(SceneFrame(engine: engine, root: window.layer.id))
        return frames
    }

    /// The picture frame `k` must be, worked out from the layout above.
    func expected(_ k: Int) -> [UInt32] {
        (0..<(100 * 60)).map { index in
            let x = index % 100, y = index / 100
            if k == 5 { return Self.blue }
            return x >= 10 * k && x < 10 * k + 20 && y >= 20 && y < 40 ? Self.red : Self.white
        }
    }

    @Test func everyFrameIsItsOwnPictureWhicheverWayItIsHandedOut() throws {
        let frames = try frames()
        let renderer = BatchRenderer(size: Size(width: 100, height: 60), scale: 1, workers: 2)
        #expect(renderer.width == 100 && renderer.height == 60)
        // Twice through the same renderers, in a different order the second time: nothing
        // of an earlier frame stays behind.
        for order in [Array(0..<6), [5, 0, 4, 1, 3, 2]] {
            var seen: [Int] = []
            renderer.forEach(order.map { frames[$0] }) { slot, pixels in
                seen.append(slot)
                #expect(Array(pixels) == expected(order[slot]), "frame \(order[slot]) handed out as pixels")
            }
            #expect(seen == Array(0..<6))
            let images = renderer.render(order.map { frames[$0] })
            for (slot, image) in images.enumerated() {
                #expect(image.width == 100 && image.height == 60)
                #expect(image.pixels == expected(order[slot]), "frame \(order[slot]) as an image")
            }
            // As PNG files (each worker's frames one after another in its sequence): each
            // decodes to its picture and is the file of that frame written alone.
            let files = renderer.pngFiles(order.map { frames[$0] })
            for (slot, file) in files.enumerated() {
                let picture = expected(order[slot])
                #expect(try PNGDecoder.decode(file).pixels == picture, "frame \(order[slot]) as a PNG file")
                let alone = PNGFrameSequence(width: 100, height: 60).encode { _ = $0.initialize(from: picture) }
                #expect(file == alone, "frame \(order[slot]) as a file of its own")
            }
        }
        // One worker draws the same.
        let single = BatchRenderer(size: Size(width: 100, height: 60), scale: 1, workers: 1).render(frames)
        #expect(single.map(\.pixels) == (0..<6).map(expected))
    }

    /// A held end: frames that draw the same picture at later times are drawn once and all
    /// get it; a frame that differs by one value, or by its mask, is drawn on its own.
    @Test func framesThatDrawTheSameAsTheOneBeforeShareItsPicture() throws {
        let (engine, window, square) = try scene()
        let first = SceneFrame(engine: engine, root: window.layer.id, at: 0)
        let held = SceneFrame(engine: engine, root: window.layer.id, at: 0.5)
        #expect(held.time != first.time)
        #expect(held.drawsTheSame(as: first))
        square.alpha = 0
        let invisible = SceneFrame(engine: engine, root: window.layer.id, at: 0.6)
        #expect(!invisible.drawsTheSame(as: held))
        square.alpha = 1
        // A mask (the left half) changes the picture while every node's values stay.
        let mask = engine.makeLayer()
        mask.frame = Rect(x: 0, y: 0, width: 10, height: 20)
        mask.backgroundColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
        try square.layer.setMask(mask)
        let masked = SceneFrame(engine: engine, root: window.layer.id, at: 0.7)
        #expect(masked.nodes == held.nodes)
        #expect(!masked.drawsTheSame(as: held))
        let frames = [first, held, held, invisible, masked]
        let images = FrameRendering.render(frames, scale: 1)
        #expect(images.count == 5)
        // A renderer kept from batch to batch does the same (the player page, APNGs, play).
        let batch = BatchRenderer(size: Size(width: 100, height: 60), scale: 1, workers: 2).render(frames)
        #expect(batch.map(\.pixels) == images.map(\.pixels))
        // Worked out from the layout: the square at 0...20 × 20...40 on white, red; at
        // opacity 0, none of it; the mask keeps its left half.
        func picture(_ square: (x: Range<Int>, color: UInt32)) -> [UInt32] {
            (0..<(100 * 60)).map { index in
                let x = index % 100, y = index / 100
                return square.x.contains(x) && y >= 20 && y < 40 ? square.color : Self.white
            }
        }
        for index in 0..<3 { #expect(images[index].pixels == picture((0..<20, Self.red)), "frame \(index)") }
        #expect(images[3].pixels == picture((0..<0, Self.red)))
        #expect(images[4].pixels == picture((0..<10, Self.red)))
    }

    /// The key reports find equal frames by: the same for frames that draw the same (at
    /// other times, in another engine built the same way), another for a frame whose view
    /// moved by a point, faded or changed color.
    @Test func framesThatDrawTheSameHaveOneDrawingKey() throws {
        let (engine, window, square) = try scene()
        let first = SceneFrame(engine: engine, root: window.layer.id, at: 0)
        let held = SceneFrame(engine: engine, root: window.layer.id, at: 2)
        let (otherEngine, otherWindow, _) = try scene()
        let twin = SceneFrame(engine: otherEngine, root: otherWindow.layer.id, at: 1)
        #expect(held.drawsTheSame(as: first) && twin.drawsTheSame(as: first))
        #expect(held.drawingKey == first.drawingKey && twin.drawingKey == first.drawingKey)
        var changed: [SceneFrame] = []
        square.center = Point(x: 11, y: 30)
        changed.append(SceneFrame(engine: engine, root: window.layer.id))
        square.center = Point(x: 10, y: 30)
        square.alpha = 0.5
        changed.append(SceneFrame(engine: engine, root: window.layer.id))
        square.alpha = 1
        square.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        changed.append(SceneFrame(engine: engine, root: window.layer.id))
        for frame in changed {
            #expect(!frame.drawsTheSame(as: first))
            #expect(frame.drawingKey != first.drawingKey)
        }
        // Back as it was: the first frame's key again.
        square.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(SceneFrame(engine: engine, root: window.layer.id).drawingKey == first.drawingKey)
    }
}
