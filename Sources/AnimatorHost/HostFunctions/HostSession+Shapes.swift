import AnimatorABI
import AnimatorEngine

extension HostSession {
    /// Batch 1.5: paths, shape layers and masks; percent-driven scrubbing for an animator's
    /// own interaction controller; gradient layers.
    static func installBatch1_5(in table: UnsafeMutablePointer<ah_host>) {
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
                        guard p[i].x.isFinite, p[i].y.isFinite else {
                            throw .invalidArgument("element \(index): point \(i) is not finite")
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
                guard [r.origin.x, r.origin.y, r.size.width, r.size.height, radius].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("the rect or corner radius is not finite")
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
                guard [center.x, center.y, radius, start, end].allSatisfy(\.isFinite) else {
                    throw .invalidArgument("the arc's center, radius or angles are not finite")
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
        table.pointee.context_drive_percent = { host, ctx, speed, curve, animator in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.ownInteraction(ctx)
                guard state.percentDriver == nil else { throw .invalidState("the transition is already percent-driven") }
                guard speed.isFinite, speed > 0 else { throw .invalidArgument("completion speed \(speed) is not a positive number") }
                var completionCurve = AnimationCurve.easeInOut
                if let curve {
                    switch Int(curve.pointee.kind) {
                    case AH_TIMING_LINEAR: completionCurve = .linear
                    case AH_TIMING_EASE_IN: completionCurve = .easeIn
                    case AH_TIMING_EASE_OUT: completionCurve = .easeOut
                    case AH_TIMING_EASE_IN_OUT, AH_TIMING_DEFAULT: completionCurve = .easeInOut
                    default: throw .invalidArgument("the completion curve must be linear, easeIn, easeOut or easeInOut")
                    }
                }
                let propertyAnimator = animator == AH_NULL_HANDLE ? nil : try session.animator(animator)
                let driver = PercentDrivenInteraction(liveWith: speed, completionCurve: completionCurve, state: state,
                                                      engine: session.engine)
                driver.prepare(start: session.engine.currentTime)
                if let propertyAnimator {
                    // The property animator is scrubbed instead of the container's time.
                    driver.releaseContainer()
                    driver.pendingPropertyAnimator = propertyAnimator
                }
                state.percentDriver = driver
                // Alongside animations (a navigation bar's) follow the transition's time.
                state.coordinator?.interaction = driver
            }
        }
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
        table.pointee.context_notify_interaction_changes = { host, ctx, changed, done, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let state = try session.transition(ctx)
                guard state.completion == nil, let coordinator = state.coordinator else {
                    throw .invalidState("the transition has completed: no more interaction changes")
                }
                guard let changed else { throw .invalidArgument("changed is NULL") }
                let pointer = UserDataPointer(raw: userData)
                coordinator.notifyWhenInteractionChanges { [marker = session.marker] context in
                    PluginCallMarker.calling(marker, .block, nil) {
                        changed(pointer.raw, context.isInteractive, context.isCancelled)
                    }
                }
                if let done {
                    coordinator.completions.append { [marker = session.marker] _ in
                        PluginCallMarker.calling(marker, .block, nil) { done(pointer.raw) }
                    }
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
