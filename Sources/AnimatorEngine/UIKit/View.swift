/// A view: UIKit's UIView, as a handle on its backing layer. Its layer's delegate is the
/// view: property changes animate inside UIView animation blocks and nowhere else.
public struct View: Hashable {
    /// The backing layer.
    public let layer: Layer

    /// Wraps a view-backed layer.
    public init(layer: Layer) {
        self.layer = layer
    }

    /// The engine the view lives in.
    public var engine: AnimationEngine { layer.engine }

    /// The view's name (screen titles, timelines).
    public var name: String? {
        get { layer.name }
        nonmutating set { layer.name = newValue }
    }

    public var frame: Rect {
        get { layer.frame }
        nonmutating set { layer.frame = newValue }
    }
    public var bounds: Rect {
        get { layer.bounds }
        nonmutating set { layer.bounds = newValue }
    }
    public var center: Point {
        get { layer.position }
        nonmutating set { layer.position = newValue }
    }
    /// The affine part of the layer's transform (UIView.transform).
    public var transform: AffineTransform {
        get { layer.transform.affine }
        nonmutating set { layer.transform = newValue.transform3D }
    }
    public var alpha: Double {
        get { layer.opacity }
        nonmutating set { layer.opacity = newValue }
    }
    public var isHidden: Bool {
        get { layer.isHidden }
        nonmutating set { layer.isHidden = newValue }
    }
    public var backgroundColor: RGBAColor? {
        get { layer.backgroundColor }
        nonmutating set { layer.backgroundColor = newValue }
    }
    public var clipsToBounds: Bool {
        get { layer.masksToBounds }
        nonmutating set { layer.masksToBounds = newValue }
    }
    /// Whether hit testing may pick the view.
    public var isUserInteractionEnabled: Bool {
        get { engine.record(layer.id).isUserInteractionEnabled }
        nonmutating set { engine.updateRecord(layer.id) { $0.isUserInteractionEnabled = newValue } }
    }

    /// The superview, if any.
    public var superview: View? {
        guard let parent = layer.superlayer, engine.record(parent.id).isView else { return nil }
        return View(layer: parent)
    }

    /// The subviews, back to front.
    public var subviews: [View] {
        layer.sublayers.filter { engine.record($0.id).isView }.map(View.init(layer:))
    }

    /// Adds `view` on top of the subviews.
    public func addSubview(_ view: View) throws(EngineError) {
        try layer.addSublayer(view.layer)
    }

    /// Inserts `view` at `index` among the sublayers.
    public func insertSubview(_ view: View, at index: Int) throws(EngineError) {
        try layer.insertSublayer(view.layer, at: index)
    }

    /// Inserts `view` just above `sibling`.
    public func insertSubview(_ view: View, aboveSubview sibling: View) throws(EngineError) {
        try layer.insertSublayer(view.layer, above: sibling.layer)
    }

    /// Inserts `view` just below `sibling`.
    public func insertSubview(_ view: View, belowSubview sibling: View) throws(EngineError) {
        try layer.insertSublayer(view.layer, below: sibling.layer)
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        layer.removeFromSuperlayer()
    }

    /// Moves `view` above its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard view.layer.superlayer == layer else { return }
        engine.reorder(view.layer.id, toFront: true)
    }

    /// Moves `view` below its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard view.layer.superlayer == layer else { return }
        engine.reorder(view.layer.id, toFront: false)
    }

    /// snapshotView(afterScreenUpdates:): a frozen copy (see the engine's rules).
    public func snapshotView(afterScreenUpdates: Bool) -> View {
        engine.snapshot(of: layer.id, afterScreenUpdates: afterScreenUpdates)
    }

    /// hitTest(_:with:) at the current time: the deepest visible, interactive subview under
    /// `point` (in this view's coordinates), judged on presentation values.
    public func hitTest(_ point: Point) -> View? {
        engine.hitTest(point, in: layer.id, at: engine.currentTime)
    }

    /// hitTest at `time`.
    public func hitTest(_ point: Point, at time: Double) -> View? {
        engine.hitTest(point, in: layer.id, at: time)
    }
}
