import AnimatorABI

/// One of the operations a transition performs.
public enum TransitionOperation: String, CaseIterable, Sendable, Comparable {
    case present, dismiss, push, pop, tab

    /// The AH_OP_* bit.
    public var bit: UInt32 {
        switch self {
        case .present: return UInt32(AH_OP_PRESENT)
        case .dismiss: return UInt32(AH_OP_DISMISS)
        case .push: return UInt32(AH_OP_PUSH)
        case .pop: return UInt32(AH_OP_POP)
        case .tab: return UInt32(AH_OP_TAB)
        }
    }

    /// The operation whose AH_OP_* bit is `bit`, or nil for anything else.
    public init?(bit: UInt32) {
        guard let found = TransitionOperation.allCases.first(where: { $0.bit == bit }) else { return nil }
        self = found
    }

    public static func < (lhs: TransitionOperation, rhs: TransitionOperation) -> Bool {
        lhs.bit < rhs.bit
    }
}
