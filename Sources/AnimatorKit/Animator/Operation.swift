import AnimatorABI

/// The operations an animator supports (a set) or a transition performs (one member).
public struct Operations: OptionSet, Hashable, Sendable {
    /// The AH_OP_* bits.
    public let rawValue: UInt32

    /// Creates a set from AH_OP_* bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A modal presentation.
    public static let present = Operations(rawValue: UInt32(AH_OP_PRESENT))
    /// A modal dismissal.
    public static let dismiss = Operations(rawValue: UInt32(AH_OP_DISMISS))
    /// A navigation push.
    public static let push = Operations(rawValue: UInt32(AH_OP_PUSH))
    /// A navigation pop.
    public static let pop = Operations(rawValue: UInt32(AH_OP_POP))
    /// A tab selection.
    public static let tab = Operations(rawValue: UInt32(AH_OP_TAB))
    /// Every operation.
    public static let all: Operations = [.present, .dismiss, .push, .pop, .tab]
}
