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

/// UICollectionViewController: a view controller whose view is a collection view it is
/// the data source and delegate of. Override the data source's and delegate's methods as
/// on iOS.
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    /// The layout its collection view is made with.
    public let layout: UICollectionViewLayout
    /// Whether the selection is cleared when the view is about to appear again (UIKit's true).
    public var clearsSelectionOnViewWillAppear = true

    /// init(collectionViewLayout:).
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// NSCoding: there are no archived view controllers here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The collection view: the view.
    public var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// collectionViewLayout: its collection view's layout.
    public var collectionViewLayout: UICollectionViewLayout { collectionView?.collectionViewLayout ?? layout }

    /// Makes the collection view, sized to the screen, with this controller as its data
    /// source and delegate.
    open override func loadView() {
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: layout)
        collection.dataSource = self
        collection.delegate = self
        view = collection
    }

    /// Clears the selection when `clearsSelectionOnViewWillAppear` says, as UIKit does.
    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear {
            for item in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: item, animated: animated) }
        }
    }

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "", for: indexPath)
    }
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                             forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                             sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
}
