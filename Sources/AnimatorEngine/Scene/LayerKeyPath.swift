import Glibc

/// A key path an animation or an action names, as Core Animation spells it: a property
/// ("opacity", "position", "transform", ...) or a part of one ("position.x",
/// "bounds.size.width", "transform.rotation.z", "transform.scale", ...).
public enum LayerKeyPath: String, CaseIterable, Sendable {
    case bounds, position, anchorPoint, transform, opacity, hidden, backgroundColor, cornerRadius
    case borderWidth, borderColor, shadowOpacity, shadowRadius, shadowOffset, shadowColor, zPosition
    case boundsOrigin = "bounds.origin", boundsSize = "bounds.size"
    case boundsWidth = "bounds.size.width", boundsHeight = "bounds.size.height"
    case positionX = "position.x", positionY = "position.y"
    case scale = "transform.scale", scaleX = "transform.scale.x", scaleY = "transform.scale.y"
    case rotation = "transform.rotation", rotationZ = "transform.rotation.z"
    case translationX = "transform.translation.x", translationY = "transform.translation.y"
    case sublayerTransform, doubleSided
    case fillColor, strokeColor, lineWidth, strokeStart, strokeEnd
    /// A backdrop (UIVisualEffectView's blur): the Gaussian's σ in points, the saturation
    /// of what is blurred (1 unchanged), and the tint laid over it.
    case backdropBlurRadius, backdropSaturation, backdropTintColor
    /// A shape layer's path: kept by the engine beside the properties (see `LayerShape`).
    case path

    /// The top-level property this key path belongs to (the key an implicit animation uses).
    public var property: LayerKeyPath {
        switch self {
        case .boundsOrigin, .boundsSize, .boundsWidth, .boundsHeight: return .bounds
        case .positionX, .positionY: return .position
        case .scale, .scaleX, .scaleY, .rotation, .rotationZ, .translationX, .translationY: return .transform
        default: return self
        }
    }

