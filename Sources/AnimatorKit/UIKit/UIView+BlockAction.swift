import AnimatorABI

extension UIView {
    /// What a change of `layer`'s `key` made now is animated with by the innermost
    /// `UIView.animate` block (host batch 1.14): a CABasicAnimation on the block's curve,
    /// or a CASpringAnimation for a spring block, with the block's duration, delay
    /// (`beginTime`, filled backwards), repeat and autoreverse; nil outside a block (or in
    /// one that does not animate, such as `performWithoutAnimation`).
    static func blockAction(for layer: CALayer, forKey key: String) -> CAAnimation? {
        let link = layer.link
        let end = MemoryLayout<ah_host>.offset(of: \.view_current_animation)! + MemoryLayout<UnsafeRawPointer?>.size
        guard link.hasEngine, layer.handle != AH_NULL_HANDLE, link.table.abi.minor >= 14,
              Int(link.table.struct_size) >= end else { return nil }
        var d = ah_animation_desc()
        d.abi = ah_version(major: AH_ABI_MAJOR, minor: AH_ABI_MINOR)
        d.struct_size = UInt32(MemoryLayout<ah_animation_desc>.size)
        guard link.table.view_current_animation(link.host, layer.handle, &d) == ah_status(AH_OK),
              d.timing.duration > 0 else { return nil }
        let animation: CABasicAnimation
        if Int(d.kind) == AH_ANIMATION_SPRING {
            let spring = CASpringAnimation(keyPath: key)
            (spring.mass, spring.stiffness, spring.damping, spring.initialVelocity) = (d.mass, d.stiffness, d.damping,
                                                                                         d.initial_velocity)
            animation = spring
        } else {
            animation = CABasicAnimation(keyPath: key)
        }
        animation.timingFunction = CAMediaTimingFunction(c: d.timing_function)
        animation.beginTime = d.timing.begin_time
        animation.duration = d.timing.duration
        animation.speed = Float(d.timing.speed)
        animation.repeatCount = Float(d.timing.repeat_count)
        animation.autoreverses = d.timing.autoreverses
        animation.fillMode = CAMediaTimingFillMode(rawValue: d.timing.fill_mode) ?? .removed
        animation.isViewBlockAction = true
        return animation
    }
}

/// A view is its layer's delegate, as in UIKit: a layer of your class (`layerClass`) asks
/// it in `super.action(forKey:)`.
extension UIView: CALayerDelegate {}
