import Foundation

/// UICollectionViewCell: one item of a collection view. Add content to `contentView`; a
/// selected or highlighted cell shows its `selectedBackgroundView` (none by default, as in
/// UIKit) behind it.
///
/// `dequeueReusableCell` makes a registered class's cells through `init(registeredFor:)`,
/// which calls `init(frame:)`: a subclass inherits it by overriding that and
/// `init?(coder:)` (or neither), as cell subclasses do.
open class UICollectionViewCell: UIView {
    /// The view to add content to: the whole cell.
    public let contentView = UIView()
    /// The identifier its collection view reuses it under.
    public internal(set) var reuseIdentifier: String?
    /// What shows behind the content (nil by default).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                insertSubview(backgroundView, at: 0)
            }
        }
    }
    /// What shows behind the content while selected or highlighted (nil by default).
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            showSelection()
        }
    }
    /// Whether it is selected.
    open var isSelected = false {
        didSet { showSelection() }
    }
    /// Whether it is highlighted.
    open var isHighlighted = false {
        didSet { showSelection() }
    }

    /// init(frame:): a cell with an empty content view.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    /// A cell for `dequeueReusableCell` (where UIKit's Objective-C runtime calls
    /// `init(frame:)` on the registered class): not for your code.
    public required convenience init(registeredFor identifier: String?) {
        self.init(frame: .zero)
    }

    /// NSCoding: there are no archived cells here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// prepareForReuse(): the cell is about to be handed out again. Call super.
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    private func showSelection() {
        guard let fill = selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            fill.frame = bounds
            if fill.superview !== self { insertSubview(fill, belowSubview: contentView) }
        } else {
            fill.removeFromSuperview()
        }
    }

    /// Keeps the content and background views over the whole cell.
    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        backgroundView?.frame = bounds
        selectedBackgroundView?.frame = bounds
    }
}
