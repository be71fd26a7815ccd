import Foundation

/// UIKit's UIOffset: a horizontal and a vertical distance (a push's point on an item, an
/// attachment's point, a title's shift).
public struct UIOffset: Equatable, Hashable, Sendable {
    /// Points to the right.
    public var horizontal: CGFloat
    /// Points down.
    public var vertical: CGFloat

    /// An offset.
    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// UIOffset().
    public init() { self.init(horizontal: 0, vertical: 0) }

    /// No offset.
    public static let zero = UIOffset()
}
