/// UIResponder's chain, as code walks it to find the view controller that owns a view:
/// `view.next` is its view controller when it is one's root view, else its superview; a
/// view controller's is its view's superview, else its container, else the view controller
/// that presented it. (UIKit's UIResponder is the class views and view controllers share;
/// here it is the protocol both adopt: `responder.next`, `responder is UIViewController`,
/// `responder as? UIView` read as on iOS.) There are no touches to pass along the chain:
/// gestures reach recognizers directly.
public protocol UIResponder: AnyObject {
    /// The next responder up the chain, or nil at its end.
    var next: UIResponder? { get }
}

extension UIView: UIResponder {
    /// next: the view controller whose root view this is, else the superview.
    public var next: UIResponder? { controller ?? superview }
}

extension UIViewController: UIResponder {
    /// next: the view's superview, else the container (`parent`), else the view controller
    /// that presented it.
    public var next: UIResponder? { viewIfLoaded?.superview ?? parent ?? presentingViewController }
}

extension UIView {
    /// endEditing(_:): nothing edits text in the host (there are no text fields or first
    /// responders to resign), so there is nothing to end: true.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool { true }
}
