import AnimatorEngine

/// The presentation of a view tree at one moment: everything a renderer or a timeline
/// needs, detached from the engine so that frames can be drawn later and in parallel.
public struct SceneFrame: Sendable {
    /// The engine time of the frame.
    public let time: Double
    /// The layers, depth first, each node's sublayers in drawing order (see
    /// `AnimationEngine.presentationTree(of:at:)`); node 0 is the root.
    public private(set) var nodes: [PresentationNode]
    /// The layers' names, by node.
    public let names: NodeColumn<String>
    /// The layers' text, by node.
    public let texts: NodeColumn<LayerText>
    /// The layers' bitmaps, by node (shared with the engine, not copied).
    public let contents: NodeColumn<LayerContents>
    /// The shape layers' paths (as they are at `time`) and styles, by node.
    public let shapes: NodeColumn<LayerShape>
    /// The layers' masks, by node: each a frame of its own, in its layer's coordinates.
    public let masks: Masks
    /// The gradient layers' gradients, by node.
    public let gradients: NodeColumn<LayerGradient>
    /// The layers' extras (border, shadow, sublayer transform, sidedness, a shape's fill
    /// and stroke, a backdrop) as they are at `time`, by node; nil where all are at their
    /// defaults.
    public let extras: NodeColumn<LayerExtras>
    /// The CATransitions the layers show at `time` (kind, direction, progress, and whether
    /// the node is the old look giving way), by node; nil for most.
    public private(set) var transitions: NodeColumn<TransitionFrame>

    /// Captures the presentation of `root`'s tree at `time` (default: now).
    public init(engine: AnimationEngine, root: LayerID, at time: Double? = nil) {
        let time = time ?? engine.currentTime
        // The walk says which nodes have details: only those records are read again.
        let tree = engine.presentationTreeAndDetails(of: root, at: time)
        self.init(engine: engine, time: time, nodes: tree.nodes, transitions: tree.transitions,
                  details: engine.details(of: tree.nodes, at: time, only: tree.detailed))
    }

    /// The frame of `nodes` (a mask's presentation) at `time`, with their `transitions`.
    private init(engine: AnimationEngine, time: Double, nodes: [PresentationNode], transitions: NodeColumn<TransitionFrame>) {
        self.init(engine: engine, time: time, nodes: nodes, transitions: transitions, details: engine.details(of: nodes, at: time))
    }

    /// The frame of `nodes` at `time`, with their `transitions` and `details`.
    private init(engine: AnimationEngine, time: Double, nodes: [PresentationNode], transitions: NodeColumn<TransitionFrame>,
                 details: (names: NodeColumn<String>, texts: NodeColumn<LayerText>, contents: NodeColumn<LayerContents>,
                           shapes: NodeColumn<LayerShape>, extras: NodeColumn<LayerExtras>, masks: NodeColumn<LayerID>,
                           gradients: NodeColumn<LayerGradient>)) {
        self.time = time
        self.nodes = nodes
        self.transitions = transitions
        names = details.names
        texts = details.texts
        contents = details.contents
        shapes = details.shapes
        extras = details.extras
        gradients = details.gradients
        // Only the few masked nodes are visited (a frame without masks visits none and holds
        // no list of them).
        var masks: [SceneFrame?]?
        for index in details.masks.positionsWithValues {
            if masks == nil { masks = [SceneFrame?](repeating: nil, count: nodes.count) }
            let tree = engine.maskTreeAndTransitions(of: nodes[index].layer, at: time)
            masks![index] = SceneFrame(engine: engine, time: time, nodes: tree?.nodes ?? [],
                                       transitions: tree?.transitions ?? NodeColumn(count: 0))
        }
        self.masks = masks.map(Masks.init) ?? Masks(count: nodes.count)
    }

    /// Creates a frame from its parts (timelines read back, tests).
    public init(time: Double, nodes: [PresentationNode], names: [String?], texts: [LayerText?],
                contents: [LayerContents?]? = nil, shapes: [LayerShape?]? = nil, masks: [SceneFrame?]? = nil,
                extras: [LayerExtras?]? = nil, gradients: [LayerGradient?]? = nil, transitions: [TransitionFrame?]? = nil) {
        precondition(names.count == nodes.count && texts.count == nodes.count, "one name and one text per node")
        precondition(contents.map { $0.count == nodes.count } ?? true, "one contents per node")
        precondition(shapes.map { $0.count == nodes.count } ?? true, "one shape per node")
        precondition(masks.map { $0.count == nodes.count } ?? true, "one mask per node")
        precondition(extras.map { $0.count == nodes.count } ?? true, "one extras per node")
        precondition(gradients.map { $0.count == nodes.count } ?? true, "one gradient per node")
        precondition(transitions.map { $0.count == nodes.count } ?? true, "one transition per node")
        self.time = time
        self.nodes = nodes
        self.names = NodeColumn(names)
        self.texts = NodeColumn(texts)
        self.contents = contents.map(NodeColumn.init) ?? NodeColumn(count: nodes.count)
        self.shapes = shapes.map(NodeColumn.init) ?? NodeColumn(count: nodes.count)
        self.masks = masks.map(Masks.init) ?? Masks(count: nodes.count)
        self.extras = extras.map(NodeColumn.init) ?? NodeColumn(count: nodes.count)
        self.gradients = gradients.map(NodeColumn.init) ?? NodeColumn(count: nodes.count)
        self.transitions = transitions.map(NodeColumn.init) ?? NodeColumn(count: nodes.count)
    }

