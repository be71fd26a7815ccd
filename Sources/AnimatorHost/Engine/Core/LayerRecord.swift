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

/// The delegate of a standalone layer (CALayerDelegate's actionForLayer:forKey:).
public protocol LayerDelegate: AnyObject {
    /// The action for a change of `key` on `layer`.
    func action(for layer: Layer, forKey key: String) -> ActionLookup
}

/// The engine's storage for one layer: a value in the engine's array, so that walking a
/// tree reads plain memory (no retain, no exclusivity check per field).
struct LayerRecord {
    var model = LayerProperties()
    var parent: Int?
    var children: [Int] = []
    var animations: [ActiveAnimation] = [] {
        didSet { animatesZPosition = animations.contains { $0.affects(.zPosition) } }
    }
    /// Whether an attached animation writes zPosition (kept with `animations`, so drawing
    /// order needs no per-frame scan).
    private(set) var animatesZPosition = false
    var timing = LayerTiming()
    var isView = false
    var name: String?
    /// A line of text drawn in the layer's bounds (a label; not animatable).
    var text: LayerText?
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
