import AnimatorABI

/// A set of operations, as a descriptor declares them.
public struct OperationSet: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The AH_OP_* bits.
    public let rawValue: UInt32

    /// Creates a set from AH_OP_* bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The set holding exactly `operations`.
    public init(_ operations: [TransitionOperation]) {
        self.init(rawValue: operations.reduce(0) { $0 | $1.bit })
    }

    /// Every operation this host knows.
    public static let known = OperationSet(rawValue: UInt32(AH_OP_ALL))

    /// The members, in ABI bit order.
    public var operations: [TransitionOperation] {
        TransitionOperation.allCases.filter { rawValue & $0.bit != 0 }
    }

    /// Whether `operation` is a member.
    public func supports(_ operation: TransitionOperation) -> Bool {
        rawValue & operation.bit != 0
    }

    /// "present,dismiss,push".
    public var description: String {
        operations.map(\.rawValue).joined(separator: ",")
    }
}
