import Foundation

/// The selected rows or items of a table or collection view, in the order they were
/// selected.
struct SelectionList {
    private(set) var items: [IndexPath] = []

    /// The selected ones, in row or item order.
    var sorted: [IndexPath] { items.sorted() }

    /// Whether `indexPath` is selected.
    func contains(_ indexPath: IndexPath) -> Bool { items.contains(indexPath) }

    /// Selects `indexPath` (nil: none), the others too when `keepingOthers`.
    ///
    /// - Returns: the ones it deselected.
    mutating func select(_ indexPath: IndexPath?, keepingOthers: Bool) -> [IndexPath] {
        var dropped: [IndexPath] = []
        if !keepingOthers || indexPath == nil {
            dropped = items.filter { $0 != indexPath }
            items.removeAll { $0 != indexPath }
        }
        if let indexPath, !items.contains(indexPath) { items.append(indexPath) }
        return dropped
    }

    /// Deselects `indexPath`; whether it was selected.
    mutating func deselect(_ indexPath: IndexPath) -> Bool {
        guard items.contains(indexPath) else { return false }
        items.removeAll { $0 == indexPath }
        return true
    }
}
