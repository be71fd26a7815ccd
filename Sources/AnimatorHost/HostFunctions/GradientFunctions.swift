import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/gradient.h: `gradient_layer_create`, `layer_set_gradient`,
// `layer_set_gradient_type`.
// Table batches 1.5, 1.6.

extension HostSession {
    /// Gradient layers: axial, radial and conic.
    static func installGradientFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.gradient_layer_create = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                out.pointee = session.handle(for: session.engine.makeGradientLayer().id)
            }
        }
        table.pointee.layer_set_gradient = { host, layer, colors, locations, count, start, end in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard count <= 4096 else { throw .invalidArgument("a gradient of \(count) colors (at most 4096)") }
                guard count == 0 || colors != nil else { throw .invalidArgument("colors is NULL") }
                var gradient = LayerGradient(kind: target.gradient?.kind ?? .axial)
                for index in 0..<Int(count) {
                    let c = colors![index]
                    guard [c.red, c.green, c.blue, c.alpha].allSatisfy(\.isFinite) else {
                        throw .invalidArgument("color \(index) is not finite")
                    }
                    gradient.colors.append(RGBAColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha))
                }
                if let locations {
                    let values = (0..<Int(count)).map { locations[$0] }
                    guard values.allSatisfy(\.isFinite) else { throw .invalidArgument("a location is not finite") }
                    gradient.locations = values
                }
                guard [start.x, start.y, end.x, end.y].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("the start or end point is not finite")
                }
                gradient.startPoint = Point(x: start.x, y: start.y)
                gradient.endPoint = Point(x: end.x, y: end.y)
                target.gradient = gradient
            }
        }
        table.pointee.layer_set_gradient_type = { host, layer, type in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                let kinds: [LayerGradient.Kind] = [.axial, .radial, .conic]
                guard Int(type) < kinds.count else { throw .invalidArgument("unknown gradient type \(type)") }
                var gradient = target.gradient ?? LayerGradient()
                gradient.kind = kinds[Int(type)]
                target.gradient = gradient
            }
        }
    }
}
