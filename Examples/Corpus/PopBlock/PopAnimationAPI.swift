import AnimatorKit

// Seed 002's custom block animation API ("pop"), built the way the article builds it: while
// the block runs, every view property change asks for its action; the answer records the
// layer, the key path and the old value (the layer still holds it when asked) and returns
// NSNull, so nothing animates yet. After the block each recorded change becomes a keyframe
// animation that darts to the new value on an aggressive curve and drifts back slowly, and
// the old model value is set again, so model and presentation agree once the animation is
// removed. The article swizzles actionForLayer:forKey: in a UIView category; Linux has no
// Objective-C runtime, so UIView.withLayerActions is the hook. The article gives neither the
// key times nor the curves: ours are a third of the time out on easeOut, the rest back on
// easeInEaseOut.

final class SavedPopAnimationState {
    let layer: CALayer
    let keyPath: String
    let oldValue: CAValue?

    init(layer: CALayer, keyPath: String) {
        self.layer = layer
        self.keyPath = keyPath
        oldValue = layer.value(forKeyPath: keyPath)
    }
}

extension UIView {
    static func popAnimate(withDuration duration: TimeInterval, animations: () -> Void) {
        var savedPopAnimationStates: [SavedPopAnimationState] = []
        UIView.withLayerActions({ layer, event in
            savedPopAnimationStates.append(SavedPopAnimationState(layer: layer, keyPath: event))
            return NSNull()
        }, animations: animations)

        for savedState in savedPopAnimationStates {
            let layer = savedState.layer
            guard let oldValue = savedState.oldValue, let newValue = layer.value(forKeyPath: savedState.keyPath) else {
                continue
            }
            let animation = CAKeyframeAnimation(keyPath: savedState.keyPath)
            animation.duration = duration
            animation.keyTimes = [0, 0.35, 1]
            animation.values = [oldValue, newValue, oldValue]
            animation.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut)]
            layer.add(animation, forKey: savedState.keyPath)
            layer.setValue(oldValue, forKeyPath: savedState.keyPath)
        }
    }
}
