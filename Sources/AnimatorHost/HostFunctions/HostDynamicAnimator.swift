import AnimatorABI
import AnimatorDynamics
import AnimatorEngine
import Glibc

/// A C plugin's UIDynamicAnimator (dynamics.h): a `DynamicWorld` whose bodies are views of
/// a reference view's tree, stepped by the engine's clock at each refresh (k/60 s), the
/// views' centers and rotations written back after each step.
final class HostDynamicAnimator {
    /// One behavior as the plugin described it, its items as bodies.
    enum Behavior {
        case gravity(Gravity)
        case push(Push)
        case attachment(Attachment)
        case snap(Snap)
        case collision(bodies: [BodyID], mode: CollisionGroup.Mode, referenceBounds: Bool, segments: [(Vector2, Vector2)])
        case material(bodies: [BodyID], elasticity: Double, friction: Double, density: Double, resistance: Double,
                      angularResistance: Double, allowsRotation: Bool, anchored: Bool)
    }

    let reference: Layer
    var world = DynamicWorld()
    var behaviors = HandleTable<Behavior>(kind: .dynamicBehavior)
    private(set) var bodies: [LayerID: BodyID] = [:]
    private var items: [LayerID] = []
    /// The action after each step.
    var action: (() -> Void)?
    /// Hears contacts: the collision behavior, the item, the other item (or nil and the
    /// boundary's index, −1 for the reference bounds), began or ended, where.
    var contact: ((ah_handle, LayerID, LayerID?, Int32, Bool, Point) -> Void)?
    /// Hears pauses (true) and resumptions (false).
    var pause: ((Bool) -> Void)?
    private var hasPaused = false
    private(set) var isRunning = false
    private var released = false
    private var lastTime: Double?
    /// The refresh the pending tick is for (a stale tick does nothing).
    private var pendingRefresh: Int?
    static let refreshRate = 60.0

    init(reference: Layer) {
        self.reference = reference
    }

    /// The body of `layer` (made from where it is now).
    func body(for layer: Layer) -> BodyID {
        if let id = bodies[layer.id] { return id }
        let center = referencePoint(of: layer)
        let t = layer.model.transform
        let size = layer.bounds.size
        let id = world.add(DynamicBody(center: Vector2(center.x, center.y), angle: atan2(t.m12, t.m11),
                                       shape: .rectangle(width: size.width, height: size.height)))
        bodies[layer.id] = id
        items.append(layer.id)
        return id
    }

    /// The offset from `layer`'s superlayer's coordinates to the reference view's.
    private func offset(of layer: Layer) -> Point {
        guard let parent = layer.superlayer, parent.id != reference.id else { return Point(x: 0, y: 0) }
        let a = ConstraintLayout.rootFrame(of: parent), b = ConstraintLayout.rootFrame(of: reference)
        return Point(x: a.origin.x - parent.bounds.origin.x - (b.origin.x - reference.bounds.origin.x),
                     y: a.origin.y - parent.bounds.origin.y - (b.origin.y - reference.bounds.origin.y))
    }

    /// The layer's position in the reference view's coordinates.
    private func referencePoint(of layer: Layer) -> Point {
        let o = offset(of: layer), p = layer.position
        return Point(x: p.x + o.x, y: p.y + o.y)
    }

    /// Starts stepping (or resumes after a pause).
    func resume(engine: AnimationEngine) {
        world.wake()
        guard !isRunning, !released else { return }
        isRunning = true
        if hasPaused { pause?(false) }
        lastTime = engine.currentTime
        schedule(engine)
    }

    /// Stops for good.
    func release() {
        released = true
        isRunning = false
        pendingRefresh = nil
    }

    private func schedule(_ engine: AnimationEngine) {
        let now = engine.currentTime
        let refresh = Int((now * Self.refreshRate + 1e-6).rounded(.down)) + 1
        pendingRefresh = refresh
        engine.after(Double(refresh) / Self.refreshRate - now) { [weak self] in self?.tick(refresh, engine) }
    }

