import Foundation

extension UIView {
    /// mask: a view whose alpha cuts this one (its layer becomes this view's layer's mask),
    /// placed in this view's bounds; animating its frame or transform inside an animation
    /// block animates the cut, as a reveal transition does. Nil removes it. The mask view is
    /// in no view tree of its own, as UIKit requires.
    public var mask: UIView? {
        get { layer.mask.flatMap { mask in maskView?.layer === mask ? maskView : nil } }
        set {
            newValue?.removeFromSuperview()
            layer.mask = newValue?.layer
            maskView = newValue
        }
    }

    /// viewWithTag(_:): this view if its tag is `tag`, else the first view inside it with
    /// that tag, depth first (nil when none has it).
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// exchangeSubview(at:withSubviewAt:): swaps two subviews' places in the drawing order.
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        let children = subviews
        guard children.indices.contains(index1), children.indices.contains(index2), index1 != index2 else { return }
        let (low, high) = (min(index1, index2), max(index1, index2))
        let first = children[low], second = children[high]
        insertSubview(second, at: low)
        insertSubview(first, at: high)
    }
}
