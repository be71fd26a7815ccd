import AnimatorABI

/// UIKit's CAMediaTimingFunctionName (`.easeInEaseOut`, ...).
public typealias CAMediaTimingFunctionName = CAMediaTimingFunction.Name

/// CAMediaTimingFunction.
public struct CAMediaTimingFunction: Equatable, Sendable {
    var c: ah_timing_function

    /// The named functions.
    public enum Name: Sendable {
        case linear, easeIn, easeOut, easeInEaseOut, `default`
    }

    /// CAMediaTimingFunction(name:).
    public init(name: Name) {
        let kinds: [Name: Int] = [.linear: AH_TIMING_LINEAR, .easeIn: AH_TIMING_EASE_IN, .easeOut: AH_TIMING_EASE_OUT,
                                  .easeInEaseOut: AH_TIMING_EASE_IN_OUT, .default: AH_TIMING_CA_DEFAULT]
        c = ah_timing_function(kind: ah_timing_kind(kinds[name]!), x1: 0, y1: 0, x2: 0, y2: 0)
    }

    /// CAMediaTimingFunction(controlPoints:_:_:_:).
    public init(controlPoints x1: Float, _ y1: Float, _ x2: Float, _ y2: Float) {
        c = ah_timing_function(kind: ah_timing_kind(AH_TIMING_BEZIER), x1: Double(x1), y1: Double(y1), x2: Double(x2),
                               y2: Double(y2))
    }

    init(c: ah_timing_function) {
        self.c = c
    }

    /// The curve's two control points: the named functions' Bézier points included.
    var controlPoints: (Double, Double, Double, Double) {
        let named: [Int: (Double, Double, Double, Double)] = [
            AH_TIMING_LINEAR: (0, 0, 1, 1), AH_TIMING_EASE_IN: (0.42, 0, 1, 1), AH_TIMING_EASE_OUT: (0, 0, 0.58, 1),
            AH_TIMING_EASE_IN_OUT: (0.42, 0, 0.58, 1), AH_TIMING_CA_DEFAULT: (0.25, 0.1, 0.25, 1),
        ]
        return named[Int(c.kind)] ?? (c.x1, c.y1, c.x2, c.y2)
    }

    /// getControlPoint(at:_:): index 0 is (0, 0), 1 and 2 the curve's control points, 3 is
    /// (1, 1); `point` receives x and y.
    public func getControlPoint(at index: Int, _ point: UnsafeMutablePointer<Float>) {
        let (x1, y1, x2, y2) = controlPoints
        let points: [(Double, Double)] = [(0, 0), (x1, y1), (x2, y2), (1, 1)]
        let chosen = points[min(max(index, 0), 3)]
        point[0] = Float(chosen.0)
        point[1] = Float(chosen.1)
    }

    /// Equal when the curves are: a named function equals its control points.
    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        let (a, b) = (lhs.controlPoints, rhs.controlPoints)
        return a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3
    }
}

/// CAMediaTimingFillMode.
public enum CAMediaTimingFillMode: UInt32, Sendable {
    case removed = 0, forwards = 1, backwards = 2, both = 3
}

/// CAAnimation: timing, pacing and delegate closures shared by every animation kind.
public class CAAnimation {
    public var beginTime: CGFloat = 0
    public var duration: CGFloat = 0
    public var speed: Float = 1
    public var timeOffset: CGFloat = 0
    public var repeatCount: Float = 0
    public var repeatDuration: CGFloat = 0
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

    /// Creates an animation.
    public init() {}

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

/// CAPropertyAnimation: an animation of one key path.
public class CAPropertyAnimation: CAAnimation {
    /// The key path animated ("opacity", "position.x", "transform.rotation.z"...).
    public var keyPath: String?

    /// Creates an animation of `keyPath`.
    public init(keyPath: String?) {
        self.keyPath = keyPath
    }

    /// Creates an animation with no key path yet: an action's takes the changed key's.
    public convenience override init() {
        self.init(keyPath: nil)
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.key_path = keyPath.map { storage.keep($0) }
    }
}

/// CABasicAnimation: from, to, by, given as UIKit code gives them (`0.0`, a CGPoint,
/// `UIColor.red.cgColor`, a CATransform3D...: see `CAValue(any:)`).
public class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    public var byValue: Any?

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        super.fill(&d, &storage)
        d.kind = ah_animation_kind(AH_ANIMATION_BASIC)
        if let from = Self.converted(fromValue, "fromValue") { d.from = storage.keep(storage.cValue(from)) }
        if let to = Self.converted(toValue, "toValue") { d.to = storage.keep(storage.cValue(to)) }
        if let by = Self.converted(byValue, "byValue") { d.by = storage.keep(storage.cValue(by)) }
    }

    /// A plain value as a CAValue; one the host cannot animate is logged and left out.
    static func converted(_ value: Any?, _ what: String) -> CAValue? {
        guard let value else { return nil }
        if let converted = CAValue(any: value) { return converted }
        if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_ERROR),
                           "\(what): a \(type(of: value)) is not a value animator-host animates (numbers, CGPoint, CGSize, "
                           + "CGRect, colors, CATransform3D, CGAffineTransform, CGPath)")
        }
        return nil
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

