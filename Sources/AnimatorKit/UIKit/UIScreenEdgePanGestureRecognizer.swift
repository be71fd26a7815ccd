import AnimatorABI
import Glibc

/// UIRectEdge.
public struct UIRectEdge: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

/// UIScreenEdgePanGestureRecognizer: a pan that starts at an edge of the screen: within
/// `edgeWidth` points of one of its `edges`, for a trace that says where the finger comes
/// down (`at`); a trace that does not is taken to start at the edge its motion leaves (a
/// pan to the right from the left edge, and so on).
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the pan may start at.
    public var edges: UIRectEdge = []
    private var tracking = false

    /// An edge pan recognizer whose handler is `handler`.
    public convenience init(handler: @escaping (UIScreenEdgePanGestureRecognizer) -> Void) {
        self.init()
        addTarget { handler($0 as! UIScreenEdgePanGestureRecognizer) }
    }

    /// How near an edge a pan must start, in points (UIKit does not document its figure).
    public static let edgeWidth: CGFloat = 20

    override func accepts(_ sample: GestureSample) -> Bool {
        guard sample.kind == .pan else { return false }
        if sample.phase == .began, let start = sample.location {
            let screen = UIScreen.main.bounds
            var near: UIRectEdge = []
            if start.x - screen.minX <= Self.edgeWidth { near.insert(.left) }
            if screen.maxX - start.x <= Self.edgeWidth { near.insert(.right) }
            if start.y - screen.minY <= Self.edgeWidth { near.insert(.top) }
            if screen.maxY - start.y <= Self.edgeWidth { near.insert(.bottom) }
            tracking = !edges.intersection(near).isEmpty
        } else if sample.phase == .began {
            // The edge the pan starts at: the one its direction moves away from.
            let direction = sample.velocity != 0 ? sample.velocity : sample.value
            let edge: UIRectEdge = sample.axis == .y ? (direction >= 0 ? .top : .bottom) : (direction >= 0 ? .left : .right)
            tracking = !edges.intersection(edge).isEmpty
        }
        return tracking
    }
}
