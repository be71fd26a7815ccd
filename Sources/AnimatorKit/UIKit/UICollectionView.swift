import AnimatorABI
import Foundation

/// UICollectionViewDataSource: the sections, items and cells of a collection view.
public protocol UICollectionViewDataSource: AnyObject {
    /// numberOfSections(in:) (default 1).
    func numberOfSections(in collectionView: UICollectionView) -> Int
    /// collectionView(_:numberOfItemsInSection:).
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    /// collectionView(_:cellForItemAt:): the cell showing an item (dequeue it).
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// UICollectionViewDelegate: selection. Every method has UIKit's default.
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    /// collectionView(_:shouldSelectItemAt:) (default true).
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    /// collectionView(_:didSelectItemAt:): a tap selected the item.
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    /// collectionView(_:didDeselectItemAt:).
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    /// collectionView(_:willDisplay:forItemAt:): a cell is about to show.
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                        forItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
                               forItemAt indexPath: IndexPath) {}
}

/// UICollectionViewDelegateFlowLayout: sizes and spacings a flow layout asks for.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    /// collectionView(_:layout:sizeForItemAt:) (default: the layout's `itemSize`).
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
}

/// UICollectionViewLayoutAttributes: where an item is.
open class UICollectionViewLayoutAttributes: NSObject {
    /// The item.
    public let indexPath: IndexPath
    /// Its frame in the collection view's content.
    open var frame: CGRect
    /// Its center.
    open var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    /// Its size.
    open var size: CGSize { frame.size }

    init(indexPath: IndexPath, frame: CGRect) {
        self.indexPath = indexPath
        self.frame = frame
        super.init()
    }
}

/// UICollectionView: items in sections placed by a layout (`UICollectionViewFlowLayout`),
/// scrolled vertically, as apps build grids. It asks its `dataSource` for the items and
/// makes cells only for those on screen (at layout: `reloadData`, a change of size or of
/// `contentOffset`), reusing cells that left it. A tap on an item (`animator-host run --tap
/// X,Y`) selects it and tells the `delegate` (`collectionView(_:didSelectItemAt:)`, where an
/// app pushes the photo), once the recognizers of the views in the cell had their turn.
/// Supplementary views, drag and drop and diffable data sources are not there.
open class UICollectionView: UIScrollView {
    /// UICollectionView.ScrollPosition.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }

