import AnimatorABI

/// CAKeyframeAnimation.
public final class CAKeyframeAnimation: CAPropertyAnimation {
    /// CAAnimationCalculationMode.
    public enum CalculationMode: UInt32, Sendable {
        case linear = 0, discrete = 1, paced = 2, cubic = 3, cubicPaced = 4
    }

    /// The keyframe values, given as UIKit code gives them (see `CAValue(any:)`).
    public var values: [Any] = []
    public var keyTimes: [Double]?
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode = CalculationMode.linear

    /// copy(): the same key path, keyframes and settings.
    public override func copy() -> Any {
        let copy = CAKeyframeAnimation(keyPath: keyPath)
        copyTiming(into: copy)
        (copy.values, copy.keyTimes, copy.timingFunctions, copy.calculationMode) = (values, keyTimes, timingFunctions, calculationMode)
        return copy
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        super.fill(&d, &storage)
        d.kind = ah_animation_kind(AH_ANIMATION_KEYFRAME)
        let converted = values.compactMap { CABasicAnimation.converted($0, "values") }
        var cValues: [ah_value] = []
        for value in converted { cValues.append(storage.cValue(value)) }
        d.values = storage.keep(cValues)
        d.value_count = UInt32(converted.count)
        d.key_times = keyTimes.flatMap { storage.keep($0) }
        d.timing_functions = timingFunctions.flatMap { storage.keep($0.map(\.c)) }
        d.calculation_mode = ah_calculation_mode(calculationMode.rawValue)
    }
}
