/// Identifies a layer within its engine.
public struct LayerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The layer's index in its engine.
    public let rawValue: Int

    /// Creates an id.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: LayerID, rhs: LayerID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "layer \(rawValue)" }
}

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

    var model = LayerProperties()
    /// The look before the first change of the current host step (see `Look`), valid while
    /// `lookCommit` equals the engine's commit count.
    var committedLook: Look?
    var lookCommit = -1
    var parent: Int?
    var children: [Int] = []
    package var animations: [ActiveAnimation] = [] {
        didSet {
            animatesZPosition = animations.contains { $0.affects(.zPosition) }
            animatesPath = animations.contains { $0.affects(.path) }
            animatesExtras = animations.contains { $0.affectsExtras }
            showsOutgoingLook = animations.contains { $0.outgoing != nil }
        }
    }
    /// Whether an attached animation moves the shape's path.
    private(set) var animatesPath = false
    /// Whether an attached animation moves one of the extras.
    private(set) var animatesExtras = false
    /// The layer's extras (nil: all at their defaults).
    var extras: LayerExtras?
    /// A gradient layer's gradient (nil: not a gradient layer).
    var gradient: LayerGradient?
    /// A shape layer's path and style (nil: not a shape layer).
    var shape: LayerShape?
    /// The layer masking this one (CALayer.mask): its alpha cuts this layer's subtree.
    var mask: Int?
    /// The layer this one masks, when it is a mask.
    var maskedLayer: Int?
    /// Whether an attached CATransition carries a copy of the old look to draw (kept with
    /// `animations`, so the per-frame walk looks for one only where there is one).
    private(set) var showsOutgoingLook = false
    /// Whether an attached animation writes zPosition (kept with `animations`, so drawing
    /// order needs no per-frame scan).
    private(set) var animatesZPosition = false
    var timing = LayerTiming()
    package var isView = false
    var name: String?
    /// A line of text drawn in the layer's bounds (a label; not animatable).
    var text: LayerText?
    /// The bitmap the layer shows, if any (model only: contents do not animate).
    var contents: LayerContents?
    /// contentsGravity, contentsRect and contentsCenter, kept while there are no contents.
    var contentsGravity = LayerContents.Gravity.resize
    var contentsRect = LayerContents.unit
    var contentsCenter = LayerContents.unit
    var actions: [String: ActionLookup] = [:]
    var style: [String: ActionLookup] = [:]
    weak var delegate: (any LayerDelegate)?
    var isUserInteractionEnabled = true
}

/// The text a layer shows, as a UILabel would: drawn by the renderers with a TrueType
/// font found on the system (`FontLibrary`), or their built-in bitmap font when there is
/// none, centred vertically in the layer's bounds.
public struct LayerText: Hashable, Sendable {
    /// How the lines sit horizontally in the bounds (NSTextAlignment).
    public enum Alignment: String, Sendable {
        case left, center, right
    }

    /// The font's weight (UIFont.Weight's regular, semibold and bold).
    public enum Weight: String, Sendable, CaseIterable {
        case regular, semibold, bold
    }

    /// The text.
    public var string: String
    /// The text's color.
    public var color: RGBAColor
    /// The font's point size (UIFont.pointSize: the em, not the height of a capital).
    public var size: Double
    /// The font's weight.
    public var weight: Weight
    /// The horizontal alignment.
    public var alignment: Alignment
    /// UILabel's numberOfLines: 1 draws one line, cut with an ellipsis when it is too
    /// long; 0 wraps at spaces into as many lines as the bounds hold; n wraps into at most
    /// n lines, the last one cut with an ellipsis.
    public var lines: Int

    /// Creates a label's text.
    public init(_ string: String, color: RGBAColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1),
                size: Double = 17, weight: Weight = .regular, alignment: Alignment = .center, lines: Int = 1) {
        self.string = string
        self.color = color
        self.size = size
        self.weight = weight
        self.alignment = alignment
        self.lines = max(lines, 0)
    }
}

/// A layer's `contents`: a bitmap (CGImage) drawn in its bounds as `contentsGravity` says,
/// through `contentsRect`, with bilinear filtering.
public struct LayerContents: Equatable, Sendable {
    /// CALayerContentsGravity: where the image goes in the bounds.
    public enum Gravity: String, Sendable, CaseIterable {
        case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
        case resize, resizeAspect, resizeAspectFill
    }

    /// The picture, premultiplied.
    public var image: Image
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
        self.image = image
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.gravity = gravity
        self.rect = rect
        self.center = center
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
        let (x, u) = axis(destination.origin.x, destination.size.width, pixels: image.width, from: rect.origin.x,
                          size: rect.size.width, centerStart: center.origin.x, centerSize: center.size.width)
        let (y, v) = axis(destination.origin.y, destination.size.height, pixels: image.height, from: rect.origin.y,
                          size: rect.size.height, centerStart: center.origin.y, centerSize: center.size.height)
        return (x, u, y, v)
    }

    /// Where the image is drawn in bounds of `size` (layer coordinates, before the bounds'
    /// origin), as Core Animation places it for the gravity.
    public func destination(in size: Size) -> Rect {
        let imageWidth = Double(image.width) * rect.size.width / scale
        let imageHeight = Double(image.height) * rect.size.height / scale
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
