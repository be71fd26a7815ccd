import AnimatorHost

/// Answers UIKit's delegates (transitioning, navigation, tab bar) from a routes file: one
/// resolver for every operation.
public struct RouteResolver: Sendable {
    /// The rules.
    public let routes: Routes

    /// Creates a resolver.
    public init(routes: Routes) {
        self.routes = routes
    }

    /// The animator for a transition: among the rules matching the operation and any
    /// screen names and tab index they give, the one with the highest priority (the
    /// earliest of equals); else the default.
    public func resolve(_ operation: TransitionOperation, from: String? = nil, to: String? = nil,
                        tab: Int? = nil) -> Resolution {
        var best: Route?
        for route in routes.routes where route.operations.contains(operation) {
            if let name = route.from, name != from { continue }
            if let name = route.to, name != to { continue }
            if let index = route.tab, index != tab { continue }
            if best == nil || route.priority > best!.priority { best = route }
        }
        if let best {
            var resolution = Resolution(target: best.target, rule: best.path, presentation: best.presentation,
                                        interaction: best.interaction, style: best.style)
            resolution.sharedInstance = best.sharedInstance
            return resolution
        }
        return Resolution(target: routes.usesSystemDefault ? .system(.default(for: operation)) : .none, rule: nil,
                          presentation: nil)
    }
}
