import AnimatorABI
import Foundation

/// UITableViewDataSource: the sections, rows and cells of a table view.
public protocol UITableViewDataSource: AnyObject {
    /// numberOfSections(in:) (default 1).
    func numberOfSections(in tableView: UITableView) -> Int
    /// tableView(_:numberOfRowsInSection:): the rows of `section`.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// tableView(_:cellForRowAt:): the cell showing a row (dequeue it from the table).
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

/// UITableViewDelegate: row heights and selection. Every method has UIKit's default.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// tableView(_:heightForRowAt:) (default: the table's `rowHeight`).
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// tableView(_:willSelectRowAt:): the row to select instead, or nil for none (default: the row).
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    /// tableView(_:didSelectRowAt:): a tap selected the row.
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    /// tableView(_:didDeselectRowAt:): the row lost its selection to another.
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// tableView(_:willDisplay:forRowAt:): a cell is about to show.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.resolvedRowHeight }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// UITableView: rows in sections, scrolled vertically, as apps build lists. It asks its
/// `dataSource` for the rows and makes cells only for the rows on screen (at layout:
/// `reloadData`, a change of size or of `contentOffset`), reusing the cells that left it
/// (`dequeueReusableCell`). A tap on a row (`animator-host run --tap X,Y`) selects it and
/// tells the `delegate` (`tableView(_:didSelectRowAt:)`, where an app pushes its detail),
/// after the recognizers of the views under the finger had their turn. Plain style: rows
/// from the top, 0.5-point separators inset 16 points (`separatorStyle`, `separatorColor`).
/// Section headers and footers, editing and swipe actions are not there.
open class UITableView: UIScrollView {
    /// UITableView.Style.
    public enum Style: Int, Sendable {
        case plain, grouped, insetGrouped
    }

    /// UITableViewCell.SeparatorStyle.
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine
    }

    /// UITableView.ScrollPosition.
    public enum ScrollPosition: Int, Sendable {
        case none, top, middle, bottom
    }

    /// UITableView.automaticDimension: a row or header sized by the table (UIKit's -1).
    public static let automaticDimension: CGFloat = -1
    /// The height of a row whose height is automatic and whose cell says nothing: UIKit's 44.
    public static let standardRowHeight: CGFloat = 44

