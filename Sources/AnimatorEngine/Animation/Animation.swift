/// How keyframe values are spread over time (CAAnimationCalculationMode).
public enum CalculationMode: String, Sendable, CaseIterable {
    /// Straight lines between values at their key times.
    case linear
    /// Each value held until the next key time.
    case discrete
    /// Key times ignored: constant speed along the values.
    case paced
    /// A Catmull-Rom spline through the values at their key times.
    case cubic
    /// A Catmull-Rom spline at constant speed.
    case cubicPaced
}

/// CATransition's kinds, and the flip UIView.transition(with:) makes.
public enum TransitionType: String, Sendable, CaseIterable {
    case fade, push, moveIn, reveal
    /// UIView's transitionFlipFrom…: the old look turns away about the layer's vertical
    /// (from left, from right) or horizontal (from top, from bottom) middle line, in
    /// perspective, and the new look turns in behind it; the named edge comes toward the
    /// viewer. Halfway the layer is edge-on.
    case flip
}

/// CATransition's directions.
public enum TransitionSubtype: String, Sendable, CaseIterable {
    case fromRight, fromLeft, fromTop, fromBottom
}

/// An explicit animation: Core Animation's CABasicAnimation, CAKeyframeAnimation,
/// CASpringAnimation, CAAnimationGroup and CATransition, as one value type.
public struct Animation {
    /// What the animation does.
    public enum Kind {
        /// CABasicAnimation: any combination of from, to and by (see Core Animation's rules).
        case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CAKeyframeAnimation.
        case keyframes(values: [AnimatableValue], keyTimes: [Double]?, timingFunctions: [TimingFunction]?,
                       calculationMode: CalculationMode)
        /// CASpringAnimation: a basic animation moved by a spring (its timing function is ignored).
        case spring(Spring, from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
        /// CAAnimationGroup: children timed within the group.
        case group([Animation])
        /// CATransition: the layer's old look replaced by its new one.
        case transition(TransitionType, TransitionSubtype?)
    }

    /// What it does.
    public var kind: Kind
    /// The property it animates (nil for groups and transitions).
    public var keyPath: LayerKeyPath?
    /// Begin time, duration, speed, repeats, fill.
    public var timing: MediaTiming
    /// The pacing of the whole animation; nil is linear.
    public var timingFunction: TimingFunction?
    /// Added to the value beneath instead of replacing it.
    public var isAdditive = false
    /// Removed from the layer when it ends (and then fills nothing).
    public var isRemovedOnCompletion = true
    /// Called when it starts (animationDidStart).
    public var didStart: (() -> Void)?
    /// Called when it stops (animationDidStop(_:finished:)); false when removed early.
    public var didStop: ((Bool) -> Void)?

    /// Creates an animation.
    public init(_ kind: Kind, keyPath: LayerKeyPath?, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction? = nil) {
        self.kind = kind
        self.keyPath = keyPath
        self.timing = timing
        self.timingFunction = timingFunction
    }

    /// A CABasicAnimation.
    public static func basic(_ keyPath: LayerKeyPath, from: AnimatableValue? = nil, to: AnimatableValue? = nil,
                             by: AnimatableValue? = nil, duration: Double = 0,
                             timingFunction: TimingFunction? = nil) -> Animation {
        Animation(.basic(from: from, to: to, by: by), keyPath: keyPath, timing: MediaTiming(duration: duration),
                  timingFunction: timingFunction)
    }

    /// A CAKeyframeAnimation.
    public static func keyframes(_ keyPath: LayerKeyPath, values: [AnimatableValue], keyTimes: [Double]? = nil,
                                 timingFunctions: [TimingFunction]? = nil, calculationMode: CalculationMode = .linear,
                                 duration: Double = 0) -> Animation {
        Animation(.keyframes(values: values, keyTimes: keyTimes, timingFunctions: timingFunctions,
                             calculationMode: calculationMode),
                  keyPath: keyPath, timing: MediaTiming(duration: duration))
    }

    /// A CASpringAnimation; a duration of 0 lasts the spring's settling duration.
    public static func spring(_ keyPath: LayerKeyPath, _ spring: Spring = Spring(), from: AnimatableValue? = nil,
                              to: AnimatableValue? = nil, by: AnimatableValue? = nil, duration: Double = 0) -> Animation {
        Animation(.spring(spring, from: from, to: to, by: by), keyPath: keyPath,
                  timing: MediaTiming(duration: duration == 0 ? spring.settlingDuration() : duration))
    }

    /// A CAAnimationGroup.
    public static func group(_ animations: [Animation], duration: Double = 0) -> Animation {
        Animation(.group(animations), keyPath: nil, timing: MediaTiming(duration: duration))
    }

    /// A CATransition.
    public static func transition(_ type: TransitionType, _ subtype: TransitionSubtype? = nil,
                                  duration: Double = 0) -> Animation {
        Animation(.transition(type, subtype), keyPath: nil, timing: MediaTiming(duration: duration))
    }
}
