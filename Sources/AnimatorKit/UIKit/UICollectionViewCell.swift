import Foundation

/// UICollectionViewCell: one item of a collection view. Add content to `contentView`; a
/// selected or highlighted cell shows its `selectedBackgroundView` (none by default, as in
/// UIKit) behind it.
///
/// One difference from UIKit, where the Objective-C runtime makes registered cells: a
/// subclass that overrides `init(frame:)` marks it `required` instead of `override`, so
/// that `dequeueReusableCell` can make it from its class.
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
    public required override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
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
