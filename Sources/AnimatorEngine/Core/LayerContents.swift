/// A layer's `contents`: a bitmap (CGImage) drawn in its bounds as `contentsGravity` says,
/// through `contentsRect`, with bilinear filtering. The bitmap may be a picture drawn when
/// first looked at (a snapshot's: `DeferredPicture`).
public struct LayerContents: Equatable, Sendable {
    /// CALayerContentsGravity: where the image goes in the bounds.
    public enum Gravity: String, Sendable, CaseIterable {
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
        case resize, resizeAspect, resizeAspectFill
    }

    /// The picture, premultiplied (a deferred one is drawn now if it never was).
    public var image: Image {
        get {
            switch source {
            case .image(let image): return image
            case .deferred(let picture): return picture.image
            }
        }
        set { source = .image(newValue) }
    }
    /// The picture's width in pixels (without drawing a deferred one).
    public var pixelWidth: Int { pixelSize.width }
    /// The picture's height in pixels (without drawing a deferred one).
    public var pixelHeight: Int { pixelSize.height }
    private var pixelSize: (width: Int, height: Int) {
        switch source {
        case .image(let image): return (image.width, image.height)
        case .deferred(let picture): return (picture.width, picture.height)
        }
    }
    /// Whether its pixels exist yet (a deferred picture's are drawn when first looked at).
    public var isDrawn: Bool {
        switch source {
        case .image: return true
        case .deferred(let picture): return picture.isDrawn
        }
    }
    /// The picture itself, or the deferred picture that will draw it.
    private var source: Source

    private enum Source: Sendable {
        case image(Image)
        case deferred(DeferredPicture)
    }
    /// Pixels per point (contentsScale): the image's size in points is its pixel size / scale.
    public var scale: Double
    /// contentsGravity.
    public var gravity: Gravity
    /// contentsRect: the part of the image drawn, in unit coordinates (default the whole).
    public var rect: Rect
    /// contentsCenter: the part of the contents rect that stretches, in its unit
    /// coordinates (default the whole); the rest (the caps) keeps its size in points, as a
    /// resizable image's cap insets do.
    public var center: Rect

    /// The whole unit square: contentsRect's and contentsCenter's default.
    public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Creates contents showing `image` resized to the bounds.
    public init(image: Image, scale: Double = 1, gravity: Gravity = .resize,
                rect: Rect = LayerContents.unit, center: Rect = LayerContents.unit) {
        self.init(source: .image(image), scale: scale, gravity: gravity, rect: rect, center: center)
    }

    /// Creates contents showing `picture`, drawn when first looked at, resized to the bounds.
    public init(deferred picture: DeferredPicture, scale: Double = 1, gravity: Gravity = .resize,
                rect: Rect = LayerContents.unit, center: Rect = LayerContents.unit) {
        self.init(source: .deferred(picture), scale: scale, gravity: gravity, rect: rect, center: center)
    }

    private init(source: Source, scale: Double, gravity: Gravity, rect: Rect, center: Rect) {
        self.source = source
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.gravity = gravity
        self.rect = rect
        self.center = center
    }

    /// Equal placement and equal pixels (one deferred picture is equal to itself without
    /// being drawn).
    public static func == (lhs: LayerContents, rhs: LayerContents) -> Bool {
        guard lhs.scale == rhs.scale, lhs.gravity == rhs.gravity, lhs.rect == rhs.rect, lhs.center == rhs.center else {
            return false
        }
        if case .deferred(let a) = lhs.source, case .deferred(let b) = rhs.source, a === b { return true }
        guard lhs.pixelWidth == rhs.pixelWidth, lhs.pixelHeight == rhs.pixelHeight else { return false }
        return lhs.image == rhs.image
    }

    /// Whether `center` leaves caps (anything but the whole contents stretches).
    public var isSliced: Bool { center != LayerContents.unit }

    /// How the contents stretch into `destination` (layer coordinates) along each axis:
    /// breakpoints in the layer and the texels they show (four each: the outer edges and the
    /// edges of the stretching middle), linear in between. The caps keep their size in
    /// points (the image's pixels over its scale); when the destination is smaller than
    /// both caps together, they shrink in proportion and the middle disappears, as in Core
    /// Animation.
    public func stretch(into destination: Rect) -> (x: [Double], u: [Double], y: [Double], v: [Double]) {
        func axis(_ start: Double, _ length: Double, pixels: Int, from: Double, size: Double, centerStart: Double,
                  centerSize: Double) -> ([Double], [Double]) {
            let c0 = min(max(centerStart, 0), 1), c1 = min(max(centerStart + max(centerSize, 0), c0), 1)
            let points = Double(pixels) * size / scale
            var before = c0 * points, after = (1 - c1) * points
            if before + after > length, before + after > 0 {
                let shrink = length / (before + after)
                before *= shrink
                after *= shrink
            }
            let texel = { (fraction: Double) in (from + size * fraction) * Double(pixels) }
            return ([start, start + before, start + length - after, start + length], [texel(0), texel(c0), texel(c1), texel(1)])
        }
        let (x, u) = axis(destination.origin.x, destination.size.width, pixels: pixelWidth, from: rect.origin.x,
                          size: rect.size.width, centerStart: center.origin.x, centerSize: center.size.width)
        let (y, v) = axis(destination.origin.y, destination.size.height, pixels: pixelHeight, from: rect.origin.y,
                          size: rect.size.height, centerStart: center.origin.y, centerSize: center.size.height)
        return (x, u, y, v)
    }

    /// Where the image is drawn in bounds of `size` (layer coordinates, before the bounds'
    /// origin), as Core Animation places it for the gravity.
    public func destination(in size: Size) -> Rect {
        let imageWidth = Double(pixelWidth) * rect.size.width / scale
        let imageHeight = Double(pixelHeight) * rect.size.height / scale
        let width = size.width, height = size.height
        switch gravity {
        case .resize:
            return Rect(x: 0, y: 0, width: width, height: height)
        case .resizeAspect, .resizeAspectFill:
            guard imageWidth > 0, imageHeight > 0 else { return .zero }
            let fit = gravity == .resizeAspect ? min(width / imageWidth, height / imageHeight)
                                               : max(width / imageWidth, height / imageHeight)
            let w = imageWidth * fit, h = imageHeight * fit
            return Rect(x: (width - w) / 2, y: (height - h) / 2, width: w, height: h)
        default:
            let x: Double, y: Double
            switch gravity {
            case .left, .topLeft, .bottomLeft: x = 0
            case .right, .topRight, .bottomRight: x = width - imageWidth
            default: x = (width - imageWidth) / 2
            }
            switch gravity {
            case .top, .topLeft, .topRight: y = 0
            case .bottom, .bottomLeft, .bottomRight: y = height - imageHeight
            default: y = (height - imageHeight) / 2
            }
            return Rect(x: x, y: y, width: imageWidth, height: imageHeight)
        }
    }
}
