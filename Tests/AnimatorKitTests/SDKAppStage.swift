import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
@testable import AnimatorRuns

/// A run's stage (unlike `SDKStage`, the stage of `animator-host run`, with the library's
/// own screens) whose animator is a library exporting `delegate` (its screens, its
/// transitioning, navigation and tab bar delegates) with UIKit's own transitions where
/// the delegate gives no animator: how the SDK tests of an app's own code start runs.
struct SDKAppStage {
    let session = HostSession()
    let runtime: TransitionRuntime
    let stage: TransitionStage
    let instance: AnimatorInstance
    /// The host table plugin code runs against (`CurrentHost.with(host)`).
    var host: UnsafePointer<ah_host> { UnsafePointer(session.table) }

    /// A stage for `operations` whose library exports `delegate`.
    init(_ delegate: AnyObject, operations: OperationSet) {
        runtime = TransitionRuntime(engine: session.engine)
        instance = SDKStage.delegateInstance(delegate, session: session, operations: operations.operations, id: "test.app",
                                             interactive: false)
        stage = TransitionStage(runtime: runtime)
    }
}
