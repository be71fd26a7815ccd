import AnimatorABI
import Foundation

/// When Core Animation lays out and displays layers of the plugin's classes: at the end of
/// the host's call into the plugin, after the views' layout and drawing, the layers that
/// asked (`setNeedsLayout`, `setNeedsDisplay`) run `layoutSublayers()` and `display()`.
enum LayerPass {
    private final class Pending {
        var layout: [CALayer] = []
        var display: [CALayer] = []
    }

    private static let slot = ThreadSlot<Pending>()
    private static var pending: Pending { slot.value(orMake: Pending.init) }

    static func layoutDue(_ layer: CALayer) {
        if !pending.layout.contains(where: { $0 === layer }) { pending.layout.append(layer) }
    }

    static func displayDue(_ layer: CALayer) {
        if !pending.display.contains(where: { $0 === layer }) { pending.display.append(layer) }
    }

    static func layoutNow(_ layer: CALayer) {
        guard let waiting = slot.current, waiting.layout.contains(where: { $0 === layer }) else { return }
        waiting.layout.removeAll { $0 === layer }
        layer.layoutSublayers()
    }

    static func displayNow(_ layer: CALayer) {
        guard let waiting = slot.current, waiting.display.contains(where: { $0 === layer }) else { return }
        waiting.display.removeAll { $0 === layer }
        layer.displayAsShown()
    }

    /// Runs what is due (a few rounds: a layout may ask for display).
    static func flush() {
        guard let waiting = slot.current else { return }
        var rounds = 0
        while !(waiting.layout.isEmpty && waiting.display.isEmpty), rounds < 10 {
            rounds += 1
            let layouts = waiting.layout, displays = waiting.display
            waiting.layout.removeAll()
            waiting.display.removeAll()
            layouts.forEach { $0.layoutSublayers() }
            displays.forEach { $0.displayAsShown() }
        }
        waiting.layout.removeAll()
        waiting.display.removeAll()
    }

    /// The default display(): draw(in:) into a context of the bounds; what it drew (if
    /// anything) becomes the contents.
    static func drawContents(of layer: CALayer) {
        let bounds = layer.bounds
        guard bounds.width > 0, bounds.height > 0, bounds.width.isFinite, bounds.height.isFinite else { return }
        let scale = UIScreen.main.scale
        let context = CGContext(size: bounds.size, scale: scale)
        if bounds.origin != .zero { context.translateBy(x: -bounds.origin.x, y: -bounds.origin.y) }
        GraphicsContextStack.with(context) { layer.draw(in: context) }
        guard context.drewSomething else {
            if layer.showsDrawing {
                layer.contents = nil
                layer.showsDrawing = false
            }
            return
        }
        guard let image = context.image() else { return }
        layer.contentsScale = scale
        layer.contents = image
        layer.showsDrawing = true
    }
}
