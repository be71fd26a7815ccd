import Testing
@testable import AnimatorEngine
@testable import AnimatorRendering
@testable import AnimatorRuns
@testable import AnimatorSupport

/// Corners as they travel: maskedCorners and the continuous curve in timelines and in the
/// frames a sandboxed child sends.
@Suite struct CornerCodingTests {
    @Test func maskedAndContinuousCornersSurviveTheTimelineAndTheSandboxEncoding() throws {
        let engine = SnapshotRasterizer.engine()
        let card = engine.makeView(frame: Rect(x: 0, y: 0, width: 100, height: 100), name: "card")
        card.layer.cornerRadius = 20
        card.layer.maskedCorners = 0b0011
        card.layer.continuousCorners = true
        let frame = SceneFrame(engine: engine, root: card.layer.id)
        let decoded = try SceneFrameDecoder().decode(SceneFrameEncoder().encode([frame]))[0]
        let json = Timeline.json(frame, since: 0, images: Timeline.ImageTable())
        let read = try Timeline.frames(from: JSONValue.parse(JSONValue.object([("images", .array([])),
                                                                               ("frames", .array([json]))]).serialized()))[0]
        for copy in [decoded, read] {
            #expect(copy.nodes[0].properties.maskedCorners == 0b0011 && copy.nodes[0].properties.continuousCorners)
        }
        // Left out at their defaults.
        card.layer.maskedCorners = 0b1111
        card.layer.continuousCorners = false
        let plain = Timeline.json(SceneFrame(engine: engine, root: card.layer.id), since: 0, images: Timeline.ImageTable())
        #expect(!plain.serialized().contains("maskedCorners") && !plain.serialized().contains("cornerCurve"))
    }
}
