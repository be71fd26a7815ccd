extension AnimationEngine {
    /// Puts `child` into `parent`'s sublayers at `index` (nil: on top).
    func insert(_ child: LayerID, into parent: LayerID, at index: Int?) throws(EngineError) {
        guard child != parent, !isAncestor(child, of: parent) else {
            throw EngineError("cannot add \(child) inside itself")
        }
        let depth = self.depth(of: parent.rawValue) + 1 + height(of: child.rawValue)
        guard depth <= Self.maximumTreeDepth else {
            throw EngineError("the layer tree would be \(depth) levels deep; the host keeps trees to "
                              + "\(Self.maximumTreeDepth) levels (walks and drawing recurse through them)")
        }
        detach(child)
        // A layer put into a tree stops being a mask.
        if let masked = records[child.rawValue].maskedLayer {
            updateRecord(LayerID(rawValue: masked)) { $0.mask = nil }
            records[child.rawValue].maskedLayer = nil
            timeMapsChanged()
        }
        let children = records[parent.rawValue].children
        let position = min(max(index ?? children.count, 0), children.count)
        preserveLook(parent.rawValue)
        records[parent.rawValue].children.insert(child.rawValue, at: position)
        records[child.rawValue].parent = parent.rawValue
        timeMapsChange(under: parent.rawValue)
    }

    /// Puts `child` into `parent` just above or below `sibling`.
    func insert(_ child: LayerID, into parent: LayerID, relativeTo sibling: LayerID, above: Bool) throws(EngineError) {
        guard records[sibling.rawValue].parent == parent.rawValue else {
            throw EngineError("\(sibling) is not a sublayer of \(parent)")
        }
        guard child != sibling else { return }
        guard child != parent, !isAncestor(child, of: parent) else {
            throw EngineError("cannot add \(child) inside itself")
        }
        detach(child)
        let position = records[parent.rawValue].children.firstIndex(of: sibling.rawValue)!
        try insert(child, into: parent, at: above ? position + 1 : position)
    }

    /// Removes a layer from its superlayer.
    func detach(_ child: LayerID) {
        guard let parent = records[child.rawValue].parent else { return }
        preserveLook(parent)
        records[parent].children.removeAll { $0 == child.rawValue }
        timeMapsChange(under: parent)
        records[child.rawValue].parent = nil
    }

    /// Moves a sublayer to the top or bottom of its siblings.
    func reorder(_ child: LayerID, toFront: Bool) {
        guard let parent = records[child.rawValue].parent else { return }
        preserveLook(parent)
        records[parent].children.removeAll { $0 == child.rawValue }
        if toFront {
            records[parent].children.append(child.rawValue)
        } else {
            records[parent].children.insert(child.rawValue, at: 0)
        }
    }

    /// How many superlayers a layer has.
    func depth(of index: Int) -> Int {
        var depth = 0, cursor = records[index].parent
        while let current = cursor {
            depth += 1
            cursor = records[current].parent
        }
        return depth
    }

    /// How many levels a layer's tree has (1 for a layer without sublayers), counted
    /// without recursion.
    func height(of index: Int) -> Int {
        var deepest = 0
        var stack = [(index, 1)]
        while let (layer, level) = stack.popLast() {
            deepest = max(deepest, level)
            for child in records[layer].children { stack.append((child, level + 1)) }
        }
        return deepest
    }

    func isAncestor(_ candidate: LayerID, of layer: LayerID) -> Bool {
        var cursor = records[layer.rawValue].parent
        while let current = cursor {
            if current == candidate.rawValue { return true }
            cursor = records[current].parent
        }
        return false
    }

    // MARK: Snapshots

    /// A frozen copy of a view: a new view, frame (0, 0) and the source's size, that the
    /// caller may move, transform and fade freely; inside it one static layer copies the
    /// source's look (its own alpha and colours included) and its sublayers.
    ///
    /// With `afterScreenUpdates` false the copy is of how the source looks now
    /// (presentation values); with true, of how it will look once the current changes are
    /// committed: the model at the end of the host step, so a change made after this call
    /// in the same step (say alpha = 0) shows in the snapshot, as in UIKit.
    func snapshot(of source: LayerID, afterScreenUpdates: Bool) -> View {
        let size = (afterScreenUpdates ? records[source.rawValue].model : presentation(of: source)).bounds.size
        let snapshot = makeView(frame: Rect(origin: .zero, size: size),
                                name: (records[source.rawValue].name ?? "view") + " snapshot")
        // A picture on the snapshot view itself (resized with its bounds), or copies of
        // the source's layers in a content layer.
        let content: Int
        // Pictures while they fit the engine's budget; copies of the layers after that.
        if snapshotRenderer != nil, snapshotPixels < Self.snapshotPixelBudget {
            content = snapshot.layer.id.rawValue
        } else {
            let layer = makeLayer(name: "snapshot content")
            try? insert(layer.id, into: snapshot.layer.id, at: nil)
            content = layer.id.rawValue
        }
        if afterScreenUpdates {
            pendingSnapshots.append((content, source.rawValue))
        } else {
            fill(content: content, from: source.rawValue, usePresentation: true)
        }
        return snapshot
    }

    func resolvePendingSnapshots() {
        let pending = pendingSnapshots
        pendingSnapshots.removeAll()
        for (content, source) in pending { fill(content: content, from: source, usePresentation: false) }
    }

    /// Copies the look of `source`'s tree into a snapshot's content layer: a picture of
    /// it (`snapshotRenderer`), or copies of its layers.
    private func fill(content: Int, from source: Int, usePresentation: Bool) {
        // A picture goes on the snapshot view itself; copies go into its content layer.
        if let renderer = snapshotRenderer, records[content].isView {
            var picture = renderer(self, LayerID(rawValue: source))
            // A contents rect or gravity set before the picture came (a resizable snapshot
            // of part of a view) applies to it.
            picture?.rect = records[content].contentsRect
            picture?.gravity = records[content].contentsGravity
            picture?.center = records[content].contentsCenter
            records[content].contents = picture
            snapshotPixels += picture.map { $0.pixelWidth * $0.pixelHeight } ?? 0
            return
        }
        func look(_ index: Int) -> LayerProperties {
            usePresentation ? presentation(of: LayerID(rawValue: index)) : records[index].model
        }
        var root = look(source)
        let size = root.bounds.size
        root.isHidden = false
        root.transform = .identity
        root.anchorPoint = Point(x: 0.5, y: 0.5)
        root.position = Point(x: size.width / 2, y: size.height / 2)
        records[content].model = root
        records[content].text = records[source].text
        func copy(_ index: Int, into parent: Int) {
            var duplicate = LayerRecord()
            duplicate.model = look(index)
            duplicate.name = records[index].name
            duplicate.text = records[index].text
            duplicate.shape = shape(of: LayerID(rawValue: index), at: usePresentation ? nil : .infinity)
            duplicate.extras = extras(of: LayerID(rawValue: index), at: usePresentation ? nil : .infinity)
            duplicate.gradient = records[index].gradient
            duplicate.parent = parent
            records.append(duplicate)
            let copyIndex = records.count - 1
            records[parent].children.append(copyIndex)
            for child in records[index].children { copy(child, into: copyIndex) }
        }
        for child in records[source].children { copy(child, into: content) }
    }

    // MARK: Transitions

    /// A detached copy of `source`'s tree as it looked at the last commit: the outgoing
    /// look a CATransition shows giving way to the new one. Returns the copy's root.
    func committedCopy(of source: Int) -> Int {
        var copy = LayerRecord()
        let look = committedLook(source)
        copy.model = look.model
        copy.name = records[source].name.map { $0 + " (outgoing)" }
        copy.text = look.text
        copy.contents = look.contents
        copy.shape = look.shape
        copy.extras = look.extras
        copy.gradient = records[source].gradient
        copy.isView = records[source].isView
        records.append(copy)
        let index = records.count - 1
        for child in look.children {
            let childCopy = committedCopy(of: child)
            records[childCopy].parent = index
            records[index].children.append(childCopy)
        }
        return index
    }

    // MARK: Hit testing

    /// The deepest view under `point` (in `root`'s coordinates) at `time`, using presentation
    /// values, as UIKit's hitTest does while things move: hidden, nearly transparent
    /// (alpha < 0.01) and non-interactive views are skipped, and a view's subviews are hit
    /// only inside its bounds.
    func hitTest(_ point: Point, in root: LayerID, at time: Double) -> View? {
        func visit(_ index: Int, _ point: Point) -> Int? {
            let record = records[index]
            let properties = presentation(of: LayerID(rawValue: index), at: time)
            guard record.isView, !properties.isHidden, properties.opacity >= 0.01, record.isUserInteractionEnabled,
                  properties.bounds.contains(point) else { return nil }
            for child in record.children.reversed() where records[child].isView {
                let childProperties = presentation(of: LayerID(rawValue: child), at: time)
                guard let inverse = childProperties.toSuperlayerTransform.inverted else { continue }
                if let hit = visit(child, inverse.apply(to: point)) { return hit }
            }
            return index
        }
        return visit(root.rawValue, point).map { View(layer: Layer(engine: self, id: LayerID(rawValue: $0))) }
    }
}