    private func tick(_ refresh: Int, _ engine: AnimationEngine) {
        guard pendingRefresh == refresh, isRunning, !released else { return }
        pendingRefresh = nil
        let now = engine.currentTime
        let dt = now - (lastTime ?? now)
        lastTime = now
        if dt > 0 { step(dt) }
        action?()
        if world.isAtRest {
            isRunning = false
            hasPaused = true
            pause?(true)
        } else if isRunning {
            schedule(engine)
        }
    }

    /// One step of the world with the behaviors as they are, the items moved after it.
    func step(_ dt: Double) {
        var scene = DynamicScene()
        var pushes: [ah_handle] = []
        var groups: [(handle: ah_handle, segments: Int)] = []
        var held = Set<BodyID>()
        for (handle, behavior) in behaviors.entries() {
            switch behavior {
            case .gravity(let g): scene.gravities.append(g); held.formUnion(g.bodies)
            case .push(let p):
                scene.pushes.append(p)
                held.formUnion(p.bodies)
                if p.mode == .instantaneous { pushes.append(handle) }
            case .attachment(let a):
                scene.attachments.append(a)
                held.insert(a.body)
                if case .body(let other, _) = a.target { held.insert(other) }
            case .snap(let s): scene.snaps.append(s); held.insert(s.body)
            case .collision(let bodies, let mode, let referenceBounds, let segments):
                var boundaries = segments.enumerated().map { CollisionGroup.Boundary(identifier: $0.offset, start: $0.element.0,
                                                                                     end: $0.element.1) }
                if referenceBounds {
                    let b = reference.bounds
                    boundaries += CollisionGroup.Boundary.edges(minX: b.origin.x, minY: b.origin.y, maxX: b.maxX, maxY: b.maxY,
                                                                identifier: segments.count)
                }
                scene.collisions.append(CollisionGroup(bodies: bodies, mode: mode, boundaries: boundaries))
                groups.append((handle, segments.count))
                held.formUnion(bodies)
            case .material(let bodies, let e, let f, let d, let r, let ar, let rotation, let anchored):
                for id in bodies {
                    world.setQuietly(id) { body in
                        if body.density != d { body.density = d }
                        (body.elasticity, body.friction, body.resistance, body.angularResistance) = (e, f, r, ar)
                        if body.allowsRotation != rotation { body.allowsRotation = rotation }
                        if body.isAnchored != anchored { body.isAnchored = anchored }
                    }
                }
                held.formUnion(bodies)
            }
        }
        for index in world.bodies.indices where world.bodies[index].isEnabled != held.contains(BodyID(index)) {
            world.setQuietly(BodyID(index)) { $0.isEnabled = held.contains(BodyID(index)) }
        }
        world.scene = scene
        let events = world.step(dt)
        if let contact {
            for event in events where event.group < groups.count {
                let group = groups[event.group]
                let item = items[event.body.index]
                switch event.other {
                case .body(let other):
                    contact(group.handle, item, items[other.index], -2, event.began, Point(x: event.point.x, y: event.point.y))
                case .boundary(let identifier):
                    contact(group.handle, item, nil, identifier >= group.segments ? -1 : Int32(identifier), event.began,
                            Point(x: event.point.x, y: event.point.y))
                }
            }
        }
        // An instantaneous push has acted.
        for handle in pushes { behaviors.remove(handle) }
        for id in items {
            guard let body = bodies[id].map({ world[$0] }), held.contains(bodies[id]!) else { continue }
            let layer = Layer(engine: reference.engine, id: id)
            let o = offset(of: layer)
            let position = Point(x: body.center.x - o.x, y: body.center.y - o.y)
            if layer.position != position { layer.position = position }
            let turned = AffineTransform(rotationAngle: body.angle).transform3D
            if layer.model.transform != turned, body.angle != 0 || layer.model.transform != .identity { layer.transform = turned }
        }
    }
}
