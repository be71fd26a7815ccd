import AnimatorABI

/// CACurrentMediaTime(): the host's clock, in seconds (the engine's time, which the host
/// steps; never the wall clock).
public func CACurrentMediaTime() -> CFTimeInterval {
    guard let link = HostLink.current, link.hasEngine else { return 0 }
    var now = 0.0
    _ = link.table.current_time(link.host, &now)
    return now
}

/// Core Foundation's time interval.
public typealias CFTimeInterval = Double

extension CALayer {
    /// The layer's own timing (CAMediaTiming): `speed` 0 freezes the layer and its
    /// sublayers at `timeOffset`; `beginTime` shifts its clock. Pausing a layer as iOS code
    /// does works as written:
    ///
    ///     let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
    ///     layer.speed = 0
    ///     layer.timeOffset = paused
    public var speed: Float {
        get { Float(timing.speed) }
        set { timing.speed = Double(newValue); sendTiming("speed") }
    }

    /// See `speed`.
    public var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { timing.timeOffset = newValue; sendTiming("timeOffset") }
    }

    /// See `speed`.
    public var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { timing.beginTime = newValue; sendTiming("beginTime") }
    }

    /// convertTime(_:from:) from the host's clock (`nil`) to this layer's own time, by its
    /// own timing as set through this object (the superlayers' timing is not followed:
    /// pause and resume the layer you time); from another layer, the time as given.
    public func convertTime(_ time: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        guard layer == nil else { return time }
        return (time - timing.beginTime) * timing.speed + timing.timeOffset
    }

    private func sendTiming(_ what: String) {
        guard link.hasEngine else { return }
        link.check(link.table.layer_set_timing(link.host, handle, timing.beginTime, timing.speed, timing.timeOffset),
                   "CALayer.\(what)")
    }
}

extension UIView {
    /// hitTest(_:with:): the deepest visible, interactive view under `point` (in this view's
    /// coordinates) as it is on screen now (presentation values, as UIKit hit-tests while
    /// things move), or nil. `event` is ignored.
    public func hitTest(_ point: CGPoint, with event: Any?) -> UIView? {
        guard link.hasEngine else { return nil }
        var found: ah_layer = 0
        guard link.check(link.table.view_hit_test(link.host, layer.handle, ah_point(x: point.x, y: point.y), &found), "hitTest"),
              found != AH_NULL_HANDLE else { return nil }
        return found == layer.handle ? self : UIView.wrapping(found, host: link.host)
    }
}
