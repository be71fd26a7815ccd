import Foundation

/// UISplitViewControllerDelegate: how a split view controller collapses and shows its
/// columns. Every method is optional, as in UIKit (the extension gives UIKit's defaults).
public protocol UISplitViewControllerDelegate: AnyObject {
    /// splitViewController(_:collapseSecondary:onto:): true when the delegate dealt with
    /// the secondary view controller as the split view collapses (it is then not shown);
    /// false lets the primary take it (a navigation controller pushes it).
    func splitViewController(_ splitViewController: UISplitViewController,
                             collapseSecondary secondaryViewController: UIViewController,
                             onto primaryViewController: UIViewController) -> Bool
    /// splitViewController(_:showDetail:sender:): true when the delegate showed it itself.
    func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController,
                             sender: Any?) -> Bool
    /// splitViewController(_:show:sender:): true when the delegate showed it itself.
    func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController, sender: Any?) -> Bool
    /// topColumnForCollapsingToProposedTopColumn (iOS 14's column styles): the column shown
    /// when it collapses.
    func splitViewController(_ svc: UISplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column
}

extension UISplitViewControllerDelegate {
    public func splitViewController(_ splitViewController: UISplitViewController,
                                    collapseSecondary secondaryViewController: UIViewController,
                                    onto primaryViewController: UIViewController) -> Bool { false }
    public func splitViewController(_ splitViewController: UISplitViewController, showDetail vc: UIViewController,
                                    sender: Any?) -> Bool { false }
    public func splitViewController(_ splitViewController: UISplitViewController, show vc: UIViewController,
                                    sender: Any?) -> Bool { false }
    public func splitViewController(_ svc: UISplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column)
        -> UISplitViewController.Column { proposedTopColumn }
}

