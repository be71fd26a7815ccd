import AnimatorABI
import AnimatorLayout

/// The layout pass of constraint-based views, when UIKit runs it: `layoutIfNeeded()`, and
/// the end of every host call into the plugin (UIKit's end of a run-loop turn, before the
/// next frame is drawn) after a constraint changed. Each pass solves every active constraint
/// in the view tree of the change from scratch (a Cassowary simplex, `AnimatorLayout`) in
/// window coordinates, with the views that keep `translatesAutoresizingMaskIntoConstraints`
/// held where they are, and sets the frames of the others, so that inside an animation
/// block the new frames animate.
enum LayoutPass {
    /// The views whose trees need a pass, per thread (the host's thread).
    private final class Pending {
        var views: [UIView] = []
        /// Views whose layoutSubviews is due while no constraint is active anywhere (no tree
        /// to solve: only their own layoutSubviews runs).
        var manual: [UIView] = []
        /// How many constraints are active: with none, nothing is solved and no tree walked,
        /// so animators that only set frames pay nothing for Auto Layout.
        var activeConstraints = 0
        /// Whether a pass is setting frames (its own changes need no other pass).
        var applying = false
    }

    private static let slot = ThreadSlot<Pending>()

    private static var pending: Pending { slot.value(orMake: Pending.init) }

    /// The constraint's views' trees need a pass.
    static func invalidate(_ constraint: NSLayoutConstraint) {
        pending.views += constraint.views
    }

    /// A constraint became active (+1) or inactive (−1).
    static func countActive(_ change: Int) {
        pending.activeConstraints += change
    }

    /// `view`'s tree needs a pass (not while a pass sets the frames it solved; not while no
    /// constraint is active, when there is nothing to solve).
    static func invalidate(_ view: UIView) {
        // A view made outside a host call belongs to no engine: nothing to lay out.
        guard view.layer.handle != 0 else { return }
        let waiting = pending
        if !waiting.applying, waiting.activeConstraints > 0 { waiting.views.append(view) }
    }

    /// `view`'s layoutSubviews is due (flagged by the caller): in its tree's pass when
    /// constraints are active, else on its own.
    static func layoutSubviewsDue(_ view: UIView) {
        guard view.layer.handle != 0 else { return }
        let waiting = pending
        if waiting.activeConstraints > 0 { invalidate(view) } else { waiting.manual.append(view) }
    }

    /// Lays out `view`'s tree if it needs it (layoutIfNeeded).
    static func layoutIfNeeded(_ view: UIView) {
        let waiting = pending
        // The constraints' frames first, then layoutSubviews by hand.
        if !waiting.views.isEmpty {
            let root = view.ancestry.last ?? view
            if waiting.views.contains(where: { ($0.ancestry.last ?? $0) === root }) {
                waiting.views = waiting.views.filter { ($0.ancestry.last ?? $0) !== root }
                layout(root)
            }
        }
        if !waiting.manual.isEmpty {
            let inTree = waiting.manual.filter { $0.ancestry.contains { $0 === view } }
            waiting.manual.removeAll { candidate in inTree.contains { $0 === candidate } }
            runLayoutSubviews(inTree)
        }
    }

