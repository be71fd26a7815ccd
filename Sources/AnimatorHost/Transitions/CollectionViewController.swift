import AnimatorEngine

/// UICollectionViewFlowLayout, vertical: items of one size in lines. Each line is
/// justified as UIKit's flow layout does it: a line of k > 1 items spreads them so the
/// first touches the left inset and the last the right one; a line of one item centres it.
public struct FlowLayout: Equatable, Sendable {
    /// itemSize.
    public var itemSize: Size
    /// minimumInteritemSpacing: the least space between items of a line.
    public var minimumInteritemSpacing: Double
    /// minimumLineSpacing: the space between lines.
    public var minimumLineSpacing: Double
    /// sectionInset (top, left, bottom, right).
    public var sectionInset: (top: Double, left: Double, bottom: Double, right: Double)

    /// Creates a layout.
    public init(itemSize: Size, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
                sectionInset: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)) {
        self.itemSize = itemSize
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.minimumLineSpacing = minimumLineSpacing
        self.sectionInset = sectionInset
    }

    public static func == (lhs: FlowLayout, rhs: FlowLayout) -> Bool {
        lhs.itemSize == rhs.itemSize && lhs.minimumInteritemSpacing == rhs.minimumInteritemSpacing
            && lhs.minimumLineSpacing == rhs.minimumLineSpacing && lhs.sectionInset == rhs.sectionInset
    }

    /// How many items fit in a line of a collection view `width` points wide (at least 1).
    public func itemsPerLine(width: Double) -> Int {
        let available = width - sectionInset.left - sectionInset.right
        let count = ((available + minimumInteritemSpacing) / (itemSize.width + minimumInteritemSpacing)).rounded(.down)
        return max(1, Int(count))
    }

    /// The frames of `count` items in a collection view `width` points wide.
    public func frames(count: Int, width: Double) -> [Rect] {
        let perLine = itemsPerLine(width: width)
        let available = width - sectionInset.left - sectionInset.right
        return (0..<max(count, 0)).map { index in
            let line = index / perLine, column = index % perLine
            let itemsInLine = min(perLine, count - line * perLine)
            let x: Double
            if itemsInLine == 1 {
                x = sectionInset.left + (available - itemSize.width) / 2
            } else {
                let spacing = (available - Double(itemsInLine) * itemSize.width) / Double(itemsInLine - 1)
                x = sectionInset.left + Double(column) * (itemSize.width + spacing)
            }
            let y = sectionInset.top + Double(line) * (itemSize.height + minimumLineSpacing)
            return Rect(x: x, y: y, width: itemSize.width, height: itemSize.height)
        }
    }
}

/// UICollectionViewController: a screen whose content is a collection view of cells laid
/// out by a flow layout. With `useLayoutToLayoutNavigationTransitions`, pushing it on a
/// navigation stack whose top is a collection view controller animates the shared
/// collection view from the top's layout to this one's (and popping animates back),
/// instead of a screen transition (seed 000).
public final class CollectionViewController {
    /// The screen.
    public let controller: ViewController
    /// The collection view: the cells' superview. Shared with the screen below during a
    /// layout-to-layout navigation.
    public internal(set) var collectionView: View
    /// The cells, in item order.
    public internal(set) var cells: [View]
    /// The layout.
    public let layout: FlowLayout
    /// useLayoutToLayoutNavigationTransitions.
    public var useLayoutToLayoutNavigationTransitions = false

    /// Creates a collection view controller with `itemCount` cells laid out by `layout`.
    ///
    /// - Throws: `EngineError` if the views cannot be assembled.
    public init(name: String, itemCount: Int, layout: FlowLayout, engine: AnimationEngine,
                frame: Rect) throws(EngineError) {
        self.layout = layout
        controller = ViewController(name: name, engine: engine, frame: frame)
        collectionView = engine.makeView(frame: Rect(origin: .zero, size: frame.size), name: "\(name) collection")
        cells = []
        let frames = layout.frames(count: itemCount, width: frame.size.width)
        for (index, cellFrame) in frames.enumerated() {
            let cell = engine.makeView(frame: cellFrame, name: "cell \(index)")
            cell.backgroundColor = RGBAColor(red: 0.23, green: 0.51, blue: 0.96, alpha: 1)
            try collectionView.addSubview(cell)
            cells.append(cell)
        }
        try controller.view.addSubview(collectionView)
    }

    /// The cells' frames under this controller's layout.
    public var layoutFrames: [Rect] { layout.frames(count: cells.count, width: collectionView.bounds.size.width) }
}

/// The navigation transition between two collection view controllers that use
/// layout-to-layout transitions: the collection view moves into the incoming screen and
/// its cells animate from the outgoing layout to the incoming one (0.35 s, ease in-out,
/// UIKit's navigation timing); on cancellation they go back.
final class LayoutToLayoutAnimator: TransitionAnimator {
    let from: CollectionViewController
    let to: CollectionViewController
    let duration: Double

    init(from: CollectionViewController, to: CollectionViewController, duration: Double = 0.35) {
        self.from = from
        self.to = to
        self.duration = duration
    }

    var identifier: String { "system.layout-to-layout" }

    func begin(_ state: TransitionState, engine: AnimationEngine) -> (duration: Double, problems: [String]) {
        let shared = from.collectionView
        let cells = from.cells
        let start = cells.map(\.frame)
        let target = to.layout.frames(count: cells.count, width: shared.bounds.size.width)
        let previous = (view: to.collectionView, cells: to.cells)
        do {
            if let toView = state.toView { try state.container.addSubview(toView) }
            if previous.view != shared { previous.view.removeFromSuperview() }
            try to.controller.view.addSubview(shared)
        } catch {
            state.completeTransition(false)
            return (0, ["layout-to-layout: \(error)"])
        }
        to.collectionView = shared
        to.cells = cells
        engine.animate(withDuration: duration, animations: {
            for (cell, frame) in zip(cells, target) { cell.frame = frame }
        }, completion: { [from, to] _ in
            if state.wasCancelled {
                engine.performWithoutAnimation {
                    for (cell, frame) in zip(cells, start) { cell.frame = frame }
                }
                try? from.controller.view.addSubview(shared)
                to.collectionView = previous.view
                to.cells = previous.cells
                if previous.view != shared { try? to.controller.view.addSubview(previous.view) }
            }
            state.completeTransition(!state.wasCancelled)
        })
        return (duration, [])
    }

    func end(_ state: TransitionState) {}
}
