import AnimatorABI
import AnimatorLayout
import Foundation

/// NSLayoutConstraint: `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute
/// + constant`, at a priority, between views (or a view's layout guide). Active constraints
/// are installed on the items' nearest common ancestor, as UIKit installs them, and solved
/// together by a Cassowary simplex (`AnimatorLayout`) when UIKit lays out: on
/// `layoutIfNeeded()`, and at the end of the host's call into the plugin (before the next
/// frame is drawn) after anything changed. Changing `constant` then
/// `UIView.animate { view.layoutIfNeeded() }` animates the frames, as on iOS.
open class NSLayoutConstraint: NSObject {
    /// NSLayoutConstraint.Attribute (UIKit's raw values).
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline
        case firstBaseline = 12, leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    /// NSLayoutConstraint.Relation (UIKit's raw values).
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The first item (a view or a layout guide).
    public private(set) weak var firstItem: AnyObject?
    /// Its attribute.
    public let firstAttribute: Attribute
    /// The relation.
    public let relation: Relation
    /// The second item, or nil for a constant.
    public private(set) weak var secondItem: AnyObject?
    /// Its attribute.
    public let secondAttribute: Attribute
    /// The multiplier of the second item's attribute.
    public let multiplier: CGFloat
    /// The constant; changing it lays the layout out again.
    public var constant: CGFloat {
        didSet { if isActive { LayoutPass.invalidate(self) } }
    }
    /// The priority (required by default). UIKit refuses a change between required and
    /// optional on an active constraint; here it is logged and kept.
    public var priority: UILayoutPriority = .required {
        didSet {
            if isActive, (oldValue == .required) != (priority == .required), let link = HostLink.current {
                link.table.log(link.host, ah_log_level(AH_LOG_WARNING), "NSLayoutConstraint: mutating a priority from "
                               + "required to not on an installed constraint (or vice-versa) is not supported")
                priority = oldValue
            }
            if isActive { LayoutPass.invalidate(self) }
        }
    }
    /// A name for messages.
    public var identifier: String?
    /// Whether it takes part in layout (installing it on the items' common ancestor).
    public var isActive: Bool {
        get { installedOn != nil }
        set { newValue ? install() : uninstall() }
    }
    /// The view it is installed on, while active.
    weak var installedOn: UIView?

    /// init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:).
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
        super.init()
    }

    /// Activates every constraint of `constraints`.
    public static func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates every constraint of `constraints`.
    public static func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The views it relates (a layout guide stands for its owning view).
    var views: [UIView] {
        [firstItem, secondItem].compactMap { item in (item as? UIView) ?? (item as? UILayoutGuide)?.owningView }
    }

    private func install() {
        guard installedOn == nil, let first = views.first else { return }
        var ancestor: UIView = first
        if let second = views.dropFirst().first {
            guard let common = first.nearestCommonAncestor(with: second) else {
                if let link = HostLink.current {
                    link.table.log(link.host, ah_log_level(AH_LOG_WARNING), "NSLayoutConstraint: the items have no common "
                                   + "ancestor (activate constraints once both views are in the same hierarchy)")
                }
                return
            }
            ancestor = common
        }
        ancestor.installedConstraints.append(self)
        installedOn = ancestor
        LayoutPass.countActive(1)
        LayoutPass.invalidate(self)
    }

    private func uninstall() {
        guard let view = installedOn else { return }
        view.installedConstraints.removeAll { $0 === self }
        installedOn = nil
        LayoutPass.invalidate(view)
        LayoutPass.countActive(-1)
    }

    open override var description: String {
        func name(_ item: AnyObject?) -> String {
            guard let item else { return "" }
            return (item as? UIView).map { "\(type(of: $0)):\(ObjectIdentifier($0).hashValue & 0xffff)" } ?? "\(type(of: item))"
        }
        let relationText = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var text = "\(name(firstItem)).\(firstAttribute) \(relationText) "
        if let secondItem {
            text += "\(name(secondItem)).\(secondAttribute)"
            if multiplier != 1 { text += " * \(multiplier)" }
            if constant != 0 { text += " \(constant < 0 ? "-" : "+") \(abs(constant))" }
        } else {
            text += "\(constant)"
        }
        return "<NSLayoutConstraint \(identifier.map { "'\($0)' " } ?? "")\(text)\(priority == .required ? "" : " @\(priority.rawValue)")>"
    }
}

extension UIView {
    /// The views from this one up to the top.
    var ancestry: [UIView] {
        var chain: [UIView] = [self]
        while let parent = chain.last?.superview { chain.append(parent) }
        return chain
    }

    /// The nearest view both are in (either one itself), or nil.
    func nearestCommonAncestor(with other: UIView) -> UIView? {
        let mine = ancestry
        for view in other.ancestry where mine.contains(where: { $0 === view }) { return view }
        return nil
    }
}

extension UIView {
    /// The smallest size the view's constraints allow (systemLayoutSizeFitting's target).
    public static let layoutFittingCompressedSize = CGSize(width: 0, height: 0)
    /// The largest.
    public static let layoutFittingExpandedSize = CGSize(width: 10_000_000, height: 10_000_000)

    /// systemLayoutSizeFitting(_:): the size the view's constraints (and its subviews',
    /// their intrinsic sizes) give it, as near `targetSize` as they allow; the view is
    /// not moved.
    public func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        LayoutPass.layout(self, fitting: targetSize) ?? bounds.size
    }

    /// systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:):
    /// the priorities are those UIKit's fitting uses (50) whatever is given.
    public func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontal: UILayoutPriority,
                                        verticalFittingPriority vertical: UILayoutPriority) -> CGSize {
        systemLayoutSizeFitting(targetSize)
    }
}
