/// The screen as it stood just before one node of a frame was drawn: every node before it
/// (in drawing order) is on it. A later frame whose nodes before that one are the same, in
/// the same tree, starts from these pixels instead of drawing those nodes again: the still
/// part of a transition (the screen a sheet rises over, a list under a fading view) is
/// drawn once. The frame must also have the same occluder and backdrop, which decide what
/// the first nodes put on the screen.
struct DrawnPrefix {
    /// The frame the pixels were kept from, and its subtree sizes.
    let frame: SceneFrame
    let sizes: [Int]
    /// The node they were kept before.
    let node: Int
    /// The frame's occluder (nodes before it were not drawn) and the backdrop.
    let occluder: Int
    let backdrop: UInt32
    /// The pixels, the renderer's size.
    let canvas: Canvas

    /// Whether a frame (with its subtree `sizes`, occluder and backdrop) can start from these
    /// pixels: its nodes before `node` draw the same.
    func fits(_ other: SceneFrame, sizes otherSizes: [Int], occluder otherOccluder: Int, backdrop otherBackdrop: UInt32) -> Bool {
        otherOccluder == occluder && otherBackdrop == backdrop
            && Self.leadingNodesInCommon(frame, sizes, other, otherSizes, upTo: node) == node
    }

    /// How many leading nodes `a` and `b` draw alike, up to `limit`: the same values and
    /// details (text, contents, shape, gradient, extras, transition, mask) and the same subtree size, so
    /// that the same nodes are their ancestors and each is drawn the same way (straight on
    /// the screen, or as a group with what follows it).
    static func leadingNodesInCommon(_ a: SceneFrame, _ aSizes: [Int], _ b: SceneFrame, _ bSizes: [Int],
                                     upTo limit: Int = .max) -> Int {
        let end = min(a.nodes.count, b.nodes.count, limit)
        var index = 0
        while index < end, nodeDrawsAlike(a, aSizes, b, bSizes, index) { index += 1 }
        return index
    }

    /// Whether node `index` (present in both) has the same subtree size, values and details
    /// in `a` and `b`.
    static func nodeDrawsAlike(_ a: SceneFrame, _ aSizes: [Int], _ b: SceneFrame, _ bSizes: [Int], _ index: Int) -> Bool {
        aSizes[index] == bSizes[index] && a.nodes[index] == b.nodes[index] && detailsAlike(a, b, index)
    }

    /// Whether node `index` (present in both) has the same details in `a` and `b`: text,
    /// contents, shape, gradient, extras, transition and mask.
    static func detailsAlike(_ a: SceneFrame, _ b: SceneFrame, _ index: Int) -> Bool {
        guard a.texts[index] == b.texts[index], a.contents[index] == b.contents[index], a.shapes[index] == b.shapes[index],
              a.gradients[index] == b.gradients[index], a.extras[index] == b.extras[index],
              a.transitions[index] == b.transitions[index] else { return false }
        switch (a.masks[index], b.masks[index]) {
        case (nil, nil): return true
        case let (mine?, theirs?): return mine.drawsTheSame(as: theirs)
        default: return false
        }
    }
}
