// UIKit brings Foundation: `import AnimatorKit` does too, and the geometry is Foundation's
// own CGFloat, CGPoint, CGSize and CGRect, so files importing either or both agree.
@_exported import Foundation

extension CGRect {
    /// The rect with each edge moved in by the insets (CGRect.inset(by:)).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

extension CGPoint {
    /// equalTo(_:): Core Graphics' older spelling of `==`, kept by code written before it.
    public func equalTo(_ point: CGPoint) -> Bool { self == point }
}

extension CGSize {
    /// equalTo(_:): Core Graphics' older spelling of `==`.
    public func equalTo(_ size: CGSize) -> Bool { self == size }
}

extension CGRect {
    /// equalTo(_:): Core Graphics' older spelling of `==`.
    public func equalTo(_ rect: CGRect) -> Bool { self == rect }
}
