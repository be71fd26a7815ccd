import Foundation

/// UICollectionViewLayout: where a collection view's items go. The host has the flow
/// layout (`UICollectionViewFlowLayout`).
open class UICollectionViewLayout: NSObject {
    /// The collection view it lays out.
    public internal(set) weak var collectionView: UICollectionView?

    /// The frames of every item, by section and item, and the content's size, for a
    /// collection view of `width` whose sections hold `counts` items.
    func layout(counts: [Int], width: CGFloat, size: (IndexPath) -> CGSize) -> (frames: [[CGRect]], height: CGFloat) {
        (counts.map { Array(repeating: .zero, count: $0) }, 0)
    }

    /// invalidateLayout(): lays the items out again.
    open func invalidateLayout() {
        collectionView?.invalidateItems()
    }
}

/// UICollectionViewFlowLayout, vertical: items in lines from the leading edge, a line as
/// full as `minimumInteritemSpacing` allows, lines `minimumLineSpacing` apart, each section
/// inside its `sectionInset`. As UIKit's, a line of several items is justified (the items
/// spread so that the first and last touch the insets), a line of one item is centred, and
/// items shorter than their line are centred in it. Headers, footers and horizontal
/// scrolling are not there.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// UICollectionView.ScrollDirection (kept: the host lays out vertically).
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// Every item's size unless the delegate says (UIKit's 50 × 50).
    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    /// estimatedItemSize (kept: sizes here are exact).
    open var estimatedItemSize = CGSize.zero
    /// The least space between items of a line (UIKit's 10).
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The space between lines (UIKit's 10).
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    /// The margins of each section.
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
    /// The scroll direction (kept).
    open var scrollDirection = ScrollDirection.vertical

    override func layout(counts: [Int], width: CGFloat, size: (IndexPath) -> CGSize) -> (frames: [[CGRect]], height: CGFloat) {
        var frames: [[CGRect]] = []
        var y: CGFloat = 0
        for (section, count) in counts.enumerated() {
            y += sectionInset.top
            let left = sectionInset.left, right = width - sectionInset.right
            var placed: [CGRect] = []
            var index = 0
            while index < count {
                // As many items as fit in the line at the least spacing.
                var line: [CGSize] = []
                var used: CGFloat = 0
                while index + line.count < count {
                    let next = size(IndexPath(item: index + line.count, section: section))
                    let needed = used + (line.isEmpty ? 0 : minimumInteritemSpacing) + next.width
                    if !line.isEmpty, needed > right - left + 1e-9 { break }
                    line.append(next)
                    used = needed
                }
                let height = line.map(\.height).max() ?? 0
                let widths = line.map(\.width).reduce(0, +)
                if line.count == 1 {
                    let item = line[0]
                    placed.append(CGRect(x: left + (right - left - item.width) / 2, y: y + (height - item.height) / 2,
                                         width: item.width, height: item.height))
                } else {
                    let spacing = (right - left - widths) / CGFloat(line.count - 1)
                    var x = left
                    for item in line {
                        placed.append(CGRect(x: x, y: y + (height - item.height) / 2, width: item.width, height: item.height))
                        x += item.width + spacing
                    }
                }
                index += line.count
                y += height
                if index < count { y += minimumLineSpacing }
            }
            y += sectionInset.bottom
            frames.append(placed)
        }
        return (frames, y)
    }
}