    /// The same frame with `root` as its first node (its details and transition kept).
    public func replacingRoot(with root: PresentationNode) -> SceneFrame {
        var copy = self
        copy.nodes[0] = root
        return copy
    }

    /// The same frame with `root` as its first node, showing `transition` (nil: none), its
    /// details kept.
    public func replacingRoot(with root: PresentationNode, transition: TransitionFrame?) -> SceneFrame {
        var copy = replacingRoot(with: root)
        copy.transitions.set(transition, at: 0)
        return copy
    }

    /// The size of the root layer's bounds: the screen, in points.
    public var size: Size { nodes.first?.properties.bounds.size ?? Size(width: 0, height: 0) }

    /// The frames to draw of `frames`, leaving out each that draws the same as the one
    /// before it (`drawsTheSame(as:)`: a held start or end): `drawn` holds their indices in
    /// `frames`, and `source`, for every frame, the position in `drawn` of the one that
    /// draws it.
    public static func withoutRepeats(_ frames: [SceneFrame]) -> (drawn: [Int], source: [Int]) {
        var drawn: [Int] = [], source: [Int] = []
        source.reserveCapacity(frames.count)
        for (index, frame) in frames.enumerated() {
            if index > 0, frame.drawsTheSame(as: frames[index - 1]) {
                source.append(source[index - 1])
            } else {
                source.append(drawn.count)
                drawn.append(index)
            }
        }
        return (drawn, source)
    }

    /// Whether `other` draws the same picture: the same nodes with the same values and
    /// details, masks included; only the time may differ (a held start or end).
    public func drawsTheSame(as other: SceneFrame) -> Bool {
        guard nodes == other.nodes, names == other.names, texts == other.texts, contents == other.contents,
              shapes == other.shapes, extras == other.extras, gradients == other.gradients,
              transitions == other.transitions else { return false }
        return masks.indices.allSatisfy { index in
            switch (masks[index], other.masks[index]) {
            case (nil, nil): return true
            case let (mine?, theirs?): return mine.drawsTheSame(as: theirs)
            default: return false
            }
        }
    }

    /// A key for finding frames that draw the same among many: frames for which
    /// `drawsTheSame(as:)` holds have the same key (it hashes each node's geometry, opacity
    /// and colors; frames with the same key are then compared whole). Valid within one
    /// process only.
    public var drawingKey: Int {
        var hasher = Hasher()
        hasher.combine(nodes.count)
        for node in nodes {
            let properties = node.properties
            hasher.combine(node.layer.rawValue)
            hasher.combine(properties.bounds)
            hasher.combine(properties.position)
            hasher.combine(properties.transform)
            hasher.combine(properties.opacity)
            hasher.combine(properties.isHidden)
            hasher.combine(properties.backgroundColor)
        }
        return hasher.finalize()
    }

    /// The number of nodes in each node's subtree, itself included: node i's descendants
    /// are nodes i + 1 ..< i + subtreeSizes[i].
    var subtreeSizes: [Int] {
        var sizes = Array(repeating: 1, count: nodes.count)
        for index in nodes.indices.reversed() {
            if let parent = nodes[index].parent { sizes[parent] += sizes[index] }
        }
        return sizes
    }
}

extension SceneFrame {
    /// A frame's masks by node, nil for most: a frame none of whose layers has a mask
    /// (nearly all) holds no list of them.
    public struct Masks: RandomAccessCollection, Sendable {
        private let storage: [SceneFrame?]?
        private let count_: Int

        /// No masks, for `count` nodes.
        public init(count: Int) {
            storage = nil
            count_ = count
        }

        /// The masks `masks`, one per node.
        public init(_ masks: [SceneFrame?]) {
            storage = masks.contains { $0 != nil } ? masks : nil
            count_ = masks.count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count_ }

        public subscript(position: Int) -> SceneFrame? {
            precondition(position >= 0 && position < count_, "node \(position) of \(count_)")
            return storage?[position] ?? nil
        }
    }
}
