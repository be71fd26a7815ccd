import Foundation

/// UIKit's UIMotionEffect: a change of a view's properties with the device's tilt. The
/// host's device lies still: effects are kept and stay at rest (no offset).
open class UIMotionEffect: NSObject {
    public override init() { super.init() }
}

/// UIInterpolatingMotionEffect: a key path moved between two values with the tilt.
open class UIInterpolatingMotionEffect: UIMotionEffect {
    /// UIInterpolatingMotionEffect.EffectType.
    public enum EffectType: Int, Sendable { case tiltAlongHorizontalAxis, tiltAlongVerticalAxis }

    /// The key path it moves.
    public let keyPath: String
    /// The axis.
    public let type: EffectType
    /// The values at full tilt (kept).
    open var minimumRelativeValue: Any?
    open var maximumRelativeValue: Any?

    /// An effect on `keyPath` along `type`.
    public init(keyPath: String, type: EffectType) {
        self.keyPath = keyPath
        self.type = type
        super.init()
    }
}

/// UIMotionEffectGroup.
open class UIMotionEffectGroup: UIMotionEffect {
    /// Its effects.
    open var motionEffects: [UIMotionEffect]?
}

extension UIView {
    /// The motion effects added (kept; the host's device does not tilt).
    public var motionEffects: [UIMotionEffect] {
        get { storedMotionEffects }
        set { storedMotionEffects = newValue }
    }

    /// addMotionEffect(_:).
    public func addMotionEffect(_ effect: UIMotionEffect) { storedMotionEffects.append(effect) }

    /// removeMotionEffect(_:).
    public func removeMotionEffect(_ effect: UIMotionEffect) { storedMotionEffects.removeAll { $0 === effect } }
}
