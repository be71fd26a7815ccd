/// A layer of an engine: Core Animation's CALayer, as a handle. Setting a property changes
/// the model at once and runs the change's action (an implicit animation for a standalone
/// layer; for a view's layer, what the view says). Cheap to copy; equal handles name the
/// same layer.
public struct Layer: Hashable {
    /// The engine the layer lives in.
    public let engine: AnimationEngine
    /// The layer's id.
    public let id: LayerID

    /// Creates a handle.
    public init(engine: AnimationEngine, id: LayerID) {
        self.engine = engine
        self.id = id
    }

    public static func == (lhs: Layer, rhs: Layer) -> Bool { lhs.engine === rhs.engine && lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(engine))
        hasher.combine(id)
    }

    private var record: LayerRecord { engine.record(id) }

    // MARK: Model values

    /// The model values.
    public var model: LayerProperties { record.model }

    /// The presentation values now (CALayer.presentation()).
    public func presentation() -> LayerProperties { engine.presentation(of: id) }

    /// The presentation values at `time`.
    public func presentation(at time: Double) -> LayerProperties { engine.presentation(of: id, at: time) }

    /// The state of the CATransition the layer shows at `time` (nil: none).
    public func transition(at time: Double) -> TransitionFrame? { engine.transition(of: id, at: time) }

    private func set(_ value: AnimatableValue, _ keyPath: LayerKeyPath) { engine.set(value, keyPath, id) }

    public var bounds: Rect {
        get { model.bounds }
        nonmutating set { set(.rect(newValue), .bounds) }
    }
    public var position: Point {
        get { model.position }
        nonmutating set { set(.point(newValue), .position) }
    }
    public var anchorPoint: Point {
        get { model.anchorPoint }
        nonmutating set { set(.point(newValue), .anchorPoint) }
    }
    public var transform: Transform3D {
        get { model.transform }
        nonmutating set { set(.transform(newValue), .transform) }
    }
    /// The frame (derived from bounds, position, anchor point and transform).
    public var frame: Rect {
        get { model.frame }
        nonmutating set {
            var target = model
            target.frame = newValue
            set(.rect(target.bounds), .bounds)
            set(.point(target.position), .position)
        }
    }
    public var opacity: Double {
        get { model.opacity }
        nonmutating set { set(.number(newValue), .opacity) }
    }
    public var isHidden: Bool {
        get { model.isHidden }
        nonmutating set { set(.number(newValue ? 1 : 0), .hidden) }
    }
    public var backgroundColor: RGBAColor? {
        get { model.backgroundColor }
        nonmutating set { set(.color(newValue ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)), .backgroundColor) }
    }
    public var cornerRadius: Double {
        get { model.cornerRadius }
        nonmutating set { set(.number(newValue), .cornerRadius) }
    }
    /// Not animatable: the corners cornerRadius rounds (CACornerMask's bits).
    public var maskedCorners: UInt8 {
        get { model.maskedCorners }
        nonmutating set { engine.updateRecord(id) { $0.model.maskedCorners = newValue & 0b1111 } }
    }
    /// cornerCurve: continuous (true) or circular corners (not animatable).
    public var continuousCorners: Bool {
        get { model.continuousCorners }
        nonmutating set { engine.updateRecord(id) { $0.model.continuousCorners = newValue } }
    }
    /// Not animatable: clips sublayers to the (rounded) bounds.
    public var masksToBounds: Bool {
        get { model.masksToBounds }
        nonmutating set { engine.updateRecord(id) { $0.model.masksToBounds = newValue } }
    }
    public var borderWidth: Double {
        get { modelExtras.borderWidth }
        nonmutating set { set(.number(newValue), .borderWidth) }
    }
    public var borderColor: RGBAColor {
        get { modelExtras.borderColor }
        nonmutating set { set(.color(newValue), .borderColor) }
    }
    public var shadowOpacity: Double {
        get { modelExtras.shadowOpacity }
        nonmutating set { set(.number(newValue), .shadowOpacity) }
    }
    public var shadowRadius: Double {
        get { modelExtras.shadowRadius }
        nonmutating set { set(.number(newValue), .shadowRadius) }
    }
    public var shadowOffset: Size {
        get { modelExtras.shadowOffset }
        nonmutating set { set(.size(newValue), .shadowOffset) }
    }
    public var shadowColor: RGBAColor {
        get { modelExtras.shadowColor }
        nonmutating set { set(.color(newValue), .shadowColor) }
    }
    public var zPosition: Double {
        get { model.zPosition }
        nonmutating set { set(.number(newValue), .zPosition) }
    }

    /// The transform applied to the sublayers about the anchor point (perspective: m34).
    public var sublayerTransform: Transform3D {
        get { modelExtras.sublayerTransform }
        nonmutating set { set(.transform(newValue), .sublayerTransform) }
    }
    /// Whether the layer shows when it faces away.
    public var isDoubleSided: Bool {
        get { modelExtras.isDoubleSided }
        nonmutating set { set(.number(newValue ? 1 : 0), .doubleSided) }
    }
    /// A shape layer's fill color (nil: none).
    public var fillColor: RGBAColor? {
        get { modelExtras.fillColor }
        nonmutating set { set(.color(newValue ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)), .fillColor) }
    }
    /// A shape layer's stroke color (nil: none).
    public var strokeColor: RGBAColor? {
        get { modelExtras.strokeColor }
        nonmutating set { set(.color(newValue ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)), .strokeColor) }
    }
    public var lineWidth: Double {
        get { modelExtras.lineWidth }
        nonmutating set { set(.number(newValue), .lineWidth) }
    }
    public var strokeStart: Double {
        get { modelExtras.strokeStart }
        nonmutating set { set(.number(newValue), .strokeStart) }
    }
    public var strokeEnd: Double {
        get { modelExtras.strokeEnd }
        nonmutating set { set(.number(newValue), .strokeEnd) }
    }
    /// A backdrop blur's standard deviation in points (UIVisualEffectView; 0: none).
    public var backdropBlurRadius: Double {
        get { modelExtras.backdropBlurRadius }
        nonmutating set { set(.number(newValue), .backdropBlurRadius) }
    }
    /// The blurred backdrop's saturation (1: unchanged).
    public var backdropSaturation: Double {
        get { modelExtras.backdropSaturation }
        nonmutating set { set(.number(newValue), .backdropSaturation) }
    }
    /// The color laid over the blurred backdrop.
    public var backdropTintColor: RGBAColor {
        get { modelExtras.backdropTintColor }
        nonmutating set { set(.color(newValue), .backdropTintColor) }
    }
    /// A shape layer's path (animatable: a standalone shape layer animates it implicitly).
    public var path: ShapePath? {
        get { record.shape?.path }
        nonmutating set { set(.path(newValue ?? ShapePath()), .path) }
    }
    /// A gradient layer's gradient (setting one makes the layer draw it; not animated).
    public var gradient: LayerGradient? {
        get { record.gradient }
        nonmutating set { engine.updateRecord(id) { $0.gradient = newValue } }
    }

    /// The layer's extras as set (nil: all at their defaults).
    public var extras: LayerExtras? { record.extras }

    /// The extras' model values, the defaults where none were set.
    private var modelExtras: LayerExtras { record.extras ?? LayerExtras() }

    /// A shape layer's style: fill rule, caps, joins, miter limit (not animated; the path
    /// in it is the model's, set through `path`). Nil for a layer that is not a shape layer.
    public var shape: LayerShape? { record.shape }

    /// Changes the shape style (making the layer a shape layer if it was not).
    public func updateShapeStyle(_ change: (inout LayerShape) -> Void) {
        engine.updateShapeStyle(id, change)
    }

    /// The layer masking this one (CALayer.mask).
    public var mask: Layer? { engine.mask(of: id).map { Layer(engine: engine, id: $0) } }

    /// Sets the mask (nil removes it). See `AnimationEngine.setMask(_:of:)`.
    public func setMask(_ mask: Layer?) throws(EngineError) {
        try engine.setMask(mask?.id, of: id)
    }

    /// The layer's name (for timelines and debugging).
    public var name: String? {
        get { record.name }
        nonmutating set { engine.updateRecord(id) { $0.name = newValue } }
    }

    /// The bitmap the layer shows (CALayer.contents with its gravity and rect), if any.
    public var contents: LayerContents? {
        get { record.contents }
        nonmutating set {
            engine.updateRecord(id) { record in
                record.contents = newValue
                if let newValue {
                    record.contentsGravity = newValue.gravity
                    record.contentsRect = newValue.rect
                    record.contentsCenter = newValue.center
                }
            }
        }
    }

    /// contentsGravity (kept while the layer has no contents).
    public var contentsGravity: LayerContents.Gravity {
        get { record.contentsGravity }
        nonmutating set {
            engine.updateRecord(id) { record in
                record.contentsGravity = newValue
                record.contents?.gravity = newValue
            }
        }
    }

    /// contentsRect, in unit coordinates of the image (kept while the layer has no contents).
    public var contentsRect: Rect {
        get { record.contentsRect }
        nonmutating set {
            engine.updateRecord(id) { record in
                record.contentsRect = newValue
                record.contents?.rect = newValue
            }
        }
    }

    /// contentsCenter, in unit coordinates of the contents rect (kept while the layer has
    /// no contents): the part that stretches; the rest keeps its size.
    public var contentsCenter: Rect {
        get { record.contentsCenter }
        nonmutating set {
            engine.updateRecord(id) { record in
                record.contentsCenter = newValue
                record.contents?.center = newValue
            }
        }
    }

    /// The line of text the layer shows, if any (model only: text does not animate).
    public var text: LayerText? {
        get { record.text }
        nonmutating set { engine.updateRecord(id) { $0.text = newValue } }
    }

    // MARK: Timing, actions, delegate

    /// The layer's own timing: speed 0 with timeOffset set pauses it and everything in it.
    public var timing: LayerTiming {
        get { record.timing }
        nonmutating set {
            guard newValue != record.timing else { return }
            engine.updateRecord(id) { $0.timing = newValue }
            engine.timeMapsChanged()
        }
    }

    /// The layer's local time now.
    public var localTime: Double { engine.layerTime(of: id, at: engine.currentTime) }

    /// Pauses the layer (and its sublayers) where it is: speed 0, time offset = its local time.
    public func pause() {
        let now = localTime
        var timing = self.timing
        timing.speed = 0
        timing.timeOffset = now
        self.timing = timing
    }

    /// Resumes a paused layer from where it was paused.
    public func resume() {
        let paused = timing.timeOffset
        timing = LayerTiming(beginTime: 0, speed: 1, timeOffset: 0)
        let sincePause = localTime - paused
        timing = LayerTiming(beginTime: sincePause, speed: 1, timeOffset: 0)
    }

    /// The layer's `actions` dictionary.
    public var actions: [String: ActionLookup] {
        get { record.actions }
        nonmutating set { engine.updateRecord(id) { $0.actions = newValue } }
    }

    /// The layer's `style` dictionary (searched after `actions`).
    public var style: [String: ActionLookup] {
        get { record.style }
        nonmutating set { engine.updateRecord(id) { $0.style = newValue } }
    }

    /// The layer's delegate (held weakly, as CALayer does); on a view's layer, the view's own
    /// action override, asked before its usual answer (`.continueSearch` leaves it to that).
    public var delegate: (any LayerDelegate)? {
        get { record.delegate }
        nonmutating set { engine.updateRecord(id) { $0.delegate = newValue } }
    }

    // MARK: Animations

    /// CALayer.add(_:forKey:).
    ///
    /// - Throws: `EngineError` when a value does not fit the key path.
    public func add(_ animation: Animation, forKey key: String?) throws(EngineError) {
        try engine.addAnimation(animation, forKey: key, to: id)
    }

    /// CALayer.removeAnimation(forKey:).
    public func removeAnimation(forKey key: String) {
        engine.removeAnimation(forKey: key, from: id)
    }

    /// CALayer.removeAllAnimations().
    public func removeAllAnimations() {
        engine.removeAllAnimations(from: id)
    }

    /// CALayer.animationKeys(), in the order added.
    public func animationKeys() -> [String] {
        engine.animations(of: id.rawValue).compactMap(\.key)
    }

    /// CALayer.animation(forKey:).
    public func animation(forKey key: String) -> Animation? {
        engine.animations(of: id.rawValue).first { $0.key == key }?.definition
    }

    // MARK: Tree

    /// The superlayer, if any.
    public var superlayer: Layer? { record.parent.map { Layer(engine: engine, id: LayerID(rawValue: $0)) } }

    /// The sublayers, back to front.
    public var sublayers: [Layer] { record.children.map { Layer(engine: engine, id: LayerID(rawValue: $0)) } }

    /// Adds `layer` on top of the sublayers (moving it from any other superlayer).
    public func addSublayer(_ layer: Layer) throws(EngineError) {
        try engine.insert(layer.id, into: id, at: nil)
    }

    /// Inserts `layer` at `index` among the sublayers.
    public func insertSublayer(_ layer: Layer, at index: Int) throws(EngineError) {
        try engine.insert(layer.id, into: id, at: index)
    }

    /// Inserts `layer` just above `sibling`.
    public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(EngineError) {
        try engine.insert(layer.id, into: id, relativeTo: sibling.id, above: true)
    }

    /// Inserts `layer` just below `sibling`.
    public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(EngineError) {
        try engine.insert(layer.id, into: id, relativeTo: sibling.id, above: false)
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        engine.detach(id)
    }
}