    /// The style it was made with.
    public let style: Style
    /// The rows' sections and cells.
    public weak var dataSource: UITableViewDataSource? {
        didSet { setNeedsLayout() }
    }
    /// Every row's height unless the delegate says (default automatic: 44 points).
    public var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { setNeedsLayout() }
    }
    /// estimatedRowHeight (kept: every height here is exact).
    public var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    /// Whether rows show separators.
    public var separatorStyle = SeparatorStyle.singleLine
    /// The separators' color (UIKit's `separator`).
    public var separatorColor: UIColor? = .separator
    /// The separators' inset (16 points from the leading edge).
    public var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// Whether a tap selects a row.
    public var allowsSelection = true
    /// Whether taps select several rows (each tap on a selected row deselects it).
    public var allowsMultipleSelection = false
    /// A view behind the rows, the table's size (nil by default).
    public var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// separatorEffect: a vibrancy for the separators (kept; they are drawn in `separatorColor`).
    public var separatorEffect: UIVisualEffect?
    /// A view above the rows (its own height, the table's width).
    public var tableHeaderView: UIView? {
        didSet { replace(oldValue, with: tableHeaderView) }
    }
    /// A view below the rows.
    public var tableFooterView: UIView? {
        didSet { replace(oldValue, with: tableFooterView) }
    }

    /// The table's delegate (the scroll view's, as a table's).
    public var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    private struct Row {
        let indexPath: IndexPath
        let y: CGFloat
        let height: CGFloat
    }

    private var rows: [Row] = []
    private var rowsAreCurrent = false
    private var cells = CellPool<UITableViewCell>()
    private var separators: [IndexPath: UIView] = [:]
    private var registered: [String: UITableViewCell.Type] = [:]
    private var selection = SelectionList()
    /// The size the rows on screen were laid out for: the host may resize the view.
    private var laidOutSize: CGSize?

    /// init(frame:style:): a table of `style`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
    }

    /// A plain table (init(frame:)).
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// NSCoding: there are no archived tables here.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A row's height when the table decides it: `rowHeight`, or 44 when it is automatic.
    public var resolvedRowHeight: CGFloat { rowHeight >= 0 ? rowHeight : Self.standardRowHeight }

    // MARK: Cells

    /// register(_:forCellReuseIdentifier:): `dequeueReusableCell` makes cells of this class
    /// (nil forgets the identifier).
    public func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// dequeueReusableCell(withIdentifier:): a cell that left the screen, or nil.
    public func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        guard let cell = cells.takeWaiting(identifier) else {
            return registered[identifier].map { $0.init(registeredFor: identifier) }
        }
        cell.prepareForReuse()
        return cell
    }

    /// dequeueReusableCell(withIdentifier:for:): a cell that left the screen or a new one of
    /// the registered class; an identifier never registered gets a default-style cell (UIKit
    /// raises an exception there; the host's log says so).
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        if let link = HostLink.current {
            link.table.log(link.host, ah_log_level(AH_LOG_WARNING),
                           "dequeueReusableCell: no class registered for '\(identifier)': a default cell is used")
        }
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// reloadData(): asks the data source again; cells on screen are made anew.
    public func reloadData() {
        rowsAreCurrent = false
        cells.retire(identifier: \.reuseIdentifier)
        setNeedsLayout()
        layoutIfNeededNow()
    }

    /// numberOfSections: as the data source says.
    public var numberOfSections: Int { max(dataSource?.numberOfSections(in: self) ?? 0, 0) }

    /// numberOfRows(inSection:): as the data source says.
    public func numberOfRows(inSection section: Int) -> Int {
        max(dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0, 0)
    }

    /// cellForRow(at:): the cell showing the row, nil when it is not on screen.
    public func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeededNow()
        return cells.visible[indexPath]
    }

    /// visibleCells: the cells on screen, top to bottom.
    public var visibleCells: [UITableViewCell] {
        layoutIfNeededNow()
        return cells.orderedCells
    }

    /// indexPathsForVisibleRows: the rows on screen, top to bottom.
    public var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeededNow()
        return cells.orderedIndexPaths
    }

    /// indexPath(for:): the row a cell on screen shows.
    public func indexPath(for cell: UITableViewCell) -> IndexPath? {
        layoutIfNeededNow()
        return cells.indexPath(of: cell)
    }

    /// indexPathForRow(at:): the row under a point of the table's content.
    public func indexPathForRow(at point: CGPoint) -> IndexPath? {
        updateRows()
        guard point.x >= 0, point.x < bounds.width else { return nil }
        return rows.first { point.y >= $0.y && point.y < $0.y + $0.height }?.indexPath
    }

    /// rectForRow(at:): a row's rectangle in the table's content.
    public func rectForRow(at indexPath: IndexPath) -> CGRect {
        updateRows()
        guard let row = rows.first(where: { $0.indexPath == indexPath }) else { return .zero }
        return CGRect(x: 0, y: row.y, width: bounds.width, height: row.height)
    }

    /// scrollToRow(at:at:animated:): scrolls so the row shows at `position`.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        let rect = rectForRow(at: indexPath)
        let height = bounds.height
        var y: CGFloat
        switch position {
        case .top, .none: y = rect.minY
        case .middle: y = rect.midY - height / 2
        case .bottom: y = rect.maxY - height
        }
        y = max(0, min(y, max(contentSize.height - height, 0)))
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
        layoutIfNeededNow()
    }

    // MARK: Selection

    /// indexPathForSelectedRow: the selected row (the first of several), or nil.
    public var indexPathForSelectedRow: IndexPath? { selection.sorted.first }

    /// indexPathsForSelectedRows: the selected rows in order, or nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? { selection.items.isEmpty ? nil : selection.sorted }

    /// selectRow(at:animated:scrollPosition:): selects the row (nil: none) without asking
    /// the delegate, as UIKit.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        for row in selection.select(indexPath, keepingOthers: allowsMultipleSelection) {
            cells.visible[row]?.setSelected(false, animated: animated)
        }
        if let indexPath {
            cells.visible[indexPath]?.setSelected(true, animated: animated)
            if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
        }
    }

    /// deselectRow(at:animated:): clears the row's selection (fading when animated).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selection.deselect(indexPath) else { return }
        cells.visible[indexPath]?.setSelected(false, animated: animated)
    }

    /// A tap at `windowPoint` on a row: the delegate's willSelect, the selection, didDeselect
    /// of the row before, didSelect. Whether a row took it.
    func takeTap(atWindowPoint windowPoint: CGPoint) -> Bool {
        guard allowsSelection, isUserInteractionEnabled else { return false }
        guard let tapped = indexPathForRow(at: convert(windowPoint, from: nil)) else { return false }
        let delegate = tableDelegate
        let chosen: IndexPath? = delegate.map { $0.tableView(self, willSelectRowAt: tapped) } ?? tapped
        guard let row = chosen else { return true }
        if allowsMultipleSelection, selection.contains(row) {
            deselectRow(at: row, animated: false)
            delegate?.tableView(self, didDeselectRowAt: row)
            return true
        }
        if !allowsMultipleSelection {
            for before in selection.items where before != row {
                deselectRow(at: before, animated: false)
                delegate?.tableView(self, didDeselectRowAt: before)
            }
        }
        selectRow(at: row, animated: false, scrollPosition: .none)
        delegate?.tableView(self, didSelectRowAt: row)
        return true
    }

    // MARK: Layout

    /// Lays out the rows on screen: makes cells for rows that came into view, retires those
    /// that left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        if laidOutSize?.width != bounds.width { rowsAreCurrent = false }
        laidOutSize = bounds.size
        updateRows()
        let top = contentOffset.y, bottom = contentOffset.y + bounds.height
        var wanted: Set<IndexPath> = []
        for row in rows where row.y + row.height > top && row.y < bottom { wanted.insert(row.indexPath) }
        for indexPath in cells.visible.keys where !wanted.contains(indexPath) {
            separators[indexPath]?.removeFromSuperview()
            separators[indexPath] = nil
        }
        cells.retire(keeping: wanted, identifier: \.reuseIdentifier)
        for row in rows where wanted.contains(row.indexPath) {
            let frame = CGRect(x: 0, y: row.y, width: bounds.width, height: row.height)
            if let cell = cells.visible[row.indexPath] {
                cell.frame = frame
            } else if let dataSource {
                let cell = dataSource.tableView(self, cellForRowAt: row.indexPath)
                cell.frame = frame
                if selection.contains(row.indexPath) { cell.setSelected(true, animated: false) }
                tableDelegate?.tableView(self, willDisplay: cell, forRowAt: row.indexPath)
                insertSubview(cell, at: 0)
                cell.layoutIfNeeded()
                cell.layoutSubviews()
                cells.show(cell, at: row.indexPath)
            }
            placeSeparator(for: row, cell: cells.visible[row.indexPath])
        }
        if let backgroundView {
            backgroundView.frame = CGRect(origin: contentOffset, size: bounds.size)
        }
        if let header = tableHeaderView {
            header.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
        }
        if let footer = tableFooterView {
            footer.frame = CGRect(x: 0, y: (rows.last.map { $0.y + $0.height } ?? headerHeight), width: bounds.width,
                                  height: footer.frame.height)
        }
    }

    /// The rows' places, from the data source and the delegate, when they changed.
    private func updateRows() {
        guard !rowsAreCurrent else { return }
        rowsAreCurrent = true
        rows = []
        var y = headerHeight
        for section in 0..<numberOfSections {
            for index in 0..<numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: index, section: section)
                var height = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? resolvedRowHeight
                if height < 0 { height = Self.standardRowHeight }
                rows.append(Row(indexPath: indexPath, y: y, height: height))
                y += height
            }
        }
        contentSize = CGSize(width: bounds.width, height: y + (tableFooterView?.frame.height ?? 0))
    }

    private var headerHeight: CGFloat { tableHeaderView?.frame.height ?? 0 }

    /// A separator under the row (not under the last), UIKit's hairline: half a point.
    private func placeSeparator(for row: Row, cell: UITableViewCell?) {
        let last = rows.last?.indexPath == row.indexPath
        guard separatorStyle == .singleLine, !last, let color = separatorColor else {
            separators[row.indexPath]?.removeFromSuperview()
            separators[row.indexPath] = nil
            return
        }
        let inset = cell?.separatorInset ?? separatorInset
        let line = separators[row.indexPath] ?? UIView()
        line.backgroundColor = color
        line.frame = CGRect(x: inset.left, y: row.y + row.height - 0.5, width: bounds.width - inset.left - inset.right,
                            height: 0.5)
        if line.superview !== self { addSubview(line) }
        separators[row.indexPath] = line
    }

    private func replace(_ old: UIView?, with new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        rowsAreCurrent = false
        setNeedsLayout()
    }

    /// Lays the rows out now when a change left them due.
    private func layoutIfNeededNow() {
        if needsLayoutSubviews || !rowsAreCurrent || laidOutSize != bounds.size {
            needsLayoutSubviews = false
            layoutSubviews()
        }
    }

    /// The content offset moved: rows come and go.
    override func contentOffsetDidChange() {
        layoutIfNeededNow()
        layoutSubviews()
    }
}
