import AnimatorABI

/// CAMediaTimingFillMode.
public enum CAMediaTimingFillMode: UInt32, Sendable {
    case removed = 0, forwards = 1, backwards = 2, both = 3
}

/// CAAnimation: timing, pacing and delegate closures shared by every animation kind.
public class CAAnimation {
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CFTimeInterval = 0
    public var autoreverses = false
    public var fillMode = CAMediaTimingFillMode.removed
    public var timingFunction: CAMediaTimingFunction?
    public var isRemovedOnCompletion = true
    public var isAdditive = false
    /// animationDidStart.
    public var didStart: (() -> Void)?
    /// animationDidStop(_:finished:).
    public var didStop: ((Bool) -> Void)?
    /// CAAnimation's delegate, told when the animation starts and stops. As in Core
    /// Animation, the animation keeps its delegate alive.
    public var delegate: CAAnimationDelegate?
    /// Whether this is the animation a UIView block gives a view's change (what UIView's
    /// `action(for:forKey:)` answered): given back to the host as "UIKit's usual action".
    var isViewBlockAction = false

    /// Creates an animation.
    public init() {}

    /// copy() (NSCopying): a new animation with the same settings and delegate. A layer
    /// keeps a copy of what `add(_:forKey:)` is given, as Core Animation does, so changing
    /// the animation afterwards changes nothing already running.
    public func copy() -> Any {
        let copy = CAAnimation()
        copyTiming(into: copy)
        return copy
    }

    /// Copies the settings every kind shares into `copy`.
    func copyTiming(into copy: CAAnimation) {
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.timingFunction = timingFunction
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        copy.isAdditive = isAdditive
        copy.didStart = didStart
        copy.didStop = didStop
        copy.delegate = delegate
    }

    /// Fills the kind-specific part of the description.
    func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {}

    /// Builds the C description, valid during `body`.
    func withDescription<R>(host: UnsafePointer<ah_host>, _ body: (UnsafePointer<ah_animation_desc>) -> R) -> R {
        var storage = DescriptionStorage(link: HostLink(host: host))
        defer { storage.free() }
        let description = makeDescription(host: host, storage: &storage)
        return body(description)
    }

    func makeDescription(host: UnsafePointer<ah_host>, storage: inout DescriptionStorage) -> UnsafePointer<ah_animation_desc> {
        var d = ah_animation_desc()
        d.abi = ah_version(major: UInt32(AH_ABI_MAJOR), minor: UInt32(AH_ABI_MINOR))
        d.struct_size = UInt32(MemoryLayout<ah_animation_desc>.size)
        d.timing = ah_media_timing(begin_time: beginTime, duration: duration, speed: Double(speed), time_offset: timeOffset,
                                   repeat_count: Double(repeatCount), repeat_duration: repeatDuration,
                                   autoreverses: autoreverses, fill_mode: ah_fill_mode(fillMode.rawValue))
        d.timing_function = timingFunction?.c ?? ah_timing_function()
        d.additive = isAdditive
        d.keep_on_completion = !isRemovedOnCompletion
        if didStart != nil || didStop != nil || delegate != nil {
            let delegate = self.delegate, startBlock = didStart, stopBlock = didStop
            let start: (() -> Void)? = { [self] in
                startBlock?()
                delegate?.animationDidStart(self)
            }
            let stop: ((Bool) -> Void)? = { [self] finished in
                stopBlock?(finished)
                delegate?.animationDidStop(self, finished: finished)
            }
            let box = CallbackBox(host: host, block: start, completion: stop)
            d.user_data = box.retained()
            d.did_start = { pointer in
                let box = CallbackBox.from(pointer)
                CurrentHost.with(box.host) { box.block?() }
            }
            d.did_stop = { pointer, finished in
                let box = CallbackBox.from(pointer)
                CurrentHost.with(box.host) { box.completion?(finished) }
                CallbackBox.release(pointer)
            }
        }
        fill(&d, &storage)
        return storage.keep(d)
    }
}

/// Memory a description points into, freed after the call.
struct DescriptionStorage {
    private var blocks: [UnsafeMutableRawPointer] = []
    /// The host that path values are made in, and the paths made for the call.
    let link: HostLink
    private var paths: [ah_path] = []

    init(link: HostLink) {
        self.link = link
    }

    /// A value as C, a path made in the host for the call.
    mutating func cValue(_ value: CAValue) -> ah_value {
        var made: [ah_path] = []
        let c = value.cValue(link: link) { made.append($0) }
        paths += made
        return c
    }

    mutating func keep<T>(_ value: T) -> UnsafePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        blocks.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    mutating func keep<T>(_ values: [T]) -> UnsafePointer<T>? {
        guard !values.isEmpty else { return nil }
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: values.count)
        pointer.initialize(from: values, count: values.count)
        blocks.append(UnsafeMutableRawPointer(pointer))
        return UnsafePointer(pointer)
    }

    mutating func keep(_ string: String) -> UnsafePointer<CChar> {
        keep(Array(string.utf8CString))!
    }

    func free() {
        blocks.forEach { $0.deallocate() }
        for path in paths { _ = link.table.path_release(link.host, path) }
    }
}

/// CAAnimationDelegate: told when an animation starts and when it stops (finished false
/// when it was removed before its end).
public protocol CAAnimationDelegate: AnyObject {
    /// animationDidStart(_:).
    func animationDidStart(_ anim: CAAnimation)
    /// animationDidStop(_:finished:).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Optional, as in Core Animation.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Optional, as in Core Animation.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
