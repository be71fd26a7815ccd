import AnimatorABI

/// UIKit's UITransitionContextViewKey: which view of a transition (`.from`, `.to`).
public struct UITransitionContextViewKey: Hashable, Sendable, RawRepresentable {
    /// UIKit's string for the key.
    public let rawValue: String
    /// A key by its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The view of the view controller the transition leaves.
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    /// The view of the view controller the transition shows.
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")

    /// The host's side number (AH_CONTEXT_FROM 0, AH_CONTEXT_TO 1), nil for another key.
    var side: UInt32? { self == .from ? 0 : self == .to ? 1 : nil }
}

/// UIKit's UITransitionContextViewControllerKey: which view controller of a transition.
public struct UITransitionContextViewControllerKey: Hashable, Sendable, RawRepresentable {
    /// UIKit's string for the key.
    public let rawValue: String
    /// A key by its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The view controller the transition leaves.
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    /// The view controller the transition shows.
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")

    /// The matching view key.
    var viewKey: UITransitionContextViewKey { self == .from ? .from : .to }
}
