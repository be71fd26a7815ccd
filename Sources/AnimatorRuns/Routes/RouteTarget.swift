import AnimatorHost

/// What a route (or the default) picks for a transition.
public enum RouteTarget: Equatable, Sendable {
    /// An animator plugin, with one value per parameter (defaults filled in).
    case animator(AnimatorInfo, parameters: [ParameterValue])
    /// One of the host's system transitions.
    case system(SystemAnimator.Kind)
    /// No animation.
    case none

    /// How reports name it: the animator's id, "system.slide", or "none".
    public var name: String {
        switch self {
        case .animator(let info, _): return info.id
        case .system(let kind): return "system." + kind.rawValue
        case .none: return "none"
        }
    }
}
