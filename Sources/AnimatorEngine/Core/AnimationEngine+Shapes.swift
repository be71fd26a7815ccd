extension AnimationEngine {
    // MARK: Shape layers

    /// Creates a standalone shape layer (CAShapeLayer): no path, an opaque black fill, no
    /// stroke, a line width of 1.
    public func makeShapeLayer(name: String? = nil) -> Layer {
        let layer = makeLayer(name: name)
        records[layer.id.rawValue].shape = LayerShape()
        return layer
    }

    /// A shape layer's path and style at `time` (default now), its path moved by the
    /// animations on `path`; nil for a layer that is not a shape layer. A time of
    /// infinity gives the model.
    public func shape(of layer: LayerID, at time: Double? = nil) -> LayerShape? {
        let index = layer.rawValue
        guard var shape = records[index].shape else { return nil }
        guard records[index].animatesPath, time != .infinity else { return shape }
        let local = timeMap(of: index).layerTime(time ?? currentTime)
        var value = AnimatableValue.path(shape.path ?? ShapePath())
        for animation in animations(of: index) { animation.applyPath(atParentTime: local, to: &value) }
        if case .path(let path) = value { shape.path = path.elements.isEmpty ? nil : path }
        return shape
    }

    /// A layer's extras at `time` (default now), moved by their animations; nil when the
    /// layer neither sets nor animates any (all at their defaults). Infinity gives the model.
    public func extras(of layer: LayerID, at time: Double? = nil) -> LayerExtras? {
        let index = layer.rawValue
        guard records[index].animatesExtras, time != .infinity else { return records[index].extras }
        var extras = records[index].extras ?? LayerExtras()
        let local = timeMap(of: index).layerTime(time ?? currentTime)
        for animation in animations(of: index) { animation.applyExtras(atParentTime: local, to: &extras) }
        return extras
    }

    /// Changes a layer's shape style (fill rule, caps, joins, miter limit; not animated).
    /// The path goes through `Layer.path`, which animates.
    func updateShapeStyle(_ layer: LayerID, _ change: (inout LayerShape) -> Void) {
        updateRecord(layer) { record in
            var shape = record.shape ?? LayerShape()
            change(&shape)
            record.shape = shape
        }
    }

    /// What drawing needs of each node besides its properties, read in one pass over the
    /// records: names, text, contents, shapes and extras (at `time`), and the mask layers,
    /// each a column holding only the nodes that have one.
    public func details(of nodes: [PresentationNode], at time: Double)
        -> (names: NodeColumn<String>, texts: NodeColumn<LayerText>, contents: NodeColumn<LayerContents>,
            shapes: NodeColumn<LayerShape>, extras: NodeColumn<LayerExtras>, masks: NodeColumn<LayerID>,
            gradients: NodeColumn<LayerGradient>) {
        details(of: nodes, at: time, only: nodes.indices)
    }

    /// `details(of:at:)`, reading only the nodes at `positions` (ascending): the others
    /// have none (`presentationTreeAndDetails(of:at:)` says which have).
    package func details<Positions: Sequence<Int>>(of nodes: [PresentationNode], at time: Double, only positions: Positions)
        -> (names: NodeColumn<String>, texts: NodeColumn<LayerText>, contents: NodeColumn<LayerContents>,
            shapes: NodeColumn<LayerShape>, extras: NodeColumn<LayerExtras>, masks: NodeColumn<LayerID>,
            gradients: NodeColumn<LayerGradient>) {
        let count = nodes.count
        var names = NodeColumn<String>(count: count), texts = NodeColumn<LayerText>(count: count)
        var contents = NodeColumn<LayerContents>(count: count), shapes = NodeColumn<LayerShape>(count: count)
        var extras = NodeColumn<LayerExtras>(count: count), masks = NodeColumn<LayerID>(count: count)
        var gradients = NodeColumn<LayerGradient>(count: count)
        var animated: [(Int, LayerID, Bool, Bool)] = []
        records.withUnsafeBufferPointer { buffer in
            // By index: a node is large, and only its layer is read here.
            for position in positions {
                let layer = nodes[position].layer
                let record = buffer.baseAddress! + layer.rawValue
                if let name = record.pointee.name { names.set(name, at: position) }
                if let mask = record.pointee.mask { masks.set(LayerID(rawValue: mask), at: position) }
                let path = record.pointee.attachments?.shape != nil && record.pointee.animatesPath
                if path || record.pointee.animatesExtras {
                    animated.append((position, layer, path, record.pointee.animatesExtras))
                }
                // The rest lives out of line, nil together for most layers; read through
                // the stored reference (the record's computed accessors would copy it).
                guard let attachments = record.pointee.attachments else { continue }
                if let text = attachments.text { texts.set(text, at: position) }
                if let value = attachments.contents { contents.set(value, at: position) }
                if let shape = attachments.shape { shapes.set(shape, at: position) }
                if let value = attachments.extras { extras.set(value, at: position) }
                if let gradient = attachments.gradient { gradients.set(gradient, at: position) }
            }
        }
        // Layers whose path or extras animate: evaluated at the time.
        for (position, layer, path, extra) in animated {
            if path { shapes.set(shape(of: layer, at: time), at: position) }
            if extra { extras.set(self.extras(of: layer, at: time), at: position) }
        }
        return (names, texts, contents, shapes, extras, masks, gradients)
    }

    // MARK: Gradient layers

    /// Creates a standalone gradient layer (CAGradientLayer): no colors yet, top to bottom.
    public func makeGradientLayer(name: String? = nil) -> Layer {
        let layer = makeLayer(name: name)
        records[layer.id.rawValue].gradient = LayerGradient()
        return layer
    }

    /// Makes `layer` (a view's, say) draw as a shape layer (`shape`) or a gradient layer,
    /// as a UIView subclass's `layerClass` does; a layer that already is one is left as it is.
    public func makeLayer(_ layer: LayerID, drawAs kind: LayerKind) {
        switch kind {
        case .shape: if records[layer.rawValue].shape == nil { records[layer.rawValue].shape = LayerShape() }
        case .gradient: if records[layer.rawValue].gradient == nil { records[layer.rawValue].gradient = LayerGradient() }
        }
    }

    /// What a layer may draw as besides a plain layer.
    public enum LayerKind: Sendable {
        case shape, gradient
    }

    // MARK: Masks

    /// The layer masking `layer`, if any.
    public func mask(of layer: LayerID) -> LayerID? {
        records[layer.rawValue].mask.map { LayerID(rawValue: $0) }
    }

    /// Sets (or with nil removes) the layer whose alpha cuts `layer` and its sublayers
    /// (CALayer.mask). The mask leaves any superlayer and any layer it masked before; it
    /// draws in `layer`'s coordinates and time.
    ///
    /// - Throws: `EngineError` when the mask is the layer itself or one of its superlayers.
    public func setMask(_ mask: LayerID?, of layer: LayerID) throws(EngineError) {
        if let mask {
            guard mask != layer, !isAncestor(mask, of: layer) else {
                throw EngineError("a layer cannot be masked by itself or a layer it is inside")
            }
            if records[layer.rawValue].mask == mask.rawValue { return }
            detach(mask)
            if let previous = records[mask.rawValue].maskedLayer { updateRecord(LayerID(rawValue: previous)) { $0.mask = nil } }
        }
        if let old = records[layer.rawValue].mask { records[old].maskedLayer = nil }
        updateRecord(layer) { $0.mask = mask?.rawValue }
        if let mask { records[mask.rawValue].maskedLayer = layer.rawValue }
        // A mask keeps the time of the layer it masks.
        timeMapsChanged()
    }

    /// The presentation of `layer`'s mask tree at `time` (in the masked layer's time), or
    /// nil when it has no mask.
    public func maskTree(of layer: LayerID, at time: Double? = nil) -> [PresentationNode]? {
        maskTreeAndTransitions(of: layer, at: time)?.nodes
    }

    /// `maskTree(of:at:)`, and the CATransitions its nodes show.
    package func maskTreeAndTransitions(of layer: LayerID, at time: Double? = nil)
        -> (nodes: [PresentationNode], transitions: NodeColumn<TransitionFrame>)? {
        guard let mask = records[layer.rawValue].mask else { return nil }
        let tree = presentationTreeAndDetails(of: LayerID(rawValue: mask), at: time, parentMap: timeMap(of: layer.rawValue))
        return (tree.nodes, tree.transitions)
    }
}
