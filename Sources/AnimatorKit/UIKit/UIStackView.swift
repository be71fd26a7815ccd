import AnimatorABI
import Foundation

/// UIStackView: lays its arranged subviews out in a row or a column with Auto Layout, as
/// UIKit's does: it makes the constraints (edge to edge along its axis, `spacing` or a
/// custom spacing apart, held across the other axis by `alignment`) and the host's
/// constraint solver places the views, their intrinsic sizes and content hugging deciding
/// which one stretches. A hidden arranged subview takes no room (its constraints are
/// dropped), so hiding one inside an animation block and calling `layoutIfNeeded()` slides
/// the others, as on iOS. Distributions: `.fill` and `.fillEqually`; `.equalSpacing`,
/// `.equalCentering` and `.fillProportionally` are laid out as `.fill` (logged once).
open class UIStackView: UIView {
    /// UIStackView.Distribution.
    public enum Distribution: Int, Sendable {
        case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// UIStackView.Alignment.
    public enum Alignment: Int, Sendable {
        case fill, leading, firstBaseline, center, trailing, lastBaseline
        /// Top, for a row.
        public static let top = Alignment.leading
        /// Bottom, for a row.
        public static let bottom = Alignment.trailing
    }

    /// The axis: `.horizontal` (a row, the default) or `.vertical` (a column).
    open var axis = NSLayoutConstraint.Axis.horizontal { didSet { arrange() } }
    /// How the views share the axis.
    open var distribution = Distribution.fill { didSet { arrange() } }
    /// How the views sit across the axis.
    open var alignment = Alignment.fill { didSet { arrange() } }
    /// The space between neighbours.
    open var spacing: CGFloat = 0 { didSet { arrange() } }
    /// isLayoutMarginsRelativeArrangement (kept: the views go edge to edge).
    open var isLayoutMarginsRelativeArrangement = false
    /// isBaselineRelativeArrangement (kept).
    open var isBaselineRelativeArrangement = false
    /// The views it lays out, in order.
    public private(set) var arrangedSubviews: [UIView] = []

    private var customSpacing: [ObjectIdentifier: CGFloat] = [:]
    private var made: [NSLayoutConstraint] = []
    private var saidDistribution = false

    /// init(arrangedSubviews:): a stack of `views`.
    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// UIStackView.spacingUseDefault: the custom spacing that means "the stack's own".
    public static let spacingUseDefault = CGFloat.greatestFiniteMagnitude

    /// addArrangedSubview(_:): adds `view` at the end (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// insertArrangedSubview(_:at:).
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.arrangingStack = self
        if view.superview !== self { addSubview(view) }
        arrange()
    }

    /// removeArrangedSubview(_:): stops laying `view` out (it stays a subview, as in UIKit).
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        if view.arrangingStack === self { view.arrangingStack = nil }
        arrange()
    }

    /// setCustomSpacing(_:after:): the space after `arrangedSubview` (spacingUseDefault: the stack's).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacing[ObjectIdentifier(arrangedSubview)] = spacing == Self.spacingUseDefault ? nil : spacing
        arrange()
    }

    /// customSpacing(after:).
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacing[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
    }

    /// An arranged subview was hidden or shown: the others take its room.
    func arrangedVisibilityChanged() {
        arrange()
    }

    /// Makes the constraints anew for the arrangement as it is.
    private func arrange() {
        NSLayoutConstraint.deactivate(made)
        made = []
        if ![.fill, .fillEqually].contains(distribution), !saidDistribution, let link = HostLink.current {
            saidDistribution = true
            link.table.log(link.host, ah_log_level(AH_LOG_INFO),
                           "UIStackView: distribution \(distribution) is laid out as .fill here")
        }
        let shown = arrangedSubviews.filter { !$0.isHidden }
        let row = axis == .horizontal
        for view in arrangedSubviews { view.translatesAutoresizingMaskIntoConstraints = false }
        var previous: UIView?
        for view in shown {
            // Along the axis: edge to edge, the first at the start.
            if let previous {
                let gap = customSpacing[ObjectIdentifier(previous)] ?? spacing
                made.append(row ? view.leadingAnchor.constraint(equalTo: previous.trailingAnchor, constant: gap)
                                : view.topAnchor.constraint(equalTo: previous.bottomAnchor, constant: gap))
                if distribution == .fillEqually, let first = shown.first {
                    made.append(row ? view.widthAnchor.constraint(equalTo: first.widthAnchor)
                                    : view.heightAnchor.constraint(equalTo: first.heightAnchor))
                }
            } else {
                made.append(row ? view.leadingAnchor.constraint(equalTo: leadingAnchor) : view.topAnchor.constraint(equalTo: topAnchor))
            }
            previous = view
            // Across it, by the alignment.
            let (start, end, center) = row
                ? (view.topAnchor.constraint(equalTo: topAnchor), view.bottomAnchor.constraint(equalTo: bottomAnchor),
                   view.centerYAnchor.constraint(equalTo: centerYAnchor))
                : (view.leadingAnchor.constraint(equalTo: leadingAnchor), view.trailingAnchor.constraint(equalTo: trailingAnchor),
                   view.centerXAnchor.constraint(equalTo: centerXAnchor))
            let (within, withinEnd) = row
                ? (view.topAnchor.constraint(greaterThanOrEqualTo: topAnchor), view.bottomAnchor.constraint(lessThanOrEqualTo: bottomAnchor))
                : (view.leadingAnchor.constraint(greaterThanOrEqualTo: leadingAnchor),
                   view.trailingAnchor.constraint(lessThanOrEqualTo: trailingAnchor))
            switch alignment {
            case .fill: made += [start, end]
            case .leading, .firstBaseline: made += [start, withinEnd]
            case .trailing, .lastBaseline: made += [end, within]
            case .center: made += [center, within]
            }
        }
        if let last = shown.last {
            made.append(row ? last.trailingAnchor.constraint(equalTo: trailingAnchor) : last.bottomAnchor.constraint(equalTo: bottomAnchor))
        }
        NSLayoutConstraint.activate(made)
        setNeedsLayout()
    }
}
