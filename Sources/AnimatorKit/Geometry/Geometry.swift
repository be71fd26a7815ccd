/// UIKit's floating-point scalar. Always `Double` here.
public typealias CGFloat = Double

/// A point, in points: UIKit's CGPoint.
public struct CGPoint: Equatable, Hashable, Sendable {
    /// The x coordinate.
    public var x: CGFloat
    /// The y coordinate (grows downwards).
    public var y: CGFloat

    /// Creates a point.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = CGPoint(x: 0, y: 0)
}

/// A size, in points: UIKit's CGSize.
public struct CGSize: Equatable, Hashable, Sendable {
    /// The width.
    public var width: CGFloat
    /// The height.
    public var height: CGFloat

    /// Creates a size.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = CGSize(width: 0, height: 0)
}

/// A rectangle: UIKit's CGRect.
public struct CGRect: Equatable, Hashable, Sendable {
    /// The top-left corner.
    public var origin: CGPoint
    /// The extent.
    public var size: CGSize

    /// Creates a rectangle from its origin and size.
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its coordinates.
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }

    /// The zero rect, which UIKit's transition context returns for unknown frames.
    public static let zero = CGRect(origin: .zero, size: .zero)
}

extension CGRect {
    /// The width (CGRect.width).
    public var width: CGFloat { size.width }
    /// The height (CGRect.height).
    public var height: CGFloat { size.height }
    /// The smallest x.
    public var minX: CGFloat { origin.x }
    /// The x of the center.
    public var midX: CGFloat { origin.x + size.width / 2 }
    /// The largest x.
    public var maxX: CGFloat { origin.x + size.width }
    /// The smallest y.
    public var minY: CGFloat { origin.y }
    /// The y of the center.
    public var midY: CGFloat { origin.y + size.height / 2 }
    /// The largest y.
    public var maxY: CGFloat { origin.y + size.height }

    /// The rectangle moved by `dx`, `dy` (CGRect.offsetBy(dx:dy:)).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom
    /// (negative values grow it): CGRect.insetBy(dx:dy:).
    public func insetBy(dx: CGFloat, dy: CGFloat) -> CGRect {
        CGRect(x: origin.x + dx, y: origin.y + dy, width: size.width - 2 * dx, height: size.height - 2 * dy)
    }
}

extension CGRect {
    /// The rect with each edge moved in by the insets (CGRect.inset(by:)).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
