import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/host.h (with value.h and types.h): `layer_create`, `view_create`,
// `layer_set_name`, `layer_get`, `layer_set`, `layer_presentation`, `layer_insert`,
// `layer_remove_from_superlayer`, `layer_superlayer`, `layer_sublayer_count`, `layer_sublayer_at`,
// `view_snapshot`, `view_hit_test`, `layer_set_mask`, `layer_get_mask`, `view_set_layer_class`,
// `view_window`.
// Table batches 1.1, 1.5, 1.10, 1.11.

extension HostSession {
    /// Layers and views: creating them, their properties by key path, the tree, snapshots, hit testing, masks.
    static func installLayerFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.layer_create = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                out.pointee = session.handle(for: session.engine.makeLayer().id)
            }
        }
        table.pointee.view_create = { host, frame, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let rect = Rect(x: frame.origin.x, y: frame.origin.y, width: frame.size.width, height: frame.size.height)
                guard [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("frame is not finite")
                }
                out.pointee = session.handle(for: session.engine.makeView(frame: rect).layer.id)
            }
        }
        table.pointee.layer_set_name = { host, layer, name in
            HostSession.call(host) { session throws(HostCallError) in
                try session.layer(layer).name = CConversions.string(name)
            }
        }
        table.pointee.layer_get = { host, layer, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let out = try required(out, "out")
                switch try PropertyKey(key) {
                case .keyPath(let keyPath): out.pointee = session.cValue(session.engine.modelValue(keyPath, of: target.id))
                case .frame: out.pointee = CConversions.cValue(.rect(target.frame))
                case .masksToBounds: out.pointee = CConversions.cValue(.number(target.masksToBounds ? 1 : 0))
                case .maskedCorners: out.pointee = CConversions.cValue(.number(Double(target.maskedCorners)))
                case .cornerCurve: out.pointee = CConversions.cValue(.number(target.continuousCorners ? 1 : 0))
                case .shapeStyle(let style):
                    out.pointee = CConversions.cValue(.number(HostSession.styleNumber(style, target.shape ?? LayerShape())))
                }
            }
        }
        table.pointee.layer_set = { host, layer, key, value in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let new = try CConversions.value(try required(value, "value").pointee, paths: session.paths)
                switch try PropertyKey(key) {
                case .keyPath(let keyPath):
                    do throws(EngineError) {
                        try session.engine.setValue(new, for: keyPath, of: target.id)
                    } catch {
                        throw .invalidArgument(error.reason)
                    }
                case .frame:
                    guard case .rect(let rect) = new else { throw .invalidArgument("frame takes a rect") }
                    target.frame = rect
                case .masksToBounds:
                    guard case .number(let flag) = new else { throw .invalidArgument("masksToBounds takes a number") }
                    target.masksToBounds = flag != 0
                case .maskedCorners:
                    guard case .number(let bits) = new, bits >= 0, bits <= 15, bits == bits.rounded() else {
                        throw .invalidArgument("maskedCorners takes a number of CACornerMask's bits, 0 to 15")
                    }
                    target.maskedCorners = UInt8(bits)
                case .cornerCurve:
                    guard case .number(let curve) = new, curve == 0 || curve == 1 else {
                        throw .invalidArgument("cornerCurve takes 0 (circular) or 1 (continuous)")
                    }
                    target.continuousCorners = curve == 1
                case .shapeStyle(let style):
                    try HostSession.setStyle(style, new, on: target)
                }
            }
        }
        table.pointee.layer_presentation = { host, layer, time, key, out in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let out = try required(out, "out")
                guard time.isFinite else { throw .invalidArgument("time is not finite") }
                let shown = target.presentation(at: time)
                switch try PropertyKey(key) {
                case .keyPath(let keyPath) where keyPath.isExtra || keyPath == .path:
                    out.pointee = session.cValue(session.engine.presentationValue(keyPath, of: target.id, at: time))
                case .keyPath(let keyPath): out.pointee = CConversions.cValue(keyPath.get(shown))
                case .frame: out.pointee = CConversions.cValue(.rect(shown.frame))
                case .masksToBounds: out.pointee = CConversions.cValue(.number(shown.masksToBounds ? 1 : 0))
                case .maskedCorners: out.pointee = CConversions.cValue(.number(Double(shown.maskedCorners)))
                case .cornerCurve: out.pointee = CConversions.cValue(.number(shown.continuousCorners ? 1 : 0))
                case .shapeStyle(let style):
                    out.pointee = CConversions.cValue(.number(HostSession.styleNumber(style, target.shape ?? LayerShape())))
                }
            }
        }
        table.pointee.layer_insert = { host, parent, child, mode, index, sibling in
            HostSession.call(host) { session throws(HostCallError) in
                let parent = try session.layer(parent)
                let child = try session.layer(child)
                do {
                    switch Int(mode) {
                    case AH_INSERT_TOP: try parent.addSublayer(child)
                    case AH_INSERT_BOTTOM: try parent.insertSublayer(child, at: 0)
                    case AH_INSERT_AT_INDEX: try parent.insertSublayer(child, at: Int(index))
                    case AH_INSERT_ABOVE: try parent.insertSublayer(child, above: try session.layer(sibling))
                    case AH_INSERT_BELOW: try parent.insertSublayer(child, below: try session.layer(sibling))
                    default: throw HostCallError.invalidArgument("unknown insert mode \(mode)")
                    }
                } catch let error as HostCallError {
                    throw error
                } catch let error as EngineError {
                    throw .invalidArgument(error.reason)
                } catch {
                    throw .invalidArgument("\(error)")
                }
            }
        }
        table.pointee.view_set_layer_class = { host, view, layerClass in
            HostSession.call(host) { session throws(HostCallError) in
                let id = try session.view(view).layer.id
                switch layerClass {
                case 0: break
                case 1: session.engine.makeLayer(id, drawAs: .shape)
                case 2: session.engine.makeLayer(id, drawAs: .gradient)
                default: throw .invalidArgument("unknown layer class \(layerClass) (0 CALayer, 1 CAShapeLayer, 2 CAGradientLayer)")
                }
            }
        }
        table.pointee.view_window = { host, view, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard let window = session.engine.window else {
                    out.pointee = AH_NULL_HANDLE
                    return
                }
                guard view != AH_NULL_HANDLE else {
                    out.pointee = session.handle(for: window)
                    return
                }
                var root = try session.layer(view)
                while let parent = root.superlayer { root = parent }
                out.pointee = root.id == window ? session.handle(for: window) : AH_NULL_HANDLE
            }
        }
        table.pointee.layer_remove_from_superlayer = { host, layer in
            HostSession.call(host) { session throws(HostCallError) in
                try session.layer(layer).removeFromSuperlayer()
            }
        }
        table.pointee.layer_superlayer = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                let parent = try session.layer(layer).superlayer
                try required(out, "out").pointee = parent.map { session.handle(for: $0.id) } ?? AH_NULL_HANDLE
            }
        }
        table.pointee.layer_sublayer_count = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = UInt32(try session.layer(layer).sublayers.count)
            }
        }
        table.pointee.layer_sublayer_at = { host, layer, index, out in
            HostSession.call(host) { session throws(HostCallError) in
                let sublayers = try session.layer(layer).sublayers
                guard Int(index) < sublayers.count else {
                    throw .invalidArgument("sublayer index \(index) is out of range (\(sublayers.count) sublayers)")
                }
                try required(out, "out").pointee = session.handle(for: sublayers[Int(index)].id)
            }
        }
        table.pointee.view_snapshot = { host, view, after, out in
            HostSession.call(host) { session throws(HostCallError) in
                let snapshot = try session.view(view).snapshotView(afterScreenUpdates: after)
                try required(out, "out").pointee = session.handle(for: snapshot.layer.id)
            }
        }
        table.pointee.view_hit_test = { host, view, point, out in
            HostSession.call(host) { session throws(HostCallError) in
                let hit = try session.view(view).hitTest(Point(x: point.x, y: point.y))
                try required(out, "out").pointee = hit.map { session.handle(for: $0.layer.id) } ?? AH_NULL_HANDLE
            }
        }
        table.pointee.layer_set_mask = { host, layer, mask in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let maskLayer = mask == AH_NULL_HANDLE ? nil : try session.layer(mask)
                do throws(EngineError) {
                    try target.setMask(maskLayer)
                } catch {
                    throw .invalidArgument(error.reason)
                }
            }
        }
        table.pointee.layer_get_mask = { host, layer, out in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let out = try required(out, "out")
                out.pointee = target.mask.map { session.handle(for: $0.id) } ?? AH_NULL_HANDLE
            }
        }
    }
}