    /// Reads the value at this key path.
    public func get(_ p: LayerProperties) -> AnimatableValue {
        switch self {
        case .bounds: return .rect(p.bounds)
        case .position: return .point(p.position)
        case .anchorPoint: return .point(p.anchorPoint)
        case .transform: return .transform(p.transform)
        case .opacity: return .number(p.opacity)
        case .hidden: return .number(p.isHidden ? 1 : 0)
        case .backgroundColor: return .color(p.backgroundColor ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .cornerRadius: return .number(p.cornerRadius)
        case .zPosition: return .number(p.zPosition)
        case .boundsOrigin: return .point(p.bounds.origin)
        case .boundsSize: return .size(p.bounds.size)
        case .boundsWidth: return .number(p.bounds.size.width)
        case .boundsHeight: return .number(p.bounds.size.height)
        case .positionX: return .number(p.position.x)
        case .positionY: return .number(p.position.y)
        case .scale, .scaleX: return .number(TransformParts(p.transform).scaleX)
        case .scaleY: return .number(TransformParts(p.transform).scaleY)
        case .rotation, .rotationZ: return .number(TransformParts(p.transform).rotation)
        case .translationX: return .number(p.transform.m41)
        case .translationY: return .number(p.transform.m42)
        case .borderWidth, .borderColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor,
             .sublayerTransform, .doubleSided, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd,
             .backdropBlurRadius, .backdropSaturation, .backdropTintColor:
            return get(LayerExtras())
        case .path: return .path(ShapePath())
        }
    }

    /// Whether the key path is one of `LayerExtras`'s.
    public var isExtra: Bool {
        switch self {
        case .borderWidth, .borderColor, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor,
             .sublayerTransform, .doubleSided, .fillColor, .strokeColor, .lineWidth, .strokeStart, .strokeEnd,
             .backdropBlurRadius, .backdropSaturation, .backdropTintColor: return true
        default: return false
        }
    }

    /// Whether the value lives beside `LayerProperties` (a path or an extra).
    var isSide: Bool { self == .path || isExtra }

    /// Reads an extra (other key paths read as a number 0).
    public func get(_ e: LayerExtras) -> AnimatableValue {
        switch self {
        case .borderWidth: return .number(e.borderWidth)
        case .borderColor: return .color(e.borderColor)
        case .shadowOpacity: return .number(e.shadowOpacity)
        case .shadowRadius: return .number(e.shadowRadius)
        case .shadowOffset: return .size(e.shadowOffset)
        case .shadowColor: return .color(e.shadowColor)
        case .sublayerTransform: return .transform(e.sublayerTransform)
        case .doubleSided: return .number(e.isDoubleSided ? 1 : 0)
        case .fillColor: return .color(e.fillColor ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .strokeColor: return .color(e.strokeColor ?? RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        case .lineWidth: return .number(e.lineWidth)
        case .strokeStart: return .number(e.strokeStart)
        case .strokeEnd: return .number(e.strokeEnd)
        case .backdropBlurRadius: return .number(e.backdropBlurRadius)
        case .backdropSaturation: return .number(e.backdropSaturation)
        case .backdropTintColor: return .color(e.backdropTintColor)
        default: return .number(0)
        }
    }

    /// Writes an extra; a value of the wrong kind (or another key path) is ignored. A color
    /// of alpha 0 is no fill or stroke.
    public func set(_ value: AnimatableValue, in e: inout LayerExtras) {
        switch (self, value) {
        case (.borderWidth, .number(let v)): e.borderWidth = v
        case (.borderColor, .color(let v)): e.borderColor = v
        case (.shadowOpacity, .number(let v)): e.shadowOpacity = v
        case (.shadowRadius, .number(let v)): e.shadowRadius = v
        case (.shadowOffset, .size(let v)): e.shadowOffset = v
        case (.shadowColor, .color(let v)): e.shadowColor = v
        case (.sublayerTransform, .transform(let v)): e.sublayerTransform = v
        case (.doubleSided, .number(let v)): e.isDoubleSided = v >= 0.5
        case (.fillColor, .color(let v)): e.fillColor = v
        case (.strokeColor, .color(let v)): e.strokeColor = v
        case (.lineWidth, .number(let v)): e.lineWidth = v
        case (.strokeStart, .number(let v)): e.strokeStart = v
        case (.strokeEnd, .number(let v)): e.strokeEnd = v
        case (.backdropBlurRadius, .number(let v)): e.backdropBlurRadius = max(v, 0)
        case (.backdropSaturation, .number(let v)): e.backdropSaturation = max(v, 0)
        case (.backdropTintColor, .color(let v)): e.backdropTintColor = v
        default: break
        }
    }

    /// Writes a number at this key path (the fast path of per-frame evaluation).
    @inline(__always)
    func setNumber(_ v: Double, in p: inout LayerProperties) {
        switch self {
        case .opacity: p.opacity = v
        case .positionX: p.position.x = v
        case .positionY: p.position.y = v
        case .cornerRadius: p.cornerRadius = v
        case .zPosition: p.zPosition = v
        case .boundsWidth: p.bounds.size.width = v
        case .boundsHeight: p.bounds.size.height = v
        default: set(.number(v), in: &p)
        }
    }

    /// Writes a point at this key path (the fast path of per-frame evaluation).
    @inline(__always)
    func setPoint(_ v: Point, in p: inout LayerProperties) {
        switch self {
        case .position: p.position = v
        case .anchorPoint: p.anchorPoint = v
        default: set(.point(v), in: &p)
        }
    }

    /// Writes `value` at this key path; a value of the wrong kind is ignored.
    public func set(_ value: AnimatableValue, in p: inout LayerProperties) {
        switch (self, value) {
        case (.bounds, .rect(let v)): p.bounds = v
        case (.position, .point(let v)): p.position = v
        case (.anchorPoint, .point(let v)): p.anchorPoint = v
        case (.transform, .transform(let v)): p.transform = v
        case (.opacity, .number(let v)): p.opacity = v
        case (.hidden, .number(let v)): p.isHidden = v >= 0.5
        case (.backgroundColor, .color(let v)): p.backgroundColor = v
        case (.cornerRadius, .number(let v)): p.cornerRadius = v
        case (.zPosition, .number(let v)): p.zPosition = v
        case (.boundsOrigin, .point(let v)): p.bounds.origin = v
        case (.boundsSize, .size(let v)): p.bounds.size = v
        case (.boundsWidth, .number(let v)): p.bounds.size.width = v
        case (.boundsHeight, .number(let v)): p.bounds.size.height = v
        case (.positionX, .number(let v)): p.position.x = v
        case (.positionY, .number(let v)): p.position.y = v
        case (.scale, .number(let v)):
            var parts = TransformParts(p.transform); parts.scaleX = v; parts.scaleY = v; p.transform = parts.transform
        case (.scaleX, .number(let v)):
            var parts = TransformParts(p.transform); parts.scaleX = v; p.transform = parts.transform
        case (.scaleY, .number(let v)):
            var parts = TransformParts(p.transform); parts.scaleY = v; p.transform = parts.transform
        case (.rotation, .number(let v)), (.rotationZ, .number(let v)):
            var parts = TransformParts(p.transform); parts.rotation = v; p.transform = parts.transform
        case (.translationX, .number(let v)): p.transform.m41 = v
        case (.translationY, .number(let v)): p.transform.m42 = v
        default: break
        }
    }
}

/// A 2D transform's parts as the transform.* key paths see them: scale, rotation about z
/// and translation, with the rest of the matrix (3D parts) kept as it was.
struct TransformParts {
    var scaleX: Double
    var scaleY: Double
    var rotation: Double
    private var base: Transform3D

    init(_ transform: Transform3D) {
        base = transform
        scaleX = (transform.m11 * transform.m11 + transform.m12 * transform.m12).squareRoot()
        rotation = atan2(transform.m12, transform.m11)
        let determinant = transform.m11 * transform.m22 - transform.m12 * transform.m21
        scaleY = scaleX == 0 ? (transform.m21 * transform.m21 + transform.m22 * transform.m22).squareRoot()
            : determinant / scaleX
    }

    /// The transform rebuilt from the parts (shear is dropped, as Core Animation's
    /// value functions do).
    var transform: Transform3D {
        var result = base
        result.m11 = scaleX * cos(rotation)
        result.m12 = scaleX * sin(rotation)
        result.m21 = -scaleY * sin(rotation)
        result.m22 = scaleY * cos(rotation)
        return result
    }
}
