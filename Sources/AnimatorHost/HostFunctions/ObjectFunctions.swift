import AnimatorABI
import AnimatorEngine

// Implements host.h's batch 1.8: `layer_set_object`, `layer_object`.

/// An object a plugin gave the host to keep for a layer (its UIView object), released once
/// when the host lets go of it.
final class PluginObject {
    let object: UnsafeMutableRawPointer
    let release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    /// Where the release is said to run (kept: the session may be going away then).
    let marker: PluginCallMarker?

    init(object: UnsafeMutableRawPointer, release: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?,
         marker: PluginCallMarker?) {
        self.object = object
        self.release = release
        self.marker = marker
    }

    deinit {
        if let release { PluginCallMarker.calling(marker, .release, nil) { release(object) } }
    }
}

/// Where a plugin object is kept: its layer and the key it was kept under.
struct PluginObjectKey: Hashable {
    let layer: LayerID
    let key: UnsafeRawPointer
}

extension HostSession {
    /// The plugins' own objects for layers (what a UIView object is to its layer).
    static func installObjectFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_set_object = { host, layer, key, object, release in
            HostSession.call(host) { session throws(HostCallError) in
                let slot = PluginObjectKey(layer: try session.layer(layer).id, key: try required(key, "key"))
                guard let object else {
                    session.layerObjects[slot] = nil
                    return
                }
                // The object already kept: nothing to release, nothing to keep twice.
                if session.layerObjects[slot]?.object == object { return }
                session.layerObjects[slot] = PluginObject(object: object, release: release, marker: session.marker)
            }
        }
        table.pointee.layer_object = { host, layer, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let slot = PluginObjectKey(layer: try session.layer(layer).id, key: try required(key, "key"))
                let out = try required(out, "object")
                out.pointee = session.layerObjects[slot]?.object
            }
        }
    }
}
