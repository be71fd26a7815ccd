import Foundation

/// UIScrollView: a view whose `contentOffset` is its bounds' origin, so its subviews move
/// when it scrolls, as in UIKit (and a change inside an animation block animates).
/// There are no touches here: it scrolls when code sets `contentOffset` (a pan-to-dismiss
/// reading whether the content is at its top does what it does on iOS).
open class UIScrollView: UIView {
    /// The point of the content at the view's top left: the bounds' origin.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            bounds = CGRect(origin: newValue, size: bounds.size)
            contentOffsetDidChange()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// The content offset changed (a table view brings rows into view).
    func contentOffsetDidChange() {}
    /// The content's size.
    public var contentSize: CGSize = .zero
    /// Insets around the content.
    public var contentInset: UIEdgeInsets = .zero
    /// UIScrollView.ContentInsetAdjustmentBehavior (kept: `adjustedContentInset` is
    /// `contentInset` whatever it says).
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    /// UIScrollView.ContentInsetAdjustmentBehavior.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable { case automatic, scrollableAxes, never, always }
    /// The content inset with the safe area's (here the same as `contentInset`).
    public var adjustedContentInset: UIEdgeInsets { contentInset }
    /// Whether it scrolls (kept: there are no touches).
    public var isScrollEnabled = true
    /// Whether it bounces past its edges (kept).
    public var bounces = true
    /// Whether it bounces vertically even when the content is short (kept).
    public var alwaysBounceVertical = false
    /// Whether it shows its vertical indicator (there are none to draw here).
    public var showsVerticalScrollIndicator = true
    /// Whether it shows its horizontal indicator (there are none to draw here).
    public var showsHorizontalScrollIndicator = true
    /// scrollIndicatorInsets: where the indicators would sit (kept: none are drawn).
    public var scrollIndicatorInsets = UIEdgeInsets.zero
    /// verticalScrollIndicatorInsets: kept, as `scrollIndicatorInsets`.
    public var verticalScrollIndicatorInsets = UIEdgeInsets.zero
    /// horizontalScrollIndicatorInsets: kept, as `scrollIndicatorInsets`.
    public var horizontalScrollIndicatorInsets = UIEdgeInsets.zero
    /// Whether a finger drags it: never, without touches.
    public var isDragging: Bool { false }
    /// Whether it coasts after a drag: never, without touches.
    public var isDecelerating: Bool { false }
    /// Whether a finger is on it: never, without touches.
    public var isTracking: Bool { false }
    /// Its delegate, told when it scrolls.
    public weak var delegate: UIScrollViewDelegate?
    /// The pan recognizer that scrolls it on iOS (it recognizes no gesture here).
    public private(set) lazy var panGestureRecognizer = UIPanGestureRecognizer()

    /// setContentOffset(_:animated:): animated over UIKit's 0.3 s on easeInOut when asked.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) {
        guard animated else {
            contentOffset = offset
            return
        }
        UIView.animate(withDuration: 0.3, animations: { self.contentOffset = offset })
    }

    /// scrollRectToVisible(_:animated:): the least scroll that shows `rect`.
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        var offset = contentOffset
        let size = bounds.size
        if rect.minX < offset.x { offset.x = rect.minX } else if rect.maxX > offset.x + size.width { offset.x = rect.maxX - size.width }
        if rect.minY < offset.y { offset.y = rect.minY } else if rect.maxY > offset.y + size.height { offset.y = rect.maxY - size.height }
        setContentOffset(offset, animated: animated)
    }
}

/// UIScrollViewDelegate: told when the scroll view scrolls. Every method has UIKit's default.
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed.
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// A drag will begin (never here: there are no touches).
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// A drag ended (never here).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
}
