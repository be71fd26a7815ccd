import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h (with operation.h and controller.h): `context_operation`,
// `context_is_animated`, `context_is_interactive`, `context_container_view`, `context_view`,
// `context_initial_frame`, `context_final_frame`, `context_complete_transition`, `context_was_cancelled`,
// `context_presentation_style`, `context_view_controller_name`, `context_related_view_controller`,
// `context_related_child`.
// Table batches 1.0, 1.2, 1.3, 1.6, 1.11.

extension HostSession {
    /// UIViewControllerContextTransitioning: what the transition context answers, and completeTransition.
    static func installContextFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.context_operation = { host, handle, out in
            HostSession.answer(host, handle, out) { $0.operation.bit }
        }
        table.pointee.context_is_animated = { host, handle, out in
            HostSession.answer(host, handle, out) { $0.isAnimated }
        }
        table.pointee.context_is_interactive = { host, handle, out in
            HostSession.answer(host, handle, out) { $0.isInteractive }
        }
        table.pointee.context_container_view = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                try required(out, "out").pointee = session.handle(for: state.container.layer.id)
            }
        }
        table.pointee.context_view = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let view = try HostSession.side(key) ? state.fromView : state.toView
                try required(out, "out").pointee = view.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
            }
        }
        table.pointee.context_initial_frame = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let frame = try HostSession.side(key) ? state.initialFrames.from : state.initialFrames.to
                try required(out, "out").pointee = HostSession.cRect(frame)
            }
        }
        table.pointee.context_final_frame = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let frame = try HostSession.side(key) ? state.finalFrames.from : state.finalFrames.to
                try required(out, "out").pointee = HostSession.cRect(frame)
            }
        }
        table.pointee.context_complete_transition = { host, ctx, didComplete in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                do throws(TransitionState.Misuse) {
                    try state.complete(didComplete)
                } catch {
                    throw .invalidState(error.message)
                }
            }
        }
        table.pointee.context_was_cancelled = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.transition(ctx).wasCancelled
            }
        }
        table.pointee.context_presentation_style = { host, ctx, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.transition(ctx).presentationStyle.rawValue
            }
        }
        table.pointee.context_view_controller_name = { host, ctx, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let screen = try HostSession.side(key) ? state.from : state.to
                try required(out, "out").pointee = session.cName(screen.name)
            }
        }
        table.pointee.context_related_child = { host, ctx, key, relation, index, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let screen = try HostSession.side(key) ? state.from : state.to
                let out = try required(out, "out")
                let children: [ViewController]
                switch Int(relation) {
                case AH_RELATION_NAVIGATION_CONTROLLER:
                    guard let navigation = screen.navigationController else {
                        throw .invalidArgument("the view controller is in no navigation controller")
                    }
                    children = navigation.visibleStack
                case AH_RELATION_TAB_BAR_CONTROLLER:
                    guard let tabs = screen.tabBarController else {
                        throw .invalidArgument("the view controller is in no tab bar controller")
                    }
                    children = tabs.viewControllers
                default:
                    throw .invalidArgument("relation \(relation) holds no view controllers (navigation or tab bar controller)")
                }
                guard Int(index) < children.count else {
                    throw .invalidArgument("child \(index) of \(children.count)")
                }
                out.pointee = session.handle(for: children[Int(index)].view.layer.id)
            }
        }
        table.pointee.context_related_view_controller = { host, ctx, key, relation, out in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                let isFrom = try HostSession.side(key)
                let out = try required(out, "out")
                let size = Int(out.pointee.struct_size)
                guard size >= MemoryLayout<ah_related_view_controller>.offset(of: \.exists)! + 1 else {
                    throw .invalidArgument("out->struct_size \(size) is too small: set it to sizeof(ah_related_view_controller)")
                }
                let screen = isFrom ? state.from : state.to
                var answer = ah_related_view_controller()
                answer.abi = ABIVersion.host.cValue
                answer.struct_size = UInt32(min(size, MemoryLayout<ah_related_view_controller>.size))
                func fill(view: View, bar: View?, children: Int, selected: Int = 0) {
                    answer.exists = true
                    answer.view = session.handle(for: view.layer.id)
                    answer.bar = bar.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
                    answer.bar_hidden = bar?.isHidden ?? false
                    answer.child_count = UInt32(children)
                    answer.selected_index = UInt32(selected)
                }
                switch Int(relation) {
                case AH_RELATION_NAVIGATION_CONTROLLER:
                    if let navigation = screen.navigationController {
                        fill(view: navigation.controller.view, bar: navigation.navigationBar,
                             children: navigation.visibleStack.count)
                    }
                case AH_RELATION_TAB_BAR_CONTROLLER:
                    if let tabs = screen.tabBarController {
                        fill(view: tabs.controller.view, bar: tabs.tabBar, children: tabs.viewControllers.count,
                             selected: tabs.selectedIndex)
                    }
                case AH_RELATION_PRESENTING, AH_RELATION_PRESENTED:
                    // UIKit links the two when the presentation starts and unlinks them
                    // when the dismissal ends: during either, they are each other's.
                    let presenting = relation == AH_RELATION_PRESENTING
                    let other: ViewController?
                    switch state.operation {
                    case .present where presenting != isFrom, .dismiss where presenting == isFrom:
                        other = isFrom ? state.to : state.from
                    default:
                        other = presenting ? screen.presentingViewController : screen.presentedViewController
                    }
                    if let other { fill(view: other.view, bar: nil, children: 0) }
                default:
                    throw .invalidArgument("unknown relation \(relation)")
                }
                // Write only what the caller's struct holds.
                let count = Int(answer.struct_size)
                withUnsafeBytes(of: &answer) { bytes in
                    UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: count)
                }
            }
        }
    }
}


extension HostSession {
    /// The screen names handed to plugins, kept as C strings for the life of the session.
    func cName(_ name: String) -> UnsafePointer<CChar> {
        if let existing = screenNames[name] { return existing }
        let copy = UnsafePointer(strdup(name)!)
        screenNames[name] = copy
        return copy
    }

    /// The transition behind `ctx`, which must be driven by the animator's own interaction.
    func ownInteraction(_ ctx: ah_context) throws(HostCallError) -> TransitionState {
        let state = try transition(ctx)
        guard state.drivenByAnimator else {
            throw .invalidState("the animator is not this transition's interaction controller (no start_interactive call)")
        }
        guard state.completion == nil else { throw .invalidState("the transition has completed") }
        return state
    }

    /// The live transition behind a context handle.
    func transition(_ ctx: ah_context) throws(HostCallError) -> TransitionState {
        switch contexts.lookup(ctx) {
        case .success(let state):
            guard let transition = state.transition else {
                throw .invalidState("this context only answers durations: no transition is running")
            }
            return transition
        case .failure(.staleHandle): throw .staleHandle("context handle \(ctx) is stale (its transition has ended)")
        case .failure: throw .invalidHandle("\(ctx) is not a context handle of this host")
        }
    }

    /// true for the from side, false for the to side.
    static func side(_ key: ah_context_key) throws(HostCallError) -> Bool {
        switch Int(key) {
        case AH_CONTEXT_FROM: return true
        case AH_CONTEXT_TO: return false
        default: throw .invalidArgument("unknown context key \(key)")
        }
    }

    static func cRect(_ rect: Rect) -> ah_rect {
        ah_rect(origin: ah_point(x: rect.origin.x, y: rect.origin.y), size: ah_size(width: rect.size.width, height: rect.size.height))
    }

    static func swiftRect(_ rect: ah_rect) -> Rect {
        Rect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
    }
}
