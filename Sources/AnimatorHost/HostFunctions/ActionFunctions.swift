import AnimatorABI
import Glibc

// Implements animator_host/action.h: `layer_set_delegate`, `view_set_action_delegate`,
// `view_animate_with_actions`, `action_request_set_animation`.
// Table batches 1.6.

extension HostSession {
    /// Action delegates: CALayerDelegate's action(for:forKey:) on layers and views, and answers with an animation.
    static func installActionFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_set_delegate = { host, layer, function, userData, release in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard !session.engine.record(target.id).isView else {
                    throw .invalidArgument("layer handle \(layer) is a view: a view is its layer's delegate "
                                           + "(use view_animate_with_actions)")
                }
                session.setActionDelegate(function, userData, release, on: target)
            }
        }
        table.pointee.view_set_action_delegate = { host, view, function, userData, release in
            HostSession.call(host) { session throws(HostCallError) in
                session.setActionDelegate(function, userData, release, on: try session.view(view).layer)
            }
        }
        table.pointee.view_animate_with_actions = { host, function, delegateData, animations, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let delegate = PluginActionDelegate(function: try required(function, "delegate"),
                                                    userData: delegateData, session: session)
                let body = try required(animations, "animations")
                session.engine.withViewActions({ event in delegate.action(for: event) }, animations: {
                    session.calling(.block, nil) { body(userData) }
                })
            }
        }
        table.pointee.action_request_set_animation = { host, request, description in
            HostSession.call(host) { session throws(HostCallError) in
                let request = try required(request, "request")
                guard let index = session.actionRequests.lastIndex(where: { $0.request == UnsafeRawPointer(request) }) else {
                    throw .invalidState("no action delegate is being asked about this request (it is valid only "
                                        + "during the delegate's call)")
                }
                session.actionRequests[index].animation = try CConversions.animation(description, paths: session.paths,
                                                                                     forAction: true)
            }
        }
    }
}
