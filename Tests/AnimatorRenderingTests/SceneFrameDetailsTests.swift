import Testing
@testable import AnimatorEngine
import AnimatorRendering

/// A frame reads the details of a layer (name, text, mask, shape, extras) only where the
/// walk over the tree found some: each must still come out at its own node, and a layer
/// that has none (or no longer has any) must have none in the frame.
@Suite struct SceneFrameDetailsTests {
    @Test func eachLayersDetailsComeOutAtItsOwnNodeAndPlainLayersHaveNone() throws {
        let engine = SnapshotRasterizer.engine()
        let root = engine.makeLayer()
        root.bounds = Rect(x: 0, y: 0, width: 100, height: 100)
        // Nodes 1...10: plain layers.
        for _ in 0..<10 { try root.addSublayer(engine.makeLayer()) }
        // Node 11: a named label.
        let title = engine.makeLayer(name: "title")
        title.text = LayerText("Hello")
        try root.addSublayer(title)
        // Node 12: a plain layer masked by another (masks are not nodes of the tree).
        let masked = engine.makeLayer()
        let cut = engine.makeLayer(name: "cut")
        cut.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
        try masked.setMask(cut)
        try root.addSublayer(masked)
        // Node 13: a shape layer whose path grows from a 10-point square to a 30-point one.
        let shape = engine.makeShapeLayer()
        shape.path = ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        try shape.add(.basic(.path, from: .path(.rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                             to: .path(.rect(Rect(x: 0, y: 0, width: 30, height: 30))), duration: 1,
                             timingFunction: .linear), forKey: "grow")
        try root.addSublayer(shape)
        // Node 14: a layer with no extras of its own whose sublayerTransform animates.
        let sliding = engine.makeLayer()
        try sliding.add(.basic(.sublayerTransform, from: .transform(.identity), to: .transform(.translation(10, 0)),
                               duration: 1, timingFunction: .linear), forKey: "slide")
        try root.addSublayer(sliding)
        // Node 15: a container whose second sublayer sorts first (zPosition −1): nodes 16
        // ("back") and 17 (a label), written again in that order after the walk met them.
        let container = engine.makeLayer()
        let front = engine.makeLayer()
        front.text = LayerText("Front")
        let back = engine.makeLayer(name: "back")
        back.zPosition = -1
        try container.addSublayer(front)
        try container.addSublayer(back)
        try root.addSublayer(container)
        // Node 18: a layer whose name was taken away again.
        let renamed = engine.makeLayer(name: "gone")
        renamed.name = nil
        try root.addSublayer(renamed)

        try engine.advance(to: 0.5)
        let frame = SceneFrame(engine: engine, root: root.id)
        #expect(frame.nodes.count == 19)
        #expect(frame.nodes.map(\.layer) == [root.id] + root.sublayers.prefix(10).map(\.id)
            + [title.id, masked.id, shape.id, sliding.id, container.id, back.id, front.id, renamed.id])

        let names = frame.nodes.indices.compactMap { index in frame.names[index].map { "\(index) \($0)" } }
        #expect(names == ["11 title", "16 back"])
        let texts = frame.nodes.indices.compactMap { index in frame.texts[index].map { "\(index) \($0.string)" } }
        #expect(texts == ["11 Hello", "17 Front"])
        #expect(frame.masks.indices.filter { frame.masks[$0] != nil } == [12])
        #expect(frame.masks[12]?.nodes.first?.layer == cut.id)
        // Halfway through, linearly: a 20-point square, and a 5-point slide.
        #expect(frame.shapes.indices.filter { frame.shapes[$0] != nil } == [13])
        #expect(frame.shapes[13]?.path == ShapePath.rect(Rect(x: 0, y: 0, width: 20, height: 20)))
        #expect(frame.extras.indices.filter { frame.extras[$0] != nil } == [14])
        #expect(frame.extras[14]?.sublayerTransform == .translation(5, 0))
        #expect(frame.contents.allSatisfy { $0 == nil } && frame.gradients.allSatisfy { $0 == nil })

        // The same as reading every layer's record.
        let all = engine.details(of: frame.nodes, at: 0.5)
        #expect(frame.names == all.names && frame.texts == all.texts && frame.shapes == all.shapes
            && frame.extras == all.extras && frame.contents == all.contents && frame.gradients == all.gradients)

        // After the animations end and the label's text and name go, only what is left shows.
        title.text = nil
        title.name = nil
        try engine.advance(to: 2)
        let later = SceneFrame(engine: engine, root: root.id)
        #expect(later.nodes.indices.compactMap { later.names[$0] } == ["back"])
        #expect(later.nodes.indices.compactMap { later.texts[$0]?.string } == ["Front"])
        #expect(later.extras.allSatisfy { $0 == nil })
        #expect(later.shapes[13]?.path == ShapePath.rect(Rect(x: 0, y: 0, width: 10, height: 10)))
    }
}