/// A key that layer_get/layer_set accept: a Core Animation key path, or one of the
/// non-animatable or derived properties.
enum PropertyKey {
    case keyPath(LayerKeyPath)
    case frame
    case masksToBounds
    /// maskedCorners: CACornerMask's bits (ABI 1.9).
    case maskedCorners
    /// cornerCurve: 0 circular, 1 continuous (ABI 1.10).
    case cornerCurve
    /// A shape layer's style (batch 1.5): fillRule, lineCap, lineJoin, miterLimit.
    case shapeStyle(String)

    init(_ c: UnsafePointer<CChar>?) throws(HostCallError) {
        guard let c else { throw .invalidArgument("key path is NULL") }
        switch String(cString: c) {
        case "frame": self = .frame
        case "masksToBounds": self = .masksToBounds
        case "maskedCorners": self = .maskedCorners
        case "cornerCurve": self = .cornerCurve
        case let style where ["fillRule", "lineCap", "lineJoin", "miterLimit"].contains(style): self = .shapeStyle(style)
        default: self = .keyPath(try CConversions.keyPath(c))
        }
    }
}

extension HostSession {
    /// A value for the plugin: paths as new handles it releases.
    func cValue(_ value: AnimatableValue) -> ah_value {
        guard case .path(let path) = value else { return CConversions.cValue(value) }
        var c = CConversions.cValue(value)
        c.path = path.elements.isEmpty ? AH_NULL_HANDLE : paths.insert(path)
        return c
    }