    /// Runs the layoutSubviews still due of `views`, in order.
    private static func runLayoutSubviews(_ views: [UIView]) {
        for view in views where view.needsLayoutSubviews {
            view.needsLayoutSubviews = false
            let controller = view.controller
            controller?.viewWillLayoutSubviews()
            view.layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
    }

    /// Lays out every tree that needs it (the end of a host call).
    static func flush() {
        guard slot.current != nil else { return }
        // layoutSubviews that keeps changing sizes would ask for passes forever: UIKit would
        // hang; here the passes stop, and the host's log says so.
        var passes = 0
        let waiting = pending
        while let view = waiting.views.first ?? waiting.manual.first {
            passes += 1
            if passes > 100 {
                waiting.views.removeAll()
                waiting.manual.removeAll()
                if let link = HostLink.current {
                    link.table.log(link.host, ah_log_level(AH_LOG_WARNING), "layout: still changing after 100 passes "
                                   + "(a layoutSubviews that changes sizes every time?); stopped")
                }
                return
            }
            if waiting.views.first === view {
                layoutIfNeeded(view)
                // A view whose tree was laid out is gone from the list; drop one that was not.
                if let first = waiting.views.first, first === view { waiting.views.removeFirst() }
            } else {
                let due = waiting.manual
                waiting.manual.removeAll()
                runLayoutSubviews(due)
            }
        }
    }

    /// Solves the active constraints of `root`'s tree and sets the frames they give.
    ///
    /// With `fitting`, nothing is set: `root`'s size is solved instead, free of its frame,
    /// drawn toward `fitting` at UIKit's fitting-size priority (50), and returned
    /// (systemLayoutSizeFitting).
    @discardableResult
    static func layout(_ root: UIView, fitting target: CGSize? = nil) -> CGSize? {
        var constraints: [NSLayoutConstraint] = []
        var tree: [UIView] = []
        func walk(_ view: UIView) {
            tree.append(view)
            constraints += view.installedConstraints.filter(\.isActive)
            for subview in view.subviews { walk(subview) }
        }
        walk(root)
        // layoutSubviews of the views that asked for it or changed size, parents first
        // (a view's frame set here flags it again; it runs after the constraints' frames).
        defer { if target == nil { runLayoutSubviews(tree) } }
        let laidOut = tree.filter { !$0.translatesAutoresizingMaskIntoConstraints || (target != nil && $0 === root) }
        guard !constraints.isEmpty || !laidOut.isEmpty else { return target == nil ? nil : root.bounds.size }
        let solver = ConstraintSolver()
        var variables: [ObjectIdentifier: LayoutBox] = [:]
        var order: [UIView] = []
        func variablesOf(_ view: UIView) -> LayoutBox {
            if let known = variables[ObjectIdentifier(view)] { return known }
            let made = LayoutBox(solver)
            variables[ObjectIdentifier(view)] = made
            order.append(view)
            if let target, view === root {
                // Fitting: at the origin, its size drawn toward the target, weakly.
                _ = try? solver.add(LayoutConstraint(made.x.expression, .equal, 0))
                _ = try? solver.add(LayoutConstraint(made.y.expression, .equal, 0))
                _ = try? solver.add(LayoutConstraint(made.width.expression, .equal, Double(target.width), priority: LayoutPriority(50)))
                _ = try? solver.add(LayoutConstraint(made.height.expression, .equal, Double(target.height), priority: LayoutPriority(50)))
            } else if view.translatesAutoresizingMaskIntoConstraints {
                // Held where it is, as UIKit's autoresizing-mask constraints hold it.
                let frame = view.convert(view.bounds, to: nil)
                for (variable, value) in [(made.x, frame.minX), (made.y, frame.minY), (made.width, frame.width),
                                          (made.height, frame.height)] {
                    _ = try? solver.add(LayoutConstraint(variable.expression, .equal, value))
                }
            }
            return made
        }
        for view in laidOut {
            let own = variablesOf(view)
            // Intrinsic content size: hugging keeps it from growing, compression resistance
            // from shrinking.
            let size = view.intrinsicContentSize
            for (variable, length, axis) in [(own.width, size.width, NSLayoutConstraint.Axis.horizontal),
                                             (own.height, size.height, .vertical)] where length >= 0 {
                let hugging = view.contentHuggingPriority(for: axis), resistance = view.contentCompressionResistancePriority(for: axis)
                _ = try? solver.add(LayoutConstraint(variable.expression, .lessThanOrEqual, length,
                                                     priority: LayoutPriority(hugging.rawValue)))
                _ = try? solver.add(LayoutConstraint(variable.expression, .greaterThanOrEqual, length,
                                                     priority: LayoutPriority(resistance.rawValue)))
            }
        }
        let rightToLeft = root.effectiveUserInterfaceLayoutDirection == .rightToLeft
        func expression(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> LinearExpression? {
            var insets = UIEdgeInsets.zero
            let view: UIView
            if let guide = item as? UILayoutGuide, let owner = guide.owningView {
                view = owner
                insets = owner.safeAreaInsets
            } else if let plain = item as? UIView {
                view = plain
            } else {
                return nil
            }
            return variablesOf(view).expression(for: attribute.rawValue,
                                                insets: LayoutBox.Insets(top: Double(insets.top), left: Double(insets.left),
                                                                         bottom: Double(insets.bottom), right: Double(insets.right)),
                                                rightToLeft: rightToLeft)
        }
        let link = HostLink.current
        for constraint in constraints {
            guard let lhs = expression(constraint.firstItem, constraint.firstAttribute) else { continue }
            var rhs = LinearExpression(constant: Double(constraint.constant))
            if constraint.secondItem != nil {
                guard let second = expression(constraint.secondItem, constraint.secondAttribute) else { continue }
                rhs = second * Double(constraint.multiplier) + Double(constraint.constant)
            }
            let relation: LayoutRelation = constraint.relation == .equal ? .equal
                : constraint.relation == .lessThanOrEqual ? .lessThanOrEqual : .greaterThanOrEqual
            do {
                try solver.add(LayoutConstraint(lhs, relation, rhs, priority: LayoutPriority(constraint.priority.rawValue)))
            } catch {
                // UIKit's words: it breaks the constraint and carries on.
                link?.table.log(link!.host, ah_log_level(AH_LOG_WARNING),
                                "Unable to simultaneously satisfy constraints: will attempt to recover by breaking "
                                + "\(constraint)")
            }
        }
        if target != nil {
            let v = variablesOf(root)
            return CGSize(width: max(0, solver.value(of: v.width)), height: max(0, solver.value(of: v.height)))
        }
        // Frames in each superview's coordinates, from the window's.
        pending.applying = true
        defer { pending.applying = false }
        for view in order where !view.translatesAutoresizingMaskIntoConstraints {
            let v = variables[ObjectIdentifier(view)]!
            var origin = CGPoint(x: solver.value(of: v.x), y: solver.value(of: v.y))
            if let parent = view.superview {
                let parentOrigin: CGPoint
                if let p = variables[ObjectIdentifier(parent)] {
                    parentOrigin = CGPoint(x: solver.value(of: p.x), y: solver.value(of: p.y))
                } else {
                    parentOrigin = parent.convert(parent.bounds, to: nil).origin
                }
                let bounds = parent.bounds
                origin = CGPoint(x: origin.x - parentOrigin.x + bounds.minX, y: origin.y - parentOrigin.y + bounds.minY)
            }
            let frame = CGRect(x: origin.x, y: origin.y, width: max(0, solver.value(of: v.width)),
                               height: max(0, solver.value(of: v.height)))
            if view.frame != frame { view.frame = frame }
        }
        return nil
    }
}
