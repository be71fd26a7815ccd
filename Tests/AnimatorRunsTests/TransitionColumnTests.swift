import Testing
@testable import AnimatorEngine
import AnimatorRendering
@testable import AnimatorRuns
import AnimatorSupport

/// A CATransition's state lives beside a frame's nodes (`SceneFrame.transitions`), not in
/// every node's properties: the layer that shows one and the copy of its old look carry
/// it, no other node does, and timelines and the bytes a plugin child sends keep it.
@Suite struct TransitionColumnTests {
    let engine = SnapshotRasterizer.engine()

    /// A 100-point window holding a plain layer and a red card with a label in it, the
    /// card then turned blue under a 0.4 s push from the right (linear).
    func scene() throws -> (window: Layer, plain: Layer, card: Layer) {
        // Standalone layers animate their changes implicitly: not these.
        engine.transaction.disableActions = true
        let window = engine.makeLayer(name: "window")
        window.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        window.position = Point(x: 50, y: 50)
        let plain = engine.makeLayer(name: "plain")
        let card = engine.makeLayer(name: "card")
        card.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        card.position = Point(x: 50, y: 50)
        card.backgroundColor = RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)
        try window.addSublayer(plain)
        try window.addSublayer(card)
        try engine.advance(to: 0)
        engine.transaction.disableActions = true
        card.backgroundColor = RGBAColor(red: 0, green: 0, blue: 1, alpha: 1)
        engine.transaction.disableActions = false
        try card.add(.transition(.push, .fromRight, duration: 0.4), forKey: "push")
        return (window, plain, card)
    }

    @Test func theLayerAndItsOldLookCarryTheTransitionAndNoOtherNodeDoes() throws {
        let (window, plain, card) = try scene()
        try engine.advance(to: 0.1)
        let frame = SceneFrame(engine: engine, root: window.id)
        // The window, the plain layer, the old look (under the new one for a push), the card.
        #expect(frame.nodes.count == 4)
        #expect(frame.nodes[1].layer == plain.id && frame.nodes[3].layer == card.id)
        #expect(frame.names[2] == "card (outgoing)")
        // A quarter of 0.4 s: progress 0.25, the copy marked as the look giving way.
        let shown = TransitionFrame(type: .push, subtype: .fromRight, progress: 0.25)
        var leaving = shown
        leaving.isOutgoing = true
        #expect(frame.transitions.indices.filter { frame.transitions[$0] != nil } == [2, 3])
        #expect(frame.transitions[3] == shown && frame.transitions[2] == leaving)
        #expect(card.transition(at: 0.1) == shown && plain.transition(at: 0.1) == nil)
        // The old look is red, the new one blue.
        #expect(frame.nodes[2].properties.backgroundColor?.red == 1 && frame.nodes[3].properties.backgroundColor?.blue == 1)

        // Over: no node carries one, and the old look is gone.
        try engine.advance(to: 0.5)
        let after = SceneFrame(engine: engine, root: window.id)
        #expect(after.nodes.count == 3 && after.transitions.allSatisfy { $0 == nil })
    }

    @Test func timelinesAndChildBytesKeepItAndThePictureIsTheSame() throws {
        let (window, _, _) = try scene()
        try engine.advance(to: 0.1)
        let frame = SceneFrame(engine: engine, root: window.id)
        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let views = try #require(json["views"]?.arrayValue)
        #expect(views[3]["transition"] == .object([("type", .string("push")), ("subtype", .string("fromRight")),
                                                   ("progress", .number(0.25)), ("outgoing", .bool(false))]))
        #expect(views[2]["transition"]?["outgoing"] == .bool(true))
        #expect(views[1]["transition"] == .null)

        let document = JSONValue.object([("images", .array([])), ("frames", .array([json]))])
        let read = try Timeline.frames(from: JSONValue.parse(document.serialized()))[0]
        let decoded = try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame]))[0]
        // A quarter of the way through a push from the right: the old look moved 25 points
        // left (red at x 10), the new one come in over the right quarter (blue at x 90).
        let picture = SceneRenderer(size: Size(width: 100, height: 100), scale: 1).render(frame)
        #expect(picture.rgba(x: 10, y: 50).red == 255 && picture.rgba(x: 90, y: 50).blue == 255)
        for copy in [read, decoded] {
            #expect(copy.transitions == frame.transitions)
            #expect(copy.nodes == frame.nodes)
            #expect(SceneRenderer(size: Size(width: 100, height: 100), scale: 1).render(copy).pixels == picture.pixels)
        }
        // A frame whose root is replaced without its transition shows none there.
        let root = frame.nodes[0]
        let fading = frame.replacingRoot(with: root, transition: shown())
        #expect(fading.transitions[0] == shown() && fading.transitions[3] == frame.transitions[3])
        #expect(fading.replacingRoot(with: root, transition: nil).transitions == frame.transitions)
        #expect(fading.replacingRoot(with: root).transitions == fading.transitions)
    }

    func shown() -> TransitionFrame { TransitionFrame(type: .fade, subtype: nil, progress: 0.5) }
}