/// CASpringAnimation: a basic animation moved by a spring.
public final class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1
    public var stiffness: CGFloat = 100
    public var damping: CGFloat = 10
    public var initialVelocity: CGFloat = 0

    /// How long the spring takes to come to rest, as the host computes it (0 outside a
    /// host call).
    public var settlingDuration: CGFloat {
        guard let link = HostLink.current, link.hasEngine else { return 0 }
        var seconds = 0.0
        link.check(link.table.spring_settling_duration(link.host, mass, stiffness, damping, initialVelocity, &seconds),
                   "settlingDuration")
        return seconds
    }

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        super.fill(&d, &storage)
        d.kind = ah_animation_kind(AH_ANIMATION_SPRING)
        (d.mass, d.stiffness, d.damping, d.initial_velocity) = (mass, stiffness, damping, initialVelocity)
    }
}

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

/// CAAnimationGroup.
public final class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation] = []

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.kind = ah_animation_kind(AH_ANIMATION_GROUP)
        // Children's delegate closures need a host; the group's own description has none
        // here, so children report through the group's host when added (see CALayer.add).
        let host = CurrentHost.host ?? CALayer.inert
        let children = animations.map { Optional($0.makeDescription(host: host, storage: &storage)) }
        d.children = storage.keep(children)
        d.child_count = UInt32(children.count)
    }
}

/// CATransition.
public final class CATransition: CAAnimation {
    /// CATransitionType.
    public enum TransitionType: UInt32, Sendable {
        case fade = 0, push = 1, moveIn = 2, reveal = 3
    }

    /// CATransitionSubtype.
    public enum Subtype: UInt32, Sendable {
        case fromRight = 1, fromLeft = 2, fromTop = 3, fromBottom = 4
    }

    public var type = TransitionType.fade
    public var subtype: Subtype?
    /// UIView's flip (no public CATransitionType names it): set by `UIView.transition`.
    var flips = false

    override func fill(_ d: inout ah_animation_desc, _ storage: inout DescriptionStorage) {
        d.kind = ah_animation_kind(AH_ANIMATION_TRANSITION)
        d.transition_type = flips ? ah_transition_type(AH_TRANSITION_FLIP) : ah_transition_type(type.rawValue)
        d.transition_subtype = ah_transition_subtype(subtype?.rawValue ?? 0)
    }
}

/// UIKit's CATransitionType (`.fade`, `.push`, `.moveIn`, `.reveal`).
public typealias CATransitionType = CATransition.TransitionType
/// UIKit's CATransitionSubtype (`.fromRight`, `.fromLeft`, `.fromTop`, `.fromBottom`).
public typealias CATransitionSubtype = CATransition.Subtype
/// The key UIKit code adds a CATransition under.
public let kCATransition = "transition"

/// CATransaction, for the current host.
public enum CATransaction {
    private static func call(_ what: String, _ body: (HostLink) -> ah_status) {
        guard let link = HostLink.current, link.hasEngine else { return }
        link.check(body(link), what)
    }

    /// CATransaction.begin().
    public static func begin() { call("CATransaction.begin") { $0.table.transaction_begin($0.host) } }

    /// CATransaction.commit().
    public static func commit() { call("CATransaction.commit") { $0.table.transaction_commit($0.host) } }

    /// CATransaction.setAnimationDuration(_:).
    public static func setAnimationDuration(_ duration: CGFloat) {
        call("CATransaction.setAnimationDuration") { $0.table.transaction_set_duration($0.host, duration) }
    }

    /// CATransaction.setAnimationTimingFunction(_:).
    public static func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        call("CATransaction.setAnimationTimingFunction") { link in
            guard var c = function?.c else { return link.table.transaction_set_timing_function(link.host, nil) }
            return link.table.transaction_set_timing_function(link.host, &c)
        }
    }

    /// CATransaction.setDisableActions(_:).
    public static func setDisableActions(_ disable: Bool) {
        call("CATransaction.setDisableActions") { $0.table.transaction_set_disable_actions($0.host, disable) }
    }

    /// CATransaction.animationDuration(): the current transaction's (0.25 s unless set).
    public static func animationDuration() -> CFTimeInterval {
        guard let link = HostLink.current, link.hasEngine else { return 0.25 }
        var duration = 0.25
        link.check(link.table.transaction_get_duration(link.host, &duration), "CATransaction.animationDuration")
        return duration
    }

    /// CATransaction.animationTimingFunction(): the current transaction's, nil when none is set.
    public static func animationTimingFunction() -> CAMediaTimingFunction? {
        guard let link = HostLink.current, link.hasEngine else { return nil }
        var c = ah_timing_function()
        guard link.check(link.table.transaction_get_timing_function(link.host, &c), "CATransaction.animationTimingFunction"),
              Int(c.kind) != AH_TIMING_DEFAULT else { return nil }
        return CAMediaTimingFunction(c: c)
    }

    /// CATransaction.disableActions().
    public static func disableActions() -> Bool {
        guard let link = HostLink.current, link.hasEngine else { return false }
        var disabled = false
        link.check(link.table.transaction_get_disable_actions(link.host, &disabled), "CATransaction.disableActions")
        return disabled
    }

    /// CATransaction.setCompletionBlock(_:).
    public static func setCompletionBlock(_ block: (() -> Void)?) {
        call("CATransaction.setCompletionBlock") { link in
            guard let block else { return link.table.transaction_set_completion(link.host, nil, nil) }
            let box = CallbackBox(host: link.host, block: block)
            return link.table.transaction_set_completion(link.host, CallbackBox.runBlockOnce, box.retained())
        }
    }
}
