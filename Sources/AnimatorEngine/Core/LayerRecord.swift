/// A layer's own timing (CAMediaTiming on a layer): pausing a layer sets its speed to 0
/// and its time offset to its current local time.
public struct LayerTiming: Equatable, Sendable {
    public var beginTime = 0.0
    public var speed = 1.0
    public var timeOffset = 0.0

    /// Creates timing.
    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }
}

/// What answers an action lookup (CAAction), for a layer's delegate, `actions`, `style`.
public enum ActionLookup {
    /// Run this action.
    case action(LayerAction)
    /// NSNull: no action, and stop looking.
    case noAction
    /// nil: keep looking.
    case continueSearch
}

/// An action run for a property change (CAAction).
public enum LayerAction {
    /// Add this animation (a basic animation's missing from value is the old presentation
    /// value, its missing to value the new model value).
    case animation(Animation)
    /// Call this (runActionForKey:object:arguments:).
    case custom((ActionEvent) -> Void)
}

/// The change an action runs for.
public struct ActionEvent {
    /// The layer that changed.
    public let layer: Layer
    /// The key path that changed.
    public let keyPath: LayerKeyPath
    /// The model value before the change.
    public let oldValue: AnimatableValue
    /// The presentation value when the change happened.
    public let oldPresentationValue: AnimatableValue
    /// The new model value.
    public let newValue: AnimatableValue
}

/// The delegate of a standalone layer (CALayerDelegate's actionForLayer:forKey:), or, on a
/// view's layer, the view's own override of it (a UIView subclass's), asked before the
/// view's usual answer. Implement either requirement: the engine asks `action(for:)`, which by default asks
/// `action(for:forKey:)`, which by default answers `.continueSearch`.
public protocol LayerDelegate: AnyObject {
    /// The action for a change of `key` on `layer`.
    func action(for layer: Layer, forKey key: String) -> ActionLookup
    /// The action for a change, with its old and new values.
    func action(for event: ActionEvent) -> ActionLookup
}

extension LayerDelegate {
    /// Nil: the lookup goes on.
    public func action(for layer: Layer, forKey key: String) -> ActionLookup { .continueSearch }
    /// Asks `action(for:forKey:)` with the change's layer and key.
    public func action(for event: ActionEvent) -> ActionLookup {
        action(for: event.layer, forKey: event.keyPath.property.rawValue)
    }
}

