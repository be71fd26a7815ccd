import AnimatorABI
import Foundation

/// When UIKit draws views: a view whose `draw(_:)` may draw (any subclass, once after it
/// is made; any view after `setNeedsDisplay()`, or a size change with `contentMode`
/// `.redraw`) draws at the end of the host's call into the plugin, after layout, into a
/// context of its bounds at the screen's scale; what it drew becomes its layer's contents.
/// A `draw(_:)` that draws nothing leaves the contents alone (an image view's image stays).
enum DisplayPass {
    private final class Pending {
        var views: [UIView] = []
    }

    private static let slot = ThreadSlot<Pending>()

    /// `view` draws at the end of this host call.
    static func due(_ view: UIView) {
        let pending = slot.value(orMake: Pending.init)
        if !pending.views.contains(where: { $0 === view }) { pending.views.append(view) }
    }

    /// Draws the views due (the end of a host call, after layout).
    static func flush() {
        guard let pending = slot.current, !pending.views.isEmpty else { return }
        var rounds = 0
        while !pending.views.isEmpty, rounds < 10 {
            rounds += 1
            let due = pending.views
            pending.views.removeAll()
            for view in due { display(view) }
        }
        pending.views.removeAll()
    }

    /// Runs `view.draw(_:)` into a context of its bounds; sets the contents if it drew.
    static func display(_ view: UIView) {
        let bounds = view.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return }
        let scale = UIScreen.main.scale
        let context = CGContext(size: bounds.size, scale: scale)
        if bounds.origin != .zero { context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y) }
        GraphicsContextStack.with(context) { view.draw(bounds) }
        guard context.drewSomething else {
            if view.showsDrawing {
                view.layer.contents = nil
                view.showsDrawing = false
            }
            return
        }
        guard let image = context.image() else { return }
        view.layer.contentsScale = scale
        view.layer.contents = image
        view.showsDrawing = true
    }
}
