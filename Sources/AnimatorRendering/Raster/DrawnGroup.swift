import AnimatorEngine

/// What an off-screen canvas holds: the group (a layer and its sublayers, drawn off screen
/// to be composited at its opacity) drawn on it last. When the next frame has the same
/// group, the same in everything but the layer's own opacity (a view fading in or out),
/// over the same pixels and placed the same, the canvas already holds its drawing: it is
/// composited again, not drawn again.
struct DrawnGroup {
    /// The frame the group was drawn from, its subtree sizes and the group's node.
    let frame: SceneFrame
    let sizes: [Int]
    let node: Int
    /// The pixels it was drawn over, and the map of its layer to them.
    let area: PixelRect
    let map: Homography

    /// Whether node `node` of `other` (with its `sizes`), drawn over `area` through `map`,
    /// is this group again: every node of its subtree draws alike, the group's own layer
    /// apart from its opacity.
    func isDrawn(_ other: SceneFrame, sizes otherSizes: [Int], node otherNode: Int, area otherArea: PixelRect,
                 map otherMap: Homography) -> Bool {
        guard otherNode == node, otherArea == area, otherMap == map, node < other.nodes.count,
              otherSizes[node] == sizes[node], node + sizes[node] <= other.nodes.count else { return false }
        // The group's own layer: the same but for its opacity (applied when compositing).
        var mine = frame.nodes[node], theirs = other.nodes[node]
        mine.properties.opacity = 0
        theirs.properties.opacity = 0
        guard mine == theirs, DrawnPrefix.detailsAlike(frame, other, node) else { return false }
        for index in (node + 1)..<(node + sizes[node]) where !DrawnPrefix.nodeDrawsAlike(frame, sizes, other, otherSizes, index) {
            return false
        }
        return true
    }
}
