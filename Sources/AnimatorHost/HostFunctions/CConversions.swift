import AnimatorABI
import AnimatorEngine
import Glibc

/// Conversions between the ABI's C values and the engine's Swift values. Every field read
/// from a plugin is checked.
enum CConversions {
    static func value(_ c: ah_value, paths: HandleTable<ShapePath>) throws(HostCallError) -> AnimatableValue {
        let value: AnimatableValue
        switch Int(c.type) {
        case AH_VALUE_PATH:
            switch paths.lookup(c.path) {
            case .success(let path): return .path(path)
            case .failure(.staleHandle): throw .staleHandle("path handle \(c.path) is stale (released)")
            case .failure: throw .invalidHandle("\(c.path) is not a path handle of this host")
            }
        case AH_VALUE_NUMBER: value = .number(c.number)
        case AH_VALUE_POINT: value = .point(Point(x: c.point.x, y: c.point.y))
        case AH_VALUE_SIZE: value = .size(Size(width: c.size.width, height: c.size.height))
        case AH_VALUE_RECT:
            value = .rect(Rect(x: c.rect.origin.x, y: c.rect.origin.y, width: c.rect.size.width, height: c.rect.size.height))
        case AH_VALUE_COLOR:
            value = .color(RGBAColor(red: c.color.red, green: c.color.green, blue: c.color.blue, alpha: c.color.alpha))
        case AH_VALUE_TRANSFORM:
            let t = c.transform
            value = .transform(Transform3D(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22,
                                           m23: t.m23, m24: t.m24, m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34,
                                           m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44))
        default:
            throw .invalidArgument("unknown value type \(c.type)")
        }
        guard value.components.allSatisfy(\.isFinite) else { throw .invalidArgument("the value is not finite") }
        if let outside = value.components.first(where: { !AnimatableValue.isInRange($0) }) {
            throw .invalidArgument("the value holds \(outside), beyond ±1e12, the largest a frame can carry")
        }
        return value
    }

    static func cValue(_ value: AnimatableValue) -> ah_value {
        var c = ah_value()
        switch value {
        case .number(let v):
            c.type = ah_value_type(AH_VALUE_NUMBER)
            c.number = v
        case .point(let p):
            c.type = ah_value_type(AH_VALUE_POINT)
            c.point = ah_point(x: p.x, y: p.y)
        case .size(let s):
            c.type = ah_value_type(AH_VALUE_SIZE)
            c.size = ah_size(width: s.width, height: s.height)
        case .rect(let r):
            c.type = ah_value_type(AH_VALUE_RECT)
            c.rect = ah_rect(origin: ah_point(x: r.origin.x, y: r.origin.y), size: ah_size(width: r.size.width, height: r.size.height))
        case .color(let k):
            c.type = ah_value_type(AH_VALUE_COLOR)
            c.color = ah_color(red: k.red, green: k.green, blue: k.blue, alpha: k.alpha)
        case .transform(let t):
            c.type = ah_value_type(AH_VALUE_TRANSFORM)
            c.transform = ah_transform3d(m11: t.m11, m12: t.m12, m13: t.m13, m14: t.m14, m21: t.m21, m22: t.m22,
                                         m23: t.m23, m24: t.m24, m31: t.m31, m32: t.m32, m33: t.m33, m34: t.m34,
                                         m41: t.m41, m42: t.m42, m43: t.m43, m44: t.m44)
        case .path:
            // Paths go out as handles the session issues (see layer_get).
            c.type = ah_value_type(AH_VALUE_PATH)
            c.path = AH_NULL_HANDLE
        }
        return c
    }

    static func keyPath(_ c: UnsafePointer<CChar>?) throws(HostCallError) -> LayerKeyPath {
        guard let c else { throw .invalidArgument("key path is NULL") }
        let text = String(cString: c)
        guard let keyPath = LayerKeyPath(rawValue: text) else { throw .invalidArgument("unknown key path '\(text)'") }
        return keyPath
    }

    static func string(_ c: UnsafePointer<CChar>?) -> String? {
        c.map { String(cString: $0) }
    }

