/// An animation still running in the engine, as `AnimationEngine.runningAnimations(under:)`
/// reports it.
public struct RunningAnimation: Equatable, Sendable {
    /// The layer it is attached to.
    public var layer: LayerID
    /// The key it was added under, if any.
    public var key: String?
    /// The property it animates ("opacity", "position"), nil for a group or a transition.
    public var keyPath: String?
    /// The engine time it ends; infinity when it never does (repeating forever, a paused
    /// layer, driven by a property animator).
    public var end: Double

    /// Creates a description of a running animation.
    public init(layer: LayerID, key: String?, keyPath: String?, end: Double) {
        self.layer = layer
        self.key = key
        self.keyPath = keyPath
        self.end = end
    }
}
