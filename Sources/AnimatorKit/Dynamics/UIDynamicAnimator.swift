import AnimatorDynamics
import Foundation

/// UIKit's UIDynamicAnimator: runs its behaviors' physics on their items, stepped at each
/// refresh of the host's screen (60 times a second of the transition's time), so the same
/// run lands every item on the same point. Once every item has been still for half a
/// second it pauses (`isRunning` false; the delegate hears `dynamicAnimatorDidPause`), and
/// resumes when behaviors change or an item is given velocity.
open class UIDynamicAnimator {
    /// The view whose coordinates the items and boundaries use.
    open private(set) weak var referenceView: UIView?
    /// The behaviors added (their children act too).
    open private(set) var behaviors: [UIDynamicBehavior] = []
    /// Hears pauses and resumptions.
    open weak var delegate: (any UIDynamicAnimatorDelegate)?

    private var world = DynamicWorld()
    private var bodyIDs: [ObjectIdentifier: BodyID] = [:]
    private var bodyItems: [any UIDynamicItem] = []
    /// What was last written to each item, so unchanged values are not sent again.
    private var written: [(center: CGPoint, angle: Double)] = []
    private var link: CADisplayLink?
    private var lastTime: Double?
    private var running = false

    /// An animator for items in `view`'s coordinates.
    public init(referenceView view: UIView) {
        referenceView = view
    }

    /// An animator without a reference view (no reference-bounds boundaries).
    public init() {}

    /// Whether it is stepping (false when paused at rest or with nothing to do).
    open var isRunning: Bool { running }

    /// Seconds simulated since the first behavior was added.
    open var elapsedTime: TimeInterval { world.elapsedTime }

    /// Adds a behavior (and its children).
    open func addBehavior(_ behavior: UIDynamicBehavior) {
        guard !behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.willMove(to: self)
        behaviors.append(behavior)
        for member in behavior.tree { member.dynamicAnimator = self }
        behaviorsChanged()
    }

    /// Removes a behavior.
    open func removeBehavior(_ behavior: UIDynamicBehavior) {
        guard behaviors.contains(where: { $0 === behavior }) else { return }
        behavior.willMove(to: nil)
        behaviors.removeAll { $0 === behavior }
        for member in behavior.tree { member.dynamicAnimator = nil }
        behaviorsChanged()
    }

    /// Removes every behavior.
    open func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    /// Reads `item`'s center, size and rotation again (after code moved it by hand).
    open func updateItem(usingCurrentState item: any UIDynamicItem) {
        guard let id = bodyIDs[ObjectIdentifier(item)] else { return }
        var fresh = item.makeBody()
        let old = world[id]
        fresh.velocity = old.velocity
        fresh.angularVelocity = old.angularVelocity
        (fresh.density, fresh.elasticity, fresh.friction) = (old.density, old.elasticity, old.friction)
        (fresh.resistance, fresh.angularResistance) = (old.resistance, old.angularResistance)
        (fresh.allowsRotation, fresh.isAnchored, fresh.isEnabled) = (old.allowsRotation, old.isAnchored, old.isEnabled)
        world[id] = fresh
        written[id.index] = (item.center, fresh.angle)
        resumeIfNeeded()
    }

    /// The items whose frames meet `rect`.
    open func items(in rect: CGRect) -> [any UIDynamicItem] {
        bodyItems.enumerated().filter { index, item in
            let body = world[BodyID(index)]
            let (s, c) = (abs(sin(body.angle)), abs(cos(body.angle)))
            let size = item.bounds.size
            let (w, h) = (size.width * c + size.height * s, size.width * s + size.height * c)
            return CGRect(x: body.center.x - w / 2, y: body.center.y - h / 2, width: w, height: h).intersects(rect)
        }.map(\.element)
    }

    // MARK: Bodies

    /// The body of `item`, made from its present state the first time.
    func body(for item: any UIDynamicItem) -> BodyID {
        if let id = bodyIDs[ObjectIdentifier(item)] { return id }
        let id = world.add(item.makeBody())
        bodyIDs[ObjectIdentifier(item)] = id
        bodyItems.append(item)
        written.append((item.center, world[id].angle))
        return id
    }

