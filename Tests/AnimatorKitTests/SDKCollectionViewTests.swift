import AnimatorABI
@testable import AnimatorHost
@testable import AnimatorKit
import Testing
@testable import AnimatorEngine
@testable import AnimatorRuns

/// A photo grid as apps build it: a `UICollectionViewController` subclass with a flow
/// layout of three square items to a line, a registered cell class, and a
/// `didSelectItemAt` that pushes the photo's page.
@Suite struct SDKCollectionViewTests {
    final class PhotoCell: UICollectionViewCell {
        let photo = UIView()
        var reuses = 0

        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(photo)
        }

        required init?(coder: NSCoder) {
            return nil
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            photo.frame = contentView.bounds
        }

        override func prepareForReuse() {
            super.prepareForReuse()
            reuses += 1
        }
    }

    final class GridViewController: UICollectionViewController {
        var selections: [IndexPath] = []
        var cells: [PhotoCell] = []

        init() {
            let layout = UICollectionViewFlowLayout()
            layout.sectionInset = UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
            layout.minimumInteritemSpacing = 2
            layout.minimumLineSpacing = 2
            super.init(collectionViewLayout: layout)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            title = "Photos"
            collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
        }

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath) as! PhotoCell
            if !cells.contains(where: { $0 === cell }) { cells.append(cell) }
            cell.photo.backgroundColor = indexPath.item % 2 == 0 ? .systemTeal : .systemPink
            return cell
        }

        override func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                                     sizeForItemAt indexPath: IndexPath) -> CGSize {
            let side = (collectionView.bounds.width - 8) / 3
            return CGSize(width: side, height: side)
        }

        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            selections.append(indexPath)
            let page = UIViewController()
            page.title = "Photo \(indexPath.item)"
            navigationController?.pushViewController(page, animated: true)
        }
    }

    final class App: NSObject, ScreenProviding {
        var grids: [GridViewController] = []
        func viewController(forScreen name: String) -> UIViewController? {
            guard name == "list" else { return nil }
            let grid = GridViewController()
            grids.append(grid)
            return grid
        }
    }

    @Test func aTapOnAPhotoPushesItsPageAndOnlyTheItemsOnScreenHaveCells() throws {
        let app = App()
        let made = SDKAppStage(app, operations: OperationSet([.push, .pop]))
        // Below the bars (91 points): window (300, 400) is content (300, 309). The side is
        // (390 − 8) / 3 = 127.33; lines start at 2 + r × 129.33: y 309 is line 2, x 300
        // column 2: item 8.
        let outcome = try made.stage.perform(.push, animator: made.instance, tap: Point(x: 300, y: 400))
        #expect(outcome.completed)
        let grid = try #require(app.grids.first)
        let collection = try #require(grid.collectionView)
        #expect(grid.selections == [IndexPath(item: 8, section: 0)])
        #expect(made.stage.to.title == "Photo 8" && made.stage.from.title == "Photos")
        let side = (390.0 - 8) / 3
        let attributes = try #require(collection.layoutAttributesForItem(at: IndexPath(item: 8, section: 0)))
        #expect(abs(attributes.frame.minX - (2 + 2 * (side + 2))) < 1e-9 && abs(attributes.frame.minY - (2 + 2 * (side + 2))) < 1e-9)
        #expect(abs(attributes.frame.width - side) < 1e-9)
        // Ten lines: 2 + 10 × side + 9 × 2 + 2 points of content.
        #expect(abs(collection.contentSize.height - (4 + 10 * side + 18)) < 1e-9)
        // 753 points tall: lines 0 to 5 show (line 6 starts at 2 + 6 × 129.33 = 778).
        #expect(collection.indexPathsForVisibleItems == (0..<18).map { IndexPath(item: $0, section: 0) })
        #expect(collection.visibleCells.count == 18)
        #expect(collection.cellForItem(at: IndexPath(item: 18, section: 0)) == nil)
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 8, section: 0)])
        // Scrolled to the end (content − 753), lines 4 to 9 show; no new cell is made.
        let made0 = grid.cells.count
        CurrentHost.with(made.host) {
            collection.contentOffset = CGPoint(x: 0, y: collection.contentSize.height - 753)
        }
        #expect(collection.indexPathsForVisibleItems == (12..<30).map { IndexPath(item: $0, section: 0) })
        #expect(grid.cells.count == made0)
        #expect(grid.cells.map(\.reuses).reduce(0, +) == 12)
    }

    /// UIKit's flow layout rule, worked by hand: 100-point items in a 390-point view with
    /// 10 points between them: three fit (320 ≤ 390, a fourth needs 430); the line is
    /// justified (45 points between items: x 0, 145, 290); a last line of one item is
    /// centred (x 145).
    @Test func aFlowLayoutJustifiesItsLinesAndCentresALoneItem() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.minimumLineSpacing = 20
        let placed = layout.layout(counts: [7], width: 390) { _ in layout.itemSize }
        let xs = placed.frames[0].map(\.minX), ys = placed.frames[0].map(\.minY)
        #expect(xs == [0, 145, 290, 0, 145, 290, 145])
        #expect(ys == [0, 0, 0, 120, 120, 120, 240])
        #expect(placed.height == 340)
    }
}
