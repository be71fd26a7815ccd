import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
@testable import AnimatorEngine

/// A host session and a transition runtime whose root is a list, with a detail page to
/// present over it: where the SDK's tests run a Swift animator, through its exported C
/// instance, as the host runs a plugin's.
struct SDKStage {
    let session = HostSession()
    let runtime: TransitionRuntime
    let list: ViewController
    let detail: ViewController

    init() throws {
        runtime = TransitionRuntime(engine: session.engine)
        let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
        list = ViewController(name: "list", engine: session.engine, frame: bounds)
        detail = ViewController(name: "detail", engine: session.engine, frame: bounds)
        try runtime.setRoot(list)
    }

    /// Wraps a Swift animator's exported C instance for the runtime (present and dismiss).
    func instance(_ animator: any AnimatedTransitioning, id: String) -> AnimatorInstance {
        let info = AnimatorInfo(id: id, name: id, displayName: id, version: "1", summary: nil, author: nil, url: nil,
                                operations: OperationSet([.present, .dismiss]), isInteractive: false, parameters: [],
                                abi: ABIVersion.host, path: "(in process)", index: 0)
        return AnimatorInstance(inProcess: makeCAnimator(animator, host: UnsafePointer(session.table)), info: info,
                                session: session)
    }

    /// Wraps a delegate export's exported C instance (a delegate object that the host asks
    /// what UIKit asks it) in `session`.
    static func delegateInstance(_ delegate: AnyObject, session: HostSession, operations: [TransitionOperation],
                                 id: String = "test.delegate", interactive: Bool = true) -> AnimatorInstance {
        let info = AnimatorInfo(id: id, name: id, displayName: id, version: "1", summary: nil, author: nil, url: nil,
                                operations: OperationSet(operations), isInteractive: interactive, parameters: [],
                                abi: ABIVersion.host, path: "(in process)", index: 0)
        return AnimatorInstance(inProcess: makeCAnimator(DeclinedAnimator(), choice: DelegateChoice(delegate: delegate),
                                                         host: UnsafePointer(session.table)),
                                info: info, session: session)
    }
}
