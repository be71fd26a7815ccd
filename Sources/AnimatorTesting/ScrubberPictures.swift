import AnimatorEngine
import AnimatorRendering

/// The frames the report's scrubber has drawn so far, across every case, so that a frame
/// drawing the same as one drawn before (the same run in two variants of a case, an
/// animator that ignores Reduce Motion, the same first picture on both sides) is neither
/// drawn nor encoded again but shown with that picture's number.
///
/// It keeps, for each picture drawn, a key of its frame (`SceneFrame.drawingKey`, with
/// the canvas it was drawn on) and where the frame is, never the frame itself: a frame
/// found under the same key is fetched again and compared whole (`drawsTheSame(as:)`).
struct ScrubberPictures {
    /// What a picture was drawn from: a frame of a case's scenes, on a canvas.
    private struct Drawn {
        let picture: Int
        let source: Int
        let index: Int
    }

    /// The canvas and the frame's key.
    private struct Key: Hashable {
        let width: Int, height: Int, scale: Double, scene: Int
    }

    /// The frames of each case added so far, by index (see `addSource`).
    private var sources: [(Int) -> SceneFrame] = []
    private var drawn: [Key: [Drawn]] = [:]
    /// How many pictures the report holds: the next picture's number.
    private var count = 0

    /// Starts a case whose frames are `scene(index)`; returns the number to name it by.
    mutating func addSource(_ scene: @escaping (Int) -> SceneFrame) -> Int {
        sources.append(scene)
        return sources.count - 1
    }

    /// The number of a picture drawn earlier from a frame that draws the same as `frame`
    /// on a canvas of `width` × `height` at `scale`, if there is one.
    func picture(of frame: SceneFrame, key: Int, width: Int, height: Int, scale: Double) -> Int? {
        let candidates = drawn[Key(width: width, height: height, scale: scale, scene: key)] ?? []
        return candidates.first { frame.drawsTheSame(as: sources[$0.source]($0.index)) }?.picture
    }

    /// Notes that picture `picture` is frame `index` of case `source`, whose key is `key`.
    mutating func note(picture: Int, source: Int, index: Int, key: Int, width: Int, height: Int, scale: Double) {
        drawn[Key(width: width, height: height, scale: scale, scene: key), default: []]
            .append(Drawn(picture: picture, source: source, index: index))
    }

    /// Takes the next picture number.
    mutating func nextNumber() -> Int {
        count += 1
        return count - 1
    }
}
