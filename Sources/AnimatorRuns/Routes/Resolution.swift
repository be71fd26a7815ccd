import AnimatorHost

/// What the resolver chose for a transition, and why.
public struct Resolution: Equatable, Sendable {
    /// The animator (or system transition, or none).
    public var target: RouteTarget
    /// The winning rule's JSON path, or nil when the default applied.
    public var rule: String?
    /// The presentation controller the winning rule asks for, if any.
    public var presentation: PresentationSpec?
    /// The interaction controller the winning rule asks for, if any.
    public var interaction: InteractionScript? = nil
    /// The modal presentation style the winning rule asks for, if any (nil: full screen).
    public var style: ModalPresentationStyle? = nil
    /// Whether the winning rule asks for one instance shared by the transitions it picks.
    public var sharedInstance = false
}
