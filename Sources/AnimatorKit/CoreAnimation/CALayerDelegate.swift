import AnimatorABI

/// CALayerDelegate: asked first for the action of every change of a standalone layer's
/// properties. Return an animation, `NSNull()` for none, or nil to let the layer go on
/// looking (its `actions`, then the implicit animation).
public protocol CALayerDelegate: AnyObject {
    /// action(for:forKey:): the action for a change of `event` on `layer`. As in Core
    /// Animation, `layer` still holds the old value while this is asked.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
    /// draw(_:in:): draws `layer`'s contents (asked by its default `draw(in:)`).
    func draw(_ layer: CALayer, in context: CGContext)
}

extension CALayerDelegate {
    /// Nil: the layer goes on looking.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
    /// Nothing drawn.
    public func draw(_ layer: CALayer, in context: CGContext) {}
}

/// The host's side of an action question: a C action delegate (action.h) answering with
/// a Swift lookup. One box per `CALayer.delegate` assignment (released by the host when it
/// is replaced) or per `UIView.withLayerActions` call (lent for the call).
final class ActionLookupBox {
    let host: UnsafePointer<ah_host>
    private weak var delegate: CALayerDelegate?
    private let lookup: ((CALayer, String) -> CAAction?)?

    init(host: UnsafePointer<ah_host>, delegate: CALayerDelegate) {
        self.host = host
        self.delegate = delegate
        lookup = nil
    }

    init(host: UnsafePointer<ah_host>, lookup: @escaping (CALayer, String) -> CAAction?) {
        self.host = host
        self.lookup = lookup
    }

    /// The C delegate: answers through the box in `user_data`.
    static let answer: ah_action_delegate = { pointer, request in
        guard let pointer, let request else { return ah_action_mode(AH_ACTION_DEFAULT) }
        let box = Unmanaged<ActionLookupBox>.fromOpaque(pointer).takeUnretainedValue()
        return CurrentHost.with(box.host) { box.answer(request) }
    }

    /// Releases a box the host held.
    static let release: @convention(c) (UnsafeMutableRawPointer?) -> Void = { pointer in
        guard let pointer else { return }
        Unmanaged<ActionLookupBox>.fromOpaque(pointer).release()
    }

    /// Gives the box to the host through `set` (a layer_set_delegate-like call taking the
    /// delegate, its user data and its release): retained until the host releases it, or
    /// released here when the host refuses (the refusal is logged as `what`).
    func give(_ link: HostLink, _ what: String,
              _ set: (ah_action_delegate, UnsafeMutableRawPointer, @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void)
                  -> ah_status) {
        let pointer = Unmanaged.passRetained(self).toOpaque()
        if !link.check(set(ActionLookupBox.answer, pointer, ActionLookupBox.release), what) {
            Unmanaged<ActionLookupBox>.fromOpaque(pointer).release()
        }
    }

    private func answer(_ request: UnsafePointer<ah_action_request>) -> ah_action_mode {
        let link = HostLink(host: host)
        guard let name = request.pointee.key else { return ah_action_mode(AH_ACTION_DEFAULT) }
        let key = String(cString: name)
        let layer = CALayer(link: link, handle: request.pointee.layer)
        if let old = CAValue(request.pointee.old_value, link: link, releasing: false) { layer.pendingChange = (key, old) }
        let action: CAAction?
        if let lookup {
            action = lookup(layer, key)
        } else {
            action = delegate?.action(for: layer, forKey: key)
        }
        layer.pendingChange = nil
        switch action {
        case nil:
            return ah_action_mode(AH_ACTION_DEFAULT)
        case is NSNull:
            return ah_action_mode(AH_ACTION_NONE)
        case let animation as CAAnimation where animation.isViewBlockAction:
            // UIKit's own answer (UIView's, inside a block): the host's usual action.
            return ah_action_mode(AH_ACTION_DEFAULT)
        case let animation as CAAnimation:
            let given = animation.withDescription(host: host) { description in
                link.check(link.table.action_request_set_animation(link.host, request, description), "action(for:forKey:)")
            }
            return ah_action_mode(given ? AH_ACTION_ANIMATION : AH_ACTION_NONE)
        case let custom?:
            // Core Animation runs an action once the layer holds the new value: it does now.
            custom.run(forKey: key, object: layer, arguments: nil)
            return ah_action_mode(AH_ACTION_NONE)
        }
    }
}

extension CALayer {
    /// CALayer.delegate (held weakly, as in Core Animation): asked first for the action of
    /// every change of this standalone layer's properties. A view's layer has its view as
    /// its delegate: setting it is refused (the host's log says so); use
    /// `UIView.withLayerActions` to change what views answer.
    public var delegate: CALayerDelegate? {
        get { delegateObject }
        set {
            delegateObject = newValue
            // A subclass's object is asked through its own action(forKey:), which asks the delegate.
            guard link.hasEngine, !isPluginSubclass else { return }
            guard let newValue else {
                link.check(link.table.layer_set_delegate(link.host, handle, nil, nil, nil), "CALayer.delegate")
                return
            }
            ActionLookupBox(host: link.host, delegate: newValue).give(link, "CALayer.delegate") { answer, box, release in
                link.table.layer_set_delegate(link.host, handle, answer, box, release)
            }
        }
    }
}

extension UIView {
    /// What a swizzled `actionForLayer:forKey:` in a UIView category does on iOS (the way to
    /// build your own block animation API): while `animations` runs, every change of a
    /// view's property asks `action` first, with the view's layer (still holding the old
    /// value, as on iOS) and the key. Return an animation, `NSNull()` for none, or nil to
    /// leave the answer to the view (the `UIView.animate` call around this one, or none).
    public static func withLayerActions(_ action: @escaping (CALayer, String) -> CAAction?, animations: () -> Void) {
        guard let link = HostLink.current, link.hasEngine else {
            animations()
            return
        }
        let lookup = ActionLookupBox(host: link.host, lookup: action)
        withoutActuallyEscaping(animations) { animations in
            let box = CallbackBox(host: link.host, block: animations)
            _ = withExtendedLifetime(lookup) {
                link.check(link.table.view_animate_with_actions(link.host, ActionLookupBox.answer,
                                                                Unmanaged.passUnretained(lookup).toOpaque(),
                                                                CallbackBox.runBlock, box.borrowed()),
                           "UIView.withLayerActions")
            }
        }
    }
}
