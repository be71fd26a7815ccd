import AnimatorABI

extension UIView {
    /// The subviews, bottom first (the host's views; a standalone sublayer is not one).
    public var subviews: [UIView] {
        guard link.hasEngine else { return [] }
        var count: UInt32 = 0
        guard link.check(link.table.layer_sublayer_count(link.host, layer.handle, &count), "subviews") else { return [] }
        var views: [UIView] = []
        for index in 0..<count {
            var child: ah_layer = 0
            if link.table.layer_sublayer_at(link.host, layer.handle, index, &child) == ah_status(AH_OK), child != 0 {
                views.append(UIView.wrapping(child, host: link.host))
            }
        }
        return views
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate.layer.handle == view.layer.handle { return true }
            current = candidate.superview
        }
        return false
    }

    /// The affine map from this view's coordinates to its superview's (model values: bounds
    /// origin, anchor point, position and the transform's affine part).
    private var toSuperview: CGAffineTransform {
        let bounds = self.bounds, anchor = layer.anchorPoint, position = layer.position
        let t = layer.transform
        let ax = bounds.origin.x + anchor.x * bounds.size.width, ay = bounds.origin.y + anchor.y * bounds.size.height
        return CGAffineTransform(translationX: -ax, y: -ay)
            .concatenating(CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// From this view's coordinates to the root of its hierarchy (the window).
    private var toWindow: CGAffineTransform {
        var map = CGAffineTransform.identity
        var current: UIView? = self
        while let view = current, let parent = view.superview {
            map = map.concatenating(view.toSuperview)
            current = parent
        }
        return map
    }

    /// convert(_:to:): a point of this view in `view`'s coordinates (nil: the window's).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let map = toWindow.concatenating(view?.toWindow.inverted() ?? .identity)
        return point.applying(map)
    }

    /// convert(_:from:): a point of `view` (nil: the window) in this view's coordinates.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let map = (view?.toWindow ?? .identity).concatenating(toWindow.inverted())
        return point.applying(map)
    }

    /// convert(_:to:) for a rectangle: the box around its corners, as UIKit gives it.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.applying(toWindow.concatenating(view?.toWindow.inverted() ?? .identity))
    }

    /// convert(_:from:) for a rectangle.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect.applying((view?.toWindow ?? .identity).concatenating(toWindow.inverted()))
    }
}

extension CALayer {
    /// shadowPath: kept; the host's shadow follows what the layer draws (Core Animation's
    /// rule without a path), which for the usual rounded-rectangle path is the same.
    public var shadowPath: CGPath? {
        get { storedShadowPath }
        set { storedShadowPath = newValue }
    }

    /// shouldRasterize: kept; the host draws every frame from the layer tree.
    public var shouldRasterize: Bool {
        get { storedRasterize.0 }
        set { storedRasterize.0 = newValue }
    }

    /// rasterizationScale: kept with shouldRasterize.
    public var rasterizationScale: CGFloat {
        get { storedRasterize.1 }
        set { storedRasterize.1 = newValue }
    }
}

extension CALayer {
    /// From this layer's coordinates to its tree's root, by frames (a transformed layer's
    /// affine transform about its anchor point included).
    private var toRoot: CGAffineTransform {
        var map = CGAffineTransform.identity
        var current: CALayer? = self
        while let layer = current, let parent = layer.superlayer {
            let bounds = layer.bounds, anchor = layer.anchorPoint, position = layer.position
            let pivot = CGPoint(x: bounds.minX + anchor.x * bounds.width, y: bounds.minY + anchor.y * bounds.height)
            let t = layer.affineTransform()
            let step = CGAffineTransform(translationX: -pivot.x, y: -pivot.y).concatenating(t)
                .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
            map = map.concatenating(step)
            current = parent
        }
        return map
    }

    /// convert(_:to:): a point of this layer in `layer`'s coordinates (nil: the root's).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        point.applying(toRoot.concatenating(layer?.toRoot.inverted() ?? .identity))
    }

    /// convert(_:from:).
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        point.applying((layer?.toRoot ?? .identity).concatenating(toRoot.inverted()))
    }

    /// convert(_:to:) for a rectangle: the box around its corners.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        rect.applying(toRoot.concatenating(layer?.toRoot.inverted() ?? .identity))
    }

    /// convert(_:from:) for a rectangle.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        rect.applying((layer?.toRoot ?? .identity).concatenating(toRoot.inverted()))
    }
}
