import AnimatorDynamics
import Foundation

/// UIKit's UICollisionBehavior: its items collide with one another and with its boundaries
/// (the reference view's bounds, segments, the edges of a path), and its delegate hears
/// when contacts begin and end.
open class UICollisionBehavior: UIDynamicBehavior {
    /// UICollisionBehavior.Mode.
    public struct Mode: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Items collide with items.
        public static let items = Mode(rawValue: 1)
        /// Items collide with boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Both.
        public static let everything: Mode = [.items, .boundaries]
    }

    private var list: DynamicItemList
    private var named: [(identifier: any NSCopying, segments: [(CGPoint, CGPoint)])] = []

    /// Collisions among `items` (and with the boundaries to come).
    public init(items: [any UIDynamicItem]) {
        list = DynamicItemList(items)
        super.init()
    }

    /// The items.
    open var items: [any UIDynamicItem] { list.items }
    /// Adds an item.
    open func addItem(_ item: any UIDynamicItem) { list.add(item); dynamicAnimator?.behaviorsChanged() }
    /// Removes an item.
    open func removeItem(_ item: any UIDynamicItem) { list.remove(item); dynamicAnimator?.behaviorsChanged() }

    /// What the items collide with (default everything).
    open var collisionMode: Mode = .everything { didSet { dynamicAnimator?.behaviorsChanged() } }

    /// The reference view's bounds as a boundary (its identifier in delegate calls is nil).
    open var translatesReferenceBoundsIntoBoundary = false { didSet { dynamicAnimator?.behaviorsChanged() } }
    private var referenceInsets = UIEdgeInsets.zero

    /// The reference bounds, inset, as a boundary.
    open func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        referenceInsets = insets
        translatesReferenceBoundsIntoBoundary = true
    }

    /// The listener of contacts.
    open weak var collisionDelegate: (any UICollisionBehaviorDelegate)?

    /// A boundary along `path`'s outline (its segments, curves flattened).
    open func addBoundary(withIdentifier identifier: any NSCopying, for path: UIBezierPath) {
        let points = path.cgPath.outlinePoints()
        var segments: [(CGPoint, CGPoint)] = []
        if points.count > 1 {
            for i in 0..<(points.count - 1) { segments.append((points[i], points[i + 1])) }
            if points.count > 2 { segments.append((points[points.count - 1], points[0])) }
        }
        replaceBoundary(identifier, segments)
    }

    /// A boundary segment from `p1` to `p2`.
    open func addBoundary(withIdentifier identifier: any NSCopying, from p1: CGPoint, to p2: CGPoint) {
        replaceBoundary(identifier, [(p1, p2)])
    }

    /// The boundary of that identifier as a path (nil when there is none).
    open func boundary(withIdentifier identifier: any NSCopying) -> UIBezierPath? {
        guard let entry = named.first(where: { Self.same($0.identifier, identifier) }) else { return nil }
        let path = UIBezierPath()
        for (start, end) in entry.segments {
            path.move(to: start)
            path.addLine(to: end)
        }
        return path
    }

    /// Removes a boundary.
    open func removeBoundary(withIdentifier identifier: any NSCopying) {
        named.removeAll { Self.same($0.identifier, identifier) }
        dynamicAnimator?.behaviorsChanged()
    }

    /// The identifiers of the boundaries added (not the reference bounds).
    open var boundaryIdentifiers: [any NSCopying]? { named.map(\.identifier) }

    /// Removes every boundary added.
    open func removeAllBoundaries() {
        named.removeAll()
        dynamicAnimator?.behaviorsChanged()
    }

    private func replaceBoundary(_ identifier: any NSCopying, _ segments: [(CGPoint, CGPoint)]) {
        named.removeAll { Self.same($0.identifier, identifier) }
        named.append((identifier, segments))
        dynamicAnimator?.behaviorsChanged()
    }

    /// Identifiers are equal as Foundation objects are (`isEqual`), else by identity.
    static func same(_ a: any NSCopying, _ b: any NSCopying) -> Bool {
        if let a = a as? NSObject, let b = b as? NSObject { return a.isEqual(b) }
        return (a as AnyObject) === (b as AnyObject)
    }

    /// The identifier of boundary number `index` (the world's), nil for the reference bounds.
    func identifier(ofBoundary index: Int) -> (any NSCopying)? {
        index < named.count ? named[index].identifier : nil
    }

    override var ownItems: [any UIDynamicItem] { list.items }

    override func contribute(to scene: inout DynamicScene, in animator: UIDynamicAnimator) {
        var boundaries: [CollisionGroup.Boundary] = []
        for (index, entry) in named.enumerated() {
            for (start, end) in entry.segments {
                boundaries.append(.init(identifier: index, start: Vector2(start.x, start.y), end: Vector2(end.x, end.y)))
            }
        }
        if translatesReferenceBoundsIntoBoundary, let view = animator.referenceView {
            let b = view.bounds
            let r = CGRect(x: b.minX + referenceInsets.left, y: b.minY + referenceInsets.top,
                           width: b.width - referenceInsets.left - referenceInsets.right,
                           height: b.height - referenceInsets.top - referenceInsets.bottom)
            boundaries += CollisionGroup.Boundary.edges(minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY,
                                                        identifier: named.count)
        }
        var mode: CollisionGroup.Mode = []
        if collisionMode.contains(.items) { mode.insert(.items) }
        if collisionMode.contains(.boundaries) { mode.insert(.boundaries) }
        scene.collisions.append(CollisionGroup(bodies: list.items.map(animator.body(for:)), mode: mode, boundaries: boundaries))
    }
}

/// UIKit's UICollisionBehaviorDelegate: contacts beginning and ending, between two items or
/// an item and a boundary (nil: the reference bounds). Every method has a default that
/// does nothing.
public protocol UICollisionBehaviorDelegate: AnyObject {
    /// Two items began touching at `p`.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                           with item2: any UIDynamicItem, at p: CGPoint)
    /// Two items stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                           with item2: any UIDynamicItem)
    /// An item began touching a boundary at `p`.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: any UIDynamicItem,
                                  with item2: any UIDynamicItem, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: any UIDynamicItem,
                                  with item2: any UIDynamicItem) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: any UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {}
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: any UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?) {}
}
