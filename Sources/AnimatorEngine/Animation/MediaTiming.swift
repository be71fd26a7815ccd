/// What an animation shows outside its active time (CAMediaTimingFillMode).
public enum FillMode: String, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// CAMediaTiming: where an animation sits in its layer's time and how it repeats.
public struct MediaTiming: Equatable, Sendable {
    /// When it starts, in the layer's time; 0 means "when added".
    public var beginTime = 0.0
    /// One iteration's length in seconds; 0 means the current transaction's duration
    /// (0.25 s unless set).
    public var duration = 0.0
    /// Its rate relative to the layer.
    public var speed = 1.0
    /// Added to its local time (skips ahead).
    public var timeOffset = 0.0
    /// Iterations; 0 means one. `.infinity` repeats forever.
    public var repeatCount = 0.0
    /// Total active time, if set (> 0), instead of `repeatCount`.
    public var repeatDuration = 0.0
    /// Play each iteration forward then backward.
    public var autoreverses = false
    /// What shows before the start and after the end.
    public var fillMode = FillMode.removed

    /// Creates timing.
    public init(beginTime: Double = 0, duration: Double = 0, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// One period: the duration, twice when autoreversing.
    var period: Double { autoreverses ? 2 * duration : duration }

    /// The active duration, in the animation's local time.
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        return (repeatCount == 0 ? 1 : repeatCount) * period
    }

    /// When the animation starts, in its parent's timeline (infinity at speed 0).
    var startTime: Double {
        guard speed != 0 else { return .infinity }
        return beginTime - timeOffset / speed
    }

    /// When the animation ends, in its parent's timeline (infinity if never).
    var endTime: Double {
        guard speed != 0 else { return .infinity }
        let active = activeDuration
        guard active.isFinite else { return .infinity }
        return beginTime + (active - timeOffset) / speed
    }

    /// The local time for a time in the parent's (layer's) timeline.
    @inline(__always)
    func localTime(_ parentTime: Double) -> Double {
        (parentTime - beginTime) * speed + timeOffset
    }

    /// The iteration fraction in [0, 1] at a parent time, or nil when the animation shows
    /// nothing then (outside its active time and not filling that side).
    @inline(__always)
    func fraction(atParentTime parentTime: Double, removedOnCompletion: Bool) -> Double? {
        let t = localTime(parentTime)
        guard duration > 0 else {
            // A zero-length animation is at its end once begun.
            if t < 0 { return fillMode.fillsBackwards ? 0 : nil }
            return (fillMode.fillsForwards && !removedOnCompletion) ? (autoreverses ? 0 : 1) : nil
        }
        if t < 0 {
            return fillMode.fillsBackwards ? 0 : nil
        }
        let active = activeDuration
        if t >= active {
            guard fillMode.fillsForwards, !removedOnCompletion, active.isFinite else { return nil }
            return iterationFraction(active, atEnd: true)
        }
        return iterationFraction(t, atEnd: false)
    }

    /// The fraction within the current iteration at local time t.
    @inline(__always)
    private func iterationFraction(_ t: Double, atEnd: Bool) -> Double {
        // One forward iteration (the common case) needs no remainder.
        if !autoreverses && t <= duration { return t / duration }
        let period = self.period
        var local = t.truncatingRemainder(dividingBy: period)
        if atEnd && local == 0 && t > 0 { local = period }
        if autoreverses && local > duration { return (period - local) / duration }
        return local / duration
    }
}
