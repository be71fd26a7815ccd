import AnimatorABI
import AnimatorDynamics
import AnimatorEngine
import Glibc

// Implements animator_host/dynamics.h: `dynamics_create`, `dynamics_add_behavior`,
// `dynamics_remove_behavior`, `dynamics_set_action`, `dynamics_is_running`, `dynamics_release`.
// Table batch 1.10.

extension HostSession {
    /// UIKit Dynamics for C plugins.
    static func installDynamicsFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.dynamics_create = { host, reference, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let view = try session.view(reference)
                out.pointee = session.dynamicAnimators.insert(HostDynamicAnimator(reference: view.layer))
            }
        }
        table.pointee.dynamics_add_behavior = { host, handle, description, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let animator = try session.dynamicAnimator(handle)
                let d = try required(description, "behavior").pointee
                guard Int(d.struct_size) >= MemoryLayout<ah_dynamic_behavior_desc>.size else {
                    throw .invalidArgument("the behavior is truncated (struct_size \(d.struct_size))")
                }
                let behavior = try session.behavior(d, in: animator)
                out.pointee = animator.behaviors.insert(behavior)
                animator.resume(engine: session.engine)
            }
        }
        table.pointee.dynamics_remove_behavior = { host, handle, behavior in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.dynamicAnimator(handle)
                switch animator.behaviors.lookup(behavior) {
                case .success: break
                case .failure(.staleHandle): throw .staleHandle("behavior handle \(behavior) is stale (removed)")
                case .failure: throw .invalidHandle("\(behavior) is not a behavior handle of this animator")
                }
                animator.behaviors.remove(behavior)
                animator.resume(engine: session.engine)
            }
        }
        table.pointee.dynamics_set_action = { host, handle, action, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.dynamicAnimator(handle)
                guard let action else {
                    animator.action = nil
                    return
                }
                animator.action = { [weak animator, marker = session.marker] in
                    let elapsed = animator?.world.elapsedTime ?? 0
                    PluginCallMarker.calling(marker, .block, nil) { action(userData, elapsed) }
                }
            }
        }
        table.pointee.dynamics_set_contact_handler = { host, handle, handler, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.dynamicAnimator(handle)
                guard let handler else {
                    animator.contact = nil
                    return
                }
                animator.contact = { [weak session] behavior, item, other, boundary, began, point in
                    guard let session else { return }
                    let itemHandle = session.handle(for: item)
                    let otherHandle = other.map { session.handle(for: $0) } ?? AH_NULL_HANDLE
                    PluginCallMarker.calling(session.marker, .block, nil) {
                        handler(userData, behavior, itemHandle, otherHandle, boundary, began, ah_point(x: point.x, y: point.y))
                    }
                }
            }
        }
        table.pointee.dynamics_set_pause_handler = { host, handle, handler, userData in
            HostSession.call(host) { session throws(HostCallError) in
                let animator = try session.dynamicAnimator(handle)
                guard let handler else {
                    animator.pause = nil
                    return
                }
                animator.pause = { [marker = session.marker] paused in
                    PluginCallMarker.calling(marker, .block, nil) { handler(userData, paused) }
                }
            }
        }
        table.pointee.dynamics_is_running = { host, handle, out in
            HostSession.call(host) { session throws(HostCallError) in
                try required(out, "out").pointee = try session.dynamicAnimator(handle).isRunning
            }
        }
        table.pointee.dynamics_release = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                try session.dynamicAnimator(handle).release()
                session.dynamicAnimators.remove(handle)
            }
        }
    }

    func dynamicAnimator(_ handle: ah_dynamic_animator) throws(HostCallError) -> HostDynamicAnimator {
        switch dynamicAnimators.lookup(handle) {
        case .success(let animator): return animator
        case .failure(.staleHandle): throw .staleHandle("dynamic animator handle \(handle) is stale (released)")
        case .failure: throw .invalidHandle("\(handle) is not a dynamic animator handle of this host")
        }
    }

    /// A C behavior checked and made into the world's terms.
    func behavior(_ d: ah_dynamic_behavior_desc, in animator: HostDynamicAnimator) throws(HostCallError) -> HostDynamicAnimator.Behavior {
        func finite(_ values: Double..., what: String) throws(HostCallError) {
            guard values.allSatisfy(\.isFinite) else { throw .invalidArgument("\(what) must be finite") }
        }
        guard d.item_count <= 100_000 else { throw .invalidArgument("\(d.item_count) items (at most 100,000)") }
        guard d.item_count == 0 || d.items != nil else { throw .invalidArgument("items is NULL") }
        var bodies: [BodyID] = []
        let root = ConstraintLayout.root(of: animator.reference).id
        for i in 0..<Int(d.item_count) {
            let layer = try view(d.items![i]).layer
            guard ConstraintLayout.root(of: layer).id == root else {
                throw .invalidArgument("item \(i) is not in the reference view's tree")
            }
            bodies.append(animator.body(for: layer))
        }
        guard !bodies.isEmpty || d.kind == AH_BEHAVIOR_COLLISION else { throw .invalidArgument("a behavior needs items") }
        try finite(d.vector.x, d.vector.y, d.anchor.x, d.anchor.y, d.offset.x, d.offset.y, d.offset2.x, d.offset2.y,
                   d.length, d.frequency, d.damping, what: "the behavior's points and numbers")
        switch d.kind {
        case AH_BEHAVIOR_GRAVITY:
            return .gravity(Gravity(bodies: bodies, direction: Vector2(d.vector.x, d.vector.y)))
        case AH_BEHAVIOR_PUSH:
            return .push(Push(bodies: bodies, mode: d.instantaneous ? .instantaneous : .continuous,
                              vector: Vector2(d.vector.x, d.vector.y),
                              offsets: Dictionary(uniqueKeysWithValues: bodies.map { ($0, Vector2(d.offset.x, d.offset.y)) })))
        case AH_BEHAVIOR_ATTACHMENT:
            let body = bodies[0]
            let offset = Vector2(d.offset.x, d.offset.y)
            let target: Attachment.Target = bodies.count > 1 ? .body(bodies[1], offset: Vector2(d.offset2.x, d.offset2.y))
                : .anchor(Vector2(d.anchor.x, d.anchor.y))
            var length = d.length
            if length < 0 {
                let a = animator.world[body].worldPoint(offset)
                let b: Vector2
                switch target {
                case .anchor(let point): b = point
                case .body(let other, let otherOffset): b = animator.world[other].worldPoint(otherOffset)
                }
                length = (a - b).length
            }
            return .attachment(Attachment(body: body, offset: offset, target: target, length: length,
                                          frequency: max(d.frequency, 0), damping: max(d.damping, 0)))
        case AH_BEHAVIOR_SNAP:
            return .snap(Snap(body: bodies[0], point: Vector2(d.anchor.x, d.anchor.y), damping: d.damping))
        case AH_BEHAVIOR_COLLISION:
            guard (1...3).contains(d.collision_mode) else { throw .invalidArgument("unknown collision mode \(d.collision_mode)") }
            guard d.segment_count <= 100_000, d.segment_count == 0 || d.segments != nil else {
                throw .invalidArgument("segments: NULL or more than 100,000 points")
            }
            var segments: [(Vector2, Vector2)] = []
            var index = 0
            while index + 1 < Int(d.segment_count) {
                let (p, q) = (d.segments![index], d.segments![index + 1])
                try finite(p.x, p.y, q.x, q.y, what: "segment points")
                segments.append((Vector2(p.x, p.y), Vector2(q.x, q.y)))
                index += 2
            }
            return .collision(bodies: bodies, mode: CollisionGroup.Mode(rawValue: Int(d.collision_mode)),
                              referenceBounds: d.reference_bounds, segments: segments)
        case AH_BEHAVIOR_ITEM:
            try finite(d.elasticity, d.friction, d.density, d.resistance, d.angular_resistance, what: "the material")
            return .material(bodies: bodies, elasticity: d.elasticity, friction: d.friction, density: d.density,
                             resistance: d.resistance, angularResistance: d.angular_resistance,
                             allowsRotation: d.allows_rotation, anchored: d.anchored)
        default:
            throw .invalidArgument("unknown behavior kind \(d.kind)")
        }
    }
}