    /// A shape style as a number (the C constants' order).
    static func styleNumber(_ key: String, _ shape: LayerShape) -> Double {
        switch key {
        case "fillRule": return Double(FillRule.allCases.firstIndex(of: shape.fillRule)!)
        case "lineCap": return Double(LineCap.allCases.firstIndex(of: shape.lineCap)!)
        case "lineJoin": return Double(LineJoin.allCases.firstIndex(of: shape.lineJoin)!)
        default: return shape.miterLimit
        }
    }

    /// Sets a shape style from a number.
    static func setStyle(_ key: String, _ value: AnimatableValue, on layer: Layer) throws(HostCallError) {
        guard case .number(let number) = value, number.isFinite else { throw .invalidArgument("\(key) takes a number") }
        func pick<T>(_ all: [T]) throws(HostCallError) -> T {
            guard number >= 0, number == number.rounded(), Int(number) < all.count else {
                throw .invalidArgument("\(key) \(number) is not one of 0...\(all.count - 1)")
            }
            return all[Int(number)]
        }
        switch key {
        case "fillRule": let rule = try pick(FillRule.allCases); layer.updateShapeStyle { $0.fillRule = rule }
        case "lineCap": let cap = try pick(LineCap.allCases); layer.updateShapeStyle { $0.lineCap = cap }
        case "lineJoin": let join = try pick(LineJoin.allCases); layer.updateShapeStyle { $0.lineJoin = join }
        default:
            guard number >= 0 else { throw .invalidArgument("miterLimit \(number) is negative") }
            layer.updateShapeStyle { $0.miterLimit = number }
        }
    }
}
