import AnimatorABI
import Glibc

/// A layer the host already has, offered to the next object of one class that is made:
/// how `presentation()` and a view's `layerClass` make an object of your CALayer subclass
/// on it. Only AnimatorKit makes these (see `CALayer.init(sharing:)`).
public final class CALayerSharing {
    let link: HostLink
    let handle: ah_layer
    /// The model layer a presentation copy is made of (what `init(layer:)` is given); nil
    /// for a view's layer.
    let model: CALayer?
    /// Whether the object made reads presentation values.
    var isPresentation: Bool { model != nil }
    /// The class whose next object takes the layer.
    private var taker: ObjectIdentifier?

    init(link: HostLink, handle: ah_layer, model: CALayer?) {
        self.link = link
        self.handle = handle
        self.model = model
    }

    /// The key of the offer pending on this thread (a retained CALayerSharing).
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Offers the layer to the next object of `type` made on this thread (the objects a
    /// subclass's property initializers make first are of other classes).
    func offer(to type: CALayer.Type) {
        taker = ObjectIdentifier(type)
        if let previous = pthread_getspecific(Self.key) { Unmanaged<CALayerSharing>.fromOpaque(previous).release() }
        pthread_setspecific(Self.key, Unmanaged.passRetained(self).toOpaque())
    }

    /// The offer for an object of `type` being made, taken (nil when none is pending for it).
    static func take(for type: CALayer.Type) -> CALayerSharing? {
        guard let pending = pthread_getspecific(key) else { return nil }
        let sharing = Unmanaged<CALayerSharing>.fromOpaque(pending).takeUnretainedValue()
        guard sharing.taker == ObjectIdentifier(type) else { return nil }
        pthread_setspecific(key, nil)
        return Unmanaged<CALayerSharing>.fromOpaque(pending).takeRetainedValue()
    }
}
