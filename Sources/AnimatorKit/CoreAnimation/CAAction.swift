import AnimatorABI

/// Core Animation's CAAction: what a layer runs when a property changes. An animation
/// (run for the change, its missing from and to values taken from the old and new ones),
/// `NSNull()` (no animation, and the search stops), or an object of your own whose
/// `run(forKey:object:arguments:)` is called once the layer holds the new value.
public protocol CAAction {
    /// Runs the action for a change of `event` on `anObject` (a CALayer).
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension CAAction {
    /// Does nothing (animations and NSNull are handled by the host).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAnimation: CAAction {}

/// Foundation's NSNull, as an action meaning "no animation".
public final class NSNull: CAAction {
    public init() {}
}

extension CALayer {
    /// CALayer.actions: by property key ("position", "opacity", ...), the action a change of
    /// a standalone layer runs instead of the implicit animation. A view's layer asks its
    /// view, as in UIKit, and never gets here.
    public var actions: [String: any CAAction]? {
        get { actionTable }
        set {
            let old = actionTable ?? [:]
            actionTable = newValue
            guard link.hasEngine else { return }
            for key in old.keys where newValue?[key] == nil {
                link.check(link.table.layer_set_action(link.host, handle, key, ah_action_mode(AH_ACTION_DEFAULT), nil),
                           "actions[\(key)]")
            }
            for (key, action) in newValue ?? [:] {
                if let animation = action as? CAAnimation {
                    animation.withDescription(host: link.host) { description in
                        _ = link.check(link.table.layer_set_action(link.host, handle, key, ah_action_mode(AH_ACTION_ANIMATION),
                                                                   description), "actions[\(key)]")
                    }
                } else {
                    link.check(link.table.layer_set_action(link.host, handle, key, ah_action_mode(AH_ACTION_NONE), nil),
                               "actions[\(key)]")
                }
            }
        }
    }
}
