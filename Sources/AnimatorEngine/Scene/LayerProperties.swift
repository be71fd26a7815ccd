/// What every layer has and may animate, with Core Animation's defaults: geometry,
/// opacity, background, corners, depth. A layer's model holds one of these; its
/// presentation at a time t is another, computed. What few layers set (borders, shadows,
/// a sublayer transform, a shape's fill and stroke, a backdrop) is in `LayerExtras`.
public struct LayerProperties: Equatable, Sendable {
    // Stored in an order that leaves no padding between fields (the engine copies these
    // 256 bytes for every layer of every frame, and a frame's cost over thousands of
    // layers is the memory it moves): eight-byte fields first, then the optional color and
    // the one-byte flags in its tail. A CATransition's state, which only presentations
    // have, is beside the nodes of a frame (`SceneFrame.transitions`).
    public var bounds = Rect.zero
    /// The anchor point's place in the superlayer (a view's center).
    public var position = Point.zero
    /// Where in the bounds, as fractions, the layer is anchored (default the middle).
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var transform = Transform3D.identity
    public var opacity = 1.0
    public var cornerRadius = 0.0
    public var zPosition = 0.0
    public var backgroundColor: RGBAColor?
    public var isHidden = false
    /// maskedCorners (CACornerMask's bits: 1 top left, 2 top right, 4 bottom left, 8 bottom
    /// right): the corners `cornerRadius` rounds; not animatable.
    public var maskedCorners: UInt8 = 0b1111
    /// cornerCurve: true for continuous corners (iOS 13's squircle), false for quarter
    /// circles; not animatable.
    public var continuousCorners = false
    public var masksToBounds = false

    /// Creates properties with the defaults.
    public init() {}

    /// The frame: the bounding box of the bounds in the superlayer, after the transform
    /// about the anchor point. Setting it (with an identity transform, as UIKit expects)
    /// sets the size of the bounds and the position.
    public var frame: Rect {
        get {
            let (x0, y0) = (bounds.origin.x, bounds.origin.y)
            let (x1, y1) = (x0 + bounds.size.width, y0 + bounds.size.height)
            let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x0, y: y1), Point(x: x1, y: y1)]
            let transform = toSuperlayerTransform
            let mapped = corners.map { transform.apply(to: $0) }
            let xs = mapped.map(\.x), ys = mapped.map(\.y)
            return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        set {
            bounds.size = newValue.size
            position = Point(x: newValue.origin.x + anchorPoint.x * newValue.size.width,
                             y: newValue.origin.y + anchorPoint.y * newValue.size.height)
        }
    }

    /// The transform from this layer's coordinates (its bounds) to its superlayer's:
    /// move the anchor to the origin, apply `transform`, move to `position`.
    public var toSuperlayerTransform: Transform3D {
        Transform3D.translation(-bounds.origin.x - anchorPoint.x * bounds.size.width,
                                -bounds.origin.y - anchorPoint.y * bounds.size.height)
            .concatenating(transform)
            .concatenating(.translation(position.x, position.y))
    }

    /// A point in this layer's coordinates (those of its bounds) mapped into the superlayer.
    public func toSuperlayer(_ point: Point) -> Point {
        toSuperlayerTransform.apply(to: point)
    }
}

/// The properties few layers use, kept beside `LayerProperties` (in the layer's record and
/// in scene frames, only for layers that set or animate one) so that the per-frame walk of
/// every layer stays small: a border, a shadow, a sublayer transform, single-sidedness, a
/// shape layer's fill, stroke and line, and a backdrop. Animatable like the rest (through
/// the same key paths).
public struct LayerExtras: Equatable, Sendable {
    /// The border's width, drawn inside the bounds (and their rounded corners).
    public var borderWidth = 0.0
    /// The border's color (Core Animation's default opaque black).
    public var borderColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// The shadow's opacity (0: no shadow, the default).
    public var shadowOpacity = 0.0
    /// The shadow's blur radius in points (Core Animation's default 3).
    public var shadowRadius = 3.0
    /// The shadow's offset in the layer's points (Core Animation's default (0, -3)).
    public var shadowOffset = Size(width: 0, height: -3)
    /// The shadow's color (default opaque black).
    public var shadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// The transform applied to the sublayers, about the anchor point (perspective: m34).
    public var sublayerTransform = Transform3D.identity
    /// Whether the layer shows when facing away (isDoubleSided; false hides its back).
    public var isDoubleSided = true
    /// A shape layer's fill (nil: none; Core Animation's default opaque black).
    public var fillColor: RGBAColor? = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    /// A shape layer's stroke (nil: none, the default).
    public var strokeColor: RGBAColor?
    /// A shape layer's line width, in the layer's points.
    public var lineWidth = 1.0
    /// Where along the path (0 to 1 of its length) the stroke starts.
    public var strokeStart = 0.0
    /// Where along the path the stroke ends.
    public var strokeEnd = 1.0
    /// A backdrop blur's standard deviation, in the layer's points (0: none).
    public var backdropBlurRadius = 0.0
    /// The saturation of the blurred backdrop (1: as it is; 1.8 as UIKit's materials).
    public var backdropSaturation = 1.0
    /// A color laid over the blurred backdrop (UIKit's tint of a blur style).
    public var backdropTintColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Whether the layer shows a backdrop: a blur, a saturation change or a tint.
    public var hasBackdrop: Bool { backdropBlurRadius > 0 || backdropSaturation != 1 || backdropTintColor.alpha > 0 }

    /// The defaults.
    public init() {}
}