/// UISplitViewController: a primary and a secondary view controller, side by side where
/// the width is regular (an iPad; a Plus or Max iPhone on its side) and collapsed into one
/// where it is compact (other iPhones), as UIKit lays them out:
///
/// - collapsed: the delegate's `collapseSecondary` is asked first; unless it dealt with
///   the secondary, a primary that is a `UINavigationController` pushes it (the secondary
///   is then on screen, with the primary's bar), and any other primary shows alone. With
///   iOS 14's column styles, a view controller set for the `.compact` column is shown
///   instead, and `topColumnForCollapsingToProposedTopColumn` may choose the primary.
/// - expanded: `.oneBesideSecondary` puts the primary on the leading edge, `primaryColumnWidth`
///   wide (320 points, or `preferredPrimaryColumnWidthFraction` of the width within the
///   minimum and maximum), the secondary beside it; `.oneOverSecondary` lays the primary
///   over a full-width secondary; `.secondaryOnly` shows the secondary alone. `.automatic`
///   is `.oneBesideSecondary` with the screen on its side and `.secondaryOnly` upright.
///
/// It lays out again when its view changes size (a turn of the device).
open class UISplitViewController: UIViewController {
    /// UISplitViewController.Style.
    public enum Style: Int, Sendable { case unspecified, doubleColumn, tripleColumn }
    /// UISplitViewController.Column.
    public enum Column: Int, Sendable { case primary, supplementary, secondary, compact }
    /// UISplitViewController.DisplayMode.
    public enum DisplayMode: Int, Sendable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary
        case twoBesideSecondary, twoOverSecondary, twoDisplaceSecondary
        /// The names before iOS 14.
        public static let primaryHidden = DisplayMode.secondaryOnly
        public static let allVisible = DisplayMode.oneBesideSecondary
        public static let primaryOverlay = DisplayMode.oneOverSecondary
    }

    /// UISplitViewController.automaticDimension: let UIKit choose.
    public static let automaticDimension: CGFloat = -1
    /// The primary column's width when nothing else is asked for: UIKit's 320 points.
    public static let defaultPrimaryColumnWidth: CGFloat = 320

    /// The style it was made with (`.unspecified` for `init(nibName:bundle:)`).
    public let style: Style
    /// delegate: asked how to collapse and show (held weakly).
    public weak var delegate: UISplitViewControllerDelegate?
    /// preferredDisplayMode: how it should lay out where the width is regular.
    open var preferredDisplayMode: DisplayMode = .automatic { didSet { layOutIfLoaded() } }
    /// preferredPrimaryColumnWidthFraction: the primary's share of the width (automatic:
    /// `defaultPrimaryColumnWidth`).
    open var preferredPrimaryColumnWidthFraction: CGFloat = UISplitViewController.automaticDimension {
        didSet { layOutIfLoaded() }
    }
    /// minimumPrimaryColumnWidth (automatic: none).
    open var minimumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension { didSet { layOutIfLoaded() } }
    /// maximumPrimaryColumnWidth (automatic: none).
    open var maximumPrimaryColumnWidth: CGFloat = UISplitViewController.automaticDimension { didSet { layOutIfLoaded() } }

    private var columns: [Column: UIViewController] = [:]

    /// init(style:) (iOS 14): columns set with `setViewController(_:for:)`.
    public init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    /// init(nibName:bundle:): the classic split view controller, set with `viewControllers`.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .unspecified
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// NSCoding: there are no archived view controllers on Linux; always nil.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// viewControllers: the primary, then the secondary.
    open var viewControllers: [UIViewController] {
        get { [columns[.primary], columns[.secondary]].compactMap { $0 } }
        set {
            columns[.primary] = newValue.first
            columns[.secondary] = newValue.count > 1 ? newValue[1] : nil
            adopt()
        }
    }

    /// setViewController(_:for:): the view controller of a column (nil removes it).
    open func setViewController(_ vc: UIViewController?, for column: Column) {
        columns[column] = vc
        adopt()
    }

    /// viewController(for:): the view controller of a column.
    open func viewController(for column: Column) -> UIViewController? { columns[column] }

    /// isCollapsed: one column at a time, where the width is compact.
    public var isCollapsed: Bool { traitCollection.horizontalSizeClass != .regular }

    /// displayMode: how the columns are laid out now (`.secondaryOnly` while collapsed on
    /// the secondary, `.automatic` while collapsed on the primary, as the shown column).
    public var displayMode: DisplayMode {
        if isCollapsed { return shownWhenCollapsed === columns[.primary] ? .automatic : .secondaryOnly }
        return resolvedDisplayMode
    }

    /// primaryColumnWidth: the primary's width where the width is regular.
    public var primaryColumnWidth: CGFloat {
        let width = viewIfLoaded?.bounds.width ?? UIScreen.main.bounds.width
        var wanted = preferredPrimaryColumnWidthFraction >= 0 ? width * preferredPrimaryColumnWidthFraction
            : Self.defaultPrimaryColumnWidth
        if minimumPrimaryColumnWidth >= 0 { wanted = max(wanted, minimumPrimaryColumnWidth) }
        if maximumPrimaryColumnWidth >= 0 { wanted = min(wanted, maximumPrimaryColumnWidth) }
        return min(max(wanted, 0), width)
    }

    /// show(_:) (iOS 14): shows a column where the width is regular.
    open func show(_ column: Column) {
        if column == .primary, resolvedDisplayMode == .secondaryOnly { preferredDisplayMode = .oneOverSecondary }
    }

    /// hide(_:) (iOS 14): hides a column where the width is regular.
    open func hide(_ column: Column) {
        if column == .primary { preferredDisplayMode = .secondaryOnly }
    }

    /// showDetailViewController(_:sender:): the delegate first; then, collapsed, pushed on a
    /// primary navigation controller (else shown in place of the secondary); expanded, it
    /// becomes the secondary.
    open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, showDetail: vc, sender: sender) == true { return }
        if isCollapsed, let navigation = columns[.primary] as? UINavigationController {
            navigation.pushViewController(vc, animated: true)
            return
        }
        setViewController(vc, for: .secondary)
    }

    /// show(_:sender:): the delegate first; then the primary's navigation controller pushes
    /// it, or it becomes the primary.
    open override func show(_ vc: UIViewController, sender: Any?) {
        if delegate?.splitViewController(self, show: vc, sender: sender) == true { return }
        if let navigation = columns[.primary] as? UINavigationController {
            navigation.pushViewController(vc, animated: true)
            return
        }
        setViewController(vc, for: .primary)
    }

    /// The split view's own view: its columns' views laid out in it.
    open override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        layOut()
    }

    /// Lays the columns out again when its view changed size.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layOut()
    }

    // MARK: Layout

    /// The secondary the last collapse dealt with (the delegate is asked once for each).
    private var collapsedSecondary: UIViewController?

    private var resolvedDisplayMode: DisplayMode {
        guard preferredDisplayMode == .automatic else { return preferredDisplayMode }
        let size = viewIfLoaded?.bounds.size ?? UIScreen.main.bounds.size
        return size.width > size.height ? .oneBesideSecondary : .secondaryOnly
    }

    /// The view controller shown while collapsed.
    private var shownWhenCollapsed: UIViewController? {
        if style != .unspecified {
            let proposed: Column = columns[.compact] != nil ? .compact : .secondary
            let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
            if top == .compact, let compact = columns[.compact] { return compact }
            if top == .primary { return columns[.primary] }
        }
        return columns[.primary] ?? columns[.secondary]
    }

    private func adopt() {
        for child in columns.values where child.parent !== self {
            addChild(child)
            child.didMove(toParent: self)
        }
        layOutIfLoaded()
    }

    private func layOutIfLoaded() {
        if isViewLoaded { layOut() }
    }

    private func layOut() {
        guard let container = viewIfLoaded else { return }
        let bounds = container.bounds
        let shown: [(UIViewController, CGRect)]
        if isCollapsed {
            guard let top = shownWhenCollapsed else { return }
            // Collapsing onto the primary: the delegate may deal with the secondary; if not,
            // a primary navigation controller takes it on its stack, as UIKit's
            // collapseSecondaryViewController(_:for:) does (other primaries show alone).
            if top === columns[.primary], let primary = columns[.primary], let secondary = columns[.secondary],
               collapsedSecondary !== secondary {
                collapsedSecondary = secondary
                if delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) != true,
                   let navigation = primary as? UINavigationController {
                    navigation.pushViewController(secondary, animated: false)
                }
            }
            shown = [(top, bounds)]
        } else {
            let primaryWidth = primaryColumnWidth
            let leading = traitCollection.layoutDirection != .rightToLeft
            let primaryFrame = CGRect(x: leading ? 0 : bounds.width - primaryWidth, y: 0, width: primaryWidth, height: bounds.height)
            var placed: [(UIViewController, CGRect)] = []
            switch resolvedDisplayMode {
            case .oneBesideSecondary, .twoBesideSecondary, .twoDisplaceSecondary:
                if let secondary = columns[.secondary] {
                    placed.append((secondary, CGRect(x: leading ? primaryWidth : 0, y: 0, width: bounds.width - primaryWidth,
                                                     height: bounds.height)))
                }
                if let primary = columns[.primary] { placed.append((primary, primaryFrame)) }
            case .oneOverSecondary, .twoOverSecondary:
                if let secondary = columns[.secondary] { placed.append((secondary, bounds)) }
                if let primary = columns[.primary] { placed.append((primary, primaryFrame)) }
            case .secondaryOnly, .automatic:
                if let secondary = columns[.secondary] { placed.append((secondary, bounds)) }
            }
            shown = placed
        }
        let visible = shown.map { ObjectIdentifier($0.0) }
        for child in columns.values where !visible.contains(ObjectIdentifier(child)) {
            if child.viewIfLoaded?.superview === container { child.viewIfLoaded?.removeFromSuperview() }
        }
        for (child, frame) in shown {
            child.view.frame = frame
            if child.view.superview !== container { container.addSubview(child.view) }
        }
    }
}
