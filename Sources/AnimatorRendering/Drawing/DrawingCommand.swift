import AnimatorEngine

/// One Core Graphics drawing operation, as a context records it (draw.h's commands in
/// Swift): state changes, and what is drawn with the context's alpha at the time.
public enum DrawingCommand: Sendable {
    /// saveGState: the transform and the clip.
    case save
    /// restoreGState.
    case restore
    /// concatenate: `transform` applied before the current transform.
    case concat(AffineTransform)
    /// clip(using:): the clip narrowed to the path.
    case clip(ShapePath, FillRule)
    /// fillPath: the path filled.
    case fill(ShapePath, FillRule, RGBAColor, alpha: Double)
    /// strokePath: the path stroked (the style's path is not used).
    case stroke(ShapePath, LayerShape, width: Double, RGBAColor, alpha: Double)
    /// drawLinearGradient / drawRadialGradient.
    case gradient(DrawingGradient, alpha: Double)
    /// An image into a rectangle, upside down when `flipped`.
    case image(Image, Rect, flipped: Bool, alpha: Double)
    /// Text laid out in a rectangle.
    case text(LayerText, Rect, alpha: Double)
}

/// A gradient as Core Graphics draws one: colors from a start to an end (points or
/// circles), over the clip, extended beyond its ends only where asked.
public struct DrawingGradient: Sendable, Equatable {
    /// The colors at `locations` (0 to 1; nil: evenly spread).
    public var colors: [RGBAColor]
    public var locations: [Double]?
    /// Linear: from `start` to `end`; radial: circles around `start` of radii `startRadius`
    /// and `endRadius`.
    public var isRadial: Bool
    public var start: Point
    public var end: Point
    public var startRadius: Double
    public var endRadius: Double
    /// drawsBeforeStartLocation, drawsAfterEndLocation.
    public var extendsBeforeStart: Bool
    public var extendsAfterEnd: Bool

    /// A gradient.
    public init(colors: [RGBAColor], locations: [Double]?, isRadial: Bool, start: Point, end: Point,
                startRadius: Double = 0, endRadius: Double = 0, extendsBeforeStart: Bool, extendsAfterEnd: Bool) {
        self.colors = colors
        self.locations = locations
        self.isRadial = isRadial
        self.start = start
        self.end = end
        self.startRadius = startRadius
        self.endRadius = endRadius
        self.extendsBeforeStart = extendsBeforeStart
        self.extendsAfterEnd = extendsAfterEnd
    }
}
