import AnimatorEngine
import AnimatorLayout

/// Auto Layout for C plugins (constraints.h): the session's active constraints and the
/// views whose frames they place, solved together per view tree by the Cassowary simplex
/// (`AnimatorLayout`) when UIKit lays out: on request (view_layout_if_needed) and at the
/// end of each step of the host's clock after a change.
final class ConstraintLayout {
    /// One active constraint, as the plugin gave it.
    struct Constraint {
        var first: LayerID
        var firstAttribute: UInt32
        var firstInSafeArea: Bool
        var relation: Int32
        var second: LayerID?
        var secondAttribute: UInt32
        var secondInSafeArea: Bool
        var multiplier: Double
        var constant: Double
        var priority: Double
    }

    var constraints = HandleTable<Constraint>(kind: .constraint)
    /// Views whose translatesAutoresizingMaskIntoConstraints is false.
    var placed: Set<LayerID> = []
    /// Whether a change waits for a pass.
    var needsLayout = false

    /// UIKit's words when a required constraint cannot hold.
    static let unsatisfiable = "Unable to simultaneously satisfy constraints: will attempt to recover by breaking "

    /// The topmost ancestor of `layer`.
    static func root(of layer: Layer) -> Layer {
        var current = layer
        while let parent = current.superlayer { current = parent }
        return current
    }

    /// A layer's frame in its tree's root coordinates (transforms' bounding boxes).
    static func rootFrame(of layer: Layer) -> Rect {
        var rect = layer.frame
        var current = layer.superlayer
        while let parent = current, parent.superlayer != nil {
            rect.origin.x += parent.frame.origin.x - parent.bounds.origin.x
            rect.origin.y += parent.frame.origin.y - parent.bounds.origin.y
            current = parent.superlayer
        }
        return rect
    }

    /// Solves every tree that holds an active constraint (the end of a host step).
    func layoutAll(engine: AnimationEngine, safeArea: (screen: Size, insets: (top: Double, left: Double, bottom: Double, right: Double)),
                   log: (String) -> Void) {
        guard needsLayout else { return }
        needsLayout = false
        var roots: [LayerID] = []
        for constraint in constraints.liveObjects {
            let root = Self.root(of: Layer(engine: engine, id: constraint.first)).id
            if !roots.contains(root) { roots.append(root) }
        }
        for root in roots { layout(Layer(engine: engine, id: root), safeArea: safeArea, log: log) }
    }

    /// Solves `root`'s tree and sets the frames of its placed views.
    func layout(_ root: Layer, safeArea: (screen: Size, insets: (top: Double, left: Double, bottom: Double, right: Double)),
                log: (String) -> Void) {
        let engine = root.engine
        var tree: Set<LayerID> = []
        var order: [Layer] = []
        func walk(_ layer: Layer) {
            tree.insert(layer.id)
            order.append(layer)
            for sublayer in layer.sublayers { walk(sublayer) }
        }
        walk(root)
        let active = constraints.liveObjects.filter { tree.contains($0.first) && ($0.second.map(tree.contains) ?? true) }
        guard !active.isEmpty else { return }
        let solver = ConstraintSolver()
        var variables: [LayerID: LayoutBox] = [:]
        var made: [Layer] = []
        func variablesOf(_ layer: Layer) -> LayoutBox {
            if let known = variables[layer.id] { return known }
            let v = LayoutBox(solver)
            variables[layer.id] = v
            made.append(layer)
            if !placed.contains(layer.id) {
                let frame = Self.rootFrame(of: layer)
                for (variable, value) in [(v.x, frame.origin.x), (v.y, frame.origin.y), (v.width, frame.size.width),
                                          (v.height, frame.size.height)] {
                    _ = try? solver.add(LayoutConstraint(variable.expression, .equal, value))
                }
            } else if let size = Self.intrinsicSize(of: layer) {
                // Hugging (250) keeps it from growing past its content, compression resistance (750) from shrinking.
                for (variable, length) in [(v.width, size.width), (v.height, size.height)] where length >= 0 {
                    _ = try? solver.add(LayoutConstraint(variable.expression, .lessThanOrEqual, length, priority: LayoutPriority(250)))
                    _ = try? solver.add(LayoutConstraint(variable.expression, .greaterThanOrEqual, length, priority: LayoutPriority(750)))
                }
            }
            return v
        }
        func expression(_ id: LayerID, _ attribute: UInt32, safe: Bool) -> LinearExpression? {
            let layer = Layer(engine: engine, id: id)
            let v = variablesOf(layer)
            var insets = LayoutBox.Insets()
            if safe {
                let frame = Self.rootFrame(of: layer)
                let s = safeArea
                insets = LayoutBox.Insets(top: max(0, s.insets.top - frame.minY), left: max(0, s.insets.left - frame.minX),
                                          bottom: max(0, frame.maxY - (s.screen.height - s.insets.bottom)),
                                          right: max(0, frame.maxX - (s.screen.width - s.insets.right)))
            }
            // The host's attributes are 1 (left) … 10 (centerY), with leading as left.
            return v.expression(for: Int(attribute), insets: insets)
        }
        for constraint in active {
            guard let lhs = expression(constraint.first, constraint.firstAttribute, safe: constraint.firstInSafeArea) else { continue }
            var rhs = LinearExpression(constant: constraint.constant)
            if let second = constraint.second {
                guard let other = expression(second, constraint.secondAttribute, safe: constraint.secondInSafeArea) else { continue }
                rhs = other * constraint.multiplier + constraint.constant
            }
            let relation: LayoutRelation = constraint.relation == 0 ? .equal : constraint.relation < 0 ? .lessThanOrEqual : .greaterThanOrEqual
            do {
                try solver.add(LayoutConstraint(lhs, relation, rhs, priority: LayoutPriority(Float(constraint.priority))))
            } catch {
                log(Self.unsatisfiable + "the constraint on layer \(constraint.first.rawValue)")
            }
        }
        // Frames in each superlayer's coordinates, parents before children.
        for layer in order where placed.contains(layer.id) {
            guard let v = variables[layer.id] else { continue }
            var origin = Point(x: solver.value(of: v.x), y: solver.value(of: v.y))
            if let parent = layer.superlayer, parent.superlayer != nil {
                let parentOrigin: Point
                if let p = variables[parent.id] {
                    parentOrigin = Point(x: solver.value(of: p.x), y: solver.value(of: p.y))
                } else {
                    parentOrigin = Self.rootFrame(of: parent).origin
                }
                let bounds = parent.bounds
                origin = Point(x: origin.x - parentOrigin.x + bounds.origin.x, y: origin.y - parentOrigin.y + bounds.origin.y)
            }
            let frame = Rect(x: origin.x, y: origin.y, width: max(0, solver.value(of: v.width)),
                             height: max(0, solver.value(of: v.height)))
            if layer.frame != frame { layer.frame = frame }
        }
    }

    /// A label's text estimated as the SDK's labels are (0.55 em a character, 1.2 em a line,
    /// so layouts do not depend on fonts), or an image's size in points; nil for neither.
    static func intrinsicSize(of layer: Layer) -> Size? {
        if let text = layer.text, !text.string.isEmpty {
            let size = LayoutBox.estimatedTextSize(text.string, pointSize: text.size, lines: text.lines)
            return Size(width: size.width, height: size.height)
        }
        if let contents = layer.contents, contents.scale > 0 {
            return Size(width: Double(contents.image.width) / contents.scale, height: Double(contents.image.height) / contents.scale)
        }
        return nil
    }
}
