import Foundation

extension IndexPath {
    /// UIKit's index path of a table row: `[section, row]`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// UIKit's index path of a collection item: `[section, item]`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section (the first index).
    public var section: Int { self[0] }
    /// The row in its section (the second index).
    public var row: Int { self[1] }
    /// The item in its section (the second index).
    public var item: Int { self[1] }
}

/// UITableViewCell: one row of a table view. Its `contentView` holds what you add; the
/// standard styles' `textLabel`, `detailTextLabel` and `imageView` are made on first use
/// and laid out as UIKit lays them out (16 points from the leading edge, the image first).
/// A selected cell shows its `selectedBackgroundView` (by default a gray fill, UIKit's
/// `systemGray4`) behind its content.
///
/// `dequeueReusableCell` makes a registered class's cells through `init(registeredFor:)`,
/// which calls `init(style:reuseIdentifier:)`: a subclass inherits it by overriding that
/// and `init?(coder:)` (or neither), as cell subclasses do.
open class UITableViewCell: UIView {
    /// UITableViewCell.CellStyle.
    public enum CellStyle: Int, Sendable {
        /// A label (and an image) on the leading side.
        case `default`
        /// A label, and a detail label trailing in gray.
        case value1
        /// A small blue label, then a label.
        case value2
        /// A label, and a smaller gray label under it.
        case subtitle
    }

    /// UITableViewCell.SelectionStyle.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// UITableViewCell.AccessoryType (kept; the host draws no accessory).
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// The style it was made with.
    public let style: CellStyle
    /// The identifier its table reuses it under.
    public let reuseIdentifier: String?
    /// The view to add content to: the whole cell (above the selected background).
    public let contentView = UIView()
    /// How it looks when selected (`.none`: no selected background).
    public var selectionStyle = SelectionStyle.default
    /// The accessory (kept).
    public var accessoryType = AccessoryType.none
    /// The inset of the separator under it (UIKit's 16 points from the leading edge).
    public var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Whether it is selected.
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    /// Whether it is highlighted (shown as selected).
    open var isHighlighted = false

    private var selected = false
    private var labels: (text: UILabel?, detail: UILabel?) = (nil, nil)
    private var image: UIImageView?
    private var defaultSelectedBackground: UIView?
    private var ownSelectedBackground: UIView?

    /// init(style:reuseIdentifier:): a cell of `style`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: UITableView.standardRowHeight))
        backgroundColor = .systemBackground
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// A default-style cell for `dequeueReusableCell` (where UIKit's Objective-C runtime
    /// calls `init(style:reuseIdentifier:)` on the registered class): not for your code.
    public required convenience init(registeredFor identifier: String?) {
        self.init(style: .default, reuseIdentifier: identifier)
    }

    /// A default-style cell (init(frame:)).
    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// NSCoding: there are no archived cells here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// textLabel: the standard styles' label, made on first use.
    public var textLabel: UILabel? {
        if labels.text == nil { labels.text = makeLabel(size: 17, color: .label) }
        return labels.text
    }

    /// detailTextLabel: the second label of the value1, value2 and subtitle styles (nil in
    /// the default style, as in UIKit).
    public var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if labels.detail == nil { labels.detail = makeLabel(size: style == .subtitle ? 12 : 17, color: .secondaryLabel) }
        return labels.detail
    }

    /// A standard label in the content view.
    private func makeLabel(size: CGFloat, color: UIColor) -> UILabel {
        let label = UILabel()
        label.font = .systemFont(ofSize: size)
        label.textColor = color
        contentView.addSubview(label)
        setNeedsLayout()
        return label
    }

    /// imageView: the image on the leading side (default, value1 and subtitle styles).
    public var imageView: UIImageView? {
        guard style != .value2 else { return nil }
        if let image { return image }
        let view = UIImageView(frame: .zero)
        contentView.addSubview(view)
        image = view
        setNeedsLayout()
        return view
    }

    /// selectedBackgroundView: what shows behind the content while selected (default: a
    /// `systemGray4` fill; nil with `selectionStyle` `.none`).
    public var selectedBackgroundView: UIView? {
        get {
            if let ownSelectedBackground { return ownSelectedBackground }
            guard selectionStyle != .none else { return nil }
            if defaultSelectedBackground == nil {
                let fill = UIView()
                fill.backgroundColor = .systemGray4
                defaultSelectedBackground = fill
            }
            return defaultSelectedBackground
        }
        set {
            ownSelectedBackground?.removeFromSuperview()
            ownSelectedBackground = newValue
            showSelection()
        }
    }

    /// backgroundView: behind everything (nil by default).
    public var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// setSelected(_:animated:): shows or hides the selected background (fading over
    /// UIKit's 0.3 s when animated). Override to change more; call super.
    open func setSelected(_ selected: Bool, animated: Bool) {
        self.selected = selected
        showSelection(animated: animated)
    }

    /// setHighlighted(_:animated:): as selection, for the touch before it.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        isHighlighted = highlighted
        showSelection(animated: animated)
    }

    private func showSelection(animated: Bool = false) {
        let shown = selected || isHighlighted
        guard let fill = selectedBackgroundView else { return }
        if shown, fill.superview !== self {
            fill.frame = bounds
            fill.alpha = 1
            insertSubview(fill, belowSubview: contentView)
        } else if !shown, fill.superview === self {
            guard animated else { return fill.removeFromSuperview() }
            UIView.animate(withDuration: 0.3, animations: { fill.alpha = 0 }, completion: { _ in
                if !self.selected && !self.isHighlighted { fill.removeFromSuperview() }
                fill.alpha = 1
            })
        }
    }

    /// prepareForReuse(): the cell is about to be handed out again; reset what its rows
    /// set. Call super.
    open func prepareForReuse() {
        setSelected(false, animated: false)
        isHighlighted = false
    }

    /// Lays out the content view over the cell and the standard labels and image in it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
        let height = bounds.height
        var leading: CGFloat = 16
        if let image, let picture = image.image {
            let side = min(picture.size.height, height)
            let width = picture.size.height > 0 ? picture.size.width * side / picture.size.height : 0
            image.frame = CGRect(x: leading, y: (height - side) / 2, width: width, height: side)
            leading += width + 16
        }
        let trailing = bounds.width - 16
        let text = labels.text, detail = labels.detail
        switch style {
        case .subtitle where detail?.text != nil:
            let top = text?.intrinsicContentSize.height ?? 0, bottom = detail?.intrinsicContentSize.height ?? 0
            let start = (height - top - bottom) / 2
            text?.frame = CGRect(x: leading, y: start, width: trailing - leading, height: top)
            detail?.frame = CGRect(x: leading, y: start + top, width: trailing - leading, height: bottom)
        case .value1:
            let width = min(detail?.intrinsicContentSize.width ?? 0, (trailing - leading) / 2)
            detail?.frame = CGRect(x: trailing - width, y: 0, width: width, height: height)
            text?.frame = CGRect(x: leading, y: 0, width: trailing - width - leading, height: height)
        default:
            text?.frame = CGRect(x: leading, y: 0, width: trailing - leading, height: height)
        }
    }
}