    /// The layout placing the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            invalidateItems()
        }
    }
    /// The items' sections and cells.
    public weak var dataSource: UICollectionViewDataSource? {
        didSet { invalidateItems() }
    }
    /// Whether a tap selects an item.
    public var allowsSelection = true
    /// Whether taps select several items (a tap on a selected one deselects it).
    public var allowsMultipleSelection = false
    /// A view behind the items, the view's size.
    public var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The collection view's delegate (the scroll view's, as a collection view's).
    public var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    private var frames: [[CGRect]] = []
    private var framesAreCurrent = false
    private var laidOutSize: CGSize?
    private var cells = CellPool<UICollectionViewCell>()
    private var registered: [String: UICollectionViewCell.Type] = [:]
    private var selection = SelectionList()

    /// init(frame:collectionViewLayout:).
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        backgroundColor = .systemBackground
    }

    /// NSCoding: there are no archived collection views here.
    public required init?(coder: NSCoder) {
        return nil
    }

    // MARK: Cells

    /// register(_:forCellWithReuseIdentifier:): `dequeueReusableCell` makes cells of this
    /// class (a `UICollectionViewCell` subclass; nil forgets the identifier).
    public func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        registered[identifier] = cellClass as? UICollectionViewCell.Type
    }

    /// dequeueReusableCell(withReuseIdentifier:for:): a cell that left the screen or a new
    /// one of the registered class (an identifier never registered gets a plain cell, and
    /// the log says so, where UIKit raises).
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = cells.takeWaiting(identifier) {
            cell.prepareForReuse()
            return cell
        }
        if let made = registered[identifier] {
            let cell = made.init(registeredFor: identifier)
            cell.reuseIdentifier = identifier
            return cell
        }
        if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "dequeueReusableCell: no class registered for '\(identifier)': a plain cell is used")
        }
        let cell = UICollectionViewCell(frame: .zero)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// reloadData(): asks the data source again; cells on screen are made anew.
    public func reloadData() {
        cells.retire(identifier: \.reuseIdentifier)
        invalidateItems()
        layoutIfNeededNow()
    }

    /// numberOfSections.
    public var numberOfSections: Int { max(dataSource?.numberOfSections(in: self) ?? 0, 0) }

    /// numberOfItems(inSection:).
    public func numberOfItems(inSection section: Int) -> Int {
        max(dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0, 0)
    }

    /// cellForItem(at:): the cell showing the item, nil when it is not on screen.
    public func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutIfNeededNow()
        return cells.visible[indexPath]
    }

    /// visibleCells: the cells on screen, in item order.
    public var visibleCells: [UICollectionViewCell] {
        layoutIfNeededNow()
        return cells.orderedCells
    }

    /// indexPathsForVisibleItems: the items on screen, in order.
    public var indexPathsForVisibleItems: [IndexPath] {
        layoutIfNeededNow()
        return cells.orderedIndexPaths
    }

    /// indexPath(for:): the item a cell on screen shows.
    public func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        layoutIfNeededNow()
        return cells.indexPath(of: cell)
    }

    /// indexPathForItem(at:): the item under a point of the content.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        updateFrames()
        for (section, items) in frames.enumerated() {
            if let item = items.firstIndex(where: { $0.contains(point) }) { return IndexPath(item: item, section: section) }
        }
        return nil
    }

    /// layoutAttributesForItem(at:): where the item is (its frame in the content).
    public func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        updateFrames()
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item) else {
            return nil
        }
        return UICollectionViewLayoutAttributes(indexPath: indexPath, frame: frames[indexPath.section][indexPath.item])
    }

    /// scrollToItem(at:at:animated:): scrolls so the item shows at `position`.
    public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let height = bounds.height
        var y = frame.minY
        if position.contains(.centeredVertically) { y = frame.midY - height / 2 }
        if position.contains(.bottom) { y = frame.maxY - height }
        y = max(0, min(y, max(contentSize.height - height, 0)))
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
        layoutIfNeededNow()
    }

    // MARK: Selection

    /// indexPathsForSelectedItems: the selected items in order (empty when none is).
    public var indexPathsForSelectedItems: [IndexPath]? { selection.sorted }

    /// selectItem(at:animated:scrollPosition:): selects the item (nil: none) without asking
    /// the delegate, as UIKit.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        for item in selection.select(indexPath, keepingOthers: allowsMultipleSelection) {
            cells.visible[item]?.isSelected = false
        }
        guard let indexPath else { return }
        cells.visible[indexPath]?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// deselectItem(at:animated:).
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard selection.deselect(indexPath) else { return }
        cells.visible[indexPath]?.isSelected = false
    }

    /// A tap at `windowPoint` on an item: the delegate's shouldSelect, the selection,
    /// didDeselect of the item before, didSelect. Whether an item took it.
    func takeTap(atWindowPoint windowPoint: CGPoint) -> Bool {
        guard allowsSelection, isUserInteractionEnabled,
              let item = indexPathForItem(at: convert(windowPoint, from: nil)) else { return false }
        let delegate = collectionDelegate
        if allowsMultipleSelection, selection.contains(item) {
            deselectItem(at: item, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: item)
            return true
        }
        guard delegate?.collectionView(self, shouldSelectItemAt: item) ?? true else { return true }
        if !allowsMultipleSelection {
            for before in selection.items where before != item {
                deselectItem(at: before, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: before)
            }
        }
        selectItem(at: item, animated: false, scrollPosition: [])
        delegate?.collectionView(self, didSelectItemAt: item)
        return true
    }

    // MARK: Layout

    /// Lays out the items on screen: makes cells for items that came into view, retires
    /// those that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if laidOutSize?.width != bounds.width { framesAreCurrent = false }
        laidOutSize = bounds.size
        updateFrames()
        let shown = CGRect(x: 0, y: contentOffset.y, width: bounds.width, height: bounds.height)
        var wanted: [IndexPath: CGRect] = [:]
        for (section, items) in frames.enumerated() {
            for (item, frame) in items.enumerated() where frame.intersects(shown) {
                wanted[IndexPath(item: item, section: section)] = frame
            }
        }
        cells.retire(keeping: Set(wanted.keys), identifier: \.reuseIdentifier)
        for (indexPath, frame) in wanted.sorted(by: { $0.key < $1.key }) {
            if let cell = cells.visible[indexPath] {
                cell.frame = frame
            } else if let dataSource {
                let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
                cell.frame = frame
                cell.isSelected = selection.contains(indexPath)
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath)
                addSubview(cell)
                cell.layoutSubviews()
                cells.show(cell, at: indexPath)
            }
        }
        backgroundView?.frame = CGRect(origin: contentOffset, size: bounds.size)
    }

    /// The items' frames, from the layout, when they changed.
    private func updateFrames() {
        guard !framesAreCurrent else { return }
        framesAreCurrent = true
        let counts = (0..<numberOfSections).map(numberOfItems(inSection:))
        let flowDelegate = delegate as? UICollectionViewDelegateFlowLayout
        let layout = collectionViewLayout
        let placed = layout.layout(counts: counts, width: bounds.width) { indexPath in
            flowDelegate?.collectionView(self, layout: layout, sizeForItemAt: indexPath)
                ?? (layout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
        }
        frames = placed.frames
        contentSize = CGSize(width: bounds.width, height: placed.height)
    }

    /// The layout or the items changed: they are placed again at the next layout.
    func invalidateItems() {
        framesAreCurrent = false
        setNeedsLayout()
    }

    /// Lays the items out now when a change left them due.
    private func layoutIfNeededNow() {
        if needsLayoutSubviews || !framesAreCurrent || laidOutSize != bounds.size {
            needsLayoutSubviews = false
            layoutSubviews()
        }
    }

    /// The content offset moved: items come and go.
    override func contentOffsetDidChange() {
        layoutIfNeededNow()
        layoutSubviews()
    }
}