/// The engine's storage for one layer: a value in the engine's array, so that walking a
/// tree reads plain memory (no retain, no exclusivity check per field).
package struct LayerRecord {
    /// How a layer looked at a commit: what a CATransition added later in the same host
    /// step shows giving way to the new look (Core Animation transitions from the last
    /// committed render tree, whatever order the changes and the transition come in).
    struct Look {
        var model: LayerProperties
        var children: [Int]
        var text: LayerText?
        var contents: LayerContents?
        var shape: LayerShape?
        var extras: LayerExtras?
    }

    // What a frame reads of every layer comes first, in as few cache lines as can hold it
    // (the walk over thousands of records is bound by memory): the model, the sublayers,
    // the animations, the timing and the superlayer (which the clock's steps read too,
    // side by side: `eventFields`), the flags up to `hasDetails`, which tells whether the
    // layer has details to read. Fields only other work reads come after it
    // (`walkedBytes`).

    var model = LayerProperties()
    var children: [Int] = []
    /// Where the attached animations are in the engine's table (`AnimationTable`), oldest
    /// first. Changed by the engine, which then calls `animationsChanged(_:)`.
    var animationSpan = AnimationTable.Span()
    var timing = LayerTiming()
    var parent: Int?

    /// Keeps the flags below with the attached animations (`animations`, oldest first).
    mutating func animationsChanged(_ animations: [ActiveAnimation]) {
        animatesZPosition = animations.contains { $0.affects(.zPosition) }
        animatesPath = animations.contains { $0.affects(.path) }
        animatesExtras = animations.contains { $0.affectsExtras }
        showsOutgoingLook = animations.contains { $0.outgoing != nil }
        detailsChanged()
    }
    /// Whether an attached animation moves the shape's path.
    private(set) var animatesPath = false
    /// Whether an attached animation moves one of the extras.
    private(set) var animatesExtras = false
    /// Whether an attached CATransition carries a copy of the old look to draw (kept with
    /// the animations, so the per-frame walk looks for one only where there is one).
    private(set) var showsOutgoingLook = false
    /// Whether an attached animation writes zPosition (kept with the animations, so drawing
    /// order needs no per-frame scan).
    private(set) var animatesZPosition = false
    package var isView = false
    /// Whether a frame has more to read of this layer than its properties: a name, a mask,
    /// text, contents, a shape, a gradient or extras, or an animation of the extras (which
    /// has values to give even where the layer's own extras are at their defaults). Kept
    /// with those fields: a stored flag, read in place by the walks (a computed property
    /// of a record reached through a pointer would copy the whole record to be called).
    private(set) var hasDetails = false
    /// How many bytes from a record's start hold what the per-frame walk reads (the fields
    /// up to `hasDetails`): what it asks the cache for ahead of its visits.
    static let walkedBytes = MemoryLayout<LayerRecord>.offset(of: \.hasDetails)! + 1
    /// Where in a record the fields the clock's steps read lie (the animations' span, the
    /// timing, the superlayer): the bytes `AnimationEngine.fetchEventFields` asks for.
    static let eventFields = MemoryLayout<LayerRecord>.offset(of: \.animationSpan)!
        ..< MemoryLayout<LayerRecord>.offset(of: \.parent)! + MemoryLayout<Int?>.size
    /// The layer masking this one (CALayer.mask): its alpha cuts this layer's subtree.
    var mask: Int? { didSet { detailsChanged() } }
    var name: String? { didSet { detailsChanged() } }

    /// What few layers have (text, contents, shapes, gradients, extras, actions), kept
    /// out of line so that the records the per-frame walks stream through stay small;
    /// nil while all of it is at its defaults. Copied on write: a copy of a record never
    /// changes the original's. Read it in place (`record.pointee.attachments?.text`) where
    /// a record is reached through a pointer.
    private(set) var attachments: LayerAttachments? { didSet { detailsChanged() } }

    private mutating func detailsChanged() {
        hasDetails = name != nil || mask != nil || attachments != nil || animatesExtras
    }

    /// The commit whose look the engine keeps for this layer (`committedLooks`, see
    /// `Look`): the look is valid while this equals the engine's commit count.
    var lookCommit = -1
    /// The layer this one masks, when it is a mask.
    var maskedLayer: Int?
    weak var delegate: (any LayerDelegate)?
    var isUserInteractionEnabled = true

    /// The attachments, ready to be changed in this record only.
    private mutating func attachmentsForWriting() -> LayerAttachments {
        if isKnownUniquelyReferenced(&attachments), let attachments { return attachments }
        let fresh = attachments.map { $0.copy() } ?? LayerAttachments()
        attachments = fresh
        return fresh
    }

    /// Sets one attachment; a default value makes no out-of-line part where there is none.
    private mutating func set<Value>(_ keyPath: ReferenceWritableKeyPath<LayerAttachments, Value>, _ value: Value,
                                     isDefault: Bool) {
        guard !isDefault || attachments != nil else { return }
        attachmentsForWriting()[keyPath: keyPath] = value
    }

    /// The layer's extras (nil: all at their defaults).
    var extras: LayerExtras? {
        get { attachments?.extras }
        set { set(\.extras, newValue, isDefault: newValue == nil) }
    }
    /// A gradient layer's gradient (nil: not a gradient layer).
    var gradient: LayerGradient? {
        get { attachments?.gradient }
        set { set(\.gradient, newValue, isDefault: newValue == nil) }
    }
    /// A shape layer's path and style (nil: not a shape layer).
    var shape: LayerShape? {
        get { attachments?.shape }
        set { set(\.shape, newValue, isDefault: newValue == nil) }
    }
    /// A line of text drawn in the layer's bounds (a label; not animatable).
    var text: LayerText? {
        get { attachments?.text }
        set { set(\.text, newValue, isDefault: newValue == nil) }
    }
    /// The bitmap the layer shows, if any (model only: contents do not animate).
    var contents: LayerContents? {
        get { attachments?.contents }
        set { set(\.contents, newValue, isDefault: newValue == nil) }
    }
    /// contentsGravity, contentsRect and contentsCenter, kept while there are no contents.
    var contentsGravity: LayerContents.Gravity {
        get { attachments?.contentsGravity ?? .resize }
        set { set(\.contentsGravity, newValue, isDefault: newValue == .resize) }
    }
    var contentsRect: Rect {
        get { attachments?.contentsRect ?? LayerContents.unit }
        set { set(\.contentsRect, newValue, isDefault: newValue == LayerContents.unit) }
    }
    var contentsCenter: Rect {
        get { attachments?.contentsCenter ?? LayerContents.unit }
        set { set(\.contentsCenter, newValue, isDefault: newValue == LayerContents.unit) }
    }
    var actions: [String: ActionLookup] {
        get { attachments?.actions ?? [:] }
        set { set(\.actions, newValue, isDefault: newValue.isEmpty) }
    }
    var style: [String: ActionLookup] {
        get { attachments?.style ?? [:] }
        set { set(\.style, newValue, isDefault: newValue.isEmpty) }
    }
}

/// A layer record's out-of-line part (see `LayerRecord.attachments`).
final class LayerAttachments {
    var extras: LayerExtras?
    var gradient: LayerGradient?
    var shape: LayerShape?
    var text: LayerText?
    var contents: LayerContents?
    var contentsGravity = LayerContents.Gravity.resize
    var contentsRect = LayerContents.unit
    var contentsCenter = LayerContents.unit
    var actions: [String: ActionLookup] = [:]
    var style: [String: ActionLookup] = [:]

    init() {}

    /// A copy with the same values.
    func copy() -> LayerAttachments {
        let copy = LayerAttachments()
        copy.extras = extras
        copy.gradient = gradient
        copy.shape = shape
        copy.text = text
        copy.contents = contents
        copy.contentsGravity = contentsGravity
        copy.contentsRect = contentsRect
        copy.contentsCenter = contentsCenter
        copy.actions = actions
        copy.style = style
        return copy
    }
}
