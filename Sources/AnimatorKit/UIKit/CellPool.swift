import Foundation

/// The cells a table or collection view shows, by row or item, and those that left the
/// screen waiting to be handed out again (`dequeueReusableCell`), by reuse identifier.
struct CellPool<Cell: UIView> {
    /// The cells on screen.
    private(set) var visible: [IndexPath: Cell] = [:]
    private var waiting: [String: [Cell]] = [:]

    /// The cells on screen, in row or item order.
    var orderedCells: [Cell] { visible.sorted { $0.key < $1.key }.map(\.value) }

    /// The rows or items on screen, in order.
    var orderedIndexPaths: [IndexPath] { visible.keys.sorted() }

    /// The row or item a cell on screen shows.
    func indexPath(of cell: Cell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// Shows `cell` for `indexPath`.
    mutating func show(_ cell: Cell, at indexPath: IndexPath) {
        visible[indexPath] = cell
    }

    /// A cell waiting under `identifier`, taken out of the pool.
    mutating func takeWaiting(_ identifier: String) -> Cell? {
        waiting[identifier]?.popLast()
    }

    /// Takes the cells of rows or items not in `kept` off the screen (all of them without
    /// `kept`) and keeps them for reuse under their identifiers.
    mutating func retire(keeping kept: Set<IndexPath> = [], identifier: (Cell) -> String?) {
        for (indexPath, cell) in visible where !kept.contains(indexPath) {
            cell.removeFromSuperview()
            if let key = identifier(cell) { waiting[key, default: []].append(cell) }
            visible[indexPath] = nil
        }
    }
}