    /// A plugin's C string read no further than `limit` bytes (cut there, at a character
    /// boundary, when longer): a text whose end the host cannot trust.
    static func boundedString(_ c: UnsafePointer<CChar>, limit: Int) -> String {
        let length = strnlen(c, limit + 1)
        let bytes = UnsafeRawPointer(c).assumingMemoryBound(to: UInt8.self)
        var end = min(length, limit)
        // Back off continuation bytes (10xxxxxx) so that a character is not split.
        if length > limit { while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 } }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: end), as: UTF8.self)
    }

    /// A timing function; nil for AH_TIMING_DEFAULT.
    static func timing(_ c: ah_timing_function) throws(HostCallError) -> TimingFunction? {
        switch Int(c.kind) {
        case AH_TIMING_DEFAULT: return nil
        case AH_TIMING_LINEAR: return .linear
        case AH_TIMING_EASE_IN: return .easeIn
        case AH_TIMING_EASE_OUT: return .easeOut
        case AH_TIMING_EASE_IN_OUT: return .easeInOut
        case AH_TIMING_CA_DEFAULT: return .caDefault
        case AH_TIMING_BEZIER:
            switch CubicBezier.validated(c.x1, c.y1, c.x2, c.y2) {
            case .success(let curve): return .bezier(curve)
            case .failure(let error): throw .invalidArgument("timing function: \(error.reason)")
            }
        default: throw .invalidArgument("unknown timing kind \(c.kind)")
        }
    }

    static func mediaTiming(_ c: ah_media_timing) throws(HostCallError) -> MediaTiming {
        let fill: FillMode
        switch Int(c.fill_mode) {
        case AH_FILL_REMOVED: fill = .removed
        case AH_FILL_FORWARDS: fill = .forwards
        case AH_FILL_BACKWARDS: fill = .backwards
        case AH_FILL_BOTH: fill = .both
        default: throw .invalidArgument("unknown fill mode \(c.fill_mode)")
        }
        let numbers = [c.begin_time, c.duration, c.speed, c.time_offset, c.repeat_duration]
        guard numbers.allSatisfy(\.isFinite), c.duration >= 0, !c.repeat_count.isNaN, c.repeat_count >= 0 else {
            throw .invalidArgument("timing: numbers must be finite, duration and repeat_count not negative")
        }
        return MediaTiming(beginTime: c.begin_time, duration: c.duration, speed: c.speed == 0 ? 1 : c.speed,
                           timeOffset: c.time_offset, repeatCount: c.repeat_count, repeatDuration: c.repeat_duration,
                           autoreverses: c.autoreverses, fillMode: fill)
    }

    /// An animation description, checked; `depth` bounds group nesting.
    ///
    /// - Parameter forAction: an action's animation (layer_set_action, an action delegate's
    ///   answer) may leave its key path NULL: it animates the changed key.
    static func animation(_ pointer: UnsafePointer<ah_animation_desc>?, paths: HandleTable<ShapePath>,
                          depth: Int = 0, forAction: Bool = false) throws(HostCallError) -> Animation {
        let d = try required(pointer, "animation").pointee
        guard ABIVersion(d.abi).major == ABIVersion.host.major,
              Int(d.struct_size) >= MemoryLayout<ah_animation_desc>.offset(of: \.user_data)! + MemoryLayout<UnsafeRawPointer>.size else {
            throw .invalidArgument("animation description: wrong ABI or truncated (struct_size \(d.struct_size))")
        }
        guard depth < 16 else { throw .invalidArgument("animation groups nest deeper than 16") }
        func propertyKeyPath() throws(HostCallError) -> LayerKeyPath? {
            if forAction && d.key_path == nil { return nil }
            return try self.keyPath(d.key_path)
        }
        func optionalValue(_ p: UnsafePointer<ah_value>?) throws(HostCallError) -> AnimatableValue? {
            guard let p else { return nil }
            return try value(p.pointee, paths: paths)
        }
        let kind: Animation.Kind
        var keyPath: LayerKeyPath?
        switch Int(d.kind) {
        case AH_ANIMATION_BASIC:
            keyPath = try propertyKeyPath()
            kind = .basic(from: try optionalValue(d.from), to: try optionalValue(d.to), by: try optionalValue(d.by))
        case AH_ANIMATION_SPRING:
            keyPath = try propertyKeyPath()
            let spring = Spring(mass: d.mass == 0 ? 1 : d.mass, stiffness: d.stiffness == 0 ? 100 : d.stiffness,
                                damping: d.damping == 0 ? 10 : d.damping, initialVelocity: d.initial_velocity)
            guard spring.mass > 0, spring.stiffness > 0, spring.damping >= 0, spring.initialVelocity.isFinite else {
                throw .invalidArgument("spring: mass and stiffness must be positive, damping not negative")
            }
            kind = .spring(spring, from: try optionalValue(d.from), to: try optionalValue(d.to), by: try optionalValue(d.by))
        case AH_ANIMATION_KEYFRAME:
            keyPath = try propertyKeyPath()
            guard d.value_count <= 4096 else { throw .invalidArgument("keyframes: more than 4096 values") }
            guard d.value_count == 0 || d.values != nil else { throw .invalidArgument("keyframes: values is NULL") }
            var values: [AnimatableValue] = []
            for index in 0..<Int(d.value_count) { values.append(try value(d.values![index], paths: paths)) }
            let keyTimes = d.key_times.map { p in (0..<Int(d.value_count)).map { p[$0] } }
            var functions: [TimingFunction]?
            if let p = d.timing_functions, d.value_count > 1 {
                var list: [TimingFunction] = []
                for index in 0..<Int(d.value_count - 1) { list.append(try timing(p[index]) ?? .linear) }
                functions = list
            }
            let modes: [CalculationMode] = [.linear, .discrete, .paced, .cubic, .cubicPaced]
            guard Int(d.calculation_mode) < modes.count else {
                throw .invalidArgument("unknown calculation mode \(d.calculation_mode)")
            }
            kind = .keyframes(values: values, keyTimes: keyTimes, timingFunctions: functions,
                              calculationMode: modes[Int(d.calculation_mode)])
        case AH_ANIMATION_GROUP:
            guard d.child_count <= 256 else { throw .invalidArgument("group: more than 256 children") }
            guard d.child_count == 0 || d.children != nil else { throw .invalidArgument("group: children is NULL") }
            var children: [Animation] = []
            for index in 0..<Int(d.child_count) { children.append(try animation(d.children![index], paths: paths, depth: depth + 1)) }
            kind = .group(children)
        case AH_ANIMATION_TRANSITION:
            let types: [TransitionType] = [.fade, .push, .moveIn, .reveal, .flip]
            let subtypes: [TransitionSubtype?] = [nil, .fromRight, .fromLeft, .fromTop, .fromBottom]
            guard Int(d.transition_type) < types.count, Int(d.transition_subtype) < subtypes.count else {
                throw .invalidArgument("unknown transition type or subtype")
            }
            kind = .transition(types[Int(d.transition_type)], subtypes[Int(d.transition_subtype)])
        default:
            throw .invalidArgument("unknown animation kind \(d.kind)")
        }
        var animation = Animation(kind, keyPath: keyPath, timing: try mediaTiming(d.timing),
                                  timingFunction: try timing(d.timing_function))
        animation.isAdditive = d.additive
        animation.isRemovedOnCompletion = !d.keep_on_completion
        let userData = d.user_data
        if let didStart = d.did_start { animation.didStart = { didStart(userData) } }
        if let didStop = d.did_stop { animation.didStop = { didStop(userData, $0) } }
        return animation
    }

    static func timingParameters(_ pointer: UnsafePointer<ah_timing_parameters>?) throws(HostCallError) -> PropertyAnimator.TimingParameters? {
        guard let c = pointer?.pointee else { return nil }
        switch Int(c.kind) {
        case AH_TIMING_PARAMETERS_CUBIC:
            guard let function = try timing(c.curve) else { return .default }
            if case .bezier(let curve) = function { return .cubic(curve) }
            return .default
        case AH_TIMING_PARAMETERS_SPRING:
            guard c.damping_ratio > 0, c.damping_ratio.isFinite, c.initial_velocity.isFinite else {
                throw .invalidArgument("spring timing: damping_ratio must be positive")
            }
            return .spring(dampingRatio: c.damping_ratio, initialVelocity: c.initial_velocity)
        case AH_TIMING_PARAMETERS_SPRING_PHYSICS:
            guard c.mass > 0, c.stiffness > 0, c.damping >= 0, c.initial_velocity.isFinite else {
                throw .invalidArgument("spring timing: mass and stiffness must be positive, damping not negative")
            }
            return .springPhysics(mass: c.mass, stiffness: c.stiffness, damping: c.damping,
                                  initialVelocity: c.initial_velocity)
        default:
            throw .invalidArgument("unknown timing parameters kind \(c.kind)")
        }
    }
}
