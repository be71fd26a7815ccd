import AnimatorABI
import AnimatorEngine

/// What a finger does at a point of the screen before a transition: a tap, a long press
/// or a swipe (`animator-host run --tap`, `--long-press`, `--swipe`), delivered to the
/// recognizers of the view under it.
public enum TouchGesture: Equatable, Sendable {
    /// One tap.
    case tap
    /// A press held this many seconds without moving.
    case longPress(seconds: Double)
    /// A quick stroke in a direction.
    case swipe(SwipeDirection)

    /// A swipe's direction (UISwipeGestureRecognizer.Direction).
    public enum SwipeDirection: String, CaseIterable, Sendable {
        case right, left, up, down

        /// UIKit's raw value (right 1, left 2, up 4, down 8), as the ABI carries it.
        public var rawMask: UInt32 {
            switch self {
            case .right: return UInt32(AH_SWIPE_RIGHT)
            case .left: return UInt32(AH_SWIPE_LEFT)
            case .up: return UInt32(AH_SWIPE_UP)
            case .down: return UInt32(AH_SWIPE_DOWN)
            }
        }
    }

    /// How long a press is held when nothing says (a second: past UIKit's default
    /// `minimumPressDuration` of 0.5 s).
    public static let standardPressSeconds = 1.0
    /// How long the host's swipe takes, and how far it goes: a flick of 100 points in
    /// 0.1 s (1,000 points a second), well within what UIKit recognizes as a swipe.
    public static let swipeSeconds = 0.1
    /// See `swipeSeconds`.
    public static let swipeDistance = 100.0

    /// The noun a message uses ("the long press at (10, 20)").
    public var noun: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "long press"
        case .swipe(let direction): return "swipe \(direction.rawValue)"
        }
    }

    /// The kind of recognizer that takes it ("tap", "long-press", "swipe"), as messages name it.
    public var recognizerName: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "long-press"
        case .swipe: return "swipe"
        }
    }

    /// The name in files and options: "tap", "long-press", "swipe-left"...
    public var name: String {
        switch self {
        case .tap: return "tap"
        case .longPress: return "long-press"
        case .swipe(let direction): return "swipe-\(direction.rawValue)"
        }
    }

    /// A long press's seconds, or nil.
    public var seconds: Double? {
        if case .longPress(let seconds) = self { return seconds }
        return nil
    }

    /// The gesture `name` names ("tap", "long-press", "swipe-left"...), a long press held
    /// `seconds` (the standard press when nil); nil for another name.
    public init?(name: String, seconds: Double? = nil) {
        switch name {
        case "tap": self = .tap
        case "long-press": self = .longPress(seconds: seconds ?? Self.standardPressSeconds)
        default:
            guard name.hasPrefix("swipe-"), let direction = SwipeDirection(rawValue: String(name.dropFirst(6))) else { return nil }
            self = .swipe(direction)
        }
    }

    /// The C value for `point` (window points).
    func cValue(at point: Point) -> ah_touch_gesture {
        var gesture = ah_touch_gesture()
        gesture.abi = ah_version(major: AH_ABI_MAJOR, minor: AH_ABI_MINOR)
        gesture.struct_size = UInt32(MemoryLayout<ah_touch_gesture>.size)
        gesture.x = point.x
        gesture.y = point.y
        switch self {
        case .tap:
            gesture.kind = UInt32(AH_TOUCH_TAP)
        case .longPress(let seconds):
            gesture.kind = UInt32(AH_TOUCH_LONG_PRESS)
            gesture.duration = seconds
        case .swipe(let direction):
            gesture.kind = UInt32(AH_TOUCH_SWIPE)
            gesture.direction = direction.rawMask
            gesture.duration = Self.swipeSeconds
            gesture.distance = Self.swipeDistance
        }
        return gesture
    }
}
