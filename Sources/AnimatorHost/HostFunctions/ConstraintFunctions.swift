import AnimatorABI
import AnimatorEngine
import Glibc

// Implements animator_host/constraints.h: `constraint_activate`, `constraint_set_constant`,
// `constraint_deactivate`, `view_set_uses_constraints`, `view_layout_if_needed`.
// Table batch 1.10.

extension HostSession {
    /// Auto Layout for C plugins.
    static func installConstraintFunctions(in table: UnsafeMutablePointer<ah_host>) {
        table.pointee.constraint_activate = { host, constraint, out in
            HostSession.call(host) { session throws(HostCallError) in
                let out = try required(out, "out")
                let c = try required(constraint, "constraint").pointee
                guard Int(c.struct_size) >= MemoryLayout<ah_layout_constraint>.size else {
                    throw .invalidArgument("the constraint is truncated (struct_size \(c.struct_size))")
                }
                guard (1...10).contains(c.first_attribute) else {
                    throw .invalidArgument("unknown first attribute \(c.first_attribute)")
                }
                guard (-1...1).contains(c.relation) else { throw .invalidArgument("unknown relation \(c.relation)") }
                guard c.multiplier.isFinite, c.constant.isFinite, c.priority.isFinite, (0...1000).contains(c.priority) else {
                    throw .invalidArgument("multiplier, constant and priority must be finite, the priority 0...1000")
                }
                let first = try session.view(c.first).layer
                var second: Layer?
                if c.second != AH_NULL_HANDLE {
                    guard (1...10).contains(c.second_attribute) else {
                        throw .invalidArgument("unknown second attribute \(c.second_attribute)")
                    }
                    second = try session.view(c.second).layer
                    guard ConstraintLayout.root(of: first).id == ConstraintLayout.root(of: second!).id else {
                        throw .invalidArgument("the items are in different view trees (no common ancestor)")
                    }
                } else if c.second_attribute != AH_LAYOUT_NOT_AN_ATTRIBUTE {
                    throw .invalidArgument("a second attribute without a second item")
                }
                let made = ConstraintLayout.Constraint(
                    first: first.id, firstAttribute: c.first_attribute, firstInSafeArea: c.first_in_safe_area,
                    relation: c.relation, second: second?.id, secondAttribute: c.second_attribute,
                    secondInSafeArea: c.second_in_safe_area, multiplier: c.second == AH_NULL_HANDLE ? 0 : c.multiplier,
                    constant: c.constant, priority: c.priority == 0 ? 1000 : c.priority)
                out.pointee = session.constraintLayout.constraints.insert(made)
                session.constraintLayout.needsLayout = true
            }
        }
        table.pointee.constraint_set_constant = { host, handle, constant in
            HostSession.call(host) { session throws(HostCallError) in
                guard constant.isFinite else { throw .invalidArgument("the constant must be finite") }
                try session.constraint(handle)
                _ = session.constraintLayout.constraints.update(handle) { $0.constant = constant }
                session.constraintLayout.needsLayout = true
            }
        }
        table.pointee.constraint_deactivate = { host, handle in
            HostSession.call(host) { session throws(HostCallError) in
                try session.constraint(handle)
                session.constraintLayout.constraints.remove(handle)
                session.constraintLayout.needsLayout = true
            }
        }
        table.pointee.view_set_uses_constraints = { host, view, uses in
            HostSession.call(host) { session throws(HostCallError) in
                let id = try session.view(view).layer.id
                if uses { session.constraintLayout.placed.insert(id) } else { session.constraintLayout.placed.remove(id) }
                session.constraintLayout.needsLayout = true
            }
        }
        table.pointee.view_layout_if_needed = { host, view in
            HostSession.call(host) { session throws(HostCallError) in
                _ = try session.view(view)
                session.layOutConstraints()
            }
        }
    }

    /// Checks that a handle names an active constraint.
    func constraint(_ handle: ah_constraint) throws(HostCallError) {
        switch constraintLayout.constraints.lookup(handle) {
        case .success: return
        case .failure(.staleHandle): throw .staleHandle("constraint handle \(handle) is stale (deactivated)")
        case .failure: throw .invalidHandle("\(handle) is not a constraint handle of this host")
        }
    }

    /// The constraints' pass, if a change waits for one.
    func layOutConstraints() {
        // At the end of every step: nothing but this check unless a constraint changed.
        guard constraintLayout.needsLayout else { return }
        let safe = traits.safeArea
        constraintLayout.layoutAll(engine: engine, safeArea: (traits.screenSize, (safe.top, safe.left, safe.bottom, safe.right))) {
            [weak self] message in self?.append(UInt32(AH_LOG_WARNING), message)
        }
    }
}
