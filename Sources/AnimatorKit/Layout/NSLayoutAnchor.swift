import Foundation

/// NSLayoutAnchor: an attribute of a view or layout guide, from which constraints are made
/// (`view.topAnchor.constraint(equalTo: container.topAnchor, constant: 16)`). The made
/// constraint is inactive until activated, as in UIKit.
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    let item: AnyObject
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    func make(_ relation: NSLayoutConstraint.Relation, _ anchor: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
              constant: CGFloat) -> NSLayoutConstraint {
        NSLayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: anchor?.item,
                           attribute: anchor?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// This anchor equal to `anchor` plus `c`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }

    /// This anchor at least `anchor` plus `c`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }

    /// This anchor at most `anchor` plus `c`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// An x-axis anchor: left, right, leading, trailing, centerX.
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

/// A y-axis anchor: top, bottom, centerY.
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

/// A dimension: width or height, which may also equal a constant or another dimension
/// times a multiplier.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// This dimension equal to `c`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }
    /// This dimension at least `c`.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, nil, constant: c)
    }
    /// This dimension at most `c`.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, nil, constant: c)
    }
    /// This dimension equal to `m` × `anchor` + `c`.
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
    /// This dimension at least `m` × `anchor` + `c`.
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                         constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, multiplier: m, constant: c)
    }
    /// This dimension at most `m` × `anchor` + `c`.
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                         constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, multiplier: m, constant: c)
    }
}

/// Something constraints can relate: a view or a layout guide. Its anchors make them.
public protocol NSLayoutItem: AnyObject {}

extension NSLayoutItem {
    /// The leading edge (left, or right in a right-to-left layout).
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    /// The trailing edge (right, or left in a right-to-left layout).
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    /// The left edge.
    public var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    /// The right edge.
    public var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    /// The horizontal center.
    public var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    /// The top edge.
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    /// The bottom edge.
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    /// The vertical center.
    public var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    /// The width.
    public var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    /// The height.
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}

/// UILayoutGuide: a rectangle of a view that constraints can refer to; the view's
/// `safeAreaLayoutGuide` is its bounds less its safe area insets.
open class UILayoutGuide: NSObject, NSLayoutItem {
    /// The view it belongs to.
    public internal(set) weak var owningView: UIView?
    /// A name for messages.
    public var identifier = ""

    public override init() {
        super.init()
    }

    init(owningView: UIView) {
        self.owningView = owningView
        super.init()
    }


    /// The guide's rectangle in its view's coordinates (the view's bounds less its safe
    /// area insets).
    public var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        return view.bounds.inset(by: view.safeAreaInsets)
    }
}

extension UIView: NSLayoutItem {

    /// safeAreaInsets: the window's safe area (the device's status bar, home indicator and
    /// housing) where this view overlaps it, in its own coordinates.
    public var safeAreaInsets: UIEdgeInsets {
        guard let traits = HostTraits.read() else { return .zero }
        let frame = convert(bounds, to: nil)
        let screen = UIScreen.main.bounds
        return UIEdgeInsets(top: max(0, traits.safe_area_top - frame.minY),
                            left: max(0, traits.safe_area_left - frame.minX),
                            bottom: max(0, frame.maxY - (screen.height - traits.safe_area_bottom)),
                            right: max(0, frame.maxX - (screen.width - traits.safe_area_right)))
    }

    /// safeAreaLayoutGuide: the bounds less the safe area insets.
    public var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = safeAreaGuide { return guide }
        let guide = UILayoutGuide(owningView: self)
        guide.identifier = "UIViewSafeAreaLayoutGuide"
        safeAreaGuide = guide
        return guide
    }

    /// The constraints installed on this view (activated with it as the items' nearest
    /// common ancestor).
    public var constraints: [NSLayoutConstraint] { installedConstraints }

    /// addConstraint(_:): activates it (installed where UIKit installs it).
    public func addConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = true }
    /// addConstraints(_:).
    public func addConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.activate(constraints) }
    /// removeConstraint(_:): deactivates it.
    public func removeConstraint(_ constraint: NSLayoutConstraint) { constraint.isActive = false }
    /// removeConstraints(_:).
    public func removeConstraints(_ constraints: [NSLayoutConstraint]) { NSLayoutConstraint.deactivate(constraints) }

    /// setContentHuggingPriority(_:for:): how much it resists growing past its intrinsic size.
    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { huggingPriorities.horizontal = priority } else { huggingPriorities.vertical = priority }
        LayoutPass.invalidate(self)
    }

    /// setContentCompressionResistancePriority(_:for:): how much it resists shrinking
    /// below its intrinsic size.
    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionPriorities.horizontal = priority } else { compressionPriorities.vertical = priority }
        LayoutPass.invalidate(self)
    }

    /// contentHuggingPriority(for:).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? huggingPriorities.horizontal : huggingPriorities.vertical
    }

    /// contentCompressionResistancePriority(for:).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionPriorities.horizontal : compressionPriorities.vertical
    }
}

extension NSLayoutConstraint {
    /// NSLayoutConstraint.Axis.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }
}

/// UIKit's UILayoutSupport (iOS 7's top and bottom layout guides, before the safe area):
/// how far the bars reach into a view controller's view.
public protocol UILayoutSupport: AnyObject {
    /// The bars' length.
    var length: CGFloat { get }
    /// Its top edge.
    var topAnchor: NSLayoutYAxisAnchor { get }
    /// Its bottom edge.
    var bottomAnchor: NSLayoutYAxisAnchor { get }
}

/// A view controller's topLayoutGuide or bottomLayoutGuide: the band between the view's
/// edge and its safe area, as iOS 11 maps the old guides onto the safe area.
final class SafeAreaLayoutSupport: UILayoutSupport {
    private let view: UIView
    private let isTop: Bool

    init(view: UIView, isTop: Bool) {
        self.view = view
        self.isTop = isTop
    }

    var length: CGFloat { isTop ? view.safeAreaInsets.top : view.safeAreaInsets.bottom }
    var topAnchor: NSLayoutYAxisAnchor { isTop ? view.topAnchor : view.safeAreaLayoutGuide.bottomAnchor }
    var bottomAnchor: NSLayoutYAxisAnchor { isTop ? view.safeAreaLayoutGuide.topAnchor : view.bottomAnchor }
}

extension UIViewController {
    /// topLayoutGuide (iOS 7 to 10): from the view's top to its safe area's.
    public var topLayoutGuide: UILayoutSupport { SafeAreaLayoutSupport(view: view, isTop: true) }
    /// bottomLayoutGuide: from the safe area's bottom to the view's.
    public var bottomLayoutGuide: UILayoutSupport { SafeAreaLayoutSupport(view: view, isTop: false) }
}
