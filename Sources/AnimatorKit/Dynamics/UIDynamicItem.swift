import AnimatorDynamics
import Foundation

/// UIKit's UIDynamicItem: what a dynamic animator moves. It reads `center`, `bounds` and
/// `transform` when the item joins, and writes `center` and a rotation `transform` at
/// each step. UIView conforms; so can any class of yours (a value animated by physics).
public protocol UIDynamicItem: AnyObject {
    /// The item's center, in the reference view's coordinates.
    var center: CGPoint { get set }
    /// Its size (the origin is not used).
    var bounds: CGRect { get }
    /// Its rotation (the animator sets a pure rotation).
    var transform: CGAffineTransform { get set }
    /// The shape it collides with (default `.rectangle`).
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// For `.path`: a convex outline around the item's center (0, 0).
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    /// A rectangle, as UIKit's default.
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// None.
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

/// UIDynamicItemCollisionBoundsType.
public enum UIDynamicItemCollisionBoundsType: Int, Sendable {
    /// The item's bounds.
    case rectangle
    /// The ellipse inscribed in its bounds.
    case ellipse
    /// `collisionBoundingPath` (its convex hull).
    case path
}

extension UIView: UIDynamicItem {}

extension UIDynamicItem {
    /// The body the simulation starts from: where the item is now, turned as its transform says.
    func makeBody() -> DynamicBody {
        let size = bounds.size
        let shape: BodyShape
        switch collisionBoundsType {
        case .rectangle:
            shape = .rectangle(width: size.width, height: size.height)
        case .ellipse:
            shape = .ellipse(width: size.width, height: size.height)
        case .path:
            shape = BodyShape.hull(of: collisionBoundingPath.cgPath.outlinePoints().map { Vector2($0.x, $0.y) })
                ?? .rectangle(width: size.width, height: size.height)
        }
        let t = transform
        return DynamicBody(center: Vector2(center.x, center.y), angle: atan2(t.b, t.a), shape: shape)
    }
}

extension CGVector {
    /// A vector of `length` at `angle` radians from the x axis (clockwise on the screen).
    init(angle: CGFloat, length: CGFloat) {
        self.init(dx: cos(angle) * length, dy: sin(angle) * length)
    }

    /// Its angle from the x axis.
    var angle: CGFloat { atan2(dy, dx) }

    /// Its length.
    var length: CGFloat { (dx * dx + dy * dy).squareRoot() }
}
