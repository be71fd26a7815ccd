import AnimatorABI
import AnimatorEngine

/// A plugin's action delegate (action.h): the engine's layer delegate, or a custom view
/// animation API's provider, answering through a C function.
final class PluginActionDelegate: LayerDelegate {
    let function: ah_action_delegate
    let userData: UnsafeMutableRawPointer?
    weak var session: HostSession?
    /// Runs once when the host stops using `userData` (deinit).
    let release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    init(function: ah_action_delegate, userData: UnsafeMutableRawPointer?, session: HostSession,
         release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)? = nil) {
        self.function = function
        self.userData = userData
        self.session = session
        self.release = release
    }

    deinit {
        if let release { PluginCallMarker.calling(session?.marker, .actionDelegate, nil) { release(userData) } }
    }

    func action(for event: ActionEvent) -> ActionLookup {
        session?.ask(self, about: event) ?? .continueSearch
    }
}

extension HostSession {
    /// Asks a plugin's action delegate about a change: builds the request (paths as handles
    /// released after the call), calls the delegate, and turns its answer into a lookup.
    func ask(_ delegate: PluginActionDelegate, about change: ActionEvent) -> ActionLookup {
        let event = engine.propertyLevel(change)
        var issued: [ah_path] = []
        func value(_ v: AnimatableValue) -> ah_value {
            let c = cValue(v)
            if c.type == ah_value_type(AH_VALUE_PATH), c.path != AH_NULL_HANDLE { issued.append(c.path) }
            return c
        }
        var request = ah_action_request()
        request.abi = ABIVersion.host.cValue
        request.struct_size = UInt32(MemoryLayout<ah_action_request>.size)
        request.layer = handle(for: event.layer.id)
        request.old_value = value(event.oldValue)
        request.new_value = value(event.newValue)
        request.old_presentation_value = value(event.oldPresentationValue)
        defer { for path in issued { paths.remove(path) } }
        let key = event.keyPath.property.rawValue
        let (mode, animation) = key.withCString { name in
            request.key = name
            return withUnsafePointer(to: &request) { pointer in
                actionRequests.append((UnsafeRawPointer(pointer), nil))
                let mode = calling(.actionDelegate, nil) { delegate.function(delegate.userData, pointer) }
                return (mode, actionRequests.removeLast().animation)
            }
        }
        switch Int(mode) {
        case AH_ACTION_DEFAULT:
            return .continueSearch
        case AH_ACTION_NONE:
            return .noAction
        case AH_ACTION_ANIMATION:
            guard let animation else {
                append(UInt32(AH_LOG_WARNING), "an action delegate answered AH_ACTION_ANIMATION for \(key) without "
                       + "giving an animation (action_request_set_animation): no animation")
                return .noAction
            }
            return .action(.animation(animation))
        default:
            append(UInt32(AH_LOG_WARNING), "an action delegate answered an unknown mode \(mode) for \(key): "
                   + "taken as AH_ACTION_DEFAULT")
            return .continueSearch
        }
    }

    /// Sets (or, with a NULL function, removes) a plugin's action delegate on a layer; the
    /// session keeps it, as the engine holds delegates weakly.
    func setActionDelegate(_ function: ah_action_delegate?, _ userData: UnsafeMutableRawPointer?,
                           _ release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, on target: Layer) {
        let delegate = function.map { PluginActionDelegate(function: $0, userData: userData, session: self, release: release) }
        actionDelegates[target.id] = delegate
        target.delegate = delegate
    }
}