    /// `item`'s body if it has one.
    func existingBody(of item: any UIDynamicItem) -> DynamicBody? {
        bodyIDs[ObjectIdentifier(item)].map { world[$0] }
    }

    /// Changes `item`'s body (made if needed); `wake` resumes a paused animator.
    func changeBody(of item: any UIDynamicItem, wake: Bool = true, _ change: (inout DynamicBody) -> Void) {
        let id = body(for: item)
        var body = world[id]
        change(&body)
        if wake {
            world[id] = body
            resumeIfNeeded()
        } else {
            world.setQuietly(id, body)
        }
    }

    /// A behavior came, went or changed.
    func behaviorsChanged() {
        world.wake()
        resumeIfNeeded()
    }

    // MARK: Stepping

    private var allBehaviors: [UIDynamicBehavior] { behaviors.flatMap(\.tree) }

    private func resumeIfNeeded() {
        guard !running, !behaviors.isEmpty else { return }
        guard let now = HostTimer.now else { return }
        running = true
        lastTime = now
        if world.elapsedTime > 0 || link != nil { delegate?.dynamicAnimatorWillResume(self) }
        if link == nil {
            let link = CADisplayLink { [weak self] link in
                guard let self else { return link.invalidate() }
                self.tick()
            }
            link.add(to: .main, forMode: .common)
            self.link = link
        } else {
            link?.isPaused = false
        }
    }

    private func tick() {
        guard running, let now = HostTimer.now else { return }
        let dt = now - (lastTime ?? now)
        lastTime = now
        guard dt > 0 else { return }
        let tree = allBehaviors
        // The scene of this step, and which collision behavior each group came from.
        for itemBehavior in tree.compactMap({ $0 as? UIDynamicItemBehavior }) { itemBehavior.applyMaterial(in: self) }
        var scene = DynamicScene()
        var groups: [UICollisionBehavior] = []
        var held = Set<Int>()
        for behavior in tree {
            behavior.contribute(to: &scene, in: self)
            if let collision = behavior as? UICollisionBehavior { groups.append(collision) }
            for item in behavior.ownItems { held.insert(body(for: item).index) }
        }
        for index in bodyItems.indices where world[BodyID(index)].isEnabled != held.contains(index) {
            world.setQuietly(BodyID(index)) { $0.isEnabled = held.contains(index) }
        }
        world.scene = scene
        let events = world.step(dt)
        writeBack(held)
        for push in tree.compactMap({ $0 as? UIPushBehavior }) { push.didStep() }
        report(events, groups)
        for behavior in tree { behavior.action?() }
        if world.isAtRest {
            running = false
            link?.isPaused = true
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Items take their bodies' centers and rotations (only what changed is sent).
    private func writeBack(_ held: Set<Int>) {
        for index in held.sorted() {
            let body = world[BodyID(index)]
            let item = bodyItems[index]
            let center = CGPoint(x: body.center.x, y: body.center.y)
            if center != written[index].center {
                item.center = center
                written[index].center = center
            }
            if body.angle != written[index].angle {
                item.transform = CGAffineTransform(rotationAngle: body.angle)
                written[index].angle = body.angle
            }
        }
    }

    private func report(_ events: [ContactEvent], _ groups: [UICollisionBehavior]) {
        for event in events where event.group < groups.count {
            let behavior = groups[event.group]
            guard let delegate = behavior.collisionDelegate else { continue }
            let item = bodyItems[event.body.index]
            let point = CGPoint(x: event.point.x, y: event.point.y)
            switch event.other {
            case .body(let other):
                if event.began {
                    delegate.collisionBehavior(behavior, beganContactFor: item, with: bodyItems[other.index], at: point)
                } else {
                    delegate.collisionBehavior(behavior, endedContactFor: item, with: bodyItems[other.index])
                }
            case .boundary(let index):
                let identifier = behavior.identifier(ofBoundary: index)
                if event.began {
                    delegate.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
                } else {
                    delegate.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
                }
            }
        }
    }
}

/// UIKit's UIDynamicAnimatorDelegate. Both methods have defaults that do nothing.
public protocol UIDynamicAnimatorDelegate: AnyObject {
    /// The animator is about to step again after a pause.
    func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator)
    /// Every item has come to rest: the animator stopped stepping.
    func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator)
}

extension UIDynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: UIDynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: UIDynamicAnimator) {}
}
