import AnimatorABI

/// CATransition.
public final class CATransition: CAAnimation {
    /// CATransitionType.
    public enum TransitionType: UInt32, Sendable {
        case fade = 0, push = 1, moveIn = 2, reveal = 3
    }

    /// CATransitionSubtype.
    public enum Subtype: UInt32, Sendable {
        case fromRight = 1, fromLeft = 2, fromTop = 3, fromBottom = 4
    }

    public var type = TransitionType.fade
    public var subtype: Subtype?
    /// UIView's flip (no public CATransitionType names it): set by `UIView.transition`.
    var flips = false

    /// copy(): the same type, subtype and settings.
    public override func copy() -> Any {
        let copy = CATransition()
        copyTiming(into: copy)
        (copy.type, copy.subtype, copy.flips) = (type, subtype, flips)
        return copy
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.kind = ah_animation_kind(AH_ANIMATION_TRANSITION)
        d.transition_type = flips ? ah_transition_type(AH_TRANSITION_FLIP) : ah_transition_type(type.rawValue)
        d.transition_subtype = ah_transition_subtype(subtype?.rawValue ?? 0)
    }
}

/// UIKit's CATransitionType (`.fade`, `.push`, `.moveIn`, `.reveal`).
public typealias CATransitionType = CATransition.TransitionType

/// UIKit's CATransitionSubtype (`.fromRight`, `.fromLeft`, `.fromTop`, `.fromBottom`).
public typealias CATransitionSubtype = CATransition.Subtype

/// The key UIKit code adds a CATransition under.
public let kCATransition = "transition"
