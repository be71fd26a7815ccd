/// The state of one CATransaction: its settings (nil means "as the enclosing one") and the
/// group its animations complete in.
final class TransactionState {
    var duration: Double?
    var timingFunction: TimingFunction?
    var disableActions: Bool?
    let completion = CompletionBox()
    let group: CompletionGroup

    init() {
        let box = completion
        group = CompletionGroup(armed: false) { _ in box.block?() }
    }
}

/// Holds a transaction's completion block so that its group need not reference the
/// transaction itself.
final class CompletionBox {
    var block: (() -> Void)?
}

/// CATransaction for one engine: begin and commit nest; settings apply to the innermost
/// open transaction and are inherited by nested ones. A change made with no explicit
/// transaction joins the implicit transaction of the current host step, committed when
/// the step ends (at the next `advance`).
public struct Transaction {
    /// The engine whose transactions these are.
    public let engine: AnimationEngine

    /// CATransaction.begin().
    public func begin() {
        engine.transactionStack.append(TransactionState())
    }

    /// CATransaction.commit().
    ///
    /// - Throws: `EngineError` when no explicit transaction is open.
    public func commit() throws(EngineError) {
        guard let state = engine.transactionStack.popLast() else {
            throw EngineError("CATransaction.commit() without a matching begin()")
        }
        engine.arm(state)
    }

    /// Commits the implicit transaction now (CATransaction.flush()).
    public func flush() {
        engine.commitImplicitTransaction()
    }

    /// The duration of animations this transaction creates (default 0.25 s).
    public var animationDuration: Double {
        get { engine.openTransactions.reversed().lazy.compactMap(\.duration).first ?? 0.25 }
        nonmutating set { engine.currentTransaction().duration = newValue }
    }

    /// The timing function of animations this transaction creates (default nil: Core
    /// Animation's default curve for implicit animations).
    public var animationTimingFunction: TimingFunction? {
        get { engine.openTransactions.reversed().lazy.compactMap(\.timingFunction).first }
        nonmutating set { engine.currentTransaction().timingFunction = newValue }
    }

    /// Whether property changes skip their implicit actions (default false).
    public var disableActions: Bool {
        get { engine.openTransactions.reversed().lazy.compactMap(\.disableActions).first ?? false }
        nonmutating set { engine.currentTransaction().disableActions = newValue }
    }

    /// Sets the block run once every animation added in this transaction has finished or
    /// been removed (or right after commit, if there are none).
    public func setCompletionBlock(_ block: (() -> Void)?) {
        engine.currentTransaction().completion.block = block
    }

    /// How many explicit transactions are open.
    public var depth: Int { engine.transactionStack.count }
}

extension AnimationEngine {
    /// CATransaction, for this engine.
    public var transaction: Transaction { Transaction(engine: self) }

    /// The implicit transaction (if any) then the explicit ones, outermost first.
    var openTransactions: [TransactionState] {
        (implicitTransaction.map { [$0] } ?? []) + transactionStack
    }

    /// The innermost open transaction, opening the implicit one if none is.
    func currentTransaction() -> TransactionState {
        if let innermost = transactionStack.last { return innermost }
        if let implicit = implicitTransaction { return implicit }
        let implicit = TransactionState()
        implicitTransaction = implicit
        return implicit
    }

    func commitImplicitTransaction() {
        guard let implicit = implicitTransaction else { return }
        implicitTransaction = nil
        arm(implicit)
    }

    func arm(_ state: TransactionState) {
        if state.group.arm() {
            let group = state.group
            enqueue { group.fire() }
        }
    }
}
