import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/path.h: `path_create`, `path_create_shape`, `path_create_arc`, `path_elements`,
// `path_release`, `shape_layer_create`, `shape_layer_set_dash`.
// Table batches 1.5, 1.6.

extension HostSession {
    /// Paths and shape layers, dashes included.
    static func installShapeFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.path_create = { host, elements, count, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard count <= AH_PATH_MAX_ELEMENTS else {
                    throw .invalidArgument("a path of \(count) elements (at most \(AH_PATH_MAX_ELEMENTS))")
                }
                guard count == 0 || elements != nil else { throw .invalidArgument("elements is NULL") }
                var path = ShapePath()
                path.elements.reserveCapacity(Int(count))
                var started = false
                for index in 0..<Int(count) {
                    let element = elements![index]
                    let p = [element.points.0, element.points.1, element.points.2]
                    func point(_ i: Int) throws(HostCallError) -> Point {
                        guard AnimatableValue.isInRange(p[i].x), AnimatableValue.isInRange(p[i].y) else {
                            throw .invalidArgument("element \(index): point \(i) is not finite or beyond ±1e12")
                        }
                        return Point(x: p[i].x, y: p[i].y)
                    }
                    if element.verb != AH_PATH_MOVE && element.verb <= AH_PATH_CLOSE && !started {
                        throw .invalidArgument("element \(index): a path starts with AH_PATH_MOVE")
                    }
                    switch element.verb {
                    case AH_PATH_MOVE: path.move(to: try point(0)); started = true
                    case AH_PATH_LINE: path.addLine(to: try point(0))
                    case AH_PATH_QUAD: path.addQuadCurve(to: try point(1), control: try point(0))
                    case AH_PATH_CUBIC: path.addCurve(to: try point(2), control1: try point(0), control2: try point(1))
                    case AH_PATH_CLOSE: path.close()
                    default: throw .invalidArgument("element \(index): unknown verb \(element.verb)")
                    }
                }
                out.pointee = session.paths.insert(path)
            }
        }
        table.pointee.path_create_shape = { host, shape, rect, radius, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let r = Rect(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height)
                guard [r.origin.x, r.origin.y, r.size.width, r.size.height, radius].allSatisfy(AnimatableValue.isInRange) else {
                    throw .invalidArgument("the rect or corner radius is not finite or beyond ±1e12")
                }
                switch shape {
                case AH_PATH_SHAPE_RECT: out.pointee = session.paths.insert(.rect(r))
                case AH_PATH_SHAPE_OVAL: out.pointee = session.paths.insert(.oval(in: r))
                case AH_PATH_SHAPE_ROUNDED_RECT: out.pointee = session.paths.insert(.roundedRect(r, radius: radius))
                default: throw .invalidArgument("unknown path shape \(shape)")
                }
            }
        }
        table.pointee.path_create_arc = { host, center, radius, start, end, clockwise, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                guard [center.x, center.y, radius, start, end].allSatisfy(AnimatableValue.isInRange) else {
                    throw .invalidArgument("the arc's center, radius or angles are not finite or beyond ±1e12")
                }
                var path = ShapePath()
                path.addArc(center: Point(x: center.x, y: center.y), radius: radius, startAngle: start, endAngle: end,
                            clockwise: clockwise)
                out.pointee = session.paths.insert(path)
            }
        }
        table.pointee.path_elements = { host, handle, out, capacity, count in
            HostSession.call(host) { session throws(HostCallError) in
                let path = try session.path(handle)
                let count = try required(count, "count")
                guard capacity == 0 || out != nil else { throw .invalidArgument("out is NULL with a capacity of \(capacity)") }
                for (index, element) in path.elements.prefix(Int(capacity)).enumerated() {
                    out![index] = HostSession.cElement(element)
                }
                count.pointee = UInt32(path.elements.count)
            }
        }
        table.pointee.path_release = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                _ = try session.path(handle)
                session.paths.remove(handle)
            }
        }
        table.pointee.shape_layer_create = { host, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                out.pointee = session.handle(for: session.engine.makeShapeLayer().id)
            }
        }
        table.pointee.shape_layer_set_dash = { host, layer, lengths, count, phase in
            HostSession.call(host) { session throws(HostCallError) in
                let target = try session.layer(layer)
                guard Int(count) <= LayerShape.maximumDashes else {
                    throw .invalidArgument("a dash pattern of \(count) lengths (at most \(LayerShape.maximumDashes))")
                }
                guard count == 0 || lengths != nil else { throw .invalidArgument("lengths is NULL") }
                let pattern = (0..<Int(count)).map { lengths![$0] }
                guard pattern.allSatisfy({ $0.isFinite && $0 >= 0 }), phase.isFinite else {
                    throw .invalidArgument("dash lengths must be finite and not negative, the phase finite")
                }
                target.updateShapeStyle { shape in
                    shape.dashPattern = pattern
                    shape.dashPhase = phase
                }
            }
        }
    }
}


extension HostSession {
    /// The path a handle names.
    func path(_ handle: ah_path) throws(HostCallError) -> ShapePath {
        switch paths.lookup(handle) {
        case .success(let path): return path
        case .failure(.staleHandle): throw .staleHandle("path handle \(handle) is stale (released)")
        case .failure: throw .invalidHandle("\(handle) is not a path handle of this host")
        }
    }

    /// An element as C sees it.
    static func cElement(_ element: ShapePath.Element) -> ah_path_element {
        var c = ah_path_element()
        func point(_ x: Double, _ y: Double) -> ah_point { ah_point(x: x, y: y) }
        switch element {
        case .move(let x, let y):
            c.verb = AH_PATH_MOVE
            c.points.0 = point(x, y)
        case .line(let x, let y):
            c.verb = AH_PATH_LINE
            c.points.0 = point(x, y)
        case .quad(let cx, let cy, let x, let y):
            c.verb = AH_PATH_QUAD
            c.points.0 = point(cx, cy)
            c.points.1 = point(x, y)
        case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
            c.verb = AH_PATH_CUBIC
            c.points.0 = point(c1x, c1y)
            c.points.1 = point(c2x, c2y)
            c.points.2 = point(x, y)
        case .close:
            c.verb = AH_PATH_CLOSE
        }
        return c
    }
}
