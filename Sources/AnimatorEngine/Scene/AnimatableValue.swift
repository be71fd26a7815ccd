/// A value an animation can move: what a layer key path holds.
public enum AnimatableValue: Equatable, Sendable {
    /// The largest magnitude a value may have (a coordinate, a size, an opacity, a color
    /// component, a transform entry): renderers turn coordinates into pixels, and frames
    /// sent between processes carry nothing larger. Plugins' values beyond it are refused
    /// where they enter the host.
    public static let maximumMagnitude = 1e12

    /// Whether `number` is finite and within `maximumMagnitude`.
    public static func isInRange(_ number: Double) -> Bool { number.isFinite && abs(number) <= maximumMagnitude }

    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(RGBAColor)
    case transform(Transform3D)
    /// A path (a shape layer's `path`): same-structured paths interpolate point by point.
    case path(ShapePath)

    /// The value as a flat list of numbers (transforms: their 16 entries).
    package var components: [Double] {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [p.x, p.y]
        case .size(let s): return [s.width, s.height]
        case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
        case .color(let c): return [c.red, c.green, c.blue, c.alpha]
        case .transform(let t): return t.values
        case .path(let p): return p.components
        }
    }

    /// A value of the same kind as `self` made from `components`.
    func with(_ c: [Double]) -> AnimatableValue {
        switch self {
        case .number: return .number(c[0])
        case .point: return .point(Point(x: c[0], y: c[1]))
        case .size: return .size(Size(width: c[0], height: c[1]))
        case .rect: return .rect(Rect(x: c[0], y: c[1], width: c[2], height: c[3]))
        case .color: return .color(RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .transform: return .transform(Transform3D(c))
        case .path(let p): return .path(p.with(c))
        }
    }

    /// Whether two values are of the same kind.
    func isSameKind(as other: AnimatableValue) -> Bool {
        switch (self, other) {
        case (.number, .number), (.point, .point), (.size, .size), (.rect, .rect), (.color, .color),
             (.transform, .transform):
            return true
        case (.path(let a), .path(let b)):
            return a.hasSameStructure(as: b)
        default:
            return false
        }
    }

    /// The value a fraction `t` of the way from `self` to `to`. Transforms interpolate by
    /// decomposition (shortest-arc rotation); everything else component by component.
    public func interpolated(to: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (self, to) {
        case (.number(let a), .number(let b)): return .number(a + (b - a) * t)
        case (.point(let a), .point(let b)): return .point(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        case (.transform(let a), .transform(let b)): return .transform(TransformInterpolator(from: a, to: b).value(at: t))
        default:
            guard isSameKind(as: to) else { return t < 0.5 ? self : to }
            return with(zip(components, to.components).map { $0 + ($1 - $0) * t })
        }
    }

    /// `self + other`: componentwise, and for transforms concatenation (other applied
    /// after self), as additive animations combine.
    public func adding(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.number(let a), .number(let b)): return .number(a + b)
        case (.transform(let a), .transform(let b)): return .transform(a.concatenating(b))
        default:
            guard isSameKind(as: other) else { return self }
            return with(zip(components, other.components).map { $0 + $1 })
        }
    }

    /// `self − other`, the inverse of `adding` (transforms: self then other's inverse).
    public func subtracting(_ other: AnimatableValue) -> AnimatableValue {
        switch (self, other) {
        case (.transform(let a), .transform(let b)): return .transform(a.concatenating(b.inverted ?? .identity))
        default:
            guard isSameKind(as: other) else { return self }
            return with(zip(components, other.components).map { $0 - $1 })
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over the
    /// components (transforms: over translation, and the rotation angle).
    public func distance(to other: AnimatableValue) -> Double {
        guard isSameKind(as: other) else { return 0 }
        let a = components, b = other.components
        var sum = 0.0
        for index in a.indices { sum += (a[index] - b[index]) * (a[index] - b[index]) }
        return sum.squareRoot()
    }
}
