/// UIView.AnimationOptions and UIView.KeyframeAnimationOptions, with UIKit's raw values.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    /// Creates options from UIKit's raw value.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    /// Start from the presentation value rather than the model value.
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeat forever.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Run forward then backward.
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    /// Use this block's duration even inside another block.
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    /// Use this block's curve even inside another block.
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

    // Keyframe calculation modes (UIView.KeyframeAnimationOptions), bits 10...12.
    public static let calculationModeLinear = AnimationOptions(rawValue: 0 << 10)
    public static let calculationModeDiscrete = AnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = AnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = AnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = AnimationOptions(rawValue: 4 << 10)

    // Curves, bits 16...19.
    public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve these options name (easeInOut when none is named).
    public var curve: AnimationCurve {
        AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
    }

    /// The keyframe calculation mode these options name (linear when none is named).
    public var calculationMode: CalculationMode {
        switch (rawValue >> 10) & 0x7 {
        case 1: return .discrete
        case 2: return .paced
        case 3: return .cubic
        case 4: return .cubicPaced
        default: return .linear
        }
    }
}
